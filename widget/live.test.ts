// Issue 21: the live channel's client: events to handlers, a drop resumed with Last-Event-ID,
// and polling instead against a server without the channel (404) or one that keeps failing.
import { createParser } from 'eventsource-parser';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { liveChannel, LIVE_RETRY_MS } from './live';

const sse = (...frames: string[]) => new Response(frames.join(''), { headers: { 'content-type': 'text/event-stream' } });
const message = (id: string) => ({ id, role: 'assistant', content: `reply ${id}`, citations: null, feedback: null, image_preview: null, created_at: '2026-01-01T00:00:00Z', agent_name: 'Ana' });

let calls: Array<{ url: string; last: string | null }> = [];
let answers: Array<() => Response> = [];
beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, last: (init.headers as Record<string, string>)['Last-Event-ID'] ?? null });
    const next = answers.shift();
    if (!next) throw new TypeError('network');
    return next();
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function channel(lastId: () => string | null = () => 'm0') {
  const seen: unknown[] = [];
  const fallback = vi.fn();
  const ch = liveChannel({
    url: () => 'https://api.example/live?session_id=s', lastId, createParser: () => createParser,
    on: { message: (m) => seen.push(['message', m.id]), status: (s, a) => seen.push(['status', s, a]), typing: (a, t) => seen.push(['typing', a, t]), fallback },
  });
  return { ch, seen, fallback };
}

test('events reach their handlers in order; the stream ends after a status other than handoff, and nothing reconnects', async () => {
  answers = [() => sse(
    `id: m1\ndata: ${JSON.stringify({ type: 'message', message: message('m1') })}\n\n`,
    `data: ${JSON.stringify({ type: 'typing', agent_name: 'Ana', typing: true })}\n\n`,
    `data: ${JSON.stringify({ type: 'status', conversation_status: 'closed', agent_name: null })}\n\n`,
  )];
  const { ch, seen, fallback } = channel();
  ch.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(seen).toEqual([['message', 'm1'], ['typing', 'Ana', true], ['status', 'closed', null]]);
  expect(calls).toEqual([{ url: 'https://api.example/live?session_id=s', last: 'm0' }]);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(calls).toHaveLength(1);
  expect(fallback).not.toHaveBeenCalled();
});

test('a drop is resumed with Last-Event-ID: the last message id the widget has', async () => {
  let last = 'm0';
  answers = [
    () => sse(`id: m1\ndata: ${JSON.stringify({ type: 'message', message: message('m1') })}\n\n`), // then the connection ends
    () => sse(`data: ${JSON.stringify({ type: 'status', conversation_status: 'open', agent_name: null })}\n\n`),
  ];
  const { ch } = channel(() => last);
  last = 'm1';
  ch.start();
  await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS[0]);
  expect(calls.map((c) => c.last)).toEqual(['m1', 'm1']);
});

test('a server without the channel (404): polling at once, and the channel is not tried again', async () => {
  answers = [() => new Response('{"error":"not_found"}', { status: 404, headers: { 'content-type': 'application/json' } })];
  const { ch, fallback } = channel();
  ch.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(fallback).toHaveBeenCalledTimes(1);
  expect(ch.usable).toBe(false);
  ch.start();
  expect(fallback).toHaveBeenCalledTimes(2);
  expect(calls).toHaveLength(1);
});

test('a channel that keeps failing gives way to polling after its retries', async () => {
  const { ch, fallback } = channel();
  ch.start(); // every fetch fails (network)
  for (const ms of LIVE_RETRY_MS) await vi.advanceTimersByTimeAsync(ms);
  await vi.advanceTimersByTimeAsync(0);
  expect(calls).toHaveLength(LIVE_RETRY_MS.length + 1);
  expect(fallback).toHaveBeenCalledTimes(1);
  expect(ch.usable).toBe(true); // not shown to lack it: tried again next time a person is involved
});
