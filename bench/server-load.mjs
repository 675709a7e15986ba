// The server against its floor. Our server (bench/serve.mjs) and the raw node:http floor
// (bench/floor-server.mjs) each run pinned to core 0; this script, wrk and the model
// stand-in run on core 1 (bench/run.mjs starts this script under `taskset -c 1`).
//   1. wrk at 50 and 500 connections, POST chat turns (extractive engine, demo knowledge):
//      requests/s and p50/p99 of the whole turn, ours ÷ floor. A fresh server per run.
//   2. Time from request to the first `status` event, idle and under the 50-connection load.
//   3. Memory per open stream: 1,000 and 5,000 streams held open by the openai engine
//      against a stand-in that never finishes (RSS from /proc, heap after a full GC).
//   4. A CPU profile of the hot path during a separate 50-connection run: top self time.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { join } from 'node:path';
import {
  BENCH, cpuTimeMs, ensureCommand, fmt, fmtInt, log, main, median, outDir, percentile, ratio, sleep, startFloorServer, startOurServer,
} from './common.mjs';
import { BOTS, QUESTION, writeBenchConfig } from './config.mjs';
import { startModelStandIn } from './model-stand-in.mjs';
import { summarizeProfile } from './profile.mjs';

const SERVER_CPU = 0;
const LOAD_CPU = 1;

function body(bot, message, session = 'bench-session') {
  return JSON.stringify({ bot_id: bot, message, session_id: session });
}

let wrkRuns = 0;

/** Runs wrk pinned to the load core; resolves to its summary (latencies in µs). */
function wrk(url, { connections, seconds }) {
  return new Promise((resolve, reject) => {
    const args = ['-c', String(LOAD_CPU), 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s',
      '-s', join(BENCH, 'chat-turn.lua'), `${url}/v1/public/chat/stream`];
    const child = spawn('taskset', args, { env: { ...process.env, BENCH_BOT: BOTS.load, BENCH_QUESTION: QUESTION, BENCH_OFFSET: String(++wrkRuns * 1_000_000) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => {
      const m = /WRK_JSON (\{.*\})/.exec(out);
      if (!m) return reject(new Error(`wrk exited ${code} without a summary:\n${out}`));
      const r = JSON.parse(m[1]);
      r.rps = r.requests / (r.duration_us / 1e6);
      r.errors = r.connect + r.read + r.write + r.status + r.timeout;
      resolve(r);
    });
  });
}

/** One POST; resolves with ms to the first `status` event and ms to the end of the stream. */
function timedTurn(url, agent, n) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = NaN;
    let text = '';
    const req = httpRequest(`${url}/v1/public/chat/stream`, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': `127.250.${(n >> 8) & 255}.${n & 255}` },
    }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
        if (Number.isNaN(first) && text.includes('"type":"status"')) first = performance.now() - t0;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve({ first, total: performance.now() - t0 }) : reject(new Error(`HTTP ${res.statusCode}: ${text}`))));
    });
    req.on('error', reject);
    req.end(body(BOTS.load, QUESTION));
  });
}

