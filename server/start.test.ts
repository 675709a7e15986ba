// Starting the server from the command line, as a new user or an operator does: `npm start`
// takes --port and --host, and a start that cannot happen says what is wrong and what to do
// (a port in use names the port and how to pick another).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { jsonLines, runCli, runProcess } from './test/cli.ts';
import { writeFixture } from './test/fixtures.ts';
import { ROOT } from './test/paths.ts';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'start-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A port something else holds, for as long as the returned server is open. */
async function occupied(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/** A port nothing listens on (taken and given back). */
async function freePort(): Promise<number> {
  const { port, server } = await occupied();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// `npm start` builds first when dist/ is missing or stale: allow for a build.
const BUILD_MS = 180_000;

describe('npm start', () => {
  test('passes --port and --host through to the server, which serves the demo page at /', async () => {
    const port = await freePort();
    let page: { status: number; type: string | null; text: string } | undefined;
    const r = await runProcess('npm', ['start', '--silent', '--', '--port', String(port), '--host', '127.0.0.1', '--data-dir', temp()], {
      cwd: ROOT, until: /"event":"listening"/, timeoutMs: BUILD_MS,
      whileRunning: async () => {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        page = { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      },
    });
    const listening = r.out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((l) => l.event === 'listening');
    expect(listening?.url, r.out + r.err).toBe(`http://127.0.0.1:${port}`);
    expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', text: expect.stringContaining('Lumen Notes') });
  }, BUILD_MS);

  test('a port in use: exit 1 with a message naming the port and how to choose another', async () => {
    const { port, server } = await occupied();
    try {
      const r = await runProcess('npm', ['start', '--silent', '--', '--port', String(port), '--host', '127.0.0.1', '--data-dir', temp()], { cwd: ROOT, until: /"event":"listening"/, timeoutMs: BUILD_MS });
      expect(r.code).toBe(1);
      expect(r.err).toContain(`cannot start: port ${port} is already in use on 127.0.0.1`);
      expect(r.err).toContain('choose another with --port N or PORT=N');
      expect(r.err).not.toContain('EADDRINUSE');
    } finally {
      server.close();
    }
  }, BUILD_MS);
});

describe('the CLI', () => {
  test('a port in use (given as PORT): the same message', async () => {
    const { port, server } = await occupied();
    try {
      const { dir, configPath } = writeFixture();
      dirs.push(dir);
      const r = await runCli(['--config', configPath, '--host', '127.0.0.1', '--data-dir', join(dir, 'data')], /"event":"listening"/, { PORT: String(port) });
      expect(r.code).toBe(1);
      expect(r.err.trim()).toBe(`cannot start: port ${port} is already in use on 127.0.0.1 (another server, or an earlier one still running?): choose another with --port N or PORT=N (npm start -- --port N)`);
      expect(jsonLines(r.out).filter((l) => l.event === 'listening')).toEqual([]);
    } finally {
      server.close();
    }
  });
});

describe('services that do not answer at start', () => {
  test('Redis on a closed port: exit 1 naming Redis and its address, without the password', async () => {
    const port = await freePort();
    const { dir, configPath } = writeFixture();
    dirs.push(dir);
    const r = await runCli(['--config', configPath, '--port', '0', '--data-dir', join(dir, 'data'), '--redis-url', `redis://:hunter2secret@127.0.0.1:${port}`], /"event":"listening"/);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(`cannot start: Redis at redis://:***@127.0.0.1:${port} does not answer (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(r.out + r.err).not.toContain('hunter2secret');
  });

  test('PostgreSQL on a closed port: exit 1 naming PostgreSQL and its address, without the password', async () => {
    const port = await freePort();
    const { dir, configPath } = writeFixture();
    dirs.push(dir);
    const r = await runCli(['--config', configPath, '--port', '0', '--data-dir', join(dir, 'data'), '--database-url', `postgres://chat:hunter2secret@127.0.0.1:${port}/chat`], /"event":"listening"/);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(`cannot start: PostgreSQL at postgres://chat:***@127.0.0.1:${port}/chat does not answer (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(r.out + r.err).not.toContain('hunter2secret');
  });
});
