/**
 * Test fixture: writes a config and a small knowledge base to a temp dir, starts the real
 * server on a loopback port, and offers fetch helpers. Each test file gets its own dir
 * and SQLite database.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Invalid } from '../config/check.ts';
import { parseConfig } from '../config/config.ts';
import { startServer, type RunningServer, type StartOptions } from '../main.ts';

/** Test bot ids: botId(1) is the main bot. */
export const botId = (n: number) => `3f6c2a8e-5b1d-4c7a-9e2f-${String(n).padStart(12, '0')}`;
export const BOT_ID = botId(1);
export const SESSION = 'session-aaaa';
export const ORIGIN = 'https://shop.example.com';

/** The knowledge of the test bot: an invented product, "Nimbus Lamp". */
export const KNOWLEDGE: Record<string, string> = {
  'knowledge/pricing.md': `---
title: Pricing and plans
url: https://docs.example.com/pricing
---
# Pricing

The Nimbus Lamp costs 79 euros including VAT. Shipping within the EU is free for orders above 50 euros.

## Subscriptions
The optional Nimbus Cloud subscription costs 3 euros per month and adds remote scheduling and sunrise alarms.
`,
  'knowledge/setup.md': `# Setting up the lamp

Plug the lamp into a wall socket and hold the top button for five seconds until the ring blinks blue.
Then open the Nimbus app, tap "Add device" and follow the pairing steps. Pairing needs a 2.4 GHz Wi-Fi network.

## Resetting
To reset the lamp to factory settings, hold the top button and the bottom button together for twenty seconds.
`,
  'knowledge/returns.html': `<html><head><title>Returns policy</title></head><body>
<h1>Returns</h1><p>You can return the lamp within 30 days of delivery for a full refund.
Contact support with your order number to get a prepaid return label.</p>
<script>alert("never indexed")</script></body></html>`,
};

export function botConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: BOT_ID,
    workspace_id: 'ws1',
    name: 'Nimbus helper',
    allowed_domains: ['shop.example.com', '*.nimbus.example', 'localhost'],
    welcome_message: 'Hi! Ask me about the Nimbus Lamp.',
    suggested_questions: ['How much does it cost?', 'How do I reset it?'],
    widget_settings: { primary_color: '#2563eb', position: 'bottom-right', title: 'Help', theme: 'auto' },
    knowledge: { dir: 'knowledge', documents: [{ id: 'faq-warranty', title: 'Warranty', url: 'https://docs.example.com/warranty', text: 'The lamp has a two year warranty against manufacturing defects.' }] },
    engine: { type: 'extractive', chunk_delay_ms: 0 },
    ...extra,
  };
}

/** The message a config is refused with (`bots[0].x: must be …`), or null when it is accepted. */
export function configError(json: unknown, env: NodeJS.ProcessEnv = {}): string | null {
  try {
    parseConfig(json, '/base', env);
  } catch (e) {
    if (e instanceof Invalid) return e.message;
    throw e;
  }
  return null;
}

export interface TestServer extends RunningServer {
  dir: string;
  dataDir: string;
  options: StartOptions;
  post(path: string, body: unknown, headers?: Record<string, string>, signal?: AbortSignal): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  chat(body: Record<string, unknown>, headers?: Record<string, string>, signal?: AbortSignal): Promise<Response>;
  /** Stops the server and starts it again on the same data dir and config. */
  restart(): Promise<TestServer>;
  stop(): Promise<void>;
}

export interface FixtureOptions {
  config?: Record<string, unknown>;
  bots?: Record<string, unknown>[];
  /** Extra files (text, or bytes such as a PDF) relative to the config's folder. */
  files?: Record<string, string | Uint8Array>;
  start?: Partial<StartOptions>;
  /**
   * Send each request from a new client address (X-Forwarded-For, trusted from loopback),
   * so tests that are not about rate limits never meet one.
   */
  uniqueClients?: boolean;
}

export function writeFixture(o: FixtureOptions = {}): { dir: string; configPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'chat-server-'));
  for (const [path, text] of Object.entries({ ...KNOWLEDGE, ...o.files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const config = {
    workspaces: [{ id: 'ws1', credits: null, trial_ends_at: null, chat_limit_per_month: null }],
    agents: [{ name: 'Ana', token: 'agent-token-ana-1' }],
    bots: o.bots ?? [botConfig()],
    ...(o.uniqueClients ? { trust_proxy: ['127.0.0.1'] } : {}),
    ...o.config,
  };
  const configPath = join(dir, 'config.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return { dir, configPath };
}

export async function startFixture(o: FixtureOptions = {}): Promise<TestServer> {
  const { dir, configPath } = writeFixture(o);
  const options: StartOptions = {
    configPath, port: 0, host: '127.0.0.1', dataDir: join(dir, 'data'), rootDir: dir,
    sse: { heartbeatMs: 60_000 }, verifyTimeoutMs: 2000, log: { level: 'silent' }, ...o.start,
  };
  return wrap(await startServer(options), dir, options, o.uniqueClients ?? false);
}

let clientCounter = 0;
const nextClient = (): Record<string, string> => {
  clientCounter++;
  return { 'x-forwarded-for': `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}` };
};

function wrap(server: RunningServer, dir: string, options: StartOptions, unique: boolean): TestServer {
  const client = () => (unique ? nextClient() : {});
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...client(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal,
    });
  const t: TestServer = {
    ...server,
    dir,
    dataDir: options.dataDir,
    options,
    post,
    get: (path, headers = {}) => fetch(server.url + path, { headers: { origin: ORIGIN, ...client(), ...headers } }),
    chat: (body, headers, signal) => post('/v1/public/chat/stream', { bot_id: BOT_ID, session_id: SESSION, ...body }, headers, signal),
    restart: async () => {
      await server.close();
      return wrap(await startServer(options), dir, options, unique);
    },
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}