/** Sequential turns for `ms` (or `count`), one connection kept alive: time to first status. */
async function probe(url, { count = Infinity, ms = Infinity, offset = 0 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const firsts = [];
  const t0 = performance.now();
  for (let i = 0; i < count && performance.now() - t0 < ms; i++) {
    firsts.push((await timedTurn(url, agent, offset + i)).first);
    // Idle probes back to back; under load a few per second is enough.
    if (ms !== Infinity) await sleep(50);
  }
  agent.destroy();
  return firsts;
}

/** The frames of one real turn, for the floor to replay. */
export async function captureFrames(url) {
  const res = await fetch(`${url}/v1/public/chat/stream`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '127.251.0.1' },
    body: body(BOTS.load, QUESTION),
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"type":"done"')) throw new Error(`the bench turn did not complete: ${res.status} ${text.slice(0, 300)}`);
  return text.split(/(?<=\n\n)/).filter((f) => f.trim());
}

export async function loadRun(kind, connections, seconds, frames, cfg, profileFile = null, busyUs = 0) {
  const data = outDir('data', `${kind}-${connections}-${Date.now()}`);
  const server = kind === 'ours'
    ? await startOurServer({ configPath: cfg, dataDir: data, cpu: SERVER_CPU })
    : await startFloorServer({ cpu: SERVER_CPU, events: frames, busyUs });
  try {
    await wrk(server.url, { connections, seconds: Math.min(2, seconds) }); // warm-up: JIT, caches, SQLite pages
    if (profileFile) await server.ask('profile-start');
    const probing = connections === 50 && !profileFile && !busyUs ? probe(server.url, { ms: seconds * 1000 - 500, offset: 5000 }) : Promise.resolve([]);
    const cpu0 = cpuTimeMs(server.pid);
    if (kind === 'ours') await server.ask('loop-delay-start');
    const r = await wrk(server.url, { connections, seconds });
    // No turn finished: a per-turn figure would be infinite; say what happened instead.
    if (!r.requests) throw new Error(`${kind} at ${connections} connections finished no turn in ${seconds} s (is the machine overloaded?)`);
    r.cpuMsPerTurn = (cpuTimeMs(server.pid) - cpu0) / r.requests;
    if (kind === 'ours') r.loopDelay = await server.ask('loop-delay-stop');
    if (profileFile) await server.ask('profile-stop', { file: profileFile });
    r.ttfsUnderLoad = await probing;
    if (connections === 50 && !profileFile && !busyUs) r.ttfsIdle = await probe(server.url, { count: 200 });
    return r;
  } finally {
    await server.stop();
  }
}

/** Opens one stream of the hold bot and resolves when its first content event arrived. */
function holdStream(url, n, agent) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/v1/public/chat/stream`, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': `127.252.${(n >> 8) & 255}.${n & 255}` },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const onData = (c) => {
        text += c;
        if (text.includes('"type":"content"')) {
          res.off('data', onData);
          res.resume();
          resolve(req);
        }
      };
      res.on('data', onData);
      res.on('end', () => reject(new Error(`stream ended early: ${res.statusCode} ${text.slice(0, 200)}`)));
    });
    req.on('error', reject);
    req.end(body(BOTS.hold, 'bench-hold', `hold-${n}`));
  });
}

async function openStreams(url, from, to, agent, held) {
  const WAVE = 100; // openings in flight at once
  for (let i = from; i < to; i += WAVE) {
    const wave = [];
    for (let j = i; j < Math.min(to, i + WAVE); j++) wave.push(holdStream(url, j, agent));
    held.push(...(await Promise.all(wave)));
  }
}

/** Memory per held-open stream; `args` start the server on other backends (bench/scale-out.mjs). */
export async function heldStreams(counts, { args = [], cpu = SERVER_CPU } = {}) {
  const model = await startModelStandIn();
  const cfg = writeBenchConfig({ modelUrl: model.baseUrl, name: 'hold' });
  const server = await startOurServer({ configPath: cfg, dataDir: outDir('data', `hold-${Date.now()}`), cpu, execArgv: ['--expose-gc'], args });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const held = [];
  const rows = [];
  try {
    // Warm-up: a few streams opened and closed, so lazily loaded code is counted in the base.
    await openStreams(server.url, 0, 20, agent, held);
    held.splice(0).forEach((r) => r.destroy());
    await sleep(500);
    const base = await server.ask('mem');
    let opened = 20;
    for (const count of counts) {
      const t0 = performance.now();
      await openStreams(server.url, opened, opened + count - held.length, agent, held);
      opened += count;
      const openMs = performance.now() - t0;
      await sleep(300);
      const m = await server.ask('mem');
      const { open } = await server.ask('streams');
      rows.push({ count: held.length, open, rssPer: (m.rss - base.rss) / held.length, heapPer: (m.heapUsed - base.heapUsed) / held.length, rss: m.rss, heap: m.heapUsed, openMs, upstream: model.stats.open });
    }
    held.splice(0).forEach((r) => r.destroy());
    const t0 = performance.now();
    while ((await server.ask('streams')).open > 0 && performance.now() - t0 < 20_000) await sleep(200);
    await sleep(2000); // sockets and upstream requests finish closing
    const after = await server.ask('mem');
    const left = (await server.ask('streams')).open;
    return { base, rows, after, left, upstreamLeft: model.stats.open };
  } finally {
    held.forEach((r) => r.destroy());
    agent.destroy();
    await server.stop();
    await model.close();
  }
}

export async function measure({ quick = false } = {}) {
  if (!ensureCommand('wrk')) throw new Error('wrk is missing and could not be installed (apt-get install wrk)');
  const seconds = quick ? 3 : 10;
  const cfg = writeBenchConfig({ name: 'load' });

  // The frames the floor replays come from a real turn of the same bot and question.
  const probeServer = await startOurServer({ configPath: cfg, dataDir: outDir('data', `capture-${Date.now()}`) });
  const frames = await captureFrames(probeServer.url).finally(() => probeServer.stop());
  log(`server-load: a turn is ${frames.length} SSE events, ${frames.join('').length} bytes`);

  const runs = {};
  for (const connections of [50, 500]) {
    for (const kind of ['floor', 'ours']) {
      log(`server-load: ${kind} at ${connections} connections, ${seconds} s`);
      runs[`${kind}-${connections}`] = await loadRun(kind, connections, seconds, frames, cfg);
    }
  }
  // The same floor spinning ours' extra CPU per turn: what a single busy core does to latency.
  const busyUs = {};
  for (const c of [50, 500]) {
    busyUs[c] = Math.max(0, (runs[`ours-${c}`].cpuMsPerTurn - runs[`floor-${c}`].cpuMsPerTurn) * 1000);
    log(`server-load: floor + ${Math.round(busyUs[c])} µs of CPU per turn at ${c} connections`);
    runs[`busy-${c}`] = await loadRun('floor', c, seconds, frames, cfg, null, busyUs[c]);
  }
  log('server-load: CPU profile of ours at 50 connections');
  const profileFile = join(outDir('profiles'), 'server-50.cpuprofile');
  await loadRun('ours', 50, quick ? 3 : 6, frames, cfg, profileFile);
  const profile = summarizeProfile(JSON.parse(readFileSync(profileFile, 'utf8')));

  log('server-load: held-open streams');
  const held = await heldStreams(quick ? [200, 500] : [1000, 5000]);

  const ms = (us) => fmt(us / 1000, 2);
  const loadRows = [];
  for (const c of [50, 500]) {
    const f = runs[`floor-${c}`];
    const o = runs[`ours-${c}`];
    loadRows.push([`${c} connections`, fmtInt(f.rps), fmtInt(o.rps), ratio(o.rps, f.rps, 2),
      ms(f.p50), ms(o.p50), ratio(o.p50, f.p50), ms(f.p99), ms(o.p99), ratio(o.p99, f.p99),
      fmtInt(f.cpuMsPerTurn * 1000), fmtInt(o.cpuMsPerTurn * 1000), ratio(o.cpuMsPerTurn, f.cpuMsPerTurn), `${f.errors} / ${o.errors}`]);
  }
  for (const c of [50, 500]) {
    const b = runs[`busy-${c}`];
    const o = runs[`ours-${c}`];
    loadRows.push([`${c} connections, busy floor (+${fmtInt(busyUs[c])} µs CPU / turn)`, fmtInt(b.rps), '', ratio(o.rps, b.rps, 2), ms(b.p50), '', ratio(o.p50, b.p50),
      ms(b.p99), '', ratio(o.p99, b.p99), fmtInt(b.cpuMsPerTurn * 1000), '', ratio(o.cpuMsPerTurn, b.cpuMsPerTurn), `${b.errors}`]);
  }
  const t = (k) => runs[k];
  const ttfsRows = [
    ['idle (200 turns, one after another)', t('floor-50').ttfsIdle, t('ours-50').ttfsIdle],
    ['during the 50-connection run', t('floor-50').ttfsUnderLoad, t('ours-50').ttfsUnderLoad],
  ].map(([what, f, o]) => [what, fmt(median(f), 2), fmt(median(o), 2), ratio(median(o), median(f)), fmt(percentile(f, 99), 2), fmt(percentile(o, 99), 2), `${f.length} / ${o.length}`]);
  const memRows = held.rows.map((r) => [fmtInt(r.count), fmtInt(r.open), fmt(r.rssPer / 1024, 1), fmt(r.heapPer / 1024, 1),
    fmt(r.rss / 2 ** 20, 0), fmt(r.heap / 2 ** 20, 0), fmt(r.openMs / 1000, 1)]);
  return {
    title: 'Server against the raw node:http floor',
    tables: [
      {
        caption: `**Chat turns under load** (wrk, ${seconds} s per run after a 2 s warm-up, a fresh server each run; latency of the whole turn, ms)`,
        headers: ['load', 'floor req/s', 'ours req/s', 'ours ÷ floor', 'floor p50', 'ours p50', 'p50 ratio', 'floor p99', 'ours p99', 'p99 ratio', 'floor CPU µs / turn', 'ours CPU µs / turn', 'CPU ratio', 'errors floor / ours'],
        rows: loadRows,
      },
      {
        caption: '**Time from request to the first `status` event** (ms, one kept-alive connection)',
        headers: ['when', 'floor p50', 'ours p50', 'ratio', 'floor p99', 'ours p99', 'samples floor / ours'],
        rows: ttfsRows,
      },
      {
        caption: '**Memory per open stream** (openai engine, the model stand-in holds every stream after its first chunk; per stream = growth over the idle server ÷ streams)',
        headers: ['streams held', 'open on server', 'RSS KB / stream', 'heap KB / stream (after GC)', 'server RSS MB', 'heap MB', 'opening took s'],
        rows: memRows,
      },
      {
        caption: `**Where the time goes** (CPU profile of ours during a 50-connection run, ${fmtInt(profile.samples)} samples; self time)`,
        headers: ['function', 'where', 'self %'],
        rows: profile.top.map((f) => [f.name, f.where, fmt(f.pct, 1)]),
      },
      {
        caption: 'Self time by area',
        headers: ['area', 'self %'],
        rows: profile.areas.map((a) => [a.area, fmt(a.pct, 1)]),
      },
    ],
    notes: [
      `The busy-floor rows are the floor made to spin the extra CPU our server spends per turn (a busy loop); their ratio columns compare ours with them. Their tail latency is what any saturated single core gives, so a p99 far above p50 there is queueing, not a stall in our server. Event-loop delay of ours during the runs (p50 / p99 / max ms): ${[50, 500].map((c) => { const d = runs[`ours-${c}`].loopDelay; return `${c} connections ${fmt(d.p50, 0)} / ${fmt(d.p99, 0)} / ${fmt(d.max, 0)}`; }).join('; ')}.`,
      `A turn here is ${frames.length} SSE events (${frames.join('').length} bytes): status, status, ${frames.length - 3} content, done; the floor writes the same frames, one write each, with the same headers.`,
      `Idle server: RSS ${fmt(held.base.rss / 2 ** 20, 0)} MB, heap ${fmt(held.base.heapUsed / 2 ** 20, 1)} MB; after the held streams closed: ${held.left} still open on the server, ${held.upstreamLeft} upstream, RSS ${fmt(held.after.rss / 2 ** 20, 0)} MB, heap ${fmt(held.after.heapUsed / 2 ** 20, 1)} MB.`,
      'Each held stream has two sockets on the server: the visitor\'s and the upstream model request. The upstream requests go through node:http (server/ops/model-fetch.ts), not undici\'s fetch; an upstream connection a visitor abandons is closed, not pooled. What stays after they closed is the rate limiter\'s per-address entries, which expire with their windows, and heap V8 keeps grown.',
      `Server pinned to core ${SERVER_CPU}, wrk and this script to core ${LOAD_CPU}.`,
    ],
    data: { frames: frames.length, runs, held, profile },
  };
}

await main(import.meta.url, measure);
