// One chat turn: POST, then read the SSE body with eventsource-parser (from the lazy chunk).
// eventsource-parser handles framing (events split across chunks, CRLF, comments); a streaming
// TextDecoder keeps multi-byte UTF-8 characters that straddle chunks intact.
import type { createParser as CreateParser } from 'eventsource-parser';
import { httpFailure, streamErrorCode } from './api';
import type { ChatRequest } from '../protocol/schemas.ts';
import type { Failure, StreamEvent } from './types';

/** The request body of protocol/, as this widget sends it (absent fields left out, never null). */
export type TurnBody = { [K in keyof ChatRequest]: Exclude<ChatRequest[K], null> };

/**
 * How a turn ended. `opened` tells whether the server accepted the request (HTTP 200): before
 * that, the user's text goes back to the composer; after it, the thread keeps it with a retry.
 */
export type TurnEnd =
  | { ok: true; done: Extract<StreamEvent, { type: 'done' }> }
  | { ok: false; opened: boolean; error: Failure }
  | { ok: false; opened: boolean; aborted: true };

/**
 * Resuming a dropped stream (the server's resumable-stream extension): every event carries an
 * SSE id `<turn>:<n>`; after a drop the rest is read from `url(turn)` with `Last-Event-ID`.
 * A server without the extension answers 404 there, and the turn ends "interrupted" as before.
 */
export interface Resume {
  url(turnId: string): string;
  /** Called when the turn's id is first known (kept in storage so a page reload can resume). */
  onTurn?(turnId: string): void;
}

/** Pauses before each resume attempt: a dropped network often needs a moment to come back. */
const RESUME_DELAYS_MS = [300, 1000, 3000];

const turnOf = (eventId: string) => eventId.slice(0, eventId.lastIndexOf(':'));
const aborted = (opened: boolean): TurnEnd => ({ ok: false, opened, aborted: true });

/** `createParser` comes from the lazily loaded chunk (chunk.ts), passed in so this stays testable. */
export async function streamTurn(url: string, body: TurnBody, signal: AbortSignal, onEvent: (e: StreamEvent) => void, createParser: typeof CreateParser, resume?: Resume): Promise<TurnEnd> {
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
  return readTurn(res, signal, onEvent, createParser, resume, '');
}

/**
 * Reattaches to a turn after a page reload: all its events from the first (`lastEventId`
 * empty) or after one. `opened: false` when the server cannot resume it (404: unknown,
 * expired, or a server without the extension).
 */
export async function resumeTurn(turnId: string, lastEventId: string, signal: AbortSignal, onEvent: (e: StreamEvent) => void, createParser: typeof CreateParser, resume: Resume): Promise<TurnEnd> {
  const res = await reopen(resume.url(turnId), lastEventId, signal);
  if (res instanceof Response) return readTurn(res, signal, onEvent, createParser, resume, lastEventId);
  return signal.aborted ? aborted(false) : { ok: false, opened: false, error: res };
}

/** One GET of the resume endpoint: the stream, or why not. */
async function reopen(url: string, lastEventId: string, signal: AbortSignal): Promise<Response | Failure> {
  try {
    const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) }, credentials: 'omit', signal });
    if (!res.ok) return httpFailure(res);
    return res.body ? res : { code: 'bad_response', status: res.status };
  } catch {
    return { code: 'network' };
  }
}

/** Reads a turn's stream to its end, resuming after drops while the server allows. */
async function readTurn(res: Response, signal: AbortSignal, onEvent: (e: StreamEvent) => void, createParser: typeof CreateParser, resume: Resume | undefined, lastId: string): Promise<TurnEnd> {
  const state = { lastId, seen: false };
  for (let attempt = 0; ; ) {
    const end = await readBody(res, signal, onEvent, createParser, state, resume);
    if (end) return end;
    if (signal.aborted) return aborted(true);
    // A body that ends without done/error: a cut connection, or not an SSE stream at all.
    const cut: TurnEnd = { ok: false, opened: true, error: { code: state.seen ? 'interrupted' : 'bad_response' } };
    if (!resume || !state.lastId) return cut;
    let next: Response | Failure = cut.error;
    while (attempt < RESUME_DELAYS_MS.length) {
      await new Promise((r) => setTimeout(r, RESUME_DELAYS_MS[attempt++]));
      if (signal.aborted) return aborted(true);
      next = await reopen(resume.url(turnOf(state.lastId)), state.lastId, signal);
      // Only a network failure is worth another try; any answer (404 above all) is final.
      if (next instanceof Response || next.code !== 'network') break;
    }
    if (!(next instanceof Response)) return signal.aborted ? aborted(true) : cut;
    res = next;
  }
}

/** One response body: the end event, or null when the body stopped without one. */
async function readBody(res: Response, signal: AbortSignal, onEvent: (e: StreamEvent) => void, createParser: typeof CreateParser, state: { lastId: string; seen: boolean }, resume: Resume | undefined): Promise<TurnEnd | null> {
  // The spec does not fix the content type, so only a body that is clearly something else
  // (a proxy's HTML error page served with 200, a JSON document) is refused up front.
  const type = res.headers.get('Content-Type') || '';
  if (!res.body || /text\/html|application\/json/i.test(type)) return { ok: false, opened: true, error: { code: 'bad_response', status: res.status } };

  let end: TurnEnd | null = null;
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
      if (msg.id) {
        if (!state.lastId || turnOf(msg.id) !== turnOf(state.lastId)) resume?.onTurn?.(turnOf(msg.id));
        state.lastId = msg.id;
      }
      state.seen = true;
      switch (ev.type) {
        case 'done':
          end = { ok: true, done: ev };
          break;
        case 'error':
          end = { ok: false, opened: true, error: { code: streamErrorCode(ev.error), message: ev.message } };
          break;
        case 'status':
        case 'content':
        case 'replace':
        case 'notice':
          onEvent(ev);
          break;
        default: {
          // A new event type in protocol/ stops the build here until it is handled above; at
          // run time, a type a newer server sends is ignored rather than guessed at.
          const unknown: never = ev;
          void unknown;
        }
      }
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
    return end;
  } finally {
    reader.cancel().catch(() => {});
  }
  if (signal.aborted && !end) return aborted(true);
  return end;
}
