// `npm run bench`: every figure of issue 6 in one run, side by side, written to
// bench/RESULTS.md with the date, versions, machine and load. Installs what it needs when
// missing (Chromium and wrk from Debian, the peer widgets into bench/.peers), builds the
// widget when dist/ is missing or older than widget/, and runs each figure as its own process
// so one that fails is recorded and the others still run. CI does not run this.
//   node bench/run.mjs [--quick] [--only weight,page-cost,...]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { BENCH, OUT, PEERS, ROOT, chromiumVersion, chunkName, ensureCommand, ensurePeers, fmt, log, outDir, render } from './common.mjs';
import { chromiumPath } from './browser.mjs';
import { ensureBuilt, isBuilt } from '../scripts/ensure-built.mjs';
import { supportedNode } from '../scripts/supported-node.mjs';

const FIGURES = [
  { name: 'weight', cmd: ['node', 'bench/weight.mjs'], timeoutS: 120 },
  { name: 'page-cost', cmd: ['node', 'bench/page-cost.mjs'], timeoutS: 240 },
  { name: 'stream-render', cmd: ['node', 'bench/stream-render.mjs'], timeoutS: 240 },
  { name: 'markdown-render', cmd: ['node', 'bench/markdown-render.mjs'], timeoutS: 180 },
  // Pins itself to core 1 and the server to core 0; many sockets, so the highest fd limit.
  { name: 'server-load', cmd: ['taskset', '-c', '1', 'node', 'bench/server-load.mjs'], timeoutS: 300, ulimit: true },
  { name: 'retrieval', cmd: ['taskset', '-c', '0', 'node', '--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', 'bench/retrieval.mjs'], timeoutS: 600 },
  // Only bots with knowledge.embeddings pay this: the nearest passages by meaning and their fusion.
  { name: 'vectors', cmd: ['taskset', '-c', '0', 'node', '--max-old-space-size=4096', '--import', 'tsx', 'bench/vectors.mjs'], timeoutS: 300 },
  { name: 'eval', cmd: ['node', 'bench/eval/run.mjs'], timeoutS: 300 },
  { name: 'serialize', cmd: ['node', '--import', 'tsx', 'bench/serialize.mjs'], timeoutS: 120 },
  { name: 'sources', cmd: ['taskset', '-c', '0', 'node', '--import', 'tsx', 'bench/sources.mjs'], timeoutS: 180 },
  // Needs PostgreSQL and Redis on their default ports (as .ci/run starts them).
  { name: 'scale-out', cmd: ['node', 'bench/scale-out.mjs'], timeoutS: 900, ulimit: true },
  // Three instances, 60 s of mixed load, exact counts after (PostgreSQL and Redis as above).
  { name: 'soak', cmd: ['node', 'bench/soak.mjs'], timeoutS: 300 },
  { name: 'console', cmd: ['node', 'bench/console.mjs'], timeoutS: 900 },
  // Issue 21: agent reply → rendered in the widget over the live channel; memory per open channel.
  { name: 'live-reply', cmd: ['node', 'bench/live-reply.mjs'], timeoutS: 600 },
];

const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : null;

const sh = (cmd) => {
  try {
    return execFileSync('sh', ['-c', cmd], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};

function ensureBuild() {
  // The widget loader, its app module and the compiled server the figures run (scripts/ensure-built.mjs).
  if (isBuilt(ROOT)) return 'dist/ as found (newer than its sources)';
  log('building (npm run build)');
  if (!ensureBuilt(ROOT, log)) throw new Error('npm run build failed');
  return 'built by this run (npm run build)';
}

function runFigure(f, env) {
  const json = join(outDir('figures'), `${f.name}.json`);
  const argv = [...f.cmd, '--json', json, ...(quick ? ['--quick'] : [])];
  const quoted = argv.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  // A soft fd limit up to the hard one for the many-sockets figure (no root needed for that).
  const shell = f.ulimit ? `ulimit -n "$(ulimit -Hn)"; exec ${quoted}` : `exec ${quoted}`;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', shell], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), f.timeoutS * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - t0) / 1000;
      let figure = null;
      try {
        figure = JSON.parse(readFileSync(json, 'utf8'));
      } catch {}
      if (!figure || (code !== 0 && !figure.error)) {
        figure = { title: f.name, error: signal === 'SIGKILL' ? `timed out after ${f.timeoutS} s` : `exited with ${code ?? signal} without results`, tables: [], notes: [] };
      }
      figure.seconds = seconds;
      resolve(figure);
    });
  });
}

