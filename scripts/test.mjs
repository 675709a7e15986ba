// `npm test`: every check the project has, in the order a failure is cheapest to read:
// types, unit tests (server + widget), the widget build and its size budget, then the
// end-to-end suite in a real Chromium. Ends with one plain total line, `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(title);
  return result.status === 0;
}

function readJson(path) {
  try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return null; }
}

// 1. Types
if (!run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])) totals.failed += 1;

// 2. Unit tests (vitest projects: server, widget)
const vitestJson = join(tmp, 'vitest.json');
rmSync(vitestJson, { force: true });
run('unit tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else {
  totals.failed += 1;
}

// 3. Build and size budget
if (!run('build', 'npm', ['run', '--silent', 'build'])) totals.failed += 1;
else if (!run('size budget', process.execPath, [join(root, 'scripts', 'size.mjs')])) totals.failed += 1;
else totals.passed += 1;

// 4. End-to-end (Playwright + system Chromium)
const chromium = findChromium();
if (!chromium) {
  const banner = '!'.repeat(78);
  console.log(`\n${banner}\n!! No Chromium found: the END-TO-END TESTS WERE SKIPPED.\n!! Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${banner}`);
  if (process.env.CI) {
    console.log('!! CI=true: the end-to-end suite must run, so this is a failure.');
    failedSteps.push('end-to-end (no Chromium)');
    totals.failed += 1;
  }
} else if (existsSync(join(root, 'playwright.config.ts'))) {
  const pwJson = join(tmp, 'playwright.json');
  rmSync(pwJson, { force: true });
  run('end-to-end (playwright)', bin('playwright'), ['test'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  const pw = readJson(pwJson);
  if (pw?.stats) {
    totals.passed += pw.stats.expected;
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
  } else {
    totals.failed += 1;
  }
}

console.log(`\n━━ summary${failedSteps.length ? ` (failed steps: ${failedSteps.join(', ')})` : ''}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
