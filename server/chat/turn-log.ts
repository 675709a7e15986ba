/**
 * The events of each recent chat turn, kept briefly (TURN_TTL_S) so a client that lost its
 * connection can read what it missed and the rest of the turn, from any instance: in memory
 * for one instance, in a Redis Stream per turn when several share Redis. Each event has a
 * sequence number from 1; an event id on the wire is `<turnId>:<seq>`.
 *
 * Events stay TURN_TTL_S while the turn runs and ENDED_TTL_S after it ended.
 *
 * A turn is over when its log holds `done` or `error`. Its owner (the instance generating
 * it) also keeps an "alive" mark fresh; a reader that finds the mark gone before the end
 * (the instance crashed) ends the stream with `service_unavailable` instead of waiting.
 */
import type { ChatEvent } from '../../protocol/schemas.ts';
import type { Redis } from '../ops/redis.ts';

export const TURN_TTL_S = 600;
/**
 * Once a turn has ended its events are kept only this long: the answer is stored by then, and
 * a busy server would otherwise hold ten minutes of every turn (hundreds per second).
 */
export const ENDED_TTL_S = 60;
/** At most this many turns are kept in memory; the oldest goes first. */
export const MAX_MEMORY_TURNS = 10_000;
/** How often the owner renews its alive mark, and how long the mark lasts without renewal. */
export const ALIVE_EVERY_MS = 1000;
export const ALIVE_TTL_MS = 4000;

export interface TurnMeta { session_id: string; bot_id: string }
export interface LoggedEvent { seq: number; event: ChatEvent }

export const isTerminal = (e: ChatEvent) => e.type === 'done' || e.type === 'error';
export const INTERRUPTED: ChatEvent = { type: 'error', error: 'service_unavailable', message: 'The answer was interrupted. Please ask again.' };

export interface TurnLog {
  begin(turnId: string, meta: TurnMeta): Promise<void>;
  append(turnId: string, seq: number, event: ChatEvent): Promise<void>;
  /** The owner is still generating (renewed every ALIVE_EVERY_MS; gone when the turn ends or the owner dies). */
  keepAlive(turnId: string): Promise<void>;
  release(turnId: string): Promise<void>;
  meta(turnId: string): Promise<TurnMeta | undefined>;
  /** A reader is attached (renewed while it reads), so the owner keeps generating for it. */
  hasReader(turnId: string): Promise<boolean>;
  /** Events after `afterSeq`, then each new one, until a terminal event (or INTERRUPTED when the owner is gone). */
  read(turnId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<LoggedEvent>;
  close(): void;
}

interface MemoryTurn { meta: TurnMeta; events: ChatEvent[]; alive: boolean; readers: number; wake: Set<() => void>; timer: NodeJS.Timeout }

export class MemoryTurnLog implements TurnLog {
  private readonly turns = new Map<string, MemoryTurn>();

  async begin(turnId: string, meta: TurnMeta) {
    if (this.turns.size >= MAX_MEMORY_TURNS) this.forget(this.turns.keys().next().value!);
    this.turns.set(turnId, { meta, events: [], alive: true, readers: 0, wake: new Set(), timer: this.expire(turnId, TURN_TTL_S) });
  }

  private expire(turnId: string, seconds: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.turns.delete(turnId), seconds * 1000);
    timer.unref();
    return timer;
  }

  private forget(turnId: string) {
    clearTimeout(this.turns.get(turnId)?.timer);
    this.turns.delete(turnId);
  }

  async append(turnId: string, seq: number, event: ChatEvent) {
    const t = this.turns.get(turnId);
    if (!t) return;
    t.events[seq - 1] = event;
    for (const w of t.wake) w();
  }

  async keepAlive() {
    // One process: the owner is alive until it releases the turn.
  }

  async release(turnId: string) {
    const t = this.turns.get(turnId);
    if (!t) return;
    t.alive = false;
    clearTimeout(t.timer);
    t.timer = this.expire(turnId, ENDED_TTL_S);
    for (const w of t.wake) w();
  }

  async meta(turnId: string) {
    return this.turns.get(turnId)?.meta;
  }

  async hasReader(turnId: string) {
    return (this.turns.get(turnId)?.readers ?? 0) > 0;
  }

