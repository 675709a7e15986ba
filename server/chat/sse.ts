/**
 * Server-Sent Events: a pure formatter (unit-tested alone), the response headers, and a
 * writer that owns one response: heartbeat on silence, backpressure, and an AbortSignal
 * that fires the moment the client goes away so the turn can stop generating.
 */
import type { ServerResponse } from 'node:http';
import type { ChatEvent } from '../../protocol/schemas.ts';

export type { ChatEvent };

/** Why a stream stops before its end: the client left, could not keep up, or the server is shutting down. */
export type AbortReason = 'client_closed' | 'slow_client' | 'shutdown';

/**
 * One event as the spec frames it: `data: <json>` and a blank line. JSON never holds a raw
 * newline. With `id`, an `id:` line first: the resumable-stream extension (turn-stream.ts).
 */
export const formatEvent = (event: ChatEvent, id?: string): string => `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(event)}\n\n`;

/** A comment line: ignored by SSE parsers, keeps proxies from closing an idle stream. */
export const HEARTBEAT = ': keep-alive\n\n';

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

export interface SseOptions {
  heartbeatMs: number;
  /** How long a slow client may take to drain before the turn is given up. */
  drainTimeoutMs: number;
  /** Bytes queued in the socket past which the turn is given up. */
  bufferCap: number;
}

export const DEFAULT_SSE: SseOptions = { heartbeatMs: 15_000, drainTimeoutMs: 30_000, bufferCap: 1 << 20 };

export class SseWriter {
  private readonly res: ServerResponse;
  private readonly opts: SseOptions;
  private readonly controller = new AbortController();
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;
  /** Why the stream stopped early: the client left, or it could not keep up. */
  abortReason: AbortReason | null = null;

  constructor(res: ServerResponse, opts: SseOptions) {
    this.res = res;
    this.opts = opts;
    // Registered before anything is awaited, so no disconnect is missed.
    res.on('close', () => {
      if (!this.ended) this.abort('client_closed');
      this.stopHeartbeat();
    });
    // The client may have left while the request was still being checked (e.g. bot protection).
    if (res.destroyed || res.socket?.destroyed) this.abort('client_closed');
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get open(): boolean {
    return !this.ended && !this.controller.signal.aborted;
  }

  /**
   * Sets status 200 and the SSE headers (plus any set by CORS) and starts the heartbeat. With
   * `flush` false the headers go out with the first event, in the same write: for a caller whose
   * first event follows at once (a chat turn's `status`).
   */
  start(extraHeaders: Record<string, string>, flush = true) {
    this.res.writeHead(200, { ...extraHeaders, ...SSE_HEADERS });
    if (flush) this.res.flushHeaders();
    this.armHeartbeat();
  }

  /** Writes one event; resolves once the socket can take more. False when the stream is gone. */
  async send(event: ChatEvent, id?: string): Promise<boolean> {
    if (!this.open) return false;
    return this.write(formatEvent(event, id));
  }

  /**
   * Writes several events at once (one write to the socket, not one per event); as `send`.
   * With `end` the response ends with them, in the same write (the turn's final event is among them).
   */
  async sendMany(events: ReadonlyArray<{ event: ChatEvent; id?: string }>, end = false): Promise<boolean> {
    if (!this.open) return false;
    let text = '';
    for (const e of events) text += formatEvent(e.event, e.id);
    if (!end) return this.write(text);
    this.end(text);
    return true;
  }

  private write(text: string): Promise<boolean> | boolean {
    const ok = this.res.write(text);
    this.armHeartbeat();
    if (ok) return true;
    if (this.res.writableLength > this.opts.bufferCap) {
      this.abort('slow_client');
      return false;
    }
    return this.waitDrain();
  }

  private waitDrain(): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.res.off('drain', onDrain);
        this.controller.signal.removeEventListener('abort', onAbort);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onAbort = () => done(false);
      const timer = setTimeout(() => {
        this.abort('slow_client');
        done(false);
      }, this.opts.drainTimeoutMs);
      this.res.once('drain', onDrain);
      this.controller.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Sends a last event (e.g. on shutdown), ends the response and stops the turn. */
  async closeWith(event: ChatEvent, id?: string) {
    if (this.open && !this.res.destroyed) this.res.write(formatEvent(event, id));
    this.end();
    this.controller.abort(new Error('shutdown'));
    this.abortReason = 'shutdown';
  }

  /** Ends the response normally (after `done` or `error`). */
  end(last?: string) {
    if (this.ended) return;
    this.ended = true;
    this.stopHeartbeat();
    if (!this.res.destroyed) this.res.end(last);
  }

  /** Stops the turn: aborts generation and drops the connection. */
  abort(reason: AbortReason) {
    if (this.controller.signal.aborted) return;
    this.abortReason = reason;
    this.controller.abort(new Error(reason));
    this.stopHeartbeat();
    if (reason !== 'client_closed' && !this.res.destroyed) this.res.destroy();
  }

  /** (Re)starts the silence timer. Called on every event, so it re-arms one timer (refresh) rather than making a new one. */
  private armHeartbeat() {
    if (!this.open) return this.stopHeartbeat();
    if (this.heartbeat) {
      this.heartbeat.refresh();
      return;
    }
    this.heartbeat = setTimeout(() => {
      if (!this.open) return this.stopHeartbeat();
      this.res.write(HEARTBEAT);
      this.heartbeat?.refresh();
    }, this.opts.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = undefined;
  }
}
