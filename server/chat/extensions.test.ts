import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { phrase } from '../engines/phrases.ts';
import { asksForHuman } from './handoff.ts';
import { botConfig, botId, BOT_ID, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { EVENT_ORDER, stages, turn } from '../test/turns.ts';

const AUTO = botId(2);
const NO_EXTRAS = botId(3);
const GERMAN = botId(4);
const TOKEN = 'agent-token-ana-1';

const contactForm = {
  enabled: true, trigger: 'button', success_message: 'Thanks, we will write back.',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'phone', label: 'Phone', type: 'tel', required: false },
    { name: 'topic', label: 'Topic', type: 'select', required: false, options: ['Billing', 'Other'] },
    { name: 'message', label: 'Message', type: 'textarea', required: true },
  ],
};
const bots = [
  botConfig({ handoff: { enabled: true, trigger: 'button', agent_label: 'Support' }, contact_form: contactForm, rate_limits: { per_minute: 12 } }),
  botConfig({ id: AUTO, handoff: { enabled: true, trigger: 'auto', offline_message: 'We are offline.' } }),
  botConfig({
    id: NO_EXTRAS,
    knowledge: { dir: 'knowledge', documents: [{ id: 'support-hours', title: 'Support hours', text: 'Our customer service team answers from 9 to 17 on weekdays.' }] },
  }),
  botConfig({ id: GERMAN, language: 'de', handoff: { enabled: true, trigger: 'both' } }),
];

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({ uniqueClients: true, bots });
});
afterAll(() => s.stop());

const agent = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) =>
  fetch(`${s.url}/v1/agent${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? TOKEN}` }),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const history = async (id: string, after?: string) =>
  (await s.get(`/v1/public/conversations/${id}/messages?session_id=${SESSION}${after ? `&after=${after}` : ''}`)).json();
const newConversation = async (bot = BOT_ID, message = 'How much does the lamp cost?') => {
  const r = await turn(s, { bot_id: bot, message });
  return { id: r.last!.conversation_id as string, answerId: r.last!.assistant_message_id as string };
};

describe('handoff phrases', () => {
  test.each([
    ['I want to talk to a human', 'en', true],
    ['Can I speak to someone please?', 'en', true],
    ['Ich möchte mit einem Mitarbeiter sprechen', 'de', true],
    ['Je voudrais parler à un conseiller', 'fr', true],
    ['Quiero hablar con una persona', 'es', true],
    ['أريد التحدث مع موظف', 'ar', true],
    ['How do I reset the lamp?', 'en', false],
    ['What does humanity think of lamps?', 'en', false],
  ])('%s (%s) → %s', (text, lang, expected) => {
    expect(asksForHuman(text, lang)).toBe(expected);
  });
});

