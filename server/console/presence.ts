/**
 * Who is online: agents (a heartbeat younger than PRESENCE_TTL_S drives `handoff_available`)
 * and, issue 21, visitors with an open live channel (so an agent's reply to one who left can go
 * by email). In memory for one instance; in Redis (one sorted set, name → last beat) when
 * several instances must agree. `leave` ends a presence at once (sign-out, the console tab
 * closing, the "Away" switch): with Redis every instance sees it on its next read.
 */
import type { Redis } from '../ops/redis.ts';

/** Agents count as online while their last heartbeat is younger than this. */
export const PRESENCE_TTL_S = 60;
/** A visitor's live channel beats on every keep-alive (15 s); two missed beats and the visitor is gone. */
export const VISITOR_TTL_S = 40;

export interface Presence {
  beat(who: string, now?: number): Promise<void>;
  /** Ends `who`'s presence now. */
  leave(who: string): Promise<void>;
  /** Anyone online. */
  available(now?: number): Promise<boolean>;
  /** `who` online. */
  here(who: string, now?: number): Promise<boolean>;
}

export class MemoryPresence implements Presence {
  private readonly seen = new Map<string, number>();
  private readonly ttlMs: number;
  constructor(ttlS = PRESENCE_TTL_S) {
    this.ttlMs = ttlS * 1000;
  }
  async beat(who: string, now = Date.now()) {
    this.seen.set(who, now);
    // Old beats go on the way, so the map holds only the ones seen lately.
    for (const [k, at] of this.seen) if (now - at >= this.ttlMs) this.seen.delete(k);
  }
  async leave(who: string) {
    this.seen.delete(who);
  }
  async available(now = Date.now()): Promise<boolean> {
    for (const at of this.seen.values()) if (now - at < this.ttlMs) return true;
    return false;
  }
  async here(who: string, now = Date.now()): Promise<boolean> {
    const at = this.seen.get(who);
    return at !== undefined && now - at < this.ttlMs;
  }
}

export class RedisPresence implements Presence {
  private readonly redis: Redis;
  private readonly key: string;
  private readonly ttlMs: number;
  constructor(redis: Redis, key = 'presence', ttlS = PRESENCE_TTL_S) {
    this.redis = redis;
    this.key = key;
    this.ttlMs = ttlS * 1000;
  }
  async beat(who: string, now = Date.now()) {
    await this.redis.multi().zadd(this.key, now, who).zremrangebyscore(this.key, '-inf', now - this.ttlMs).exec();
  }
  async leave(who: string) {
    await this.redis.zrem(this.key, who);
  }
  async available(now = Date.now()): Promise<boolean> {
    return (await this.redis.zcount(this.key, `(${now - this.ttlMs}`, '+inf')) > 0;
  }
  async here(who: string, now = Date.now()): Promise<boolean> {
    const at = await this.redis.zscore(this.key, who);
    return at !== null && now - Number(at) < this.ttlMs;
  }
}
