/**
 * Issue 21: the visitor's live channel over real HTTP: an agent's reply, typing and every
 * status change reach an open channel as they happen; it resumes after Last-Event-ID; it is
 * bounded per session; the console hears the visitor typing and seeing; presence ends at once.
 * Then the same across two instances on PostgreSQL and Redis: a reply posted to one reaches a
 * channel open on the other, and leaving on one instance is seen by the other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botConfig, BOT_ID, ORIGIN, SESSION, startFixture, writeFixture, type TestServer } from '../test/fixtures.ts';
import { sharedServices, type Instance } from '../test/instances.ts';
import { missing } from '../test/services.ts';
import { parseSse, sseEvents, sseFrames } from '../test/sse-reader.ts';

const TOKEN = 'agent-token-ana-1';
type Ev = Record<string, unknown> & { type: string };

/** Reads a live channel event by event; `next()` is the next one, `rest()` the remainder once it ends. */
function reader(res: Response) {
  const it = sseEvents(res);
  return {
    async next(): Promise<Ev> {
      const r = await it.next();
      if (r.done) throw new Error('the channel ended');
      return r.value;
    },
    async ended(): Promise<boolean> {
      return (await it.next()).done === true;
    },
  };
}

/** The console's channel: its `event: signal` frames. */
async function* signals(res: Response): AsyncGenerator<Ev> {
  for await (const f of sseFrames(res)) if (f.event === 'signal') yield f.data;
}

describe('one instance', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startFixture({ uniqueClients: true, bots: [botConfig({ handoff: { enabled: true, typing_preview: true } })] });
  });
  afterAll(() => s.stop());

  const agent = (method: string, path: string, body?: unknown) =>
    fetch(`${s.url}/v1/agent${path}`, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const handedOff = async (session = SESSION) => {
    const first = parseSse(await (await s.chat({ message: 'How much does the lamp cost?', session_id: session })).text());
    const id = first.events.at(-1)!.conversation_id as string;
    expect((await s.post(`/v1/public/conversations/${id}/handoff`, { session_id: session })).status).toBe(200);
    return { id, answer: first.events.at(-1)!.assistant_message_id as string };
  };
  const live = (id: string, session = SESSION, headers: Record<string, string> = {}) => s.get(`/v1/public/conversations/${id}/live?session_id=${session}`, headers);

  test('claim, typing, reply, hand back: each reaches the open channel in order, and the channel ends with the person gone', async () => {
    const { id, answer } = await handedOff();
    const res = await live(id, SESSION, { 'last-event-id': answer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ch = reader(res);
    // Nothing after the answer yet: the first event is the status, waiting for a person.
    expect(await ch.next()).toEqual({ type: 'status', conversation_status: 'handoff', agent_name: null });

    expect((await agent('POST', `/conversations/${id}/claim`)).status).toBe(200);
    expect(await ch.next()).toEqual({ type: 'status', conversation_status: 'handoff', agent_name: 'Ana' });
    expect((await agent('POST', `/conversations/${id}/typing`, { typing: true })).status).toBe(200);
    expect(await ch.next()).toEqual({ type: 'typing', agent_name: 'Ana', typing: true });
    const sent = await (await agent('POST', `/conversations/${id}/messages`, { content: 'Hi, Ana here.' })).json();
    expect(await ch.next()).toEqual({ type: 'message', message: sent });
    expect((await agent('POST', `/conversations/${id}/handback`)).status).toBe(200);
    expect(await ch.next()).toEqual({ type: 'status', conversation_status: 'open', agent_name: null });
    expect(await ch.ended()).toBe(true);
  });

  test('Last-Event-ID resumes: the messages missed while away come first, with their ids', async () => {
    const { id, answer } = await handedOff('resume-session');
    const one = await (await agent('POST', `/conversations/${id}/messages`, { content: 'First.' })).json();
    const two = await (await agent('POST', `/conversations/${id}/messages`, { content: 'Second.' })).json();
    const res = await live(id, 'resume-session', { 'last-event-id': one.id });
    const ch = reader(res);
    expect(await ch.next()).toEqual({ type: 'message', message: two });
    expect(await ch.next()).toMatchObject({ type: 'status', conversation_status: 'handoff', agent_name: 'Ana' });
    // From the start (no id): both, after the visitor's own question and the bot's answer.
    const all = reader(await live(id, 'resume-session'));
    const ids = [(await all.next()).message, (await all.next()).message, (await all.next()).message, (await all.next()).message].map((m) => (m as { id: string }).id);
    expect(ids.slice(1)).toEqual([answer, one.id, two.id]);
  });

  test('channels are bounded per session: the fifth open one is a 429 with a JSON error that says why', async () => {
    const { id } = await handedOff('bounded-session');
    const open = await Promise.all([1, 2, 3, 4].map(() => live(id, 'bounded-session')));
    for (const r of open) expect(r.status).toBe(200);
    const refused = await live(id, 'bounded-session');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('live channels open already') });
    // One closes: one may open again.
    await open[0].body?.cancel();
    await expect.poll(async () => {
      const r = await live(id, 'bounded-session');
      await r.body?.cancel();
      return r.status;
    }).toBe(200);
    for (const r of open.slice(1)) await r.body?.cancel();
  });

  test('the console hears the visitor typing (with the preview this bot allows) and seeing a reply', async () => {
    const { id } = await handedOff('typing-session');
    const consoleRes = await agent('GET', '/events');
    const it = signals(consoleRes);
    const act = (body: Record<string, unknown>) => s.post(`/v1/public/conversations/${id}/activity`, { session_id: 'typing-session', ...body });
    expect((await act({ typing: true, text: 'Is the lamp' })).status).toBe(200);
    expect((await it.next()).value).toMatchObject({ type: 'visitor.typing', conversation_id: id, typing: true, text: 'Is the lamp' });
    const reply = await (await agent('POST', `/conversations/${id}/messages`, { content: 'Yes?' })).json();
    expect((await act({ seen_message_id: reply.id })).status).toBe(200);
    expect((await it.next()).value).toMatchObject({ type: 'visitor.seen', conversation_id: id, message_id: reply.id });
    await it.return(undefined);
  });

  test('presence ends at once: DELETE (sign-out, Away) and the tab-closing beacon make handoff_available false', async () => {
    const available = async () => ((await (await s.get(`/v1/public/bots/${BOT_ID}/config`)).json()) as { handoff_available: boolean }).handoff_available;
    expect((await agent('POST', '/presence')).status).toBe(200);
    expect(await available()).toBe(true);
    expect(await (await agent('DELETE', '/presence')).json()).toEqual({ available: false, expires_in: 0 });
    expect(await available()).toBe(false);
    await agent('POST', '/presence');
    expect(await available()).toBe(true);
    // What navigator.sendBeacon sends: a POST with the token in its body, no header.
    const beacon = await fetch(`${s.url}/v1/agent/presence/leave`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: TOKEN }) });
    expect(beacon.status).toBe(200);
    expect(await available()).toBe(false);
    // Per console tab: one tab leaving does not take away the agent who has another open.
    await agent('POST', '/presence', { tab: 'one' });
    await agent('POST', '/presence', { tab: 'two' });
    await fetch(`${s.url}/v1/agent/presence/leave`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: TOKEN, tab: 'one' }) });
    expect(await available()).toBe(true);
    await agent('DELETE', '/presence?tab=two');
    expect(await available()).toBe(false);
    // A handoff asked for now says nobody is there.
    const { id } = await handedOff('after-away');
    const again = await s.post(`/v1/public/conversations/${id}/handoff`, { session_id: 'after-away' });
    expect((await again.json()).handoff_available).toBe(false);
  });
});

