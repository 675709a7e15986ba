// Shared by the bench scripts: paths, pinned peer versions, installing what a figure needs
// (only into bench/.peers or from Debian, never into package.json), statistics, markdown
// tables, and starting our server as a child process pinned to a core.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { supportedNode } from '../scripts/supported-node.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH = join(ROOT, 'bench');
/** Scratch space of one run (configs, data dirs, profiles, per-figure JSON): gitignored. */
export const OUT = join(BENCH, '.out');
export const PEERS_DIR = join(BENCH, '.peers');

/** Pinned so two runs compare the same bytes; recorded in the results. */
export const PEERS = [
  { name: 'Flowise', pkg: 'flowise-embed', version: '3.1.6', file: 'dist/web.js' },
  { name: 'Typebot', pkg: '@typebot.io/js', version: '0.10.7', file: 'dist/web.js' },
  { name: 'deep-chat', pkg: 'deep-chat', version: '2.4.2', file: 'dist/deepChat.bundle.js' },
];
export const WRK_PACKAGE = 'wrk';

/**
 * The built widget. bench/run.mjs points BENCH_DIST at a copy taken when the run starts, so
 * a rebuild by someone else mid-run cannot mix two builds in one results file.
 */
export const DIST = process.env.BENCH_DIST || join(ROOT, 'dist');

/** The content-hashed name of the app module that dist/widget.js imports (widget-app.<hash>.js). */
export function chunkName(dist = DIST) {
  const main = join(dist, 'widget.js');
  const m = existsSync(main) ? /widget-app\.[\w-]{8,}\.js/.exec(readFileSync(main, 'utf8')) : null;
  return m ? m[0] : 'widget-app.js';
}
export const CHUNK = chunkName();
export const OURS = [
  { name: 'ours: widget.js', file: join(DIST, 'widget.js'), when: 'with the page' },
  { name: 'ours: widget-app.<hash>.js', file: join(DIST, CHUNK), when: 'on hover, focus or click' },
];

export const peerPath = (p) => join(PEERS_DIR, 'node_modules', p.pkg, p.file);

export function outDir(...parts) {
  const dir = join(OUT, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A file's bytes raw, gzip -9 and brotli -q 11 (cached by content hash in bench/.out: brotli
 * at quality 11 takes seconds on a megabyte, and the weight and page figures both need it).
 */
export function compressed(file) {
  const raw = readFileSync(file);
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 24);
  const dir = outDir('compressed');
  const gzFile = join(dir, `${hash}.gz`);
  const brFile = join(dir, `${hash}.br`);
  if (!existsSync(gzFile)) writeFileSync(gzFile, gzipSync(raw, { level: 9 }));
  if (!existsSync(brFile)) {
    writeFileSync(brFile, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
  }
  return { raw, gzip: readFileSync(gzFile), br: readFileSync(brFile) };
}

export const log = (...args) => console.error('[bench]', ...args);

/** Installs the pinned peers into bench/.peers when a file is missing; returns {peer, path, error}. */
export function ensurePeers() {
  const missing = PEERS.filter((p) => !existsSync(peerPath(p)) || installedVersion(p) !== p.version);
  if (missing.length) {
    mkdirSync(PEERS_DIR, { recursive: true });
    // A package.json of its own keeps npm from walking up into the project's.
    const pj = join(PEERS_DIR, 'package.json');
    if (!existsSync(pj)) writeFileSync(pj, '{ "private": true, "description": "peer widgets for npm run bench only" }\n');
    log(`installing peers: ${missing.map((p) => `${p.pkg}@${p.version}`).join(' ')}`);
    const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', PEERS_DIR,
      ...missing.map((p) => `${p.pkg}@${p.version}`)], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 180_000 });
    if (r.status !== 0) log(`npm install of peers failed (${r.status ?? r.signal}); missing peers are reported as failures`);
  }
  return PEERS.map((p) => ({ peer: p, path: peerPath(p), error: existsSync(peerPath(p)) ? null : `not installed: ${p.pkg}@${p.version}` }));
}

