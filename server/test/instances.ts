/**
 * Server instances as separate OS processes (`node --import tsx server/main.ts …`) on
 * loopback ports, for the scale-out tests: each has its own data dir and shares the
 * PostgreSQL database and Redis prefix it is given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDatabase, scratchPrefix, TEST_REDIS_URL } from './services.ts';

const MAIN = join(import.meta.dirname, '..', 'main.ts');

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything the process printed (for failure messages). */
  log(): string;
  stop(): Promise<void>;
  /** kill -9: no shutdown handler runs. */
  kill(): Promise<void>;
}

/** The URL of the CLI's JSON log line `{"event":"listening","url":…}`, once it is printed. */
function listeningUrl(out: string): string | null {
  for (const line of out.split('\n')) {
    if (!line.includes('"listening"')) continue;
    try {
      const rec = JSON.parse(line) as { event?: string; url?: string };
      if (rec.event === 'listening' && rec.url) return rec.url;
    } catch {
      // a partial line: the rest is still to come
    }
  }
  return null;
}

export function launch(name: string, o: { configPath: string; dataDir: string; databaseUrl?: string; redisUrl?: string; redisPrefix?: string; env?: Record<string, string> }): Promise<Instance> {
  const args = ['--import', 'tsx', MAIN, '--config', o.configPath, '--port', '0', '--data-dir', o.dataDir];
  if (o.databaseUrl) args.push('--database-url', o.databaseUrl);
  if (o.redisUrl) args.push('--redis-url', o.redisUrl);
  if (o.redisPrefix) args.push('--redis-prefix', o.redisPrefix);
  const child = spawn(process.execPath, args, { env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d;
      const url = listeningUrl(out);
      if (url) {
        clearTimeout(timer);
        resolve({
          name, url, child,
          log: () => out,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
          kill: async () => {
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${out}`));
    });
  });
}

/**
 * What instances of one fixture share to scale out: a scratch PostgreSQL database and Redis
 * key prefix of the test file's own. `start(name)` launches one more instance with its own
 * data dir under the fixture's; `cleanup()` drops the database, clears the keys and removes
 * the fixture (stop the instances first).
 */
export async function sharedServices(fixture: { dir: string; configPath: string }) {
  const db = await scratchDatabase();
  const redis = scratchPrefix();
  return {
    databaseUrl: db.url,
    redisPrefix: redis.prefix,
    start(name: string): Promise<Instance> {
      mkdirSync(join(fixture.dir, name), { recursive: true });
      return launch(name, { configPath: fixture.configPath, dataDir: join(fixture.dir, name), databaseUrl: db.url, redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix });
    },
    async cleanup() {
      await db.drop();
      await redis.clear();
      rmSync(fixture.dir, { recursive: true, force: true });
    },
  };
}
