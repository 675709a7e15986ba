/**
 * The wire contract, checked on real answers: every operation of protocol/routes.ts is
 * called over HTTP, every status it documents is provoked, and each answer is validated
 * against the schema the table names for it (SSE events one by one). An answer with a
 * status the table does not document fails, and so does a documented status never seen.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Compile } from 'typebox/compile';
import { API, type Operation } from '../../protocol/routes.ts';
import { SCHEMAS, type SchemaName } from '../../protocol/catalog.ts';
import { userHash } from '../chat/identity.ts';
import { BOT_ID, botConfig, botId, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { parseSse } from '../test/sse-reader.ts';
import { startSmtp } from '../test/smtp.ts';

const TOKEN = 'agent-token-ana-1';
const BO = 'agent-token-bo-22222';
const ADMIN = 'admin-token-zoe-333';
const LIMITED = botId(2); // 1 request a minute per client
const PRIVATE = botId(3);
const GUARDED = botId(4); // bot protection with a verifier that cannot be reached
const NO_HANDOFF = botId(5);
const IDENTITY_SECRET = 'contract-identity-secret-0123456789abcdef';

const checkers = new Map<SchemaName, ReturnType<typeof Compile>>();
const checker = (name: SchemaName) => {
  let c = checkers.get(name);
  if (!c) checkers.set(name, (c = Compile(SCHEMAS[name])));
  return c;
};

const seen = new Set<string>();

/** Validates one answer against the table and records that its status was seen. */
async function expectContract(method: Operation['method'], path: string, res: Response): Promise<unknown> {
  const op = API.find((o) => o.method === method && o.path === path);
  expect(op, `${method} ${path} is in protocol/routes.ts`).toBeDefined();
  const answer = op!.answers[res.status];
  expect(answer, `${method} ${path} documents status ${res.status}`).toBeDefined();
  seen.add(`${method} ${path} ${res.status}`);
  if (answer.sse) {
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events } = parseSse(await res.text());
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect([...checker(answer.sse).Errors(e)], JSON.stringify(e)).toEqual([]);
    return events;
  }
  if (answer.csv) {
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    const text = await res.text();
    expect(text.split('\r\n')[0].split(',').length).toBeGreaterThan(1);
    return text;
  }
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json();
  if (answer.json) expect([...checker(answer.json).Errors(body)], `${method} ${path} ${res.status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  if (answer.retryAfter) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  return body;
}

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({
    uniqueClients: true,
    config: {
      agents: [{ name: 'Ana', token: TOKEN }, { name: 'Bo', token: BO }, { name: 'Zoe', token: ADMIN, role: 'admin' }],
      canned_replies: [{ shortcut: 'hours', text: 'We answer from 9 to 17 on weekdays.' }],
    },
    bots: [
      botConfig({
        handoff: { enabled: true }, contact_form: { enabled: true, fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] },
        identity_secret: IDENTITY_SECRET, proactive_messages: [{ text: 'Questions about the lamp?', delay_ms: 2000, url_pattern: '/shop/**' }],
      }),
      botConfig({ id: LIMITED, rate_limits: { per_minute: 1 }, handoff: { enabled: true }, contact_form: { enabled: true } }),
      botConfig({ id: PRIVATE, privacy: 'private' }),
      botConfig({ id: GUARDED, recaptcha: { site_key: 'k', secret_key: 's', verify_url: 'http://127.0.0.1:9/siteverify' } }),
      botConfig({ id: NO_HANDOFF }),
    ],
  });
});
afterAll(() => s.stop());

const ip = (n: number) => ({ 'x-forwarded-for': `192.0.2.${n}` });
let unknownCaller = 0;
const agent = (method: Operation['method'], path: string, body?: unknown, token: string | null = TOKEN) =>
  fetch(s.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      // Each refused call comes from its own address: failed authentication is limited per address (server/auth-limit.ts).
      ...(token ? {} : { 'x-forwarded-for': `198.51.100.${++unknownCaller % 250}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('every operation answers as protocol/ says', () => {
  let conversation = '';
  let answer = '';
  let question = '';

  test('POST /v1/public/chat/stream', async () => {
    const P = '/v1/public/chat/stream';
    const events = (await expectContract('POST', P, await s.chat({ message: 'How much does the lamp cost?' }))) as Array<Record<string, string>>;
    const done = events.at(-1)!;
    conversation = done.conversation_id;
    answer = done.assistant_message_id;
    await expectContract('POST', P, await s.chat({ message: 'x'.repeat(4001) }));
    await expectContract('POST', P, await s.chat({ bot_id: PRIVATE, message: 'hi' }));
    await expectContract('POST', P, await s.chat({ bot_id: botId(99), message: 'hi' }));
    await expectContract('POST', P, await s.post(P, 'x'.repeat(7 * 1024 * 1024)));
    await expectContract('POST', P, await s.post(P, 'message=hi', { 'content-type': 'application/x-www-form-urlencoded' }));
    await expectContract('POST', P, await s.chat({ bot_id: LIMITED, message: 'hi' }, ip(1)));
    await expectContract('POST', P, await s.chat({ bot_id: LIMITED, message: 'hi' }, ip(1)));
    await expectContract('POST', P, await s.chat({ bot_id: GUARDED, message: 'hi', recaptcha_token: 't' }));
  });

  test('GET /v1/public/bots/{bot_id}/config', async () => {
    const P = '/v1/public/bots/{bot_id}/config';
    const config = (await expectContract('GET', P, await s.get(`/v1/public/bots/${BOT_ID}/config`))) as { proactive_messages: unknown[] };
    expect(config.proactive_messages).toEqual([{ text: 'Questions about the lamp?', delay_ms: 2000, url_pattern: '/shop/**', once: true }]);
    await expectContract('GET', P, await s.get('/v1/public/bots/not-a-uuid/config'));
    await expectContract('GET', P, await s.get(`/v1/public/bots/${PRIVATE}/config`));
    await expectContract('GET', P, await s.get(`/v1/public/bots/${botId(99)}/config`));
  });

  test('GET /v1/public/conversations/{conversation_id}/messages', async () => {
    const P = '/v1/public/conversations/{conversation_id}/messages';
    const base = `/v1/public/conversations/${conversation}/messages`;
    const history = (await expectContract('GET', P, await s.get(`${base}?session_id=${SESSION}`))) as { messages: Array<{ id: string }> };
    question = history.messages[0].id;
    await expectContract('GET', P, await s.get(`${base}?session_id=${SESSION}&after=nope`));
    await expectContract('GET', P, await s.get(`${base}?session_id=${SESSION}`, { origin: 'https://evil.example' }));
    await expectContract('GET', P, await s.get(`${base}?session_id=intruder`));
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await s.get(`${base}?session_id=${SESSION}`, ip(2));
    await expectContract('GET', P, last!);
  });

  test('POST /v1/public/conversations/{conversation_id}/handoff', async () => {
    const P = '/v1/public/conversations/{conversation_id}/handoff';
    const url = (id: string) => `/v1/public/conversations/${id}/handoff`;
    await expectContract('POST', P, await s.post(url(conversation), { session_id: SESSION }));
    await expectContract('POST', P, await s.post(url(conversation), {}));
    await expectContract('POST', P, await s.post(url(conversation), { session_id: SESSION }, { origin: 'https://evil.example' }));
    await expectContract('POST', P, await s.post(url('no-such'), { session_id: SESSION }));
    const limited = (await s.chat({ bot_id: LIMITED, message: 'Is shipping free?' }, ip(3)));
    const id = parseSse(await limited.text()).events.at(-1)!.conversation_id as string;
    await expectContract('POST', P, await s.post(url(id), { session_id: SESSION }, ip(3)));
  });

  test('POST /v1/public/bots/{bot_id}/contact', async () => {
    const P = '/v1/public/bots/{bot_id}/contact';
    const url = (bot: string) => `/v1/public/bots/${bot}/contact`;
    await expectContract('POST', P, await s.post(url(BOT_ID), { session_id: SESSION, conversation_id: conversation, fields: { email: 'jo@example.com' } }));
    await expectContract('POST', P, await s.post(url(BOT_ID), { session_id: SESSION, fields: { email: 'not-an-address' } }));
    await expectContract('POST', P, await s.post(url(PRIVATE), { session_id: SESSION, fields: {} }));
    await expectContract('POST', P, await s.post(url(botId(99)), { session_id: SESSION, fields: {} }));
    await s.chat({ bot_id: LIMITED, message: 'hi' }, ip(4));
    await expectContract('POST', P, await s.post(url(LIMITED), { session_id: SESSION, fields: { name: 'Jo', email: 'jo@example.com', message: 'Call me' } }, ip(4)));
  });

  test('POST /v1/public/messages/{message_id}/feedback', async () => {
    const P = '/v1/public/messages/{message_id}/feedback';
    const url = (id: string) => `/v1/public/messages/${id}/feedback`;
    await expectContract('POST', P, await s.post(url(answer), { session_id: SESSION, feedback: 'positive' }));
    await expectContract('POST', P, await s.post(url(question), { session_id: SESSION, feedback: 'positive' }));
    await expectContract('POST', P, await s.post(url(answer), { session_id: SESSION, feedback: null }, { origin: 'https://evil.example' }));
    await expectContract('POST', P, await s.post(url('nope'), { session_id: SESSION, feedback: null }));
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await s.post(url(answer), { session_id: SESSION, feedback: null }, ip(5));
    await expectContract('POST', P, last!);
  });

  test('POST /v1/public/bots/{bot_id}/identify', async () => {
    const P = '/v1/public/bots/{bot_id}/identify';
    const url = (bot: string) => `/v1/public/bots/${bot}/identify`;
    const who = (user_id: string, session_id = SESSION) => ({ session_id, user_id, user_hash: userHash(IDENTITY_SECRET, user_id) });
    const linked = (await expectContract('POST', P, await s.post(url(BOT_ID), { ...who('u-ana'), name: 'Ana Lima', email: 'ana@example.com' }))) as { conversation_id: string | null };
    expect(linked.conversation_id).toBe(conversation);
    await expectContract('POST', P, await s.post(url(BOT_ID), { ...who('u-ana'), email: 'not-an-address' }));
    await expectContract('POST', P, await s.post(url(BOT_ID), { ...who('u-ana'), user_hash: '0'.repeat(64) }));
    await expectContract('POST', P, await s.post(url(NO_HANDOFF), who('u-ana')));
    await expectContract('POST', P, await s.post(url(BOT_ID), who('u-bob')));
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await s.post(url(BOT_ID), who('u-ana'), ip(6));
    await expectContract('POST', P, last!);
  });

  test('GET /v1/public/chat/streams/{turn_id} (resume)', async () => {
    const P = '/v1/public/chat/streams/{turn_id}';
    const first = parseSse(await (await s.chat({ message: 'How do I reset the lamp?' })).text());
    const turn = first.ids[0].split(':')[0];
    const url = (id: string, q = `session_id=${SESSION}`) => `/v1/public/chat/streams/${id}?${q}`;
    const resumed = (await expectContract('GET', P, await s.get(url(turn), { 'last-event-id': first.ids[1] }))) as unknown[];
    expect(resumed).toEqual(first.events.slice(2));
    await expectContract('GET', P, await s.get(url(turn, '')));
    await expectContract('GET', P, await s.get(url(turn), { 'last-event-id': 'someone-else:1' }));
    await expectContract('GET', P, await s.get(url(turn), { origin: 'https://evil.example' }));
    await expectContract('GET', P, await s.get(url(turn, 'session_id=intruder')));
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await s.get(url(turn), ip(7));
    await expectContract('GET', P, last!);
  });

  test('the agent API', async () => {
    await expectContract('GET', '/v1/agent/me', await agent('GET', '/v1/agent/me'));
    await expectContract('GET', '/v1/agent/me', await agent('GET', '/v1/agent/me', undefined, null));
    await expectContract('POST', '/v1/agent/presence', await agent('POST', '/v1/agent/presence'));
    await expectContract('POST', '/v1/agent/presence', await agent('POST', '/v1/agent/presence', undefined, 'wrong-token-0000000'));
    const L = '/v1/agent/conversations';
    const list = (await expectContract('GET', L, await agent('GET', L))) as { conversations: unknown[] };
    expect(list.conversations.length).toBeGreaterThan(0);
    await expectContract('GET', L, await agent('GET', `${L}?status=lost`));
    await expectContract('GET', L, await agent('GET', L, undefined, null));
    const D = '/v1/agent/conversations/{conversation_id}';
    const detail = (await expectContract('GET', D, await agent('GET', `${L}/${conversation}`))) as { conversation: { visitor: unknown } };
    expect(detail.conversation.visitor).toEqual({ user_id: 'u-ana', name: 'Ana Lima', email: 'ana@example.com' });
    await expectContract('GET', D, await agent('GET', `${L}/nope`));
    await expectContract('GET', D, await agent('GET', `${L}/${conversation}`, undefined, null));
    const R = '/v1/agent/conversations/{conversation_id}/messages';
    await expectContract('POST', R, await agent('POST', `${L}/${conversation}/messages`, { content: 'Hi, Ana here.' }));
    await expectContract('POST', R, await agent('POST', `${L}/${conversation}/messages`, { content: '   ' }));
    await expectContract('POST', R, await agent('POST', `${L}/nope/messages`, { content: 'hi' }));
    await expectContract('POST', R, await agent('POST', `${L}/${conversation}/messages`, { content: 'hi' }, null));
    const C = '/v1/agent/conversations/{conversation_id}/close';
    await expectContract('POST', C, await agent('POST', `${L}/${conversation}/close`));
    await expectContract('POST', C, await agent('POST', `${L}/nope/close`));
    await expectContract('POST', C, await agent('POST', `${L}/${conversation}/close`, undefined, null));
  });

  test('issue 21: the live channel, activity, typing and presence that ends', async () => {
    const P = '/v1/public/conversations/{conversation_id}/live';
    const url = (q = `session_id=${SESSION}`) => `/v1/public/conversations/${conversation}/live?${q}`;
    // The conversation was closed above: the channel sends what came after Last-Event-ID, the status, and ends.
    const events = (await expectContract('GET', P, await s.get(url(), { 'last-event-id': question }))) as Array<{ type: string; conversation_status?: string }>;
    expect(events.at(-1)).toEqual({ type: 'status', conversation_status: 'closed', agent_name: null });
    expect(events.filter((e) => e.type === 'message').length).toBeGreaterThan(0);
    await expectContract('GET', P, await s.get(url('')));
    await expectContract('GET', P, await s.get(url(), { origin: 'https://evil.example' }));
    await expectContract('GET', P, await s.get(url('session_id=intruder')));
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await s.get(url(), ip(8));
    await expectContract('GET', P, last!);

    const A = '/v1/public/conversations/{conversation_id}/activity';
    const act = `/v1/public/conversations/${conversation}/activity`;
    await expectContract('POST', A, await s.post(act, { session_id: SESSION, typing: true, text: 'Hel', seen_message_id: answer }));
    await expectContract('POST', A, await s.post(act, { session_id: SESSION, typing: 'yes' }));
    await expectContract('POST', A, await s.post(act, { session_id: SESSION, typing: false }, { origin: 'https://evil.example' }));
    await expectContract('POST', A, await s.post(act, { session_id: 'intruder', typing: false }));
    for (let i = 0; i < 31; i++) last = await s.post(act, { session_id: SESSION, typing: false }, ip(9));
    await expectContract('POST', A, last!);

    const T = '/v1/agent/conversations/{conversation_id}/typing';
    const typing = `/v1/agent/conversations/${conversation}/typing`;
    await expectContract('POST', T, await agent('POST', typing, { typing: true }));
    await expectContract('POST', T, await agent('POST', typing, { typing: 'yes' }));
    await expectContract('POST', T, await agent('POST', typing, { typing: true }, null));
    await expectContract('POST', T, await agent('POST', '/v1/agent/conversations/nope/typing', { typing: true }));

    await expectContract('DELETE', '/v1/agent/presence', await agent('DELETE', '/v1/agent/presence'));
    await expectContract('DELETE', '/v1/agent/presence', await agent('DELETE', '/v1/agent/presence?tab=a%20b'));
    await expectContract('POST', '/v1/agent/presence', await agent('POST', '/v1/agent/presence', { tab: 'tab-1' }));
    await expectContract('POST', '/v1/agent/presence', await agent('POST', '/v1/agent/presence', { tab: '' }));
    await expectContract('DELETE', '/v1/agent/presence', await agent('DELETE', '/v1/agent/presence', undefined, null));
    const B = '/v1/agent/presence/leave';
    await expectContract('POST', B, await agent('POST', B, { token: TOKEN }, null));
    await expectContract('POST', B, await agent('POST', B, { token: 'wrong-token-0000000' }, null));
    await expectContract('POST', B, await agent('POST', B, {}, null));
  });

  test('issue 21: answering a contact submission by e-mail', async () => {
    const P = '/v1/agent/contacts/{contact_id}/reply';
    const mail = await startSmtp();
    const withMail = await startFixture({ config: { agents: [{ name: 'Ana', token: TOKEN }], smtp: mail.config() }, bots: [botConfig({ contact_form: { enabled: true, fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] } })], start: { email: { retryDelaysMs: [] } } });
    try {
      const send = (server: TestServer, id: string, body: unknown, token: string | null = TOKEN) =>
        fetch(`${server.url}/v1/agent/contacts/${id}/reply`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const submit = async (server: TestServer) =>
        ((await (await server.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: { email: 'jo@example.com' } })).json()) as { id: string }).id;
      const id = await submit(withMail);
      await expectContract('POST', P, await send(withMail, id, { text: 'Hello Jo' }));
      expect(mail.received.map((m) => m.to)).toEqual([['jo@example.com']]);
      await expectContract('POST', P, await send(withMail, id, { text: '' }));
      await expectContract('POST', P, await send(withMail, id, { text: 'hi' }, null));
      await expectContract('POST', P, await send(withMail, 'nope', { text: 'hi' }));
      mail.refuse(550);
      await expectContract('POST', P, await send(withMail, id, { text: 'refused' }));
      // A server without `smtp` (this file's).
      await expectContract('POST', P, await send(s, await submit(s), { text: 'hi' }));
    } finally {
      await withMail.stop();
      await mail.close();
    }
  });

  test('the operator console', async () => {
    const L = '/v1/agent/conversations';
    // Bo takes a second conversation of its own, so handing back and closing meet a claim.
    const turn = await s.chat({ message: 'I need a human please', session_id: 'console-session', bot_id: BOT_ID }, ip(60));
    const second = parseSse(await turn.text()).events.find((e) => e.type === 'done')!.conversation_id as string;
    expect((await s.post(`/v1/public/conversations/${second}/handoff`, { session_id: 'console-session' }, ip(61))).status).toBe(200);

    const K = '/v1/agent/conversations/{conversation_id}/claim';
    await expectContract('POST', K, await agent('POST', `${L}/${second}/claim`, undefined, BO));
    await expectContract('POST', K, await agent('POST', `${L}/${second}/claim`));
    await expectContract('POST', K, await agent('POST', `${L}/nope/claim`));
    await expectContract('POST', K, await agent('POST', `${L}/${second}/claim`, undefined, null));
    const U = '/v1/agent/conversations/{conversation_id}/release';
    await expectContract('POST', U, await agent('POST', `${L}/${second}/release`));
    await expectContract('POST', U, await agent('POST', `${L}/${second}/release`, undefined, BO));
    await expectContract('POST', U, await agent('POST', `${L}/nope/release`));
    await expectContract('POST', U, await agent('POST', `${L}/${second}/release`, undefined, null));
    const H = '/v1/agent/conversations/{conversation_id}/handback';
    await agent('POST', `${L}/${second}/claim`, undefined, BO);
    await expectContract('POST', H, await agent('POST', `${L}/${second}/handback`));
    await expectContract('POST', H, await agent('POST', `${L}/${second}/handback`, undefined, BO));
    await expectContract('POST', H, await agent('POST', `${L}/nope/handback`));
    await expectContract('POST', H, await agent('POST', `${L}/${second}/handback`, undefined, null));
    const C = '/v1/agent/conversations/{conversation_id}/close';
    await expectContract('POST', C, await agent('POST', `${L}/${second}/close`, { note: 'x'.repeat(2001) }));
    await expectContract('POST', C, await agent('POST', `${L}/${second}/close`, { note: 'Sent the manual by e-mail.' }));
    const detail = (await expectContract('GET', '/v1/agent/conversations/{conversation_id}', await agent('GET', `${L}/${second}`))) as { events: Array<{ type: string; note: string | null }> };
    expect(detail.events.map((e) => e.type)).toEqual(expect.arrayContaining(['handoff_requested', 'claimed', 'released', 'handed_back', 'closed']));
    expect(detail.events.find((e) => e.type === 'closed')!.note).toBe('Sent the manual by e-mail.');

    // Issue 22: the agents, assignment (and "mine"), tags (and the tag filter).
    const AG = '/v1/agent/agents';
    expect(((await expectContract('GET', AG, await agent('GET', AG))) as { agents: Array<{ name: string }> }).agents.map((a) => a.name)).toEqual(['Ana', 'Bo', 'Zoe']);
    await expectContract('GET', AG, await agent('GET', AG, undefined, null));
    const AS = '/v1/agent/conversations/{conversation_id}/assign';
    const assigned = (await expectContract('POST', AS, await agent('POST', `${L}/${second}/assign`, { agent: 'Bo' }))) as { conversation: { assignee: string; claimed_at: string } };
    expect(assigned.conversation.assignee).toBe('Bo');
    expect(assigned.conversation.claimed_at).toBeTruthy();
    await expectContract('POST', AS, await agent('POST', `${L}/${second}/assign`, { agent: 'Ana' })); // Bo has it: 409
    await expectContract('POST', AS, await agent('POST', `${L}/${second}/assign`, { agent: 'Nobody' }));
    await expectContract('POST', AS, await agent('POST', `${L}/nope/assign`, { agent: 'Bo' }));
    await expectContract('POST', AS, await agent('POST', `${L}/${second}/assign`, { agent: 'Bo' }, null));
    const mine = (await expectContract('GET', L, await agent('GET', `${L}?status=all&mine=true`, undefined, BO))) as { conversations: Array<{ conversation_id: string }> };
    expect(mine.conversations.map((c) => c.conversation_id)).toEqual([second]);
    const notMine = (await expectContract('GET', L, await agent('GET', `${L}?status=all&mine=true`))) as { conversations: unknown[] };
    expect(notMine.conversations).toEqual([]);
    const T = '/v1/agent/conversations/{conversation_id}/tags';
    const tagged = (await expectContract('POST', T, await agent('POST', `${L}/${second}/tags`, { tag: 'Billing' }))) as { conversation: { tags: string[]; title: string } };
    expect(tagged.conversation.tags).toEqual(['billing']);
    expect(tagged.conversation.title).toBe('I need a human please');
    await expectContract('POST', T, await agent('POST', `${L}/${second}/tags`, { tag: 'billing' }));
    await expectContract('POST', T, await agent('POST', `${L}/${second}/tags`, { tag: '<b>' }));
    await expectContract('POST', T, await agent('POST', `${L}/nope/tags`, { tag: 'x' }));
    await expectContract('POST', T, await agent('POST', `${L}/${second}/tags`, { tag: 'x' }, null));
    const byTag = (await expectContract('GET', L, await agent('GET', `${L}?status=all&tag=billing`))) as { conversations: Array<{ conversation_id: string }> };
    expect(byTag.conversations.map((c) => c.conversation_id)).toEqual([second]);
    const TD = '/v1/agent/conversations/{conversation_id}/tags/{tag}';
    await agent('POST', `${L}/${second}/tags`, { tag: 'later' });
    const untagged = (await expectContract('DELETE', TD, await agent('DELETE', `${L}/${second}/tags/later`))) as { conversation: { tags: string[] } };
    expect(untagged.conversation.tags).toEqual(['billing']);
    await expectContract('DELETE', TD, await agent('DELETE', `${L}/nope/tags/later`));
    await expectContract('DELETE', TD, await agent('DELETE', `${L}/${second}/tags/later`, undefined, null));
    const stats = (await expectContract('GET', '/v1/agent/stats', await agent('GET', '/v1/agent/stats'))) as { tags: unknown[]; totals: { handed_off: number } };
    // Counted when added: "later" was added and removed, so only what stays is counted.
    expect(stats.tags).toEqual([{ tag: 'billing', conversations: 1 }]);
    expect(stats.totals.handed_off).toBeGreaterThanOrEqual(1);

    const page = (await expectContract('GET', L, await agent('GET', `${L}?status=all&limit=1`))) as { next_cursor: string | null };
    expect(page.next_cursor).not.toBeNull();
    await expectContract('GET', L, await agent('GET', `${L}?status=all&cursor=${page.next_cursor}&q=human&handed_off=true`));
    await expectContract('GET', L, await agent('GET', `${L}?status=all&cursor=garbage`));

    const Q = '/v1/agent/unanswered';
    await expectContract('GET', Q, await agent('GET', `${Q}?bot_id=${BOT_ID}`));
    await expectContract('GET', Q, await agent('GET', `${Q}?handled=maybe`));
    await expectContract('GET', Q, await agent('GET', Q, undefined, null));
    const QH = '/v1/agent/unanswered/handled';
    await expectContract('POST', QH, await agent('POST', QH, { question_ids: ['no-such-question'] }));
    await expectContract('POST', QH, await agent('POST', QH, { question_ids: [] }));
    await expectContract('POST', QH, await agent('POST', QH, { question_ids: ['x'] }, null));
    const KH = '/v1/agent/knowledge';
    const health = (await expectContract('GET', KH, await agent('GET', KH))) as { sources: unknown[] };
    expect(health.sources.length).toBeGreaterThan(0);
    await expectContract('GET', KH, await agent('GET', `${KH}?bot_id=unknown`));
    await expectContract('GET', KH, await agent('GET', KH, undefined, null));
    for (const path of ['/v1/agent/contacts', '/v1/agent/contacts.csv', '/v1/agent/stats', '/v1/agent/stats.csv']) {
      await expectContract('GET', path, await agent('GET', path));
      await expectContract('GET', path, await agent('GET', `${path}?${path.includes('stats') ? 'from=2026-13-01' : 'bot_id=unknown'}`));
      await expectContract('GET', path, await agent('GET', path, undefined, null));
    }

    const E = '/v1/agent/events';
    await expectContract('GET', E, await agent('GET', E, undefined, null));
    const live = new AbortController();
    const res = await fetch(s.url + E, { headers: { authorization: `Bearer ${TOKEN}` }, signal: live.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    await reader.read(); // ": connected": the subscription is in place
    await agent('POST', `${L}/${conversation}/messages`, { content: 'Still there?' });
    let text = '';
    while (!/\n\n/.test(text.replace(/^: connected\n\n/, ''))) text += new TextDecoder().decode((await reader.read()).value);
    const data = JSON.parse(/^data: (.*)$/m.exec(text)![1]);
    expect([...checker('ConsoleEvent').Errors(data)]).toEqual([]);
    expect(data.type).toBe('message.agent');
    seen.add(`GET ${E} 200`);
    live.abort();

    const W = '/v1/agent/webhooks/deliveries';
    await expectContract('GET', W, await agent('GET', W, undefined, ADMIN));
    await expectContract('GET', W, await agent('GET', W));
    await expectContract('GET', W, await agent('GET', W, undefined, null));

    const DC = '/v1/agent/conversations/{conversation_id}';
    await expectContract('DELETE', DC, await agent('DELETE', `${L}/${second}`));
    await expectContract('DELETE', DC, await agent('DELETE', `${L}/nope`, undefined, ADMIN));
    await expectContract('DELETE', DC, await agent('DELETE', `${L}/${second}`, undefined, null));
    await expectContract('DELETE', DC, await agent('DELETE', `${L}/${second}`, undefined, ADMIN));
    const DS = '/v1/agent/sessions/{session_id}';
    await expectContract('DELETE', DS, await agent('DELETE', '/v1/agent/sessions/console-session'));
    await expectContract('DELETE', DS, await agent('DELETE', '/v1/agent/sessions/console-session', undefined, null));
    await expectContract('DELETE', DS, await agent('DELETE', '/v1/agent/sessions/console-session', undefined, ADMIN));
  });

  test('every documented status of every operation was seen and matched its schema', () => {
    const documented = API.flatMap((o) => Object.keys(o.answers).map((status) => `${o.method} ${o.path} ${status}`));
    expect(documented.filter((d) => !seen.has(d))).toEqual([]);
  });
});
