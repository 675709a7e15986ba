// `npm test`: every check the project has, in the order a failure is cheapest to read:
// types, dependency rules, unit tests (server + widget + agent), the server tests again on the
// other supported Node lines, the widget build and its size budget, then the end-to-end suite
// in a real Chromium. Ends with one plain total line, `N passed, N failed, N skipped`.
//
// Node lines (scripts/node-lines.mjs): everything that runs JavaScript of ours runs under
// Node 24 from tools/node-lines, whatever Node runs this script; the `server` vitest project
// also runs under Node 22 and Node 26. Each step gets its Node's directory first in PATH, so
// the child processes tests spawn (process.execPath, or `node` in a script) are that Node too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import { ensureNodeLines, nodeEnv } from './node-lines.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
// The JavaScript file behind node_modules/.bin/NAME, to run under a chosen Node.
const script = (name) => realpathSync(bin(name));

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const report = []; // one summary line per step

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(title);
  return { ok, seconds: Math.round((Date.now() - started) / 1000) };
}

function note(title, outcome, seconds) {
  report.push(`  ${title.padEnd(34)} ${outcome}${seconds === undefined ? '' : ` (${seconds} s)`}`);
}

/** A step that is one check: counts one passed or one failed. */
function check(title, cmd, args, env) {
  const r = run(title, cmd, args, env);
  if (r.ok) totals.passed += 1; else totals.failed += 1;
  note(title, r.ok ? 'ok' : 'FAILED', r.seconds);
  return r.ok;
}

/** A step whose JSON report says how many tests passed, failed and were skipped. */
function counted(title, jsonPath, counts, cmd, args, env) {
  rmSync(jsonPath, { force: true });
  const r = run(title, cmd, args, env);
  const c = counts(readJson(jsonPath));
  if (c) {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
    note(title, `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`, r.seconds);
  } else {
    totals.failed += 1;
    note(title, 'FAILED (no report)', r.seconds);
  }
}

function readJson(path) {
  try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return null; }
}

const vitestCounts = (v) => v && { passed: v.numPassedTests, failed: v.numFailedTests, skipped: v.numPendingTests + (v.numTodoTests ?? 0) };
const playwrightCounts = (pw) => pw?.stats && { passed: pw.stats.expected, failed: pw.stats.unexpected, skipped: pw.stats.skipped };

// 0. The Node lines: binaries installed from tools/node-lines, each checked to open SQLite.
console.log('\n━━ node lines (22, 24, 26)');
let lines = null;
try {
  const started = Date.now();
  lines = Object.fromEntries(ensureNodeLines().map((l) => [l.line, l]));
  for (const l of Object.values(lines)) console.log(`Node ${l.version}: better-sqlite3 opens SQLite ${l.sqlite}`);
  note('node lines', Object.values(lines).map((l) => l.version).join(', '), Math.round((Date.now() - started) / 1000));
} catch (e) {
  console.log(`!! ${e.message}`);
  failedSteps.push('node lines');
  totals.failed += 1;
  note('node lines', 'FAILED');
}
/** [binary, env] for a line, or null (then the step is a failure: the line is not there). */
function on(line, title) {
  const l = lines?.[line];
  if (l) return { node: l.bin, env: nodeEnv(l.bin), title: `${title} (Node ${l.version})` };
  failedSteps.push(`${title} (no Node ${line})`);
  totals.failed += 1;
  note(`${title} (Node ${line})`, 'FAILED: not installed');
  return null;
}

// 1. Types (a failure counts; a pass is not a test)
const types = run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
if (!types.ok) totals.failed += 1;
note('typecheck', types.ok ? 'ok' : 'FAILED', types.seconds);

// 2. Dependency rules (.dependency-cruiser.cjs; dependency-cruiser needs Node 22 or later)
const rules = on(24, 'dependency rules');
if (rules) check(rules.title, rules.node, [script('depcruise'), '--config', '.dependency-cruiser.cjs', 'protocol', 'server', 'widget', 'agent'], rules.env);

// 3. Unit tests (vitest projects: server, widget, agent) under Node 24, then the server
// project (the code that runs under the customer's Node) under Node 22 and Node 26.
const unit = on(24, 'unit tests');
if (unit) {
  const json = join(tmp, 'vitest.json');
  counted(unit.title, json, vitestCounts, unit.node, [script('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${json}`], unit.env);
}
for (const line of [22, 26]) {
  const server = on(line, 'server tests');
  if (!server) continue;
  const json = join(tmp, `vitest-node${line}.json`);
  counted(server.title, json, vitestCounts, server.node, [script('vitest'), 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile=${json}`], server.env);
}

// 4. Build and size budget (under Node 24: npm, vite and tsc find it first in PATH)
const build = on(24, 'build');
if (build) {
  const r = run(build.title, 'npm', ['run', '--silent', 'build'], build.env);
  if (!r.ok) {
    totals.failed += 1;
    note(build.title, 'FAILED', r.seconds);
  } else {
    note(build.title, 'ok', r.seconds);
    check(`size budget (Node ${lines[24].version})`, build.node, [join(root, 'scripts', 'size.mjs')], build.env);
  }
}

// 5. End-to-end (Playwright + system Chromium; the server it starts runs under Node 24)
const chromium = findChromium();
if (!chromium) {
  const banner = '!'.repeat(78);
  console.log(`\n${banner}\n!! No Chromium found: the END-TO-END TESTS WERE SKIPPED.\n!! Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${banner}`);
  if (process.env.CI) {
    console.log('!! CI=true: the end-to-end suite must run, so this is a failure.');
    failedSteps.push('end-to-end (no Chromium)');
    totals.failed += 1;
    note('end-to-end', 'FAILED: no Chromium');
  } else {
    note('end-to-end', 'skipped: no Chromium');
  }
} else if (existsSync(join(root, 'playwright.config.ts'))) {
  const e2e = on(24, 'end-to-end');
  if (e2e) {
    const json = join(tmp, 'playwright.json');
    counted(e2e.title, json, playwrightCounts, e2e.node, [script('playwright'), 'test'], {
      ...e2e.env,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: json,
    });
  }
}

console.log(`\n━━ summary${failedSteps.length ? ` (failed steps: ${failedSteps.join(', ')})` : ''}`);
for (const line of report) console.log(line);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
