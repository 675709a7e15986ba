import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatEvent, HEARTBEAT, SSE_HEADERS, SseWriter } from './sse.ts';
import { botConfig, BOT_ID, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { parseSse, sseEvents } from '../test/sse-reader.ts';

describe('SSE framing', () => {
  test('one event is `data: <json>` and a blank line; newlines inside text stay escaped', () => {
    expect(formatEvent({ type: 'content', content: 'a\nb' })).toBe('data: {"type":"content","content":"a\\nb"}\n\n');
    expect(formatEvent({ type: 'status', stage: 'retrieving' })).toBe('data: {"type":"status","stage":"retrieving"}\n\n');
    // With an id (resumable streams) the id line comes first.
    expect(formatEvent({ type: 'status', stage: 'retrieving' }, 't-1:1')).toBe('id: t-1:1\ndata: {"type":"status","stage":"retrieving"}\n\n');
    expect(HEARTBEAT).toBe(': keep-alive\n\n');
    expect(SSE_HEADERS['content-type']).toBe('text/event-stream; charset=utf-8');
  });
});

/** A response stand-in whose socket never drains, to exercise backpressure. */
class StuckResponse extends EventEmitter {
  writableLength = 0;
  destroyed = false;
  writes: string[] = [];
  writeHead() { return this; }
  flushHeaders() {}
  write(chunk: string) {
    this.writes.push(chunk);
    this.writableLength += chunk.length;
    return false;
  }
  end() {}
  destroy() { this.destroyed = true; }
}

describe('backpressure', () => {
  test('a client that does not drain within the timeout aborts the turn', async () => {
    const res = new StuckResponse();
    const w = new SseWriter(res as unknown as ServerResponse, { heartbeatMs: 60_000, drainTimeoutMs: 30, bufferCap: 1 << 20 });
    w.start({});
    expect(await w.send({ type: 'content', content: 'x' })).toBe(false);
    expect(w.signal.aborted).toBe(true);
    expect(w.abortReason).toBe('slow_client');
    expect(res.destroyed).toBe(true);
  });

  test('past the buffer cap the turn is aborted at once', async () => {
    const res = new StuckResponse();
    const w = new SseWriter(res as unknown as ServerResponse, { heartbeatMs: 60_000, drainTimeoutMs: 60_000, bufferCap: 10 });
    w.start({});
    expect(await w.send({ type: 'content', content: 'more than ten bytes' })).toBe(false);
    expect(w.abortReason).toBe('slow_client');
  });

  test('a drain lets the turn go on', async () => {
    const res = new StuckResponse();
    const w = new SseWriter(res as unknown as ServerResponse, { heartbeatMs: 60_000, drainTimeoutMs: 60_000, bufferCap: 1 << 20 });
    w.start({});
    const sent = w.send({ type: 'content', content: 'x' });
    res.emit('drain');
    expect(await sent).toBe(true);
    expect(w.open).toBe(true);
  });
});

describe('over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    // A slow extractive engine (200 ms between chunks) so a client can leave mid-answer.
    s = await startFixture({ uniqueClients: true, bots: [botConfig({ engine: { type: 'extractive', chunk_delay_ms: 200 } })], start: { sse: { heartbeatMs: 50 }, resumeGraceMs: 100 } });
  });
  afterAll(() => s.stop());

  test('a `: keep-alive` comment is sent during silence', async () => {
    const res = await s.chat({ message: 'How do I reset the lamp?' });
    const raw = await res.text();
    expect(raw).toContain('\n\n: keep-alive\n\n');
    // It repeats while the silence lasts (200 ms between chunks, 50 ms heartbeat).
    expect(raw).toContain(': keep-alive\n\n: keep-alive\n\n');
    expect(raw.trimEnd().endsWith('}')).toBe(true);
  });

  test('a client that disconnects and does not resume within the grace period stops generation; the user message stays stored, no answer is', async () => {
    const controller = new AbortController();
    const res = await s.chat({ message: 'How much does the lamp cost?', session_id: 'abort-session' }, {}, controller.signal);
    const seen: string[] = [];
    try {
      for await (const e of sseEvents(res)) {
        seen.push(e.type);
        if (e.type === 'content') controller.abort();
      }
    } catch {
      // the fetch rejects once aborted
    }
    expect(seen).toContain('content');
    // The server notices the close and removes the stream; wait for that, not a fixed time.
    await expect.poll(() => s.ctx.streams.size, { timeout: 5000 }).toBe(0);
    const [conversation] = await s.ctx.store.conversationsOfSession('abort-session');
    const messages = await s.ctx.store.messages(conversation.id);
    expect(Array.isArray(messages) && messages.map((m) => m.role)).toEqual(['user']);
  });

  test('shutting down ends open streams with an error event', async () => {
    const t = await startFixture({ bots: [botConfig({ engine: { type: 'extractive', chunk_delay_ms: 500 } })] });
    const res = await t.chat({ message: 'How much does the lamp cost?', session_id: SESSION, bot_id: BOT_ID });
    const events: string[] = [];
    const reading = (async () => {
      for await (const e of sseEvents(res)) {
        events.push(e.type === 'error' ? `error:${e.error}` : e.type);
      }
    })();
    await expect.poll(() => events.includes('content')).toBe(true);
    await t.stop();
    await reading.catch(() => undefined);
    expect(events.at(-1)).toBe('error:service_unavailable');
  });
});

