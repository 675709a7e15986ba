/**
 * The operator console's behaviour over real HTTP (issue 14): what the turn records for the
 * console, unanswered questions grouped, hand back, live events, the numbers, CSV, deletion
 * and retention. The wire shapes are the contract test's; this file checks what they say.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purgeExpired } from './retention.ts';
import { BOT_ID, botConfig, botId, startFixture, type TestServer } from '../test/fixtures.ts';
import { parseSse } from '../test/sse-reader.ts';

const TOKEN = 'agent-token-ana-1';
const ADMIN = 'admin-token-zoe-333';
const LIMITED = botId(2);
const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (d: Buffer) => logLines.push(...d.toString('utf8').split('\n').filter(Boolean)));

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({
    uniqueClients: true,
    config: { agents: [{ name: 'Ana', token: TOKEN }, { name: 'Zoe', token: ADMIN, role: 'admin' }] },
    bots: [
      botConfig({ handoff: { enabled: true, trigger: 'auto' }, contact_form: { enabled: true, fields: [{ name: 'email', label: 'Email', type: 'email', required: true }, { name: 'note', label: 'Note', type: 'textarea' }] } }),
      botConfig({ id: LIMITED, name: 'Limited', rate_limits: { per_minute: 1 } }),
    ],
    start: { log: { level: 'info', stream: logStream } },
  });
});
afterAll(() => s.stop());

const agent = async (path: string, o: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`${s.url}/v1/agent${path}`, {
    method: o.method ?? 'GET',
    headers: { authorization: `Bearer ${o.token ?? TOKEN}`, ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
const json = async (path: string, o: Parameters<typeof agent>[1] = {}) => {
  const res = await agent(path, o);
  expect(res.status, `${o.method ?? 'GET'} ${path}: ${res.status}`).toBeLessThan(300);
  return res.json();
};

async function turn(message: string, session: string, conversation_id?: string, bot_id = BOT_ID) {
  const res = await s.chat({ bot_id, message, session_id: session, ...(conversation_id ? { conversation_id } : {}) });
  const { events } = parseSse(await res.text());
  return { status: res.status, events, done: events.find((e) => e.type === 'done') as { conversation_id: string; assistant_message_id: string } | undefined };
}

describe('what the bot could not answer', () => {
  test('an unanswerable question is answered plainly (no "no one is available"), recorded, and grouped with its rewordings', async () => {
    const first = await turn('How do I share a notebook with my team?', 'unans-1');
    // Issue 14: a visitor who never asked for a person hears nothing about staffing.
    expect(first.events.some((e) => e.type === 'notice' && e.code === 'handoff_offline')).toBe(false);
    await turn('how to share notebooks with the team', 'unans-2');
    await turn('Can I export my notebooks to PDF?', 'unans-3');
    await turn('How much does the lamp cost?', 'unans-4'); // answerable: not on the list

    const { groups } = await json('/unanswered');
    const share = groups.find((g: { question: string }) => /share notebooks/.test(g.question));
    expect(share).toMatchObject({ count: 2, no_answer: 2, negative_feedback: 0, bot_id: BOT_ID });
    expect(share.conversation_ids).toHaveLength(2);
    expect(share.examples).toEqual(['How do I share a notebook with my team?']);
    expect(groups.some((g: { question: string }) => /export my notebooks/.test(g.question))).toBe(true);
    expect(groups.some((g: { question: string }) => /lamp cost/.test(g.question))).toBe(false);

    // The group leads to its conversations, and the conversation shows what happened.
    const detail = await json(`/conversations/${share.conversation_ids[0]}`);
    expect(detail.events.map((e: { type: string }) => e.type)).toContain('unanswered');
    const listed = await json('/conversations?status=all&unanswered=true');
    expect(listed.conversations.map((c: { conversation_id: string }) => c.conversation_id)).toEqual(expect.arrayContaining(share.conversation_ids));

    // Marked handled, the group leaves the to-do list and shows under handled.
    expect(await json('/unanswered/handled', { method: 'POST', body: { question_ids: share.question_ids } })).toEqual({ handled: 2 });
    expect((await json('/unanswered')).groups.some((g: { id: string }) => share.question_ids.includes(g.id))).toBe(false);
    expect((await json('/unanswered?handled=true')).groups[0].count).toBe(2);
  });

  test('a thumbs-down files the question that got the answer, and knowledge health counts it against the cited page', async () => {
    const t = await turn('How much does the lamp cost?', 'thumbs-1');
    const res = await s.post(`/v1/public/messages/${t.done!.assistant_message_id}/feedback`, { session_id: 'thumbs-1', feedback: 'negative' });
    expect(res.status).toBe(200);
    const { groups } = await json('/unanswered');
    expect(groups.find((g: { question: string }) => g.question === 'How much does the lamp cost?')).toMatchObject({ negative_feedback: 1 });
    const { sources } = await json(`/knowledge?bot_id=${BOT_ID}`);
    const pricing = sources.find((x: { title: string }) => x.title === 'Pricing and plans');
    expect(pricing.citations).toBeGreaterThanOrEqual(1);
    expect(pricing.negative).toBeGreaterThanOrEqual(1);
    // Documents no answer has cited yet are listed too, at the end.
    expect(sources.some((x: { citations: number; in_knowledge: boolean }) => x.citations === 0 && x.in_knowledge)).toBe(true);
  });
});

describe('agents at work', () => {
  test('a handoff arrives live; claimed, answered and handed back, the bot answers again', async () => {
    const live = new AbortController();
    const res = await agent('/events');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // connected
    const presence = await agent('/presence', { method: 'POST' });
    expect(presence.status).toBe(200);

    const asked = await turn('I want to talk to a human', 'work-1');
    expect(asked.events.some((e) => e.type === 'notice' && e.code === 'handoff_started')).toBe(true);
    const id = asked.done!.conversation_id;
    let text = '';
    while (!/"type":"handoff.requested"/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const event = JSON.parse(/^data: (.*"handoff.requested".*)$/m.exec(text)![1]);
    expect(event.conversation).toMatchObject({ conversation_id: id, status: 'handoff', assignee: null });
    expect(event.message.content).toBe('I want to talk to a human');

    expect((await json(`/conversations/${id}/claim`, { method: 'POST' })).conversation.assignee).toBe('Ana');
    await json(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'Hi, Ana here.' } });
    // The visitor's history names who has the conversation while a person has it.
    const history = await (await s.get(`/v1/public/conversations/${id}/messages?session_id=work-1`)).json();
    expect(history).toMatchObject({ conversation_status: 'handoff', agent_name: 'Ana' });

    expect(await json(`/conversations/${id}/handback`, { method: 'POST' })).toEqual({ conversation_id: id, conversation_status: 'open' });
    const after = await (await s.get(`/v1/public/conversations/${id}/messages?session_id=work-1`)).json();
    expect(after).toMatchObject({ conversation_status: 'open', agent_name: null });
    const again = await turn('How much does the lamp cost?', 'work-1', id);
    expect(again.events.filter((e) => e.type === 'content').map((e) => e.content).join('')).toMatch(/79 euros/);
    const detail = await json(`/conversations/${id}`);
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['handoff_requested', 'claimed', 'handed_back']);
    live.abort();
    await reader.cancel();
  });
});

describe('the visitor beside the conversation (issue 22)', () => {
  test('the first turn\'s page, referrer and language, browser and OS from the User-Agent, the title and the visitor\'s other conversations', async () => {
    const page = { url: 'https://shop.test/kettle?utm=mail#top', title: 'Aurora Kettle', referrer: 'https://search.test/?q=kettle', language: 'de-DE' };
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const first = await s.chat({ bot_id: BOT_ID, message: 'Earlier question about the lamp', session_id: 'panel-1' });
    const earlierId = parseSse(await first.text()).events.find((e) => e.type === 'done')!.conversation_id as string;
    const res = await s.chat({ bot_id: BOT_ID, message: 'How much does the lamp cost?', session_id: 'panel-1', page }, { 'user-agent': ua });
    const id = parseSse(await res.text()).events.find((e) => e.type === 'done')!.conversation_id as string;
    // A later turn's page does not replace where the chat started.
    await s.chat({ bot_id: BOT_ID, message: 'And the bulb?', session_id: 'panel-1', conversation_id: id, page: { ...page, url: 'https://shop.test/bulbs' } });
    const detail = await json(`/conversations/${id}`);
    expect(detail.context).toEqual({ page_url: 'https://shop.test/kettle', page_title: 'Aurora Kettle', referrer: 'https://search.test/', language: 'de-DE', browser: 'Chrome 130', os: 'Linux' });
    expect(detail.conversation.title).toBe('How much does the lamp cost?');
    expect(detail.earlier).toEqual([expect.objectContaining({ conversation_id: earlierId, title: 'Earlier question about the lamp' })]);
    // A page that is not http(s) is not kept.
    const odd = await s.chat({ bot_id: BOT_ID, message: 'Hi', session_id: 'panel-2', page: { url: 'javascript:alert(1)', title: 'x' } });
    const oddId = parseSse(await odd.text()).events.find((e) => e.type === 'done')!.conversation_id as string;
    expect((await json(`/conversations/${oddId}`)).context.page_url).toBeNull();
  });

  test('a deletion reaches the live channel after it is stored, saying who deleted it', async () => {
    const t = await turn('Please delete me later', 'gone-live');
    const id = t.done!.conversation_id;
    const res = await agent('/events');
    const reader = res.body!.getReader();
    await reader.read(); // connected
    expect((await agent(`/conversations/${id}`, { method: 'DELETE', token: ADMIN })).status).toBe(200);
    let text = '';
    while (!/"type":"conversation.deleted"/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const event = JSON.parse(/^data: (.*"conversation.deleted".*)$/m.exec(text)![1]);
    expect(event).toMatchObject({ conversation_id: id, conversation: null, agent_name: 'Zoe' });
    await reader.cancel();
  });
});

describe('the numbers and the downloads', () => {
  test('429s, turns and handoffs are counted per day and bot; CSV is quoted and formula-safe', async () => {
    await turn('How do I reset the lamp?', 'limited', undefined, LIMITED);
    const refused = await s.chat({ bot_id: LIMITED, message: 'And again?', session_id: 'limited' }, { 'x-forwarded-for': '10.200.0.1' });
    const second = await s.chat({ bot_id: LIMITED, message: 'And again?', session_id: 'limited' }, { 'x-forwarded-for': '10.200.0.1' });
    expect([refused.status, second.status]).toContain(429);
    const today = new Date().toISOString().slice(0, 10);
    const stats = await json(`/stats?bot_id=${LIMITED}&from=${today}&to=${today}`);
    expect(stats.days).toEqual([expect.objectContaining({ day: today, bot_id: LIMITED, rate_limited: 1, turns: 2, conversations: 2 })]);
    const week = await json(`/stats?to=${today}&from=2026-01-01`.replace('2026-01-01', new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)));
    expect(week.days).toHaveLength(7 * 2); // every day, every bot, zeros included

    const csv = await (await agent(`/stats.csv?bot_id=${LIMITED}&from=${today}&to=${today}`)).text();
    expect(csv.split('\r\n')[0]).toBe('day,bot_id,bot,conversations,turns,deflected,handed_off,unanswered,positive,negative,rate_limited');

    const submitted = await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: 'csv-1', fields: { email: 'jo@example.com', note: '=HYPERLINK("http://evil")\nsecond, line' } });
    expect(submitted.status).toBe(201);
    const contacts = await (await agent('/contacts.csv')).text();
    expect(contacts).toContain(`"'=HYPERLINK(""http://evil"")\nsecond, line"`);
    expect(contacts.split('\r\n')[0]).toBe('created_at,bot,conversation_id,session_id,email,note');
  });
});

describe('privacy', () => {
  test('an admin deletes a session: its history is gone for the visitor and the console; an agent may not', async () => {
    const t = await turn('My e-mail is alice@example.com, how do I reset the lamp?', 'forget-me');
    const id = t.done!.conversation_id;
    const stored = (await (await s.get(`/v1/public/conversations/${id}/messages?session_id=forget-me`)).json()).messages.length;
    expect((await agent('/sessions/forget-me', { method: 'DELETE' })).status).toBe(403);
    expect(await json('/sessions/forget-me', { method: 'DELETE', token: ADMIN })).toEqual({ deleted_conversations: 1, deleted_messages: stored, deleted_contacts: 0 });
    expect((await s.get(`/v1/public/conversations/${id}/messages?session_id=forget-me`)).status).toBe(404);
    expect((await agent(`/conversations/${id}`)).status).toBe(404);
    const all = await json('/conversations?status=all&q=alice');
    expect(all.conversations).toEqual([]);
  });

  test('retention deletes conversations older than the bot keeps them', async () => {
    const t = await turn('How do I reset the lamp?', 'retained');
    const bot = s.ctx.config.bots.get(BOT_ID)!;
    bot.retention_days = 1;
    try {
      expect(await purgeExpired(s.ctx, Date.now() + 2 * 86_400_000)).toBeGreaterThan(0);
    } finally {
      bot.retention_days = null;
    }
    expect((await agent(`/conversations/${t.done!.conversation_id}`)).status).toBe(404);
  });

  test('what visitors wrote never reaches the log', () => {
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of ['alice@example.com', 'jo@example.com', 'HYPERLINK', 'share a notebook', 'Hi, Ana here', 'talk to a human']) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