describe('handoff', () => {
  test('the button moves the conversation to handoff; the bot then stays quiet; an agent replies and closes; a new message reopens', async () => {
    const { id } = await newConversation();
    const res = await s.post(`/v1/public/conversations/${id}/handoff`, { session_id: SESSION });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ conversation_id: id, conversation_status: 'handoff', handoff_available: false });
    expect((await history(id)).conversation_status).toBe('handoff');

    // While in handoff: the user message is stored, notice handoff_active, done without an assistant message.
    const quiet = await turn(s, { message: 'Hello? Anyone there?', conversation_id: id });
    expect(stages(quiet.events)).toMatch(EVENT_ORDER);
    expect(quiet.events.map((e) => e.type)).toEqual(['status', 'notice', 'done']);
    expect(quiet.events[1]).toEqual({ type: 'notice', code: 'handoff_active', level: 'info', message_key: 'notice.handoff_active' });
    expect(quiet.last).toMatchObject({ conversation_id: id, assistant_message_id: '' });
    const h = await history(id);
    expect(h.messages.at(-1)).toMatchObject({ role: 'user', content: 'Hello? Anyone there?' });

    // The agent sees it waiting, reads it, replies.
    const list = await (await agent('/conversations')).json();
    expect(list.conversations.map((c: { conversation_id: string }) => c.conversation_id)).toContain(id);
    const item = list.conversations.find((c: { conversation_id: string }) => c.conversation_id === id);
    expect(item).toMatchObject({ bot_id: BOT_ID, bot_name: 'Nimbus helper', status: 'handoff', waiting_since: expect.any(String), last_message: { content: 'Hello? Anyone there?' } });
    const reply = await agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'Hi, Ana here. How can I help?' } });
    expect(reply.status).toBe(201);
    const msg = await reply.json();
    expect(msg).toMatchObject({ role: 'assistant', content: 'Hi, Ana here. How can I help?', agent_name: 'Ana', citations: null, feedback: null });
    // The widget gets it by polling with `after`.
    const polled = await history(id, h.messages.at(-1).id);
    expect(polled.messages).toEqual([msg]);

    const closed = await agent(`/conversations/${id}/close`, { method: 'POST' });
    expect(await closed.json()).toEqual({ conversation_id: id, conversation_status: 'closed' });
    expect((await history(id)).conversation_status).toBe('closed');
    const back = await turn(s, { message: 'Is shipping free?', conversation_id: id });
    expect(back.last).toMatchObject({ type: 'done', assistant_message_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await history(id)).conversation_status).toBe('open');
  });

  test('400 when the bot has handoff off or the body is bad; 404 for a foreign or unknown conversation', async () => {
    const other = await newConversation(NO_EXTRAS);
    const off = await s.post(`/v1/public/conversations/${other.id}/handoff`, { session_id: SESSION });
    expect(off.status).toBe(400);
    expect((await off.json()).error).toBe('handoff_disabled');
    const { id } = await newConversation();
    expect((await s.post(`/v1/public/conversations/${id}/handoff`, { session_id: 5 })).status).toBe(400);
    expect((await s.post(`/v1/public/conversations/${id}/handoff`, [])).status).toBe(400);
    const foreign = await s.post(`/v1/public/conversations/${id}/handoff`, { session_id: 'intruder' });
    const unknown = await s.post('/v1/public/conversations/nope/handoff', { session_id: SESSION });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(await foreign.json()).toEqual(await unknown.json());
  });
});

describe('agent API', () => {
  test('a missing or wrong token is 401 and says nothing else', async () => {
    for (const token of [null, 'wrong-token-123', '']) {
      for (const path of ['/me', '/conversations', '/conversations/x']) {
        const res = await agent(path, { token });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: 'unauthorized', message: 'A valid agent token is required.' });
      }
    }
    expect((await agent('/presence', { method: 'POST', token: 'nope-nope-nope' })).status).toBe(401);
  });

  test('me, bad status filter 400, unknown conversation 404, empty reply 400', async () => {
    expect(await (await agent('/me')).json()).toMatchObject({ name: 'Ana', role: 'agent', canned_replies: [], bots: expect.arrayContaining([expect.objectContaining({ id: BOT_ID, name: 'Nimbus helper', contact_fields: expect.any(Array) })]) });
    expect((await agent('/conversations?status=weird')).status).toBe(400);
    expect((await agent('/conversations/unknown')).status).toBe(404);
    const { id } = await newConversation();
    expect((await agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: '  ' } })).status).toBe(400);
    expect((await agent(`/conversations/${id}/messages`, { method: 'POST', body: { text: 'hi' } })).status).toBe(400);
  });

  test('the handoff list is oldest waiting first', async () => {
    const a = await newConversation();
    const b = await newConversation();
    await s.post(`/v1/public/conversations/${b.id}/handoff`, { session_id: SESSION });
    await s.post(`/v1/public/conversations/${a.id}/handoff`, { session_id: SESSION });
    const ids = (await (await agent('/conversations?status=handoff')).json()).conversations.map((c: { conversation_id: string }) => c.conversation_id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const open = (await (await agent('/conversations?status=open')).json()).conversations;
    expect(open.every((c: { status: string }) => c.status === 'open')).toBe(true);
  });
});