async function run() {
  const started = new Date();
  const loadBefore = loadavg();
  // Other test work on the machine (ours is not running yet, and has ended by the second look).
  const others = () => Number(sh("pgrep -fc '[p]laywright|[v]itest|[c]hromium' || true")) || 0;
  const othersBefore = others();
  const t0 = performance.now();
  const chromium = chromiumPath();
  if (!ensureCommand('wrk')) log('wrk is missing: the server figure will fail');
  ensurePeers();
  const build = ensureBuild();
  // Every figure reads this copy of the build, so a rebuild mid-run cannot mix two builds.
  const dist = outDir('dist');
  for (const f of ['widget.js', chunkName(join(ROOT, 'dist'))]) cpSync(join(ROOT, 'dist', f), join(dist, f));
  // Every figure runs on a supported Node (22, 24, 26): `node` in their commands is that one.
  const node = supportedNode();
  const env = { ...process.env, BENCH_DIST: dist, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };

  const figures = [];
  for (const f of FIGURES) {
    if (only && !only.includes(f.name)) continue;
    log(`figure: ${f.name}`);
    const figure = await runFigure(f, env);
    figures.push(figure);
    process.stdout.write(`${render(figure)}\n`);
  }
  const loadAfter = loadavg();
  const othersAfter = others();
  const minutes = (performance.now() - t0) / 60_000;

  const model = cpus()[0]?.model ?? sh("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2");
  const commit = sh('git rev-parse --short HEAD');
  const dirty = sh('git status --porcelain -- widget server | wc -l');
  const busy = othersBefore > 0 || othersAfter > 0;
  const header = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.mjs); see [docs/benchmarks.md](../docs/benchmarks.md) for what each figure measures and how.',
    'Numbers from one run on one machine: compare the ratios within this file, not absolute numbers across machines.',
    '',
    '| | |',
    '|---|---|',
    `| date | ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC |`,
    `| machine | ${sh('nproc')} cores (${model.trim()}), ${fmt(totalmem() / 2 ** 30, 0)} GiB |`,
    `| Node | ${process.version} |`,
    `| Chromium | ${chromiumVersion(chromium)} |`,
    `| wrk | ${sh("wrk --version 2>&1 | head -1 | cut -d' ' -f1-2")} |`,
    `| peers (npm, pinned) | ${PEERS.map((p) => `${p.pkg}@${p.version}`).join(', ')} |`,
    `| code | commit ${commit}${dirty !== '0' ? ` with ${dirty} uncommitted file(s) in widget/ or server/` : ''}; widget ${build} |`,
    `| load average (1 min) | ${fmt(loadBefore[0], 2)} before, ${fmt(loadAfter[0], 2)} after (the bench itself keeps both cores busy); processes of other test runs (Playwright, Vitest, Chromium): ${othersBefore} before, ${othersAfter} after |`,
    `| noise | ${busy ? 'other test work was running on this machine during the run' : 'no other test run was seen on the machine before or after'}; ratios measured side by side hold better than absolute numbers |`,
    `| duration | ${fmt(minutes, 1)} min${quick ? ' (--quick: fewer runs, shorter loads; not for the record)' : ''} |`,
    '',
  ].join('\n');
  const body = figures.map(render).join('\n');
  const file = quick || only ? join(OUT, 'RESULTS.quick.md') : join(BENCH, 'RESULTS.md');
  writeFileSync(file, `${header}\n${body}`);
  log(`wrote ${file} in ${fmt(minutes, 1)} min`);
  if (figures.some((f) => f.error)) log(`failed: ${figures.filter((f) => f.error).map((f) => f.title).join(', ')}`);
}

await run();