  async *read(turnId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<LoggedEvent> {
    const t = this.turns.get(turnId);
    if (!t) return;
    t.readers++;
    try {
      let seq = afterSeq;
      for (;;) {
        while (seq < t.events.length && t.events[seq]) {
          const event = t.events[seq++];
          yield { seq, event };
          if (isTerminal(event)) return;
        }
        if (!t.alive) return void (yield { seq: seq + 1, event: INTERRUPTED });
        if (signal.aborted) return;
        await new Promise<void>((resolve) => {
          const done = () => {
            t.wake.delete(done);
            signal.removeEventListener('abort', done);
            resolve();
          };
          t.wake.add(done);
          signal.addEventListener('abort', done, { once: true });
        });
      }
    } finally {
      t.readers--;
    }
  }

  close() {
    for (const id of [...this.turns.keys()]) this.forget(id);
  }
}

/**
 * Keys (under the instance's prefix): `turn:<id>` a stream whose entry ids are `0-<seq>`,
 * `turn:<id>:meta` a hash, `turn:<id>:alive` and `turn:<id>:reader` marks with a short TTL.
 */
export class RedisTurnLog implements TurnLog {
  private readonly redis: Redis;
  /** Blocking reads hold a connection each: readers are reconnecting clients, which are few. */
  private readonly readers = new Set<Redis>();

  constructor(redis: Redis) {
    this.redis = redis;
  }

  async begin(turnId: string, meta: TurnMeta) {
    await this.redis.multi()
      .hset(`turn:${turnId}:meta`, meta).expire(`turn:${turnId}:meta`, TURN_TTL_S)
      .set(`turn:${turnId}:alive`, '1', 'PX', ALIVE_TTL_MS)
      .exec();
  }

  async append(turnId: string, seq: number, event: ChatEvent) {
    // The first entry creates the stream and gives it its lifetime; later ones only add.
    if (seq === 1) await this.redis.multi().xadd(`turn:${turnId}`, `0-${seq}`, 'e', JSON.stringify(event)).expire(`turn:${turnId}`, TURN_TTL_S).exec();
    else await this.redis.xadd(`turn:${turnId}`, `0-${seq}`, 'e', JSON.stringify(event));
  }

  async keepAlive(turnId: string) {
    await this.redis.set(`turn:${turnId}:alive`, '1', 'PX', ALIVE_TTL_MS);
  }

  async release(turnId: string) {
    await this.redis.multi()
      .del(`turn:${turnId}:alive`).expire(`turn:${turnId}`, ENDED_TTL_S).expire(`turn:${turnId}:meta`, ENDED_TTL_S)
      .exec();
  }

  async meta(turnId: string) {
    const m = await this.redis.hgetall(`turn:${turnId}:meta`);
    return m.session_id ? { session_id: m.session_id, bot_id: m.bot_id } : undefined;
  }

  async hasReader(turnId: string) {
    return (await this.redis.exists(`turn:${turnId}:reader`)) === 1;
  }

  async *read(turnId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<LoggedEvent> {
    const conn = this.redis.duplicate({ lazyConnect: true });
    conn.on('error', () => undefined); // failures surface as rejected commands below
    this.readers.add(conn);
    const stop = () => conn.disconnect();
    signal.addEventListener('abort', stop, { once: true });
    try {
      await conn.connect();
      let seq = afterSeq;
      while (!signal.aborted) {
        await this.redis.set(`turn:${turnId}:reader`, '1', 'PX', ALIVE_TTL_MS);
        const got = await conn.xread('COUNT', 100, 'BLOCK', ALIVE_EVERY_MS, 'STREAMS', `turn:${turnId}`, `0-${seq}`);
        const entries = got?.[0]?.[1] ?? [];
        for (const [id, fields] of entries) {
          seq = Number(id.split('-')[1]);
          const event = JSON.parse(fields[1]) as ChatEvent;
          yield { seq, event };
          if (isTerminal(event)) return;
        }
        if (entries.length === 0 && !(await this.redis.exists(`turn:${turnId}:alive`))) {
          // Nothing new and no owner: read once more (an event may have landed just before the owner let go), then give up.
          const last = await this.redis.xrange(`turn:${turnId}`, `(0-${seq}`, '+');
          for (const [id, fields] of last) {
            seq = Number(id.split('-')[1]);
            const event = JSON.parse(fields[1]) as ChatEvent;
            yield { seq, event };
            if (isTerminal(event)) return;
          }
          return void (yield { seq: seq + 1, event: INTERRUPTED });
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
      this.readers.delete(conn);
      conn.disconnect();
    }
  }

  close() {
    for (const c of this.readers) c.disconnect();
  }
}
