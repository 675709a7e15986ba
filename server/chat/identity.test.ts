// Identity verification over real HTTP: a bad hash is refused, a verified user's conversations
// follow them to another session (history, chat, handoff, feedback, contact), agents see who
// they are, anonymous visitors work as before, and a bot with identity off answers 404.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userHash, verifyUserHash } from './identity.ts';
import { botConfig, botId, BOT_ID, startFixture, type TestServer } from '../test/fixtures.ts';
import { turn } from '../test/turns.ts';

const SECRET = 'identity-secret-for-tests-0123456789';
const OFF = botId(2);
const TOKEN = 'agent-token-ana-1'; // the fixture's agent
const contact_form = { enabled: true, trigger: 'button', fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] };

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({
    uniqueClients: true,
    bots: [botConfig({ identity_secret: SECRET, handoff: { enabled: true, trigger: 'button' }, contact_form }), botConfig({ id: OFF })],
  });
});
afterAll(() => s.stop());

const identify = (body: Record<string, unknown>, bot = BOT_ID) => s.post(`/v1/public/bots/${bot}/identify`, body);
const user = (id: string, extra: Record<string, unknown> = {}) => ({ user_id: id, user_hash: userHash(SECRET, id), ...extra });
const history = (c: string, session: string) => s.get(`/v1/public/conversations/${c}/messages?session_id=${session}`);

describe('verifyUserHash', () => {
  test('only the lowercase hex HMAC of the same user id matches', () => {
    const h = userHash(SECRET, 'u-1');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyUserHash(SECRET, 'u-1', h)).toBe(true);
    expect(verifyUserHash(SECRET, 'u-2', h)).toBe(false);
    expect(verifyUserHash(SECRET, 'u-1', h.toUpperCase())).toBe(false);
    expect(verifyUserHash('another-secret-0123456789abcdefghij', 'u-1', h)).toBe(false);
    expect(verifyUserHash(SECRET, 'u-1', 'not hex')).toBe(false);
  });
});

describe('POST /v1/public/bots/{bot_id}/identify', () => {
  test('a bad hash is 403 identity_invalid and links nothing', async () => {
    const res = await identify({ session_id: 'sess-bad', user_id: 'mallory', user_hash: userHash(SECRET, 'alice') });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('identity_invalid');
  });

  test.each([
    [{ user_id: 'u', user_hash: 'x' }, 'session_id'],
    [{ session_id: 's', user_hash: 'x' }, 'user_id'],
    [{ session_id: 's', user_id: '' , user_hash: 'x' }, 'user_id'],
    [{ session_id: 's', user_id: 'x'.repeat(257), user_hash: 'x' }, 'user_id'],
    [{ session_id: 's', user_id: 'u' }, 'user_hash'],
    [{ session_id: 's', user_id: 'u', user_hash: 'x', name: 'n'.repeat(201) }, 'name'],
    [{ session_id: 's', user_id: 'u', user_hash: 'x', email: 'not-an-address' }, 'email'],
  ])('400 invalid_request naming the field: %j', async (body, field) => {
    const res = await identify(body);
    expect(res.status).toBe(400);
    const j = await res.json();
    expect(j.error).toBe('invalid_request');
    expect(j.message).toContain(field);
  });

  test('a bot with identity off answers 404 not_found', async () => {
    const res = await identify({ session_id: 's', ...user('u') }, OFF);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('not_found');
  });

  test("the user's conversation follows them to another device: history, chat, handoff, feedback, contact; agents see who they are", async () => {
    // Device 1: anonymous first, then identified.
    const first = await turn(s, { bot_id: BOT_ID, message: 'How much does it cost?', session_id: 'laptop' });
    const conversation = first.last!.conversation_id as string;
    const answer = first.last!.assistant_message_id as string;
    let res = await identify({ session_id: 'laptop', ...user('alice', { name: 'Alice Martin', email: 'alice@example.com' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user_id: 'alice', conversation_id: conversation });

    // Device 2: another session, before and after identifying.
    expect((await history(conversation, 'phone')).status).toBe(404);
    res = await identify({ session_id: 'phone', ...user('alice') });
    expect(await res.json()).toEqual({ user_id: 'alice', conversation_id: conversation });
    const h = await history(conversation, 'phone');
    expect(h.status).toBe(200);
    expect((await h.json()).messages.map((m: { content: string }) => m.content)[0]).toBe('How much does it cost?');
    const next = await turn(s, { bot_id: BOT_ID, message: 'How do I reset it?', session_id: 'phone', conversation_id: conversation });
    expect(next.status).toBe(200);
    expect(next.last!.conversation_id).toBe(conversation);
    expect((await s.post(`/v1/public/messages/${answer}/feedback`, { session_id: 'phone', feedback: 'positive' })).status).toBe(200);
    expect((await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: 'phone', conversation_id: conversation, fields: { email: 'alice@example.com' } })).status).toBe(201);
    expect((await s.post(`/v1/public/conversations/${conversation}/handoff`, { session_id: 'phone' })).status).toBe(200);

    // Agents see the verified user on the conversation, in the list and when reading it.
    const auth = { authorization: `Bearer ${TOKEN}` };
    const list = await (await s.get('/v1/agent/conversations?status=handoff', auth)).json();
    const row = list.conversations.find((c: { conversation_id: string }) => c.conversation_id === conversation);
    expect(row.visitor).toEqual({ user_id: 'alice', name: 'Alice Martin', email: 'alice@example.com' });
    const read = await (await s.get(`/v1/agent/conversations/${conversation}`, auth)).json();
    expect(read.conversation.visitor).toEqual({ user_id: 'alice', name: 'Alice Martin', email: 'alice@example.com' });
  });

  test('another user, or an anonymous session, does not get in; anonymous visitors work as before', async () => {
    const bob = await turn(s, { bot_id: BOT_ID, message: 'How much does it cost?', session_id: 'bob-laptop' });
    const conversation = bob.last!.conversation_id as string;
    await identify({ session_id: 'bob-laptop', ...user('bob') });
    await identify({ session_id: 'eve-laptop', ...user('eve') });
    expect((await history(conversation, 'eve-laptop')).status).toBe(404);
    expect((await history(conversation, 'anonymous')).status).toBe(404);
    expect((await history(conversation, 'bob-laptop')).status).toBe(200);
    const anon = await turn(s, { bot_id: BOT_ID, message: 'How do I reset it?', session_id: 'anonymous' });
    expect(anon.status).toBe(200);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const read = await (await s.get(`/v1/agent/conversations/${anon.last!.conversation_id}`, auth)).json();
    expect(read.conversation.visitor).toBeNull();
  });

  test('a session linked to one user cannot be linked to another (409 session_taken); a new user has no conversation yet', async () => {
    expect((await identify({ session_id: 'kiosk', ...user('carol') })).status).toBe(200);
    const res = await identify({ session_id: 'kiosk', ...user('dave') });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('session_taken');
    expect(await (await identify({ session_id: 'dave-phone', ...user('dave') })).json()).toEqual({ user_id: 'dave', conversation_id: null });
  });
});
