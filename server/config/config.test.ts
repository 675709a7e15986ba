import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfigFile, parseConfig } from './config.ts';
import { configJsonSchema } from './schema.ts';
import { botConfig, BOT_ID, configError as errorOf, writeFixture } from '../test/fixtures.ts';
import { ROOT, SERVER } from '../test/paths.ts';
import { runCli } from '../test/cli.ts';

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
    expect(errorOf(bot({ identity_secret: 'short' }))).toBe('bots[0].identity_secret: must be at least 32 characters');
    expect(errorOf(bot({ proactive_messages: [{ text: 'Hi', delay_ms: -1 }] }))).toBe('bots[0].proactive_messages[0].delay_ms: must be at least 0');
    expect(errorOf(bot({ proactive_messages: [{ text: 'Hi', url: '/x' }] }))).toMatch(/^bots\[0\]\.proactive_messages\[0\]\.url: /);
  });

  test('issue 15 fields: proactive messages are filled with their defaults; identity is off unless a secret is set', () => {
    const cfg = parseConfig({ bots: [botConfig({ workspace_id: undefined, proactive_messages: [{ text: 'Need help?' }] })] }, '/base', {});
    const bot = cfg.bots.get(BOT_ID)!;
    expect(bot.proactive_messages).toEqual([{ text: 'Need help?', delay_ms: 0, url_pattern: null, once: true }]);
    expect(bot.identity_secret).toBeNull();
  });

  test('a typo or an unknown key is an error with a suggestion, never silently ignored', () => {
    const bot = (extra: Record<string, unknown>) => ({ workspaces: [{ id: 'ws1' }], bots: [botConfig(extra)] });
    // `alowed_domains` ignored would leave the bot open to every origin.
    expect(errorOf(bot({ alowed_domains: ['example.com'] }))).toBe('bots[0].alowed_domains: is not a known setting (did you mean "allowed_domains"?)');
    expect(errorOf({ trust_poxy: true })).toBe('trust_poxy: is not a known setting (did you mean "trust_proxy"?)');
    expect(errorOf(bot({ widget_settings: { secret_field: 'x' } }))).toBe('bots[0].widget_settings.secret_field: is not a known setting');
    expect(errorOf(bot({ engine: { type: 'openai', base_url: 'http://x/v1', model: 'm', temprature: 1 } }))).toBe('bots[0].engine.temprature: is not a known setting (did you mean "temperature"?)');
  });

  test('colours, URLs, enums and placeholders are validated', () => {
    const bot = (extra: Record<string, unknown>) => ({ workspaces: [{ id: 'ws1' }], bots: [botConfig(extra)] });
    expect(errorOf(bot({ widget_settings: { primary_color: 'teal' } }))).toBeNull(); // a CSS keyword is a colour
    expect(errorOf(bot({ widget_settings: { primary_color: '#12345' } }))).toMatch(/primary_color: must be a CSS color/);
    expect(errorOf(bot({ widget_settings: { avatar_url: 'javascript:alert(1)' } }))).toMatch(/avatar_url: must be an http\(s\) URL or a path/);
    // null is "no avatar" (the README's example writes it): accepted, and left out of what clients get.
    expect(errorOf(bot({ widget_settings: { title: 'Help', avatar_url: null } }))).toBeNull();
    expect(parseConfig(bot({ widget_settings: { title: 'Help', avatar_url: null } }), '/').bots.get(BOT_ID)!.widget_settings).toEqual({ title: 'Help' });
    expect(errorOf(bot({ mcp_url: 'ftp://x' }))).toBe('bots[0].mcp_url: must be an http(s) URL');
    expect(errorOf(bot({ widget_settings: { theme: 'blue' } }))).toBe('bots[0].widget_settings.theme: must be one of "light", "dark", "auto"');
    expect(errorOf(bot({ engine: { type: 'openai', model: 'm' } }))).toBe('bots[0].engine.base_url: is required');
    // The README's example once carried "…" placeholders that refused every chat.
    expect(errorOf(bot({ recaptcha: { site_key: '…', secret_key: '…' } }))).toBe('bots[0].recaptcha.site_key: must be the site key from your provider (not a placeholder)');
  });

  test('placeholders copied from an example are refused the same way for every secret, naming the field', () => {
    // The README once showed "replace-me-with-a-long-random-secret": accepted, it was a token everyone could read.
    expect(errorOf({ agents: [{ name: 'Ana', token: 'replace-me-with-a-long-random-secret' }] })).toBe('agents[0].token: must be a secret of your own (not a placeholder)');
    for (const token of ['CHANGEME-please-0123456789', '<your agent token here>', 'your-token-goes-here-123', 'a-long-secret-token…', 'a-long-secret-token...']) {
      expect(errorOf({ agents: [{ name: 'Ana', token }] })).toBe('agents[0].token: must be a secret of your own (not a placeholder)');
    }
    const bot = (extra: Record<string, unknown>) => ({ workspaces: [{ id: 'ws1' }], bots: [botConfig(extra)] });
    expect(errorOf({ recaptcha: { site_key: 'replace-me', secret_key: 'replace-me' } })).toBe('recaptcha.site_key: must be the site key from your provider (not a placeholder)');
    expect(errorOf(bot({ recaptcha: { site_key: '6LcRealKey0000', secret_key: 'replace-me' } }))).toBe('bots[0].recaptcha.secret_key: must be the secret key from your provider (not a placeholder)');
    expect(errorOf(bot({ identity_secret: 'replace-me-with-a-secret-of-32-characters' }))).toBe('bots[0].identity_secret: must be a secret of your own (not a placeholder)');
    expect(errorOf({ workspaces: [{ id: 'w', webhooks: [{ url: 'https://example.com/h', secret: 'change-me-change-me' }] }] })).toBe('workspaces[0].webhooks[0].secret: must be a secret of your own (not a placeholder)');
    // Real values pass.
    expect(errorOf({ agents: [{ name: 'Ana', token: 'q7T0m2VwXz9LkP4sR8bN1cYe' }], recaptcha: { site_key: '6LcAAAAAAAAAAAAAAAAAAAA-test', secret_key: '0x4AAAAAAABkMYinukE8nzYS' } })).toBeNull();
  });

  test('agent tokens: a minimum strength, or only their SHA-256 in the file', () => {
    expect(errorOf({ agents: [{ name: 'A', token: 'short' }] })).toBe('agents[0].token: must be at least 16 characters');
    expect(errorOf({ agents: [{ name: 'A', token: 'aaaaaaaaaaaaaaaaaaaa' }] })).toMatch(/^agents\[0\]\.token: is too weak/);
    expect(errorOf({ agents: [{ name: 'A', token_sha256: 'xyz' }] })).toBe('agents[0].token_sha256: must be a SHA-256 as 64 hex digits');
    const hash = createHash('sha256').update('a-long-random-secret').digest('hex');
    const cfg = parseConfig({ agents: [{ name: 'A', token_sha256: hash }, { name: 'B', token: 'another-long-secret', role: 'admin' }] }, '/');
    expect(cfg.agents.map((a) => [a.name, a.role, a.token_sha256.toString('hex').length])).toEqual([['A', 'agent', 64], ['B', 'admin', 64]]);
    expect(JSON.stringify(cfg.agents)).not.toContain('another-long-secret');
    expect(errorOf({ agents: [{ name: 'A', token: 'a-long-random-secret' }, { name: 'B', token_sha256: hash }] })).toBe('agents[1].token: must be unique');
  });

  test('config.schema.json is the generated schema, and every example config follows it', async () => {
    const published = JSON.parse(readFileSync(resolve(ROOT, 'config.schema.json'), 'utf8'));
    expect(published).toEqual(configJsonSchema());
    for (const file of ['../demo/config.json']) {
      const json = JSON.parse(readFileSync(resolve(SERVER, file), 'utf8'));
      expect(json.$schema).toMatch(/config\.schema\.json$/);
      expect(() => parseConfig(json, '/')).not.toThrow();
    }
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

  test('knowledge.embeddings: off by default; the key from its variable; each mistake named', () => {
    const knowledge = (embeddings: unknown) => ({ workspaces: [{ id: 'ws1' }], bots: [botConfig({ knowledge: { dir: 'knowledge', embeddings } })] });
    const good = { base_url: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' };
    expect(parseConfig({ bots: [{ id: BOT_ID, name: 'B' }] }, '/').bots.get(BOT_ID)!.knowledge.embeddings).toBeNull();
    const on = parseConfig(knowledge({ ...good, api_key_env: 'EMBED_KEY' }), '/', { EMBED_KEY: 'sk-e' }).bots.get(BOT_ID)!.knowledge.embeddings;
    expect(on).toEqual({ ...good, api_key_env: 'EMBED_KEY', api_key: 'sk-e', timeout_ms: 3000, batch_size: 32, min_similarity: 0.5 });
    expect(errorOf(knowledge({ ...good, api_key_env: 'NO_SUCH_KEY' }))).toBe('bots[0].knowledge.embeddings.api_key_env: environment variable NO_SUCH_KEY is not set');
    expect(errorOf(knowledge({ model: 'm' }))).toBe('bots[0].knowledge.embeddings.base_url: is required');
    expect(errorOf(knowledge({ ...good, base_url: 'localhost:11434' }))).toBe('bots[0].knowledge.embeddings.base_url: must be an http(s) URL');
    expect(errorOf(knowledge({ ...good, model: '' }))).toMatch(/^bots\[0\]\.knowledge\.embeddings\.model: /);
    expect(errorOf(knowledge({ ...good, batch_size: 0 }))).toBe('bots[0].knowledge.embeddings.batch_size: must be at least 1');
    expect(errorOf(knowledge({ ...good, timeout_ms: 50 }))).toBe('bots[0].knowledge.embeddings.timeout_ms: must be at least 100');
    expect(errorOf(knowledge({ ...good, api_key: 'sk-in-the-file' }))).toMatch(/^bots\[0\]\.knowledge\.embeddings\.api_key: is not a known setting/);
  });

  test('a file that is not JSON names the file', () => {
    expect(() => loadConfigFile('/no/such/file.json')).toThrow(/cannot read config file/);
  });

  test('the demo config validates', () => {
    const cfg = loadConfigFile(resolve(ROOT, 'demo/config.json'));
    expect(cfg.bots.get('3f6c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f')).toBeDefined();
  });
});

describe('CLI', () => {
  test('logs `listening on http://HOST:PORT` (a JSON line) with the real port for --port 0, and stops on SIGTERM', async () => {
    const { dir, configPath } = writeFixture();
    const r = await runCli(['--config', configPath, '--port', '0', '--host', '127.0.0.1', '--data-dir', join(dir, 'data')], /listening on/);
    rmSync(dir, { recursive: true, force: true });
    const listening = r.out.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((l) => l.event === 'listening');
    expect(listening.msg).toMatch(/^listening on http:\/\/127\.0\.0\.1:(\d+)$/);
    expect(listening.url).not.toMatch(/:0$/);
    expect(r.code).toBe(0);
  });

  test('a bad config exits non-zero with a message naming the field', async () => {
    const { dir, configPath } = writeFixture({ bots: [botConfig({ allowed_domains: ['ok.com', 5] })] });
    const r = await runCli(['--config', configPath, '--port', '0', '--data-dir', join(dir, 'data')], /listening on/);
    rmSync(dir, { recursive: true, force: true });
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('bots[0].allowed_domains[1]: must be a string');
  });
});
