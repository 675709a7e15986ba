// One chat turn: POST, then read the SSE body with eventsource-parser (from the lazy chunk).
// eventsource-parser handles framing (events split across chunks, CRLF, comments); a streaming
// TextDecoder keeps multi-byte UTF-8 characters that straddle chunks intact.
import type { createParser as CreateParser } from 'eventsource-parser';
import { httpFailure, streamErrorCode } from './api';
import type { Failure, StreamEvent } from './types';

// Types a newer server may add are ignored rather than guessed at.
const PASSED = ['status', 'content', 'replace', 'notice'];

export interface TurnBody {
  bot_id: string;
  message: string;
  session_id: string;
  conversation_id?: string;
  recaptcha_token?: string;
  image_data?: string;
  image_media_type?: string;
}

/**
 * How a turn ended. `opened` tells whether the server accepted the request (HTTP 200): before
 * that, the user's text goes back to the composer; after it, the thread keeps it with a retry.
 */
export type TurnEnd =
  | { ok: true; done: Extract<StreamEvent, { type: 'done' }> }
  | { ok: false; opened: boolean; error: Failure }
  | { ok: false; opened: boolean; aborted: true };

/** `createParser` comes from the lazily loaded chunk (chunk.ts), passed in so this stays testable. */
export async function streamTurn(url: string, body: TurnBody, signal: AbortSignal, onEvent: (e: StreamEvent) => void, createParser: typeof CreateParser): Promise<TurnEnd> {
  const aborted = (opened: boolean): TurnEnd => ({ ok: false, opened, aborted: true });
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal,
    });
  } catch {
    return signal.aborted ? aborted(false) : { ok: false, opened: false, error: { code: 'network' } };
  }
  if (!res.ok) return { ok: false, opened: false, error: await httpFailure(res) };
  // The spec does not fix the content type, so only a body that is clearly something else
  // (a proxy's HTML error page served with 200, a JSON document) is refused up front.
  const type = res.headers.get('Content-Type') || '';
  if (!res.body || /text\/html|application\/json/i.test(type)) return { ok: false, opened: true, error: { code: 'bad_response', status: res.status } };

  let end: TurnEnd | null = null;
  let seen = false;
  const parser = createParser({
    onEvent(msg) {
      if (end) return; // nothing after done/error counts
      let ev: StreamEvent;
      try {
        ev = JSON.parse(msg.data);
      } catch {
        return;
      }
      if (!ev || typeof ev !== 'object' || typeof ev.type !== 'string') return;
      seen = true;
      if (ev.type === 'done') end = { ok: true, done: ev };
      else if (ev.type === 'error') end = { ok: false, opened: true, error: { code: streamErrorCode(ev.error), message: ev.message } };
      else if (PASSED.includes(ev.type)) onEvent(ev);
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!end) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    if (!end) parser.feed(decoder.decode() + '\n\n');
  } catch {
    if (signal.aborted) return aborted(true);
    return end || { ok: false, opened: true, error: { code: 'interrupted' } };
  } finally {
    reader.cancel().catch(() => {});
  }
  if (signal.aborted && !end) return aborted(true);
  // A body that ends without done/error: a cut connection, or not an SSE stream at all.
  return end || { ok: false, opened: true, error: { code: seen ? 'interrupted' : 'bad_response' } };
}
