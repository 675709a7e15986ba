/**
 * The Redis connection several instances share (rate limits, agent presence, resumable
 * streams). Commands fail fast while Redis is unreachable instead of queueing, so a request
 * gets a clear 503 rather than hanging; the client reconnects by itself, so the server
 * recovers without a restart when Redis comes back.
 */
import { Redis } from 'ioredis';

export type { Redis };

export interface RedisOptions {
  url: string;
  prefix?: string;
  /** Where connection problems are reported (the server's JSON log); default: the console. */
  warn?: (message: string) => void;
}

export const DEFAULT_REDIS_PREFIX = 'lumen:';

/** Connects and waits until Redis answers; throws (a start-up error) when it does not within `timeoutMs`. */
export async function connectRedis(o: RedisOptions, timeoutMs = 5000): Promise<Redis> {
  const redis = new Redis(o.url, {
    keyPrefix: o.prefix ?? DEFAULT_REDIS_PREFIX,
    lazyConnect: true,
    enableOfflineQueue: false,
    // Commands issued in the same tick (a turn's event log, the rate-limit windows) share one write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnect forever, at most a second apart: an outage ends when Redis is back.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  let lastError = '';
  redis.on('error', (e: Error) => {
    // Logged once per distinct failure, not once per reconnect attempt.
    if (e.message !== lastError) (o.warn ?? ((m: string) => console.warn(`[redis] ${m}`)))(e.message);
    lastError = e.message;
  });
  redis.on('ready', () => (lastError = ''));
  const timer = new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`Redis at ${redactUrl(o.url)} did not answer within ${timeoutMs} ms`)), timeoutMs).unref());
  try {
    await Promise.race([redis.connect(), timer]);
  } catch (e) {
    redis.disconnect();
    throw e;
  }
  return redis;
}

/** Resolves when Redis answers PING (for /readyz); rejects otherwise. */
export async function pingRedis(redis: Redis): Promise<void> {
  if ((await redis.ping()) !== 'PONG') throw new Error('Redis answered PING with something else');
}

/** A URL fit for a log line: without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
