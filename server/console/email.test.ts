/**
 * Issue 21, e-mail for real: the server sends through a real SMTP server the test starts
 * (smtp-server on loopback), and the test reads what arrived: an operator's answer to a
 * contact submission; a refusal tried again; one that keeps failing shown to the operator and
 * on the timeline; an agent's reply to a visitor who left an address and is gone, with the
 * recent transcript, and none while the visitor's live channel is open.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botConfig, BOT_ID, ORIGIN, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { startSmtp } from '../test/smtp.ts';
import { parseSse, sseEvents } from '../test/sse-reader.ts';

const TOKEN = 'agent-token-ana-1';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let s: TestServer;

beforeAll(async () => {
  smtp = await startSmtp();
  s = await startFixture({
    uniqueClients: true,
    config: { smtp: smtp.config() },
    bots: [botConfig({
      name: 'Aurora help',
      handoff: { enabled: true, email_replies: true },
      contact_form: { enabled: true, fields: [{ name: 'mail', label: 'E-mail', type: 'email', required: true }, { name: 'message', label: 'Message', type: 'textarea' }] },
    })],
    start: { email: { retryDelaysMs: [20, 20] } },
  });
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});

const agent = (method: string, path: string, body?: unknown) =>
  fetch(`${s.url}/v1/agent${path}`, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
const arrivedFor = (to: string) => smtp.received.filter((m) => m.to.includes(to));

async function conversationWithContact(session: string, mail: string) {
  const turn = parseSse(await (await s.chat({ message: 'How much does the lamp cost?', session_id: session })).text());
  const id = turn.events.at(-1)!.conversation_id as string;
  const res = await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: session, conversation_id: id, fields: { mail, message: 'Please write to me.' } });
  expect(res.status).toBe(201);
  return { id, contact: ((await res.json()) as { id: string }).id };
}

describe('e-mail through SMTP', () => {
  test('an operator answers a contact submission: it arrives with the right recipient, subject and text, and the timeline says so', async () => {
    const { id, contact } = await conversationWithContact('mail-1', 'jo@example.test');
    const res = await agent('POST', `/contacts/${contact}/reply`, { subject: 'About your lamp', text: 'Hello Jo,\nthe lamp costs 49 euros.\n\nAna' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ to: 'jo@example.test', subject: 'About your lamp', attempts: 1 });
    const [mail] = arrivedFor('jo@example.test');
    expect(mail).toMatchObject({ from: 'help@aurora.test', subject: 'About your lamp', text: 'Hello Jo,\nthe lamp costs 49 euros.\n\nAna' });
    expect(mail.headers.from).toBe('Aurora help <help@aurora.test>');
    const detail = await (await agent('GET', `/conversations/${id}`)).json();
    expect(detail.events.at(-1)).toMatchObject({ type: 'email_sent', agent_name: 'Ana', note: 'jo@example.test' });
  });

  test('a refusal for now (451) is tried again; one that stays (550) is a 502 that says why, and the timeline shows it', async () => {
    const { contact } = await conversationWithContact('mail-2', 'later@example.test');
    smtp.refuse(451);
    const retried = await agent('POST', `/contacts/${contact}/reply`, { text: 'Second try works.' });
    expect(await retried.json()).toEqual({ to: 'later@example.test', subject: 'Re: your message to Aurora help', attempts: 2 });
    expect(arrivedFor('later@example.test').map((m) => m.text)).toEqual(['Second try works.']);

    const { id, contact: other } = await conversationWithContact('mail-3', 'nobody@example.test');
    smtp.refuse(550);
    const failed = await agent('POST', `/contacts/${other}/reply`, { text: 'This will not arrive.' });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: 'email_failed', message: expect.stringContaining('No such mailbox here') });
    expect(arrivedFor('nobody@example.test')).toEqual([]);
    const detail = await (await agent('GET', `/conversations/${id}`)).json();
    expect(detail.events.at(-1)).toMatchObject({ type: 'email_failed', note: expect.stringContaining('nobody@example.test') });
  });

  test("an agent's reply to a visitor who left an address and is gone is e-mailed with the transcript; none while the live channel is open", async () => {
    const { id } = await conversationWithContact('mail-4', 'away@example.test');
    expect((await s.post(`/v1/public/conversations/${id}/handoff`, { session_id: 'mail-4' })).status).toBe(200);

    // Connected: the channel is open, the reply goes there only.
    const leave = new AbortController();
    const live = await fetch(`${s.url}/v1/public/conversations/${id}/live?session_id=mail-4`, { headers: { origin: ORIGIN }, signal: leave.signal });
    const events = sseEvents(live);
    expect((await events.next()).value).toMatchObject({ type: 'message' });
    await agent('POST', `/conversations/${id}/messages`, { content: 'Are you still there?' });
    for (;;) {
      const e = (await events.next()).value as { type: string; message?: { content: string } };
      if (e.type === 'message' && e.message?.content === 'Are you still there?') break;
    }
    expect(await s.ctx.visitors.here(id)).toBe(true);
    expect(arrivedFor('away@example.test')).toEqual([]);
    leave.abort();
    // Gone: the channel closed. The next reply goes by e-mail, with what was said before it.
    await expect.poll(() => s.ctx.visitors.here(id)).toBe(false);
    await agent('POST', `/conversations/${id}/messages`, { content: 'The lamp ships tomorrow.' });
    await expect.poll(() => arrivedFor('away@example.test').length).toBe(1);
    const [mail] = arrivedFor('away@example.test');
    expect(mail.subject).toBe('Ana replied to your conversation with Aurora help');
    expect(mail.text).toContain('How much does the lamp cost?');
    expect(mail.text).toContain('Ana:\nThe lamp ships tomorrow.');
    const detail = await (await agent('GET', `/conversations/${id}`)).json();
    expect(detail.events.at(-1)).toMatchObject({ type: 'email_sent', note: 'away@example.test' });
  });

  test('an unknown submission is a 404, an empty text a 400, and nothing is sent', async () => {
    const before = smtp.received.length;
    expect((await agent('POST', '/contacts/no-such-id/reply', { text: 'hi' })).status).toBe(404);
    const { contact } = await conversationWithContact(SESSION, 'x@example.test');
    expect((await agent('POST', `/contacts/${contact}/reply`, { text: '' })).status).toBe(400);
    expect(smtp.received.length).toBe(before);
  });
});