const down = (await missing('postgres')) ?? (await missing('redis'));

describe.skipIf(down)('two instances on PostgreSQL and Redis', () => {
  let nodes: Instance[] = [];
  let services: Awaited<ReturnType<typeof sharedServices>> | undefined;
  let ipN = 0;
  const headers = () => ({ origin: ORIGIN, 'x-forwarded-for': `198.51.100.${++ipN % 250}` });

  beforeAll(async () => {
    const fixture = writeFixture({ config: { trust_proxy: true }, bots: [botConfig({ handoff: { enabled: true }, engine: { type: 'extractive', chunk_delay_ms: 1 } })] });
    services = await sharedServices(fixture);
    nodes = [await services.start('a')];
    nodes.push(await services.start('b'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await services?.cleanup();
  }, 60_000);

  test('a reply posted to one instance reaches a channel open on the other; leaving on one is seen by both', async () => {
    const [a, b] = nodes;
    const agent = (n: Instance, method: string, path: string, body?: unknown) =>
      fetch(`${n.url}/v1/agent${path}`, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const first = parseSse(await (await fetch(`${a.url}/v1/public/chat/stream`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers() }, body: JSON.stringify({ bot_id: BOT_ID, session_id: 'two', message: 'How much does the lamp cost?' }),
    })).text());
    const id = first.events.at(-1)!.conversation_id as string;
    await fetch(`${a.url}/v1/public/conversations/${id}/handoff`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers() }, body: JSON.stringify({ session_id: 'two' }) });
    const ch = reader(await fetch(`${b.url}/v1/public/conversations/${id}/live?session_id=two`, { headers: { ...headers(), 'last-event-id': first.events.at(-1)!.assistant_message_id as string } }));
    expect(await ch.next()).toMatchObject({ type: 'status', conversation_status: 'handoff' });
    const sent = await (await agent(a, 'POST', `/conversations/${id}/messages`, { content: 'From instance a.' })).json();
    // The claim that the reply made, then the reply.
    expect(await ch.next()).toMatchObject({ type: 'status', agent_name: 'Ana' });
    expect(await ch.next()).toEqual({ type: 'message', message: sent });
    await agent(a, 'POST', `/conversations/${id}/close`);
    expect(await ch.next()).toEqual({ type: 'status', conversation_status: 'closed', agent_name: null });

    const available = async (n: Instance) => ((await (await fetch(`${n.url}/v1/public/bots/${BOT_ID}/config`, { headers: headers() })).json()) as { handoff_available: boolean }).handoff_available;
    await agent(a, 'POST', '/presence');
    expect([await available(a), await available(b)]).toEqual([true, true]);
    await agent(b, 'DELETE', '/presence');
    expect([await available(a), await available(b)]).toEqual([false, false]);
  }, 60_000);
});
