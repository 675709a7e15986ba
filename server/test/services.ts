/**
 * The real PostgreSQL and Redis the scale-out tests run against. Each test file gets its own
 * database (created here, dropped after) and its own Redis key prefix, so parallel runs never
 * collide. A service that does not answer is reported loudly: under CI=true it fails the run,
 * locally the tests that need it are skipped with the reason printed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function answers(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (e) {
    return (e as Error).message || String(e);
  }
}

/** null when the service answers; otherwise why not (and under CI, a thrown error). */
export async function missing(service: 'postgres' | 'redis'): Promise<string | null> {
  const why = service === 'postgres'
    ? await answers(async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
      try {
        await c.connect();
        await c.query('SELECT 1');
      } finally {
        await c.end().catch(() => undefined);
      }
    })
    : await answers(async () => {
      const r = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
      r.on('error', () => undefined);
      try {
        await r.connect();
        await r.ping();
      } finally {
        r.disconnect();
      }
    });
  if (!why) return null;
  const line = `${service} is not answering (${why}); start it as .ci/run does`;
  if (process.env.CI === 'true') throw new Error(`${line}: a missing service fails the run under CI`);
  console.warn(`\n*** SKIPPING tests that need ${service}: ${line} ***\n`);
  return line;
}

/** A fresh, empty database for one test file; `drop()` removes it with any open connections. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lumen_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A key prefix of its own for one test file; `clear()` deletes every key under it. */
export function scratchPrefix(): { prefix: string; clear(): Promise<void> } {
  const prefix = `lumen-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  return {
    prefix,
    async clear() {
      const r = new Redis(TEST_REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length) await r.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        r.disconnect();
      }
    },
  };
}