function installedVersion(p) {
  try {
    return JSON.parse(readFileSync(join(PEERS_DIR, 'node_modules', p.pkg, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** Installs a Debian package when its command is missing (as .ci/run does for Chromium). */
export function ensureCommand(command, pkg = command) {
  const has = () => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  if (has()) return true;
  log(`installing ${pkg} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env, timeout: 300_000 });
  spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env, timeout: 300_000 });
  return has();
}

export function chromiumVersion(path) {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

// --- statistics ---
export const sorted = (xs) => [...xs].sort((a, b) => a - b);
export function percentile(xs, p) {
  if (!xs.length) return NaN;
  const s = sorted(xs);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}
export const median = (xs) => {
  if (!xs.length) return NaN;
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const min = (xs) => (xs.length ? Math.min(...xs) : NaN);
export const max = (xs) => (xs.length ? Math.max(...xs) : NaN);

// --- formatting ---
export const fmtInt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–');
export const ratio = (a, b, digits = 1) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${fmt(a / b, digits)}×` : '–');
export const kb = (n) => (Number.isFinite(n) ? `${fmt(n / 1024, 1)} KB` : '–');

/** A markdown table; cells are strings (numbers are formatted by the caller). */
export function table(headers, rows) {
  const esc = (c) => String(c ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${headers.map(esc).join(' | ')} |`,
    `|${headers.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** Each figure script: `measure()` returns {title, tables: [{caption?, headers, rows}], notes: []}. */
export function render(figure) {
  const parts = [`## ${figure.title}`, ''];
  if (figure.error) parts.push(`**Failed:** ${figure.error}`, '');
  for (const t of figure.tables ?? []) {
    if (t.caption) parts.push(t.caption, '');
    parts.push(table(t.headers, t.rows), '');
  }
  for (const n of figure.notes ?? []) parts.push(`- ${n}`);
  return parts.join('\n').trimEnd() + '\n';
}

/**
 * Runs a figure script's `measure()` when it is the entry point: prints its tables, and with
 * `--json FILE` also writes the figure for bench/run.mjs.
 */
export async function main(metaUrl, measure) {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(metaUrl)) return;
  const at = process.argv.indexOf('--json');
  const quick = process.argv.includes('--quick');
  let figure;
  try {
    figure = await measure({ quick });
  } catch (e) {
    figure = { title: fileURLToPath(metaUrl).split('/').pop(), error: e?.stack ?? String(e), tables: [], notes: [] };
  }
  console.log(render(figure));
  if (at > 0) writeFileSync(process.argv[at + 1], JSON.stringify(figure, null, 1));
  process.exit(figure.error ? 1 : 0);
}

// --- our server ---

/**
 * Starts our server (bench/serve.mjs around startServer) as a child on `cpu` (or unpinned),
 * with an IPC channel for memory samples and CPU profiles. Resolves once it listens. `args`:
 * more flags for serve.mjs (--database-url, --redis-url, --redis-prefix).
 */
export function startOurServer({ configPath, dataDir, cpu = null, execArgv = [], args: extra = [] }) {
  const args = [...execArgv, join(BENCH, 'serve.mjs'), '--config', configPath, '--data-dir', dataDir, ...extra];
  // The server on a supported Node (22, 24, 26), whatever Node runs the bench.
  const node = supportedNode();
  const [cmd, argv] = cpu === null ? [node, args] : ['taskset', ['-c', String(cpu), node, ...args]];
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  return waitListening(child, 'our server');
}

/** Same for the raw node:http floor server. */
export function startFloorServer({ cpu = null, events, busyUs = 0 }) {
  const args = [join(BENCH, 'floor-server.mjs'), JSON.stringify(events)];
  const [cmd, argv] = cpu === null ? [process.execPath, args] : ['taskset', ['-c', String(cpu), process.execPath, ...args]];
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, BUSY_US: String(busyUs) } });
  return waitListening(child, 'floor server');
}

function waitListening(child, what) {
  let output = '';
  const logFile = join(outDir('logs'), `${what.replace(/\W+/g, '-')}-${child.pid}.log`);
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => fail(new Error(`${what} did not start within 60 s:\n${output}`)), 60_000);
    function fail(e) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    }
    const onExit = (code) => fail(new Error(`${what} exited with ${code}:\n${output}`));
    const onData = (chunk) => {
      output += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (!m) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolvePromise(serverHandle(child, m[1], () => output, logFile));
    };
    // Keep reading so a chatty child never blocks on a full pipe; kept for failure reports.
    child.stdout.on('data', (c) => { output = (output + c).slice(-20_000); });
    child.stderr.on('data', (c) => { output = (output + c).slice(-20_000); });
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}

function serverHandle(child, url, output, logFile) {
  let seq = 0;
  const waiting = new Map();
  child.on('message', (m) => {
    const w = waiting.get(m?.id);
    if (w) {
      waiting.delete(m.id);
      w(m);
    }
  });
  return {
    url,
    pid: child.pid,
    child,
    /** Sends a command over IPC ('mem', 'streams', 'profile-start', 'profile-stop'); resolves to the reply. */
    ask(cmd, extra = {}) {
      const id = ++seq;
      return new Promise((res, rej) => {
        const t = setTimeout(() => rej(new Error(`no reply to ${cmd}`)), 60_000);
        waiting.set(id, (m) => {
          clearTimeout(t);
          res(m);
        });
        child.send({ id, cmd, ...extra });
      });
    },
    output,
    stop() {
      writeFileSync(logFile, output());
      return new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU time (user + system, all threads) a process has used, in ms, from /proc. On a machine
 * shared with other work, CPU time per request moves far less than requests per second.
 */
export function cpuTimeMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