describe('contact form', () => {
  test('a valid submission is stored with its conversation and shown to agents', async () => {
    const { id } = await newConversation();
    const res = await s.post(`/v1/public/bots/${BOT_ID}/contact`, {
      session_id: SESSION, conversation_id: id,
      fields: { name: ' Jo ', email: 'jo@example.com', phone: '+49 30 123456', topic: 'Billing', message: 'Call me', extra: 'dropped' },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), success_message: 'Thanks, we will write back.' });
    const view = await (await agent(`/conversations/${id}`)).json();
    expect(view.contact_submissions).toEqual([{
      id: body.id, fields: { name: 'Jo', email: 'jo@example.com', phone: '+49 30 123456', topic: 'Billing', message: 'Call me' }, created_at: expect.any(String),
      bot_id: BOT_ID, bot_name: expect.any(String), conversation_id: id, session_id: expect.any(String),
    }]);
    expect(view.messages.length).toBe(2);
  });

  test('400 invalid_fields names every failing field; disabled form 400; unknown bot or conversation 404; foreign origin 403', async () => {
    const bad = await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: { email: 'not-an-email', phone: 'call me', topic: 'Free stuff', message: 'x' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_fields', fields: ['name', 'email', 'phone', 'topic'] });
    const disabled = await s.post(`/v1/public/bots/${NO_EXTRAS}/contact`, { session_id: SESSION, fields: {} });
    expect((await disabled.json()).error).toBe('contact_form_disabled');
    expect((await s.post(`/v1/public/bots/${botId(99)}/contact`, { session_id: SESSION, fields: {} })).status).toBe(404);
    const ok = { name: 'Jo', email: 'jo@example.com', message: 'Hi' };
    expect((await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, conversation_id: 'nope', fields: ok })).status).toBe(404);
    expect((await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: ok }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: 'x' })).status).toBe(400);
  });

  test('a field whose name is also an Object property ("constructor") is empty when not sent, and stored when sent', async () => {
    const t = await startFixture({
      bots: [botConfig({ contact_form: { enabled: true, fields: [{ name: 'constructor', label: 'Builder', type: 'text' }, { name: 'email', label: 'Email', type: 'email', required: true }] } })],
    });
    try {
      const without = await t.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: { email: 'jo@example.com' } });
      expect(without.status).toBe(201);
      const withIt = await t.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: { email: 'jo@example.com', constructor: 'Bob' } });
      expect(withIt.status).toBe(201);
      const rows = await t.ctx.store.contactsOfSession(SESSION);
      expect(rows.map((r) => JSON.stringify(r.fields))).toEqual(['{"email":"jo@example.com"}', '{"constructor":"Bob","email":"jo@example.com"}']);
    } finally {
      await t.stop();
    }
  });

  test('rate-limited like chat', async () => {
    const from = { 'x-forwarded-for': '70.0.0.1' };
    const ok = { name: 'Jo', email: 'jo@example.com', message: 'Hi' };
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push((await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: SESSION, fields: ok }, from)).status);
    expect(statuses.slice(0, 12).every((x) => x === 201)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});

describe('feedback', () => {
  test('positive, negative and null on an assistant message of the own conversation; history shows it', async () => {
    const { id, answerId } = await newConversation();
    for (const feedback of ['positive', 'negative', null, 'positive']) {
      const res = await s.post(`/v1/public/messages/${answerId}/feedback`, { session_id: SESSION, feedback });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message_id: answerId, feedback });
    }
    const h = await history(id);
    expect(h.messages.find((m: { id: string }) => m.id === answerId).feedback).toBe('positive');
  });

  test('400 for a bad value or a user message; 404 for another session or an unknown id', async () => {
    const { id, answerId } = await newConversation();
    const userId = (await history(id)).messages[0].id;
    expect((await s.post(`/v1/public/messages/${answerId}/feedback`, { session_id: SESSION, feedback: 'meh' })).status).toBe(400);
    expect((await s.post(`/v1/public/messages/${answerId}/feedback`, { session_id: SESSION })).status).toBe(400);
    expect((await s.post(`/v1/public/messages/${userId}/feedback`, { session_id: SESSION, feedback: 'positive' })).status).toBe(400);
    const foreign = await s.post(`/v1/public/messages/${answerId}/feedback`, { session_id: 'intruder', feedback: 'positive' });
    const unknown = await s.post('/v1/public/messages/nope/feedback', { session_id: SESSION, feedback: 'positive' });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(await foreign.json()).toEqual(await unknown.json());
  });
});

