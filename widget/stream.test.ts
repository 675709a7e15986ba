import { afterEach, describe, expect, test, vi } from 'vitest';
import { createParser } from 'eventsource-parser';
import { streamTurn } from './stream';
import type { StreamEvent } from './types';
import { enc, json, sse, sseResponse } from './test/helpers';

const BODY = { bot_id: 'b', message: 'hi', session_id: 's' };

async function run(res: Response | (() => Promise<Response>)) {
  vi.stubGlobal('fetch', vi.fn(typeof res === 'function' ? res : async () => res));
  const events: StreamEvent[] = [];
  const end = await streamTurn('https://api.test/v1/public/chat/stream', BODY, new AbortController().signal, (e) => events.push(e), createParser);
  return { end, events };
}
const text = (events: StreamEvent[]) => events.map((e) => ('content' in e ? e.content : '')).join('');

afterEach(() => vi.unstubAllGlobals());

describe('stream framing', () => {
  test('each event type, in order, ends on done with its fields', async () => {
    const { end, events } = await run(
      sseResponse(
        sse(
          { type: 'status', stage: 'retrieving' },
          { type: 'notice', code: 'rag_unavailable', level: 'warning', message_key: 'notice.rag_unavailable' },
          { type: 'status', stage: 'generating' },
          { type: 'content', content: 'Hel' },
          { type: 'content', content: 'lo' },
          { type: 'replace', content: 'Hi' },
          { type: 'done', conversation_id: 'c1', assistant_message_id: 'm1', citations: [] },
          { type: 'content', content: 'after done is ignored' },
        ),
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['status', 'notice', 'status', 'content', 'content', 'replace']);
    expect(end).toMatchObject({ ok: true, done: { conversation_id: 'c1', assistant_message_id: 'm1' } });
  });

  test('an event split mid-JSON across chunks', async () => {
    const raw = sse({ type: 'content', content: 'split here' }, { type: 'done', conversation_id: 'c' });
    const { end, events } = await run(sseResponse([raw.slice(0, 17), raw.slice(17, 30), raw.slice(30)]));
    expect(text(events)).toBe('split here');
    expect(end.ok).toBe(true);
  });

  test('a multi-byte UTF-8 character split across chunks', async () => {
    const bytes = enc(sse({ type: 'content', content: 'Grüße 👋 مرحبا' }, { type: 'done' }));
    const cut = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
    const { events } = await run(sseResponse([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(text(events)).toBe('Grüße 👋 مرحبا');
  });

  test('CRLF line endings and comment lines', async () => {
    const raw = `: keep-alive\r\n\r\ndata: ${JSON.stringify({ type: 'content', content: 'a' })}\r\n\r\n: ping\r\ndata: ${JSON.stringify({ type: 'done' })}\r\n\r\n`;
    const { end, events } = await run(sseResponse(raw));
    expect(text(events)).toBe('a');
    expect(end.ok).toBe(true);
  });

  test('a stream that ends without done is an interrupted turn', async () => {
    const { end } = await run(sseResponse(sse({ type: 'content', content: 'half' })));
    expect(end).toMatchObject({ ok: false, opened: true, error: { code: 'interrupted' } });
  });

  test('a connection that drops mid-stream is an interrupted turn', async () => {
    const { end } = await run(sseResponse([sse({ type: 'content', content: 'x' })], {}, { fail: true }));
    expect(end).toMatchObject({ ok: false, opened: true, error: { code: 'interrupted' } });
  });

  test('an HTML error page served with 200 is a bad response', async () => {
    const { end } = await run(new Response('<html><body>502 Bad Gateway</body></html>', { headers: { 'Content-Type': 'text/html' } }));
    expect(end).toMatchObject({ ok: false, error: { code: 'bad_response' } });
  });

  test('a 200 body with no SSE events and no content type is a bad response', async () => {
    const { end } = await run(new Response('<html>oops</html>'));
    expect(end).toMatchObject({ ok: false, error: { code: 'bad_response' } });
  });

  test('an in-stream error carries its code and message', async () => {
    const { end } = await run(sseResponse(sse({ type: 'error', error: 'content_filtered', message: 'Blocked.' })));
    expect(end).toMatchObject({ ok: false, opened: true, error: { code: 'content_filtered', message: 'Blocked.' } });
  });

  test('unknown in-stream error codes read as internal errors; unknown events are skipped', async () => {
    const { end, events } = await run(sseResponse(sse({ type: 'mystery' }, { type: 'error', error: 'weird' }) + 'data: not json\n\n'));
    expect(events).toEqual([]);
    expect(end).toMatchObject({ error: { code: 'internal_error' } });
  });
});

describe('failures before the stream', () => {
  test.each([
    [400, 'bad_request'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [500, 'server'],
  ])('HTTP %i → %s, not opened', async (status, code) => {
    const { end } = await run(json({ error: 'x', message: 'Readable.' }, status));
    expect(end).toMatchObject({ ok: false, opened: false, error: { code, status, message: 'Readable.' } });
  });

  test('429 reads Retry-After seconds', async () => {
    const { end } = await run(json({ error: 'rate_limited' }, 429, { 'Retry-After': '12' }));
    expect(end).toMatchObject({ ok: false, opened: false, error: { code: 'rate_limited', retryAfter: 12 } });
  });

  test('a non-JSON error body still maps by status', async () => {
    const { end } = await run(new Response('Forbidden', { status: 403 }));
    expect(end).toMatchObject({ error: { code: 'forbidden', message: undefined } });
  });

  test('a network failure is told apart from HTTP errors', async () => {
    const { end } = await run(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(end).toMatchObject({ ok: false, opened: false, error: { code: 'network' } });
  });

  test('abort before and during the stream', async () => {
    const c = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse([sse({ type: 'content', content: 'a' }), new Promise(() => {}) as never])),
    );
    const p = streamTurn('https://x/chat', BODY, c.signal, () => c.abort(), createParser);
    expect(await p).toMatchObject({ ok: false, aborted: true, opened: true });
  });
});

describe('resuming a dropped stream (resumable-stream extension)', () => {
  const withIds = (turn: string, from: number, ...events: object[]) => events.map((e, i) => `id: ${turn}:${from + i}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const resume = { url: (t: string) => `https://api.test/v1/public/chat/streams/${t}?session_id=s`, onTurn: vi.fn() };

  async function runWith(...responses: Array<Response | Error>) {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const next = responses.shift()!;
      if (next instanceof Error) throw next;
      return next;
    }));
    const events: StreamEvent[] = [];
    const end = await streamTurn('https://api.test/v1/public/chat/stream', BODY, new AbortController().signal, (e) => events.push(e), createParser, resume);
    return { end, events, calls };
  }

  test('a drop mid-answer reconnects with Last-Event-ID and reads the rest to done', async () => {
    const { end, events, calls } = await runWith(
      sseResponse(withIds('t1', 1, { type: 'status', stage: 'generating' }, { type: 'content', content: 'Hel' }), {}, { fail: true }),
      new TypeError('network down'),
      sseResponse(withIds('t1', 3, { type: 'content', content: 'lo' }, { type: 'done', conversation_id: 'c', assistant_message_id: 'm' })),
    );
    expect(end).toMatchObject({ ok: true, done: { assistant_message_id: 'm' } });
    expect(text(events)).toBe('Hello');
    expect(calls.map((c) => c.url)).toEqual(['https://api.test/v1/public/chat/stream', resume.url('t1'), resume.url('t1')]);
    expect((calls[2].init?.headers as Record<string, string>)['Last-Event-ID']).toBe('t1:2');
    expect(resume.onTurn).toHaveBeenCalledWith('t1');
  });

  test('a server without the extension (404) ends the turn "interrupted" as before', async () => {
    const { end, calls } = await runWith(
      sseResponse(withIds('t2', 1, { type: 'content', content: 'Hel' }), {}, { fail: true }),
      json({ error: 'not_found', message: 'No such endpoint' }, 404),
    );
    expect(end).toMatchObject({ ok: false, opened: true, error: { code: 'interrupted' } });
    expect(calls.length).toBe(2);
  });

  test('events without ids (an older server): no reconnect, "interrupted"', async () => {
    const { end, calls } = await runWith(sseResponse(sse({ type: 'content', content: 'Hel' }), {}, { fail: true }));
    expect(end).toMatchObject({ ok: false, opened: true, error: { code: 'interrupted' } });
    expect(calls.length).toBe(1);
  });
});
