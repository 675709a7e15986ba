/**
 * The output of one chat turn: every event gets a sequence number and an SSE id
 * (`<turnId>:<seq>`), is written to the turn log (turn-log.ts) and then to the client while it
 * is connected. When the client goes away the turn keeps running as long as someone can resume
 * it: a reader must attach (GET /v1/public/chat/streams/{turn_id}) within the grace period,
 * checked again every grace period; with no reader, or no log to resume from, the turn is
 * aborted as before, so nothing is generated for no one.
 *
 * Order: an event reaches the client only after its log entry is stored. A client therefore
 * only ever holds ids another instance can replay from, and after a crash the id of the closing
 * `service_unavailable` (the next sequence number) is one no client has seen. An event whose
 * entry could not be stored (Redis went away) is sent without an id: the client's Last-Event-ID
 * stays at the last one that can be replayed.
 *
 * Batching: events are logged in batches, one call each (one round trip with Redis). While a
 * batch is being logged, what the turn sends next gathers into the following one, so a fast
 * engine costs a few calls per turn rather than one per event, and the first batch also begins
 * the log, the last also ends it. `send` returns once its event is queued; it waits for the
 * log and the client only when more than MAX_AHEAD events are queued or no client is connected.
 */
import { randomUUID } from 'node:crypto';
import type { ChatEvent } from '../../protocol/schemas.ts';
import type { Context } from '../context.ts';
import type { SseWriter } from './sse.ts';
import { ALIVE_EVERY_MS, INTERRUPTED, isTerminal, type LoggedEvent, type TurnMeta } from './turn-log.ts';

/** What runTurn writes to. */
export interface TurnOutput {
  send(event: ChatEvent): Promise<boolean>;
  /** False once the turn should stop (no one can receive what it produces). */
  readonly open: boolean;
  /** Aborts generation. */
  readonly signal: AbortSignal;
}

/** Events a turn may run ahead of its log and its client before `send` waits for them. */
const MAX_AHEAD = 32;

export class TurnStream implements TurnOutput {
  readonly id = randomUUID();
  private readonly ctx: Pick<Context, 'log' | 'resumeGraceMs' | 'turnLog'>;
  private readonly out: SseWriter;
  private readonly controller = new AbortController();
  private meta: TurnMeta | null = null;
  private seq = 0;
  /** Whether events are still logged (false once a log write failed). */
  private resumable = true;
  /** The log has its first batch (its meta): it must be ended when the turn is. */
  private begun = false;
  private ended = false;
  private last: ChatEvent | null = null;
  /** Events sent by the turn, not yet logged and written. */
  private pending: LoggedEvent[] = [];
  /** The batch being logged and written, if any; it takes the pending events after it too. */
  private flushing: Promise<void> | null = null;
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

  /** What the log is begun with, by the first batch (nothing is written before the first event). */
  begin(meta: TurnMeta) {
    this.meta = meta;
    if (!this.out.open) this.detach();
  }

  async send(event: ChatEvent): Promise<boolean> {
    // Nothing follows a turn's final event.
    if (!this.open || (this.last && isTerminal(this.last))) return false;
    this.last = event;
    this.pending.push({ seq: ++this.seq, event });
    this.flushing ??= this.flush();
    // A client or log that does not keep up holds the turn back; without a client the log is the
    // only reader's source, and it must keep up before more is generated.
    if (this.pending.length >= MAX_AHEAD || !this.out.open) await this.flushing;
    // After the first event the turn lets the event loop turn once: node's http corks a
    // response's socket at each write until the next tick, and a turn that runs on in
    // microtasks alone (SQLite answers synchronously) held its first `status` until its end.
    else if (this.seq === 1) await new Promise<void>((resolve) => setImmediate(resolve));
    return this.open;
  }

  /** Logs and then writes batches until nothing is pending. */
  private async flush() {
    try {
      while (this.pending.length) {
        const batch = this.pending;
        this.pending = [];
        const last = isTerminal(batch[batch.length - 1].event);
        const logged = await this.log(batch, last);
        // The final event ends the response in the same write.
        await this.out.sendMany(batch.map(({ seq, event }) => ({ event, id: logged ? `${this.id}:${seq}` : undefined })), last);
      }
    } finally {
      this.flushing = null;
    }
  }

  /** True when the batch is in the log; a failed write ends resumption (the events go out without ids). */
  private async log(batch: LoggedEvent[], end: boolean): Promise<boolean> {
    if (!this.resumable || !this.meta) return false;
    try {
      await this.ctx.turnLog.append(this.id, batch, { meta: this.begun ? undefined : this.meta, end });
    } catch (e) {
      this.ctx.log.warn({ event: 'turn_not_resumable', turn_id: this.id, err: (e as Error).message }, 'turn log write failed: not resumable');
      this.resumable = false;
      clearInterval(this.aliveTimer);
      if (!this.out.open) this.stop();
      return false;
    }
    if (!this.begun && !end) {
      this.aliveTimer = setInterval(() => void this.ctx.turnLog.keepAlive(this.id).catch(() => undefined), ALIVE_EVERY_MS);
      this.aliveTimer.unref();
    }
    this.begun = true;
    if (end) this.close();
    return true;
  }

  /** The log has its end: nothing more is logged, no alive mark is renewed. */
  private close() {
    this.ended = true;
    clearInterval(this.aliveTimer);
    clearInterval(this.graceTimer);
  }

  /** The client left (or was too slow, or the server is shutting down). */
  private detach() {
    if (this.ended || this.graceTimer) return;
    if (!this.resumable || !this.meta || this.out.abortReason === 'shutdown') return this.stop();
    this.graceTimer = setInterval(() => {
      this.ctx.turnLog.hasReader(this.id).then((yes) => yes || this.stop(), () => this.stop());
    }, this.ctx.resumeGraceMs);
    this.graceTimer.unref();
  }

  private stop() {
    clearInterval(this.graceTimer);
    this.controller.abort(new Error('no reader'));
  }

  /**
   * The turn is over: what is still queued is logged and written, and a log without a final
   * event gets one, so readers never wait on it.
   */
  async finish() {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.ended) return;
    const wasBegun = this.begun;
    this.close();
    // A turn whose log never began has no id any client knows: nothing to end.
    if (!this.resumable || !wasBegun) return;
    const end = { seq: ++this.seq, event: this.out.abortReason === 'shutdown' ? SHUTDOWN : INTERRUPTED };
    try {
      await this.ctx.turnLog.append(this.id, [end], { end: true });
    } catch (e) {
      this.ctx.log.warn({ event: 'turn_log_close_failed', turn_id: this.id, err: (e as Error).message }, 'closing the turn log failed');
    }
  }
}

const SHUTDOWN: ChatEvent = { type: 'error', error: 'service_unavailable', message: 'The server is restarting. Please try again in a moment.' };
