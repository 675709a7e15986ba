// Our server as the bench runs it: startServer() of the compiled server (dist/server, what
// production runs; `npm run bench` builds it), plus an IPC channel
// (when started by bench/common.mjs) that answers memory samples, the number of open streams
// and starts/stops a CPU profile of the hot path, so nothing of this needs a server endpoint.
//   node --expose-gc bench/serve.mjs --config FILE --data-dir DIR [--database-url U] [--redis-url U] [--redis-prefix P]
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer } from '../dist/server/server/main.js';

const { values } = parseArgs({
  options: { config: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, 'redis-url': { type: 'string' }, 'redis-prefix': { type: 'string' } },
});
// Warnings and errors only: the figures compare serving cost with earlier runs, which logged nothing per request.
const server = await startServer({
  configPath: values.config, dataDir: values['data-dir'], port: 0, host: '127.0.0.1',
  databaseUrl: values['database-url'], redisUrl: values['redis-url'], redisPrefix: values['redis-prefix'],
  log: { level: process.env.LOG_LEVEL ?? 'warn' },
});
let session = null;
let loopDelay = null;

/** RSS from the kernel's view (what the machine pays), heap after a full GC (what is live). */
function memory() {
  globalThis.gc?.();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kbOf = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  const m = process.memoryUsage();
  return { rss: kbOf('VmRSS'), heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, gc: typeof globalThis.gc === 'function' };
}

process.on('message', async (msg) => {
  const reply = (data) => process.send?.({ id: msg.id, ...data });
  try {
    if (msg.cmd === 'mem') return reply(memory());
    if (msg.cmd === 'streams') return reply({ open: server.ctx.streams.size });
    if (msg.cmd === 'vectors') {
      // Whether every bot with knowledge.embeddings has its passages' vectors (the eval waits for it).
      const pending = [...server.ctx.config.bots.values()].map((bot) => server.ctx.liveKnowledge(bot).vectors?.whenComplete()).filter(Boolean);
      const complete = await Promise.race([Promise.all(pending).then(() => true), new Promise((r) => setTimeout(() => r(false), 1000))]);
      return reply({ complete, bots: pending.length });
    }
    if (msg.cmd === 'loop-delay-start') {
      loopDelay = monitorEventLoopDelay({ resolution: 5 });
      loopDelay.enable();
      return reply({ ok: true });
    }
    if (msg.cmd === 'loop-delay-stop') {
      loopDelay.disable();
      const ms = (ns) => ns / 1e6;
      return reply({ p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) });
    }
    if (msg.cmd === 'heap-sampling-start') {
      // Allocations still alive when sampling stops, with their stacks: what a leak holds.
      session = new Session();
      session.connect();
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', { samplingInterval: 4096 });
      return reply({ ok: true });
    }
    if (msg.cmd === 'heap-sampling-stop') {
      globalThis.gc?.();
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      session = null;
      writeFileSync(msg.file, JSON.stringify(profile));
      return reply({ ok: true });
    }
    if (msg.cmd === 'profile-start') {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: msg.intervalUs ?? 200 });
      await session.post('Profiler.start');
      return reply({ ok: true });
    }
    if (msg.cmd === 'profile-stop') {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      session = null;
      writeFileSync(msg.file, JSON.stringify(profile));
      return reply({ ok: true });
    }
    reply({ error: `unknown command ${msg.cmd}` });
  } catch (e) {
    reply({ error: String(e?.stack ?? e) });
  }
});

const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
console.log(`listening on ${server.url}`);
