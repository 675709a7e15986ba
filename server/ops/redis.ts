/**
 * The Redis connection several instances share (rate limits, agent presence, resumable
 * streams). Commands fail fast while Redis is unreachable instead of queueing, so a request
 * gets a clear 503 rather than hanging; the client reconnects by itself, so the server
 * recovers without a restart when Redis comes back.
 */
import { Redis } from 'ioredis';
import { isServiceDown } from './outage.ts';

export type { Redis };

export interface RedisOptions {
  url: string;
  prefix?: string;
  /** Where connection problems are reported (the server's JSON log); default: the console. */
  warn?: (message: string) => void;
}

export const DEFAULT_REDIS_PREFIX = 'lumen:';

/**
 * Connects and waits until Redis answers; throws a start-up error naming Redis and its
 * address (without a password) when it does not within `timeoutMs` or refuses the client:
 * `Redis at redis://127.0.0.1:6390 does not answer (connect ECONNREFUSED 127.0.0.1:6390)`.
 */
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
  const timeout = new Error(`no answer within ${timeoutMs} ms`);
  const timer = new Promise<never>((_, fail) => setTimeout(() => fail(timeout), timeoutMs).unref());
  try {
    await Promise.race([redis.connect(), timer]);
  } catch (e) {
    redis.disconnect();
    // ioredis rejects with "Connection is closed."; the socket's own error says why.
    const where = `Redis at ${redactUrl(o.url)}`;
    if (e === timeout || isServiceDown(e)) throw new Error(`${where} does not answer (${lastError || reason(e)})`);
    throw new Error(`${where} refused the connection: ${reason(e)}`);
  }
  return redis;
}

/** Resolves when Redis answers PING (for /readyz); rejects otherwise. */
export async function pingRedis(redis: Redis): Promise<void> {
  if ((await redis.ping()) !== 'PONG') throw new Error('Redis answered PING with something else');
}

/** An error's message; a connection refused on every address of a name (AggregateError) has none, only a code. */
export function reason(e: unknown): string {
  const err = e as (Error & { code?: string; errors?: Error[] }) | null;
  return err?.message || err?.errors?.[0]?.message || err?.code || String(e);
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