describe('auto handoff and presence', () => {
  test('with no agent online: notice handoff_offline and the bot answers', async () => {
    const r = await turn(s, { bot_id: AUTO, message: 'I want to talk to a human' });
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(r.events[1]).toEqual({ type: 'notice', code: 'handoff_offline', level: 'info', message_key: 'notice.handoff_offline' });
    expect(r.last!.assistant_message_id).not.toBe('');
    // The answer is the bot's offline message, not a search of the knowledge for "a human".
    expect(r.text).toBe('We are offline.');
    expect(r.last!.citations).toEqual([]);
    const cfg = await (await s.get(`/v1/public/bots/${AUTO}/config`)).json();
    expect(cfg.handoff_available).toBe(false);
  });

  test('asking for a person where none can be reached gets a plain reply in the bot language', async () => {
    const none = await turn(s, { bot_id: NO_EXTRAS, message: 'Can I speak to a real person?' });
    expect(none.text).toBe(phrase('en', 'person_unavailable'));
    expect(none.types).not.toContain('notice');
    const offlineGerman = await turn(s, { bot_id: GERMAN, message: 'Ich möchte mit einem Mitarbeiter sprechen' });
    expect(offlineGerman.events[1]).toMatchObject({ code: 'handoff_offline' });
    expect(offlineGerman.text).toBe(phrase('de', 'person_offline'));
    // An ordinary question is still answered from the knowledge, also one that names a
    // person-phrase ("customer service") when the knowledge has the answer.
    expect((await turn(s, { bot_id: NO_EXTRAS, message: 'What is the warranty?' })).text).not.toBe(phrase('en', 'person_unavailable'));
    const hours = await turn(s, { bot_id: NO_EXTRAS, message: 'What are the customer service hours?' });
    expect(hours.text).toContain('9 to 17');
    expect(hours.last!.citations).toEqual([expect.objectContaining({ source_id: 'support-hours' })]);
  });

  test('with an agent online (presence heartbeat): asking for a person, in the bot language, or an unanswerable question hands off', async () => {
    // The only test that sends a heartbeat, so it runs last in this file.
    expect(await (await agent('/presence', { method: 'POST' })).json()).toEqual({ available: true, expires_in: 60 });
    expect((await (await s.get(`/v1/public/bots/${AUTO}/config`)).json()).handoff_available).toBe(true);

    const asked = await turn(s, { bot_id: AUTO, message: 'Can I speak to someone please?' });
    expect(stages(asked.events)).toBe('status:retrieving notice done');
    expect(asked.events[1]).toMatchObject({ code: 'handoff_started', level: 'info', message_key: 'notice.handoff_started' });
    expect(asked.last!.assistant_message_id).toBe('');
    expect((await history(asked.last!.conversation_id as string)).conversation_status).toBe('handoff');

    const german = await turn(s, { bot_id: GERMAN, message: 'Ich möchte mit einem Mitarbeiter sprechen' });
    expect(german.events[1]).toMatchObject({ code: 'handoff_started' });

    const unknown = await turn(s, { bot_id: AUTO, message: 'Do you sell bicycles?' });
    expect(unknown.events[1]).toMatchObject({ code: 'handoff_started' });

    // The button trigger never hands off by itself; the reply points at the button.
    const button = await turn(s, { message: 'I want to talk to a human' });
    expect(button.types).not.toContain('notice');
    expect(button.text).toBe(phrase('en', 'person_button'));
    const res = await s.post(`/v1/public/conversations/${button.last!.conversation_id}/handoff`, { session_id: SESSION });
    expect((await res.json()).handoff_available).toBe(true);
  });
});
