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

export interface AppendOptions {
  /** The turn's first batch: the log begins with it (its meta, the owner's alive mark). */
  meta?: TurnMeta;
  /** The turn's last batch: the owner lets go (the alive mark goes, the events are kept ENDED_TTL_S). */
  end?: boolean;
}

export interface TurnLog {
  /**
   * Logs a batch of a turn's events, in order, in one call (one round trip with Redis, all or
   * nothing); the first batch begins the turn and the last ends it (AppendOptions).
   */
  append(turnId: string, events: LoggedEvent[], o?: AppendOptions): Promise<void>;
  /** The owner is still generating (renewed every ALIVE_EVERY_MS; gone when the turn ends or the owner dies). */
  keepAlive(turnId: string): Promise<void>;
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

  private expire(turnId: string, seconds: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.turns.delete(turnId), seconds * 1000);
    timer.unref();
    return timer;
  }

  private forget(turnId: string) {
    clearTimeout(this.turns.get(turnId)?.timer);
    this.turns.delete(turnId);
  }

  async append(turnId: string, events: LoggedEvent[], o: AppendOptions = {}) {
    if (o.meta) {
      if (this.turns.size >= MAX_MEMORY_TURNS) this.forget(this.turns.keys().next().value!);
      this.turns.set(turnId, { meta: o.meta, events: [], alive: true, readers: 0, wake: new Set(), timer: this.expire(turnId, TURN_TTL_S) });
    }
    const t = this.turns.get(turnId);
    if (!t) return;
    for (const { seq, event } of events) t.events[seq - 1] = event;
    if (o.end) {
      t.alive = false;
      clearTimeout(t.timer);
      t.timer = this.expire(turnId, ENDED_TTL_S);
    }
    for (const w of t.wake) w();
  }

  async keepAlive() {
    // One process: the owner is alive until it ends the turn.
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
 * One batch of a turn's events in one call, atomic. KEYS: the stream, its meta, its alive mark.
 * ARGV: 'b' begin and/or 'e' end, TURN_TTL_S, ENDED_TTL_S, ALIVE_TTL_MS, session_id, bot_id,
 * then seq and JSON of each event. Entry ids are `0-<seq>`, so an entry is never written twice.
 */
const APPEND = `
local begin = string.find(ARGV[1], 'b', 1, true)
local ending = string.find(ARGV[1], 'e', 1, true)
if begin then
  redis.call('HSET', KEYS[2], 'session_id', ARGV[5], 'bot_id', ARGV[6])
  redis.call('EXPIRE', KEYS[2], ARGV[2])
  if not ending then redis.call('SET', KEYS[3], '1', 'PX', ARGV[4]) end
end
for i = 7, #ARGV, 2 do redis.call('XADD', KEYS[1], '0-' .. ARGV[i], 'e', ARGV[i + 1]) end
if ending then
  redis.call('DEL', KEYS[3])
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
elseif begin then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end
return 1`;

interface TurnScripts { lumenTurnAppend(stream: string, meta: string, alive: string, ...args: Array<string | number>): Promise<number> }

/**
 * Keys (under the instance's prefix): `turn:<id>` a stream whose entry ids are `0-<seq>`,
 * `turn:<id>:meta` a hash, `turn:<id>:alive` and `turn:<id>:reader` marks with a short TTL.
 * A batch of events is one script call (APPEND), sent by its SHA.
 */
export class RedisTurnLog implements TurnLog {
  private readonly redis: Redis;
  private readonly scripts: TurnScripts;
  /** Blocking reads hold a connection each: readers are reconnecting clients, which are few. */
  private readonly readers = new Set<Redis>();

  constructor(redis: Redis) {
    this.redis = redis;
    if (!(redis as unknown as Partial<TurnScripts>).lumenTurnAppend) redis.defineCommand('lumenTurnAppend', { numberOfKeys: 3, lua: APPEND });
    this.scripts = redis as unknown as TurnScripts;
  }

  async append(turnId: string, events: LoggedEvent[], o: AppendOptions = {}) {
    const args: Array<string | number> = [`${o.meta ? 'b' : ''}${o.end ? 'e' : ''}`, TURN_TTL_S, ENDED_TTL_S, ALIVE_TTL_MS, o.meta?.session_id ?? '', o.meta?.bot_id ?? ''];
    for (const { seq, event } of events) args.push(seq, JSON.stringify(event));
    await this.scripts.lumenTurnAppend(`turn:${turnId}`, `turn:${turnId}:meta`, `turn:${turnId}:alive`, ...args);
  }

  async keepAlive(turnId: string) {
    await this.redis.set(`turn:${turnId}:alive`, '1', 'PX', ALIVE_TTL_MS);
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
