// The server as production runs it: compiled by the build's own tsc config to plain
// JavaScript and started with `node` alone (no TypeScript loader), answering over HTTP and
// stopping on SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeFixture } from './test/fixtures.ts';

const root = join(import.meta.dirname, '..');
let out: string;
beforeAll(() => {
  // Inside the repository (like dist/server), so the compiled server finds the root by its package.json.
  mkdirSync(join(root, '.tmp'), { recursive: true });
  out = mkdtempSync(join(root, '.tmp', 'server-build-'));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.server.json'), '--outDir', out], { cwd: root, encoding: 'utf8' });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

test('every compiled module imports .js files, and no test or TypeScript loader is in the output', () => {
  const js = files(out).filter((f) => f.endsWith('.js'));
  expect(js.map((f) => f.slice(out.length + 1))).toContain('server/main.js');
  for (const f of js) {
    expect(f).not.toMatch(/\.test\.js$|\/test\//);
    const text = readFileSync(f, 'utf8');
    expect({ f, ts: /from\s+['"][^'"]+\.ts['"]/.test(text), tsx: /['"]tsx['"]/.test(text) }).toEqual({ f, ts: false, tsx: false });
  }
});

test('the built server hashes its compiled indexing code, so a stored index of older code is not reused', async () => {
  const { indexCodeFiles } = await import(join(out, 'server', 'knowledge', 'index-cache.js'));
  expect((indexCodeFiles() as URL[]).map((u) => u.pathname.slice(out.length + 1))).toEqual(['server/knowledge/text.js', 'server/knowledge/search-index.js']);
});

test('`node main.js` (no loader) starts, answers /healthz and HEAD / (no demo page without --demo: 404), and exits 0 on SIGTERM', async () => {
  const { dir, configPath } = writeFixture();
  const child = spawn(process.execPath, [join(out, 'server', 'main.js'), '--config', configPath, '--port', '0', '--data-dir', join(dir, 'data')], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' },
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        output += d;
        const m = /"url":"(http:\/\/[^"]+)"/.exec(output);
        if (m) resolve(m[1]);
      });
      child.stderr.on('data', (d) => (output += d));
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${url}/`, { method: 'HEAD' })).status).toBe(404);
    const code = await new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
