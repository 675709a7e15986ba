// identify() through the store: nothing is sent before the first interaction; a verified user
// gets their latest conversation; a 404 (identity off) is quiet; a 403 is reported; another
// user on the same browser gets a new session first.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createStore } from './state';
import { BASE, BOT, config, json, stubFetch } from './test/helpers';

const alice = { user_id: 'alice', user_hash: 'a'.repeat(64), name: 'Alice' };
const identifyCalls = (net: ReturnType<typeof stubFetch>) => net.calls.filter((c) => c.url.pathname.endsWith('/identify'));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function store(routes: Parameters<typeof stubFetch>[0]) {
  const net = stubFetch({ 'GET /config$': () => json(config()), ...routes });
  const s = createStore({ botId: BOT, apiBase: BASE });
  await s.init();
  return { s, net };
}

describe('identify', () => {
  test('waits for the first interaction, then links and restores the user\'s latest conversation', async () => {
    const { s, net } = await store({
      'POST /identify$': () => json({ user_id: 'alice', conversation_id: 'conv-9' }),
      'GET /conversations/conv-9/messages$': () => json({ messages: [{ id: 'u1', role: 'user', content: 'From my laptop' }] }),
    });
    s.identify(alice);
    // Nothing sent is an absence: looked for after a bounded wait, and the open() below is its
    // positive control (the same identity, watched the same way, is sent once there is an interaction).
    await new Promise((r) => setTimeout(r, 10));
    expect(identifyCalls(net)).toHaveLength(0);
    s.open();
    await vi.waitFor(() => expect(s.messages.value.map((m) => m.text.value)).toEqual(['From my laptop']));
    expect(identifyCalls(net)).toHaveLength(1);
    expect(identifyCalls(net)[0].body).toEqual({ session_id: s.session(), ...alice });
    expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!).conversation_id).toBe('conv-9');
  });

  test('a bot with identity off (404) leaves the widget anonymous and quiet; a 403 is reported', async () => {
    const errors: unknown[] = [];
    const { s, net } = await store({ 'POST /identify$': () => json({ error: 'not_found' }, 404) });
    s.events.on('error', (e) => errors.push(e));
    s.identify(alice);
    s.open();
    // No error event is an absence: the 404 was asked for, then a bounded wait for its answer
    // to be handled; the 403 below, watched through the same `errors`, is the positive control.
    await vi.waitFor(() => expect(identifyCalls(net)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual([]);
    expect(s.hasConversation.value).toBe(false);

    const { s: s2 } = await store({ 'POST /identify$': () => json({ error: 'identity_invalid', message: 'bad hash' }, 403) });
    s2.events.on('error', (e) => errors.push(e));
    s2.identify(alice);
    s2.open();
    await vi.waitFor(() => expect(errors).toEqual([{ code: 'forbidden', status: 403, message: 'bad hash' }]));
  });

  test('another user on this browser: a new session and an empty thread before linking', async () => {
    localStorage.setItem(`chat-widget:${BOT}:user`, JSON.stringify({ user_id: 'bob' }));
    localStorage.setItem(`chat-widget:${BOT}`, JSON.stringify({ session_id: 'bobs-session', conversation_id: 'bobs-conv' }));
    const { s, net } = await store({ 'POST /identify$': () => json({ user_id: 'alice', conversation_id: null }), 'GET /messages$': () => json({ messages: [] }) });
    s.identify(alice);
    s.open();
    await vi.waitFor(() => expect(identifyCalls(net)).toHaveLength(1));
    expect(identifyCalls(net)[0].body.session_id).not.toBe('bobs-session');
    expect(s.hasConversation.value).toBe(false);
    expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!)).toEqual({ session_id: s.session() });
  });

  test('a malformed identity is ignored with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { s, net } = await store({});
    s.identify({ user_id: 'x' } as never);
    s.open();
    // Nothing sent is an absence: looked for after a bounded wait...
    await new Promise((r) => setTimeout(r, 10));
    expect(identifyCalls(net)).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    // ...with a positive control: a valid identity given now, after the interaction, is sent at once.
    s.identify(alice);
    await vi.waitFor(() => expect(identifyCalls(net)).toHaveLength(1));
    expect(identifyCalls(net)[0].body).toEqual({ session_id: s.session(), ...alice });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