describe('resuming a dropped stream on one instance (events kept in memory)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startFixture({ uniqueClients: true, bots: [botConfig({ engine: { type: 'extractive', chunk_delay_ms: 100 } })], start: { resumeGraceMs: 2000 } });
  });
  afterAll(() => s.stop());

  test('a client that drops mid-answer and comes back with Last-Event-ID gets the rest; the turn ran on and its answer is stored', async () => {
    const controller = new AbortController();
    const res = await s.chat({ message: 'How do I reset the lamp?', session_id: 'resume-session' }, {}, controller.signal);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let raw = '';
    while (!raw.includes('"type":"content"')) raw += (await reader.read()).value ?? '';
    controller.abort();
    const seen = parseSse(raw.slice(0, raw.lastIndexOf('\n\n') + 2));
    const last = seen.ids.at(-1)!;
    const turnId = last.split(':')[0];

    const resumed = await s.get(`/v1/public/chat/streams/${turnId}?session_id=resume-session`, { 'last-event-id': last });
    const rest = parseSse(await resumed.text());
    const done = rest.events.at(-1)!;
    expect(done.type).toBe('done');
    const text = [...seen.events, ...rest.events].filter((e) => e.type === 'content').map((e) => e.content).join('');
    const stored = await s.ctx.store.messages(done.conversation_id as string);
    expect(Array.isArray(stored) && stored.at(-1)).toMatchObject({ role: 'assistant', content: text });
    // Every event once, numbered without a gap.
    expect([...seen.ids, ...rest.ids].map((id) => Number(id.split(':')[1]))).toEqual([...seen.ids, ...rest.ids].map((_, i) => i + 1));
  });
});

describe('the in-memory turn log', () => {
  test('keeps at most MAX_MEMORY_TURNS turns, dropping the oldest; an ended turn can still be read', async () => {
    const { MemoryTurnLog, MAX_MEMORY_TURNS } = await import('./turn-log.ts');
    const log = new MemoryTurnLog();
    const meta = { session_id: 's', bot_id: 'b' };
    for (let i = 0; i <= MAX_MEMORY_TURNS; i++) await log.append(`t${i}`, [{ seq: 1, event: { type: 'status', stage: 'retrieving' } }], { meta });
    expect(await log.meta('t0')).toBeUndefined();
    expect(await log.meta('t1')).toEqual(meta);
    await log.append('t1', [{ seq: 2, event: { type: 'error', error: 'internal_error', message: 'x' } }], { end: true });
    const read = [];
    for await (const e of log.read('t1', 1, new AbortController().signal)) read.push(e);
    expect(read).toEqual([{ seq: 2, event: { type: 'error', error: 'internal_error', message: 'x' } }]);
    log.close();
    expect(await log.meta('t1')).toBeUndefined();
  });
});
