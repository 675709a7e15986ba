// The README's config example is what a new user pastes first: it must start as pasted, with
// no warning in the log and no degraded answer (no `rag_unavailable` notice), and /readyz
// must call its knowledge ok. The JSON block is read from README.md itself, so the test
// follows the README and the README cannot drift from what the server accepts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startServer, type RunningServer } from '../main.ts';
import { readSse } from '../test/sse-reader.ts';
import { ROOT } from '../test/paths.ts';

/** The first ```json block under "## The config file". */
export function readmeConfig(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## The config file'));
  const block = /```json\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no ```json block under "## The config file"');
  return block[1];
}

let dir: string;
let server: RunningServer;
const lines: Array<Record<string, unknown>> = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'readme-config-'));
  writeFileSync(join(dir, 'config.json'), readmeConfig());
  // Anything written beside the JSON log would be a line an operator's log shipper cannot read.
  for (const m of ['warn', 'error', 'log'] as const) vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void consoleLines.push(a.join(' ')));
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => {
    for (const l of d.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l));
  });
  server = await startServer({ configPath: join(dir, 'config.json'), port: 0, host: '127.0.0.1', dataDir: join(dir, 'data'), log: { level: 'info', stream } });
  await server.crawls;
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe("the README's config example", () => {
  test('starts as pasted: no warning, /readyz calls everything ok', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', storage: 'ok', bots: 1, knowledge: 'ok' });
    const warnings = lines.filter((l) => (l.level as number) >= 40);
    expect(warnings).toEqual([]);
    expect(consoleLines).toEqual([]);
  });

  test('a chat turn answers from its knowledge with no degraded notice', async () => {
    const bot = JSON.parse(readmeConfig()).bots[0];
    const res = await fetch(`${server.url}/v1/public/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ bot_id: bot.id, session_id: 'readme-session', message: 'How long do refunds take?' }),
    });
    expect(res.status).toBe(200);
    const { events } = await readSse(res);
    expect(events.filter((e) => e.type === 'notice')).toEqual([]);
    expect(events.at(-1)?.type).toBe('done');
    const text = events.filter((e) => e.type === 'content').map((e) => e.content).join('');
    expect(text).toContain('5 days');
    expect(lines.filter((l) => (l.level as number) >= 40)).toEqual([]);
  });
});
