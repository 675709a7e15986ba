/**
 * The output of one chat turn: every event gets a sequence number and an SSE id
 * (`<turnId>:<seq>`), is written to the turn log (turn-log.ts) and to the client while it is
 * connected. When the client goes away the turn keeps running as long as someone can resume
 * it: a reader must attach (GET /v1/public/chat/streams/{turn_id}) within the grace period,
 * checked again every grace period; with no reader, or no log to resume from, the turn is
 * aborted as before, so nothing is generated for no one.
 */
import { randomUUID } from 'node:crypto';
import type { ChatEvent } from '../../protocol/schemas.ts';
import type { Context } from '../context.ts';
import type { SseWriter } from './sse.ts';
import { ALIVE_EVERY_MS, INTERRUPTED, isTerminal, type TurnMeta } from './turn-log.ts';

/** What runTurn writes to. */
export interface TurnOutput {
  send(event: ChatEvent): Promise<boolean>;
  /** False once the turn should stop (no one can receive what it produces). */
  readonly open: boolean;
  /** Aborts generation. */
  readonly signal: AbortSignal;
}

export class TurnStream implements TurnOutput {
  readonly id = randomUUID();
  private readonly ctx: Pick<Context, 'log' | 'resumeGraceMs' | 'turnLog'>;
  private readonly out: SseWriter;
  private readonly controller = new AbortController();
  private seq = 0;
  private resumable = false;
  private ended = false;
  private last: ChatEvent | null = null;
  /** Log writes in order, not awaited one by one: the client is not kept waiting on Redis. */
  private logged: Promise<void> = Promise.resolve();
  private graceTimer: NodeJS.Timeout | undefined;
  private aliveTimer: NodeJS.Timeout | undefined;

  constructor(ctx: Pick<Context, 'log' | 'resumeGraceMs' | 'turnLog'>, out: SseWriter) {
    this.ctx = ctx;
    this.out = out;
    out.signal.addEventListener('abort', () => this.detach(), { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get open(): boolean {
    return !this.ended && !this.controller.signal.aborted;
  }

  /** Opens the turn's log. A log that cannot be written (Redis down) only makes the turn non-resumable. */
  async begin(meta: TurnMeta) {
    try {
      await this.ctx.turnLog.begin(this.id, meta);
      this.resumable = true;
      this.aliveTimer = setInterval(() => void this.ctx.turnLog.keepAlive(this.id).catch(() => undefined), ALIVE_EVERY_MS);
      this.aliveTimer.unref();
    } catch (e) {
      this.ctx.log.warn({ event: 'turn_not_resumable', turn_id: this.id, err: (e as Error).message }, 'turn log unavailable: not resumable');
    }
    if (!this.out.open) this.detach();
  }

  async send(event: ChatEvent): Promise<boolean> {
    if (!this.open) return false;
    const seq = ++this.seq;
    this.last = event;
    if (this.resumable) this.log(seq, event);
    if (this.out.open) await this.out.send(event, `${this.id}:${seq}`);
    // Without a client the log is the only reader's source: it must keep up before more is generated.
    else await this.logged;
    return this.open;
  }

  private log(seq: number, event: ChatEvent) {
    const append = this.ctx.turnLog.append(this.id, seq, event);
    this.logged = this.logged.then(() => append).catch((e: unknown) => {
      if (!this.resumable) return;
      this.ctx.log.warn({ event: 'turn_not_resumable', turn_id: this.id, err: (e as Error).message }, 'turn log write failed: no longer resumable');
      this.resumable = false;
      if (!this.out.open) this.stop();
    });
  }

  /** The client left (or was too slow, or the server is shutting down). */
  private detach() {
    if (this.ended || this.graceTimer) return;
    if (!this.resumable || this.out.abortReason === 'shutdown') return this.stop();
    this.graceTimer = setInterval(() => {
      this.ctx.turnLog.hasReader(this.id).then((yes) => yes || this.stop(), () => this.stop());
    }, this.ctx.resumeGraceMs);
    this.graceTimer.unref();
  }

  private stop() {
    clearInterval(this.graceTimer);
    this.controller.abort(new Error('no reader'));
  }

  /** The turn is over: a log without a final event gets one, so readers never wait on it. */
  async finish() {
    if (this.ended) return;
    clearInterval(this.graceTimer);
    clearInterval(this.aliveTimer);
    const needsEnd = !this.last || !isTerminal(this.last);
    this.ended = true;
    await this.logged;
    if (!this.resumable) return;
    try {
      if (needsEnd) await this.ctx.turnLog.append(this.id, ++this.seq, this.out.abortReason === 'shutdown' ? SHUTDOWN : INTERRUPTED);
      await this.ctx.turnLog.release(this.id);
    } catch (e) {
      this.ctx.log.warn({ event: 'turn_log_close_failed', turn_id: this.id, err: (e as Error).message }, 'closing the turn log failed');
    }
  }
}

const SHUTDOWN: ChatEvent = { type: 'error', error: 'service_unavailable', message: 'The server is restarting. Please try again in a moment.' };
