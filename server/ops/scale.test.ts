/**
 * Scale-out, proven with real components: three server processes on PostgreSQL and Redis
 * (a scratch database and key prefix of this file's own), requests spread over them
 * round-robin by the test itself. Limits are global and exact, conversations and agent
 * replies cross instances, presence agrees everywhere, credits never overspend, a dropped
 * stream resumes on another instance, and killing an instance mid-stream loses nothing stored.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStore } from '../store/open.ts';
import { botConfig, botId, BOT_ID, ORIGIN, writeFixture } from '../test/fixtures.ts';
import { launch, sharedServices, type Instance } from '../test/instances.ts';
import { tcpProxy } from '../test/proxy.ts';
import { missing, TEST_REDIS_URL } from '../test/services.ts';
import { parseSse, sseEvents } from '../test/sse-reader.ts';

const CREDITS_BOT = botId(2);
const SLOW_BOT = botId(3);
const TOKEN = 'agent-token-ana-1';
const down = (await missing('postgres')) ?? (await missing('redis'));

let counter = 0;
const freshIp = () => `198.51.100.${++counter % 250}`;

describe.skipIf(down)('three instances on PostgreSQL and Redis', () => {
  let nodes: Instance[] = [];
  let dir = '';
  let configPath = '';
  let redisPrefix = '';
  let databaseUrl = '';
  let services: Awaited<ReturnType<typeof sharedServices>> | undefined;
  let next = 0;
  /** The next instance, round-robin. */
  const any = () => nodes[next++ % nodes.length];

  const chat = (node: Instance, body: Record<string, unknown>, ip = freshIp(), signal?: AbortSignal) =>
    fetch(`${node.url}/v1/public/chat/stream`, {
      method: 'POST', signal,
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip },
      body: JSON.stringify({ bot_id: BOT_ID, session_id: 'scale-session', ...body }),
    });
  const get = (node: Instance, path: string, headers: Record<string, string> = {}) =>
    fetch(node.url + path, { headers: { origin: ORIGIN, 'x-forwarded-for': freshIp(), ...headers } });
  const agent = (node: Instance, method: string, path: string, body?: unknown) =>
    fetch(node.url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const history = async (node: Instance, conversation: string, session = 'scale-session', after?: string) => {
    const res = await get(node, `/v1/public/conversations/${conversation}/messages?session_id=${session}${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { messages: Array<{ id: string; role: string; content: string; agent_name: string | null }> }).messages;
  };

  beforeAll(async () => {
    const fixture = writeFixture({
      config: { trust_proxy: true, workspaces: [{ id: 'ws1' }, { id: 'ws-credits', credits: 10 }] },
      bots: [
        botConfig({ handoff: { enabled: true }, engine: { type: 'extractive', chunk_delay_ms: 5 } }),
        botConfig({ id: CREDITS_BOT, workspace_id: 'ws-credits', engine: { type: 'extractive', chunk_delay_ms: 5 } }),
        botConfig({ id: SLOW_BOT, engine: { type: 'extractive', chunk_delay_ms: 150 } }),
      ],
    });
    services = await sharedServices(fixture);
    ({ dir, configPath } = fixture);
    ({ databaseUrl, redisPrefix } = services);
    // The first start applies the migrations; the others start together.
    nodes = [await services.start('a')];
    nodes.push(...(await Promise.all([services.start('b'), services.start('c')])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await services?.cleanup();
  }, 60_000);

  test('rate limits are global and exact: 30 simultaneous turns from one address over 3 instances → 15 streams, 15 × 429', async () => {
    const ip = '203.0.113.77';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => chat(any(), { message: 'How much does the lamp cost?', session_id: `burst-${i}` }, ip)));
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.text()));
    expect(statuses.filter((s) => s === 200).length).toBe(15);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
  }, 60_000);

  test('a conversation started on one instance continues on another; history and `after` read the same from each', async () => {
    const [a, b, c] = nodes;
    const first = parseSse(await (await chat(a, { message: 'How much does the lamp cost?' })).text());
    const conversation = first.events.at(-1)!.conversation_id as string;
    expect(first.events.at(-1)!.type).toBe('done');
    const second = parseSse(await (await chat(b, { message: 'How do I reset it?', conversation_id: conversation })).text());
    expect(second.events.at(-1)).toMatchObject({ type: 'done', conversation_id: conversation });
    const views = await Promise.all(nodes.map((n) => history(n, conversation)));
    expect(views[0].map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
    const afterFirst = await Promise.all(nodes.map((n) => history(n, conversation, 'scale-session', views[0][1].id)));
    for (const v of afterFirst) expect(v).toEqual(views[0].slice(2));
    // Another session cannot read it on any instance.
    expect((await get(c, `/v1/public/conversations/${conversation}/messages?session_id=intruder`)).status).toBe(404);
  }, 60_000);

  test('an agent reply posted to one instance reaches a widget polling another; handoff_available is the same on all', async () => {
    const [a, b, c] = nodes;
    const config = async (n: Instance) => ((await (await get(n, `/v1/public/bots/${BOT_ID}/config`)).json()) as { handoff_available: boolean }).handoff_available;
    expect(await Promise.all(nodes.map(config))).toEqual([false, false, false]);
    expect((await agent(b, 'POST', '/v1/agent/presence')).status).toBe(200);
    expect(await Promise.all(nodes.map(config))).toEqual([true, true, true]);

    const done = parseSse(await (await chat(c, { message: 'I want to talk to a person', session_id: 'handoff-session' })).text()).events.at(-1)!;
    const conversation = done.conversation_id as string;
    const handoff = await fetch(`${a.url}/v1/public/conversations/${conversation}/handoff`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': freshIp() }, body: JSON.stringify({ session_id: 'handoff-session' }),
    });
    expect(await handoff.json()).toMatchObject({ conversation_status: 'handoff', handoff_available: true });
    // The agent inbox on another instance lists it.
    const waiting = (await (await agent(b, 'GET', '/v1/agent/conversations')).json()) as { conversations: Array<{ conversation_id: string }> };
    expect(waiting.conversations.map((x) => x.conversation_id)).toContain(conversation);

    const before = await history(c, conversation, 'handoff-session');
    const reply = await agent(a, 'POST', `/v1/agent/conversations/${conversation}/messages`, { content: 'Hi, Ana here from instance A.' });
    expect(reply.status).toBe(201);
    const polled = await history(c, conversation, 'handoff-session', before.at(-1)!.id);
    expect(polled).toMatchObject([{ role: 'assistant', content: 'Hi, Ana here from instance A.', agent_name: 'Ana' }]);
  }, 60_000);

  test('the console on one instance hears, live, what happens on the others (Redis fan-out)', async () => {
    const [a, b, c] = nodes;
    const live = await fetch(`${b.url}/v1/agent/events`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();
    await reader.read(); // subscribed
    const done = parseSse(await (await chat(a, { message: 'How much does the lamp cost?', session_id: 'console-live' })).text()).events.at(-1)!;
    const reply = await agent(c, 'POST', `/v1/agent/conversations/${done.conversation_id}/messages`, { content: 'Ana from C.' });
    expect(reply.status).toBe(201);
    let text = '';
    while (!/"type":"message.agent"/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const types = [...text.matchAll(/"type":"([a-z.]+)","at"/g)].map((m) => m[1]);
    expect(types).toEqual(['conversation.created', 'message.visitor', 'message.agent']);
    await reader.cancel();
  }, 60_000);

  test('workspace credits never overspend under parallel turns across instances (10 credits, 24 turns)', async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => chat(any(), { bot_id: CREDITS_BOT, message: 'Is shipping free?', session_id: `credit-${i}` })));
    const ends = await Promise.all(answers.map(async (r) => parseSse(await r.text()).events.at(-1)!));
    const answered = ends.filter((e) => e.type === 'done' && e.assistant_message_id);
    expect(answered.length).toBe(10);
    expect(ends.filter((e) => e.type === 'error').map((e) => e.error)).toEqual(Array(14).fill('service_unavailable'));
    const store = await openStore({ dataDir: dir, databaseUrl });
    expect(await store.creditsSpent('ws-credits')).toBe(10);
    await store.close();
  }, 60_000);

  test('a client whose connection drops mid-answer resumes it from another instance with Last-Event-ID and gets all of it', async () => {
    const [a, b] = nodes;
    const controller = new AbortController();
    const res = await chat(a, { bot_id: SLOW_BOT, message: 'How do I reset the lamp?', session_id: 'drop-session' }, freshIp(), controller.signal);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let raw = '';
    while ((raw.match(/"type":"content"/g) ?? []).length < 2) raw += (await reader.read()).value ?? '';
    controller.abort();
    const seen = parseSse(raw.slice(0, raw.lastIndexOf('\n\n') + 2));
    const lastId = seen.ids.at(-1)!;
    const [turn] = lastId.split(':');

    const resumed = await get(b, `/v1/public/chat/streams/${turn}?session_id=drop-session`, { 'last-event-id': lastId });
    expect(resumed.status).toBe(200);
    const rest = parseSse(await resumed.text());
    expect(rest.ids[0]).toBe(`${turn}:${Number(lastId.split(':')[1]) + 1}`);
    const done = rest.events.at(-1)!;
    expect(done.type).toBe('done');
    const text = [...seen.events, ...rest.events].filter((e) => e.type === 'content').map((e) => e.content).join('');
    const stored = await history(nodes[2], done.conversation_id as string, 'drop-session');
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', id: done.assistant_message_id });
    expect(text).toBe(stored.at(-1)!.content);
  }, 60_000);

  test('an event reaches the client only after its log entry is in Redis: killed while that write is in flight, an instance leaves the client nothing the others cannot replay, and the closing error has an id never sent', async () => {
    // An instance whose Redis traffic passes a proxy that can hold it: a log write the instance sent but Redis never got.
    const redisUrl = new URL(TEST_REDIS_URL);
    const proxy = await tcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
    mkdirSync(join(dir, 'held'), { recursive: true });
    const held = await launch('held', { configPath, dataDir: join(dir, 'held'), databaseUrl, redisUrl: `redis://127.0.0.1:${proxy.port}`, redisPrefix });
    try {
      const res = await chat(held, { bot_id: SLOW_BOT, message: 'How do I reset the lamp?', session_id: 'order-session' });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let raw = '';
      while (!/"type":"content"/.test(raw)) raw += (await reader.read()).value ?? '';
      // The next content event is generated 150 ms later: its log write is held, and the instance dies with it in flight.
      await proxy.hold(/"type\\?":\\?"content/);
      await held.kill();
      // Whatever had reached the client's socket, to the connection's end (the kill breaks it off).
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read()) raw += r.value;
      } catch {
        // terminated: the instance is gone
      }
      const got = parseSse(raw);
      const [turn] = got.ids[0].split(':');

      // Another instance replays the turn from its start: every event the client holds, under the same id, then a close with a new id.
      const replay = parseSse(await (await get(nodes[1], `/v1/public/chat/streams/${turn}?session_id=order-session`)).text());
      expect(replay.ids.slice(0, got.ids.length)).toEqual(got.ids);
      expect(replay.events.slice(0, got.events.length)).toEqual(got.events);
      expect(replay.events.at(-1)).toMatchObject({ type: 'error', error: 'service_unavailable' });
      expect(replay.ids.at(-1)).toBe(`${turn}:${got.ids.length + 1}`);
      expect(got.ids).not.toContain(replay.ids.at(-1));
    } finally {
      await held.kill();
      await proxy.close();
    }
  }, 60_000);

  test('kill -9 of an instance mid-stream: the others keep serving, the client resumes on another and ends cleanly, nothing stored is lost', async () => {
    const victim = nodes[0];
    const res = await chat(victim, { bot_id: SLOW_BOT, message: 'How do I reset the lamp?', session_id: 'kill-session' });
    const seen: string[] = [];
    let lastId = '';
    const ids: string[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let raw = '';
    while ((raw.match(/"type":"content"/g) ?? []).length < 2) raw += (await reader.read()).value ?? '';
    const partial = parseSse(raw.slice(0, raw.lastIndexOf('\n\n') + 2));
    ids.push(...partial.ids);
    seen.push(...partial.events.map((e) => e.type));
    lastId = ids.at(-1)!;
    await victim.kill();
    nodes = nodes.slice(1);

    const [b, c] = nodes;
    const [turn] = lastId.split(':');
    const resumed = await get(b, `/v1/public/chat/streams/${turn}?session_id=kill-session`, { 'last-event-id': lastId });
    expect(resumed.status).toBe(200);
    const events: Array<Record<string, unknown>> = [];
    for await (const e of sseEvents(resumed)) events.push(e);
    // What the killed instance logged arrives, then a clean end the widget can show.
    expect(events.at(-1)).toMatchObject({ type: 'error', error: 'service_unavailable' });
    // The question is stored; the others serve new turns and read it.
    const own = (await (await agent(c, 'GET', '/v1/agent/conversations?status=open')).json()) as { conversations: Array<{ conversation_id: string; last_message: { content: string } | null }> };
    expect(own.conversations.some((x) => x.last_message?.content === 'How do I reset the lamp?')).toBe(true);
    const after = parseSse(await (await chat(c, { message: 'Is shipping free?', session_id: 'after-kill' })).text());
    expect(after.events.at(-1)!.type).toBe('done');
    expect(seen).toContain('content');
  }, 60_000);
});
