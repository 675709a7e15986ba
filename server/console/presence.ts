/**
 * Which agents are online (a heartbeat younger than PRESENCE_TTL_S), which drives
 * `handoff_available`. In memory for one instance; in Redis (one sorted set, agent → last
 * beat) when several instances must agree.
 */
import type { Redis } from '../ops/redis.ts';

/** Agents count as online while their last heartbeat is younger than this. */
export const PRESENCE_TTL_S = 60;

export interface Presence {
  beat(agent: string, now?: number): Promise<void>;
  available(now?: number): Promise<boolean>;
}

export class MemoryPresence implements Presence {
  private readonly seen = new Map<string, number>();
  async beat(agent: string, now = Date.now()) {
    this.seen.set(agent, now);
  }
  async available(now = Date.now()): Promise<boolean> {
    for (const at of this.seen.values()) if (now - at < PRESENCE_TTL_S * 1000) return true;
    return false;
  }
}

const KEY = 'presence';

export class RedisPresence implements Presence {
  private readonly redis: Redis;
  constructor(redis: Redis) {
    this.redis = redis;
  }
  async beat(agent: string, now = Date.now()) {
    // Old beats are dropped on the way, so the set holds only the agents seen lately.
    await this.redis.multi().zadd(KEY, now, agent).zremrangebyscore(KEY, '-inf', now - PRESENCE_TTL_S * 1000).exec();
  }
  async available(now = Date.now()): Promise<boolean> {
    return (await this.redis.zcount(KEY, `(${now - PRESENCE_TTL_S * 1000}`, '+inf')) > 0;
  }
}
