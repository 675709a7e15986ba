import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Invalid } from './check.ts';
import { loadConfigFile, parseConfig } from './config.ts';
import { botConfig, BOT_ID, writeFixture } from './test/fixtures.ts';

const errorOf = (json: unknown, env: NodeJS.ProcessEnv = {}) => {
  try {
    parseConfig(json, '/base', env);
  } catch (e) {
    if (e instanceof Invalid) return e.message;
    throw e;
  }
  return null;
};

describe('config validation', () => {
  test('errors name the field', () => {
    const bot = (extra: Record<string, unknown>) => ({ workspaces: [{ id: 'ws1' }], bots: [botConfig(extra)] });
    expect(errorOf(bot({ allowed_domains: ['ok.com', 5] }))).toBe('bots[0].allowed_domains[1]: must be a string');
    expect(errorOf(bot({ id: 'nope' }))).toBe('bots[0].id: must be a UUID');
    expect(errorOf(bot({ privacy: 'secret' }))).toBe('bots[0].privacy: must be one of "public", "private"');
    expect(errorOf(bot({ workspace_id: 'ghost' }))).toBe('bots[0].workspace_id: no workspace with id "ghost"');
    expect(errorOf(bot({ rate_limits: { per_minute: 0 } }))).toBe('bots[0].rate_limits.per_minute: must be at least 1');
    expect(errorOf(bot({ widget_settings: { primary_color: 'red;}body{' } }))).toMatch(/^bots\[0\]\.widget_settings\.primary_color: must be a CSS color/);
    expect(errorOf(bot({ contact_form: { enabled: true, fields: [{ name: 'topic', label: 'Topic', type: 'select' }] } }))).toMatch(/^bots\[0\]\.contact_form\.fields\[0\]\.options/);
    expect(errorOf(bot({ engine: { type: 'openai', base_url: 'http://x/v1', model: 'm', api_key_env: 'NO_SUCH_KEY' } }))).toBe('bots[0].engine.api_key_env: environment variable NO_SUCH_KEY is not set');
    expect(errorOf(bot({ engine: { type: 'gpt' } }))).toBe('bots[0].engine.type: must be one of "extractive", "openai"');
    expect(errorOf(bot({ recaptcha: { site_key: 'a', secret_key: 'b', min_score: 2 } }))).toBe('bots[0].recaptcha.min_score: must be at most 1');
    expect(errorOf({ bots: [botConfig({ workspace_id: undefined }), botConfig({ workspace_id: undefined })] })).toMatch(/^bots\[1\]\.id: duplicate bot id/);
    expect(errorOf({ trust_proxy: ['10.0.0.0/40'] })).toBe('trust_proxy[0]: prefix must be 0-32');
    expect(errorOf({ workspaces: [{ id: 'w', trial_ends_at: 'soon' }] })).toBe('workspaces[0].trial_ends_at: must be an ISO 8601 date-time');
    expect(errorOf({ agents: [{ name: 'A' }] })).toBe('agents[0].token: is required');
    expect(errorOf([])).toBe('must be an object');
  });

  test('defaults fill everything; relative knowledge paths resolve against the config folder', () => {
    const cfg = parseConfig({ bots: [{ id: BOT_ID, name: 'B', knowledge: { dir: 'docs' } }] }, '/srv/chat', { KEY: 'k' });
    const bot = cfg.bots.get(BOT_ID)!;
    expect(bot.knowledge.dir).toBe(resolve('/srv/chat/docs'));
    expect(bot).toMatchObject({ privacy: 'public', active: true, allowed_domains: [], citations_enabled: true, engine: { type: 'extractive' }, workspace_id: 'default' });
    expect(cfg.workspaces.get('default')).toMatchObject({ credits: null, chat_limit_per_month: null });
    const ai = parseConfig({ bots: [{ id: BOT_ID, name: 'B', engine: { type: 'openai', base_url: 'http://h/v1', model: 'm', api_key_env: 'KEY' } }] }, '/', { KEY: 'k' });
    expect(ai.bots.get(BOT_ID)!.engine).toMatchObject({ type: 'openai', api_key: 'k', timeout_ms: 30000, vision: false });
  });

  test('a file that is not JSON names the file', () => {
    expect(() => loadConfigFile('/no/such/file.json')).toThrow(/cannot read config file/);
  });

  test('the demo config validates', () => {
    const cfg = loadConfigFile(resolve(import.meta.dirname, '../demo/config.json'));
    expect(cfg.bots.get('3f6c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f')).toBeDefined();
  });
});

/** Runs the CLI as a child process until it prints a line matching `until`, or exits. */
function runCli(args: string[], until: RegExp): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), ...args], { env: { ...process.env, PORT: '' } });
    let out = '';
    let err = '';
    let signalled = false;
    child.stdout.on('data', (d) => {
      out += d;
      if (!signalled && until.test(out)) signalled = child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code, signal) => done({ code: code ?? (signal ? -1 : null), out, err: err + (signal ? `killed by ${signal}` : '') }));
  });
}

describe('CLI', () => {
  test('prints `listening on http://HOST:PORT` with the real port for --port 0, and stops on SIGTERM', async () => {
    const { dir, configPath } = writeFixture();
    const r = await runCli(['--config', configPath, '--port', '0', '--host', '127.0.0.1', '--data-dir', join(dir, 'data')], /listening on/);
    rmSync(dir, { recursive: true, force: true });
    expect(r.out).toMatch(/^listening on http:\/\/127\.0\.0\.1:(\d+)\n/);
    expect(r.out).not.toMatch(/:0\n/);
    expect(r.code).toBe(0);
  });

  test('a bad config exits non-zero with a message naming the field', async () => {
    const { dir, configPath } = writeFixture({ bots: [botConfig({ allowed_domains: ['ok.com', 5] })] });
    const r = await runCli(['--config', configPath, '--port', '0', '--data-dir', mkdtempSync(join(tmpdir(), 'x-'))], /listening on/);
    rmSync(dir, { recursive: true, force: true });
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('bots[0].allowed_domains[1]: must be a string');
  });
});
