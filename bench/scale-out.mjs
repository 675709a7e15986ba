// Scale-out: the same load against one instance on SQLite (the embedded default), one on
// PostgreSQL + Redis, and three on PostgreSQL + Redis behind a round-robin client. The point is
// correctness (every turn answered and stored once, nothing lost or doubled) and the overhead
// per turn of the networked stores, not throughput: the machine has 2 cores, which the
// instances, PostgreSQL, Redis and this load share, so three instances cannot go faster here.
// Then memory per open stream with Redis configured (each event is also logged to a Redis
// Stream for resumption), against the same figure without Redis.
// Messages stored are counted through the store as the instances open it (the compiled server's
// code, dist/server).
//   node bench/scale-out.mjs [--quick]      (after npm run build)
import { execFileSync } from 'node:child_process';
import { request as httpRequest, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { openStore } from '../dist/server/server/store/open.js';
import { cpuTimeMs, fmt, fmtInt, log, main, outDir, percentile, startOurServer } from './common.mjs';
import { BOTS, QUESTION, writeBenchConfig } from './config.mjs';
import { heldStreams } from './server-load.mjs';

const PG_ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A database of its own for one bench run, dropped after (bench/console.mjs uses it too). */
export async function scratchDatabase() {
  const name = `lumen_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function clearPrefix(prefix) {
  const r = new Redis(REDIS);
  let cursor = '0';
  do {
    const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await r.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  r.disconnect();
}

/** One turn from its own client address; resolves to {ms, ok} (ok: 200 and a done event). */
function turn(url, agent, n) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let text = '';
    const req = httpRequest(`${url}/v1/public/chat/stream`, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200 && text.includes('"type":"done"') }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
    req.end(JSON.stringify({ bot_id: BOTS.load, message: QUESTION, session_id: `scale-${n}` }));
  });
}

/** `clients` loops of back-to-back turns for `seconds`, spread round-robin over the instances. */
async function load(urls, clients, seconds, offset) {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: clients }));
  const times = [];
  let failed = 0;
  let n = offset;
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const i = n++;
      const r = await turn(urls[i % urls.length], agents[i % urls.length], i);
      if (r.ok) times.push(r.ms);
      else failed++;
    }
  }));
  agents.forEach((a) => a.destroy());
  return { times, failed, turns: n - offset };
}

export async function setup(kind, instances, cfg) {
  const db = kind === 'sqlite' ? null : await scratchDatabase();
  const prefix = `lumen-bench:${process.pid}:${kind}-${instances}:`;
  const data = outDir('data', `scale-${kind}-${instances}-${Date.now()}`);
  const args = db ? ['--database-url', db.url, '--redis-url', REDIS, '--redis-prefix', prefix] : [];
  // The first start migrates; the others then start together.
  const servers = [await startOurServer({ configPath: cfg, dataDir: join(data, '0'), args })];
  servers.push(...(await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startOurServer({ configPath: cfg, dataDir: join(data, String(i + 1)), args })))));
  // The instances' store, opened as they open it, for counting what they stored.
  const store = await openStore({ dataDir: join(data, '0'), databaseUrl: db?.url });
  return {
    servers,
    stored: () => store.messageCount(),
    async close() {
      await store.close();
      await Promise.all(servers.map((s) => s.stop()));
      if (db) await db.drop();
      if (db) await clearPrefix(prefix);
    },
  };
}

async function measure({ quick = false } = {}) {
  const seconds = quick ? 4 : 10;
  const clients = 20;
  const cfg = writeBenchConfig({ name: 'scale' });
  const setups = [['SQLite, 1 instance', 'sqlite', 1], ['PostgreSQL + Redis, 1 instance', 'pg', 1], ['PostgreSQL + Redis, 3 instances', 'pg', 3]];
  const rows = [];
  let offset = 0;
  for (const [label, kind, instances] of setups) {
    log(`scale-out: ${label}, ${clients} clients, ${seconds} s`);
    const s = await setup(kind, instances, cfg);
    try {
      await load(s.servers.map((x) => x.url), clients, 2, (offset += 1_000_000)); // warm-up
      const before = await s.stored();
      const cpu0 = s.servers.map((x) => cpuTimeMs(x.pid));
      const r = await load(s.servers.map((x) => x.url), clients, seconds, (offset += 1_000_000));
      const cpu = s.servers.reduce((sum, x, i) => sum + cpuTimeMs(x.pid) - cpu0[i], 0);
      const stored = (await s.stored()) - before;
      rows.push([label, fmtInt(r.turns), fmtInt(r.turns / seconds), fmt(percentile(r.times, 50), 1), fmt(percentile(r.times, 95), 1), fmt(percentile(r.times, 99), 1),
        fmtInt((cpu / r.turns) * 1000), String(r.failed), `${fmtInt(stored)} / ${fmtInt(r.turns * 2)}`]);
    } finally {
      await s.close();
    }
  }

  // 10,000 held streams need 20,000 descriptors in the server (the visitor's socket and the
  // upstream model's) and as many in this process (the clients and the model stand-in); a lower
  // descriptor limit caps the row at what fits (bench/run.mjs raises the soft limit to the hard one).
  const fdLimit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || 1024;
  const most = Math.min(10_000, Math.floor((fdLimit - 400) / 2 / 500) * 500);
  const counts = quick ? [200] : [1000, most];
  log('scale-out: held-open streams without and with Redis');
  const plain = await heldStreams(counts, { cpu: null });
  const prefix = `lumen-bench:${process.pid}:hold:`;
  const db = await scratchDatabase();
  let withRedis;
  try {
    withRedis = await heldStreams(counts, { cpu: null, args: ['--database-url', db.url, '--redis-url', REDIS, '--redis-prefix', prefix] });
  } finally {
    await db.drop();
    await clearPrefix(prefix);
  }
  const memRow = (label, h) => h.rows.map((r) => [label, fmtInt(r.count), fmtInt(r.open), fmt(r.rssPer / 1024, 1), fmt(r.heapPer / 1024, 1), fmt(r.openMs / 1000, 1)]);
  return {
    title: 'Scale-out: PostgreSQL and Redis against SQLite',
    tables: [
      {
        caption: `**The same load on each setup** (${clients} clients turning back to back for ${seconds} s after a 2 s warm-up, each turn from its own address, spread round-robin; extractive engine, whole-turn latency ms; CPU = all instances' CPU time ÷ turns)`,
        headers: ['setup', 'turns', 'turns/s', 'p50 ms', 'p95 ms', 'p99 ms', 'server CPU µs / turn', 'failed turns', 'messages stored / expected'],
        rows,
      },
      {
        caption: '**Memory per open stream** (openai engine, the model stand-in holds each stream after its first chunk; growth over the idle server ÷ streams)',
        headers: ['setup', 'streams held', 'open on server', 'RSS KB / stream', 'heap KB / stream (after GC)', 'opening took s'],
        rows: [...memRow('SQLite, no Redis', plain), ...memRow('PostgreSQL + Redis', withRedis)],
      },
    ],
    notes: [
      ...(most < 10_000 ? [`The largest row is ${fmtInt(most)} streams, not 10,000: this machine allows ${fmtInt(fdLimit)} open files per process (hard limit), and each held stream takes two in the server and two in the bench process.`] : []),
      'Two cores are shared by every instance, PostgreSQL, Redis and the load generator: three instances here show the cost of coordination (each turn: rate-limit scripts in Redis, one Redis Stream entry per event, counters and messages in PostgreSQL), not the capacity of three machines.',
      '"messages stored / expected": each answered turn stores its question and its answer; equal numbers mean no turn was lost or stored twice across instances.',
    ],
  };
}

await main(import.meta.url, measure);
