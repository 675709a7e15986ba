import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatEvent, HEARTBEAT, SSE_HEADERS, SseWriter } from './sse.ts';
import { botConfig, BOT_ID, SESSION, startFixture, type TestServer } from './test/fixtures.ts';
import { sseEvents } from './test/sse-reader.ts';

describe('SSE framing', () => {
  test('one event is `data: <json>` and a blank line; newlines inside text stay escaped', () => {
    expect(formatEvent({ type: 'content', content: 'a\nb' })).toBe('data: {"type":"content","content":"a\\nb"}\n\n');
    expect(formatEvent({ type: 'status', stage: 'retrieving' })).toBe('data: {"type":"status","stage":"retrieving"}\n\n');
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
    s = await startFixture({ uniqueClients: true, bots: [botConfig({ engine: { type: 'extractive', chunk_delay_ms: 200 } })], start: { sse: { heartbeatMs: 50 } } });
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

  test('a client that disconnects stops generation; the user message stays stored, no answer is', async () => {
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
    const rows = s.ctx.store.db.prepare(`SELECT m.role FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.session_id = 'abort-session'`).all();
    expect(rows).toEqual([{ role: 'user' }]);
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
