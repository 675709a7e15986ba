/**
 * Starts the server: CLI flags or env vars → load and validate config → listen → graceful
 * shutdown. `startServer` is the same thing for tests and the e2e suite, in-process.
 *
 *   tsx server/main.ts --config FILE --port N --data-dir DIR [--host ADDR]
 *   (or CHAT_CONFIG, PORT, DATA_DIR, HOST)
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { Invalid } from './check.ts';
import { loadConfigFile, parseConfig, type AppConfig } from './config.ts';
import { createContext, type Context } from './context.ts';
import { DEFAULT_SSE, type SseOptions } from './sse.ts';
import { Store } from './store.ts';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface StartOptions {
  /** A config file; relative paths inside resolve against its folder. */
  configPath?: string;
  /** Or the config as parsed JSON (relative paths resolve against `configDir`, default cwd). */
  config?: unknown;
  configDir?: string;
  port?: number;
  host?: string;
  dataDir: string;
  /** Where dist/widget.js and index.html live; default: the project root. */
  rootDir?: string;
  /** SSE timings, shortened by tests (heartbeat, drain timeout, buffer cap). */
  sse?: Partial<SseOptions>;
  verifyTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  ctx: Context;
  close(): Promise<void>;
}

export async function startServer(o: StartOptions): Promise<RunningServer> {
  const env = o.env ?? process.env;
  let config: AppConfig;
  if (o.configPath) config = loadConfigFile(o.configPath, env);
  else if (o.config !== undefined) config = parseConfig(o.config, resolve(o.configDir ?? process.cwd()), env);
  else throw new Invalid('', 'no config: pass --config FILE or set CHAT_CONFIG');

  const store = new Store(resolve(o.dataDir));
  const ctx = createContext({
    config,
    store,
    sse: { ...DEFAULT_SSE, ...o.sse },
    verifyTimeoutMs: o.verifyTimeoutMs ?? 5000,
    rootDir: o.rootDir ?? ROOT_DIR,
  });
  for (const bot of config.bots.values()) {
    const kb = ctx.knowledge(bot);
    for (const problem of kb.problems) console.warn(`[knowledge] bot ${bot.id}: cannot read ${problem}`);
  }
  const app = buildApp(ctx);
  const host = o.host ?? '127.0.0.1';
  try {
    await app.listen({ port: o.port ?? 8787, host });
  } catch (e) {
    store.close();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (o.port ?? 8787);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Open streams end with an error event the widget can show, then the connections close.
      await Promise.all([...ctx.streams].map((s) => s.closeWith({ type: 'error', error: 'service_unavailable', message: 'The server is restarting. Please try again in a moment.' })));
      await app.close();
      store.close();
    })());
  return { url, port, app, ctx, close };
}

function intFrom(v: string | undefined, name: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Invalid(name, 'must be a port number from 0 to 65535');
  return n;
}

async function cli() {
  const { values } = parseArgs({
    options: {
      config: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' }, host: { type: 'string' },
    },
  });
  const env = process.env;
  const configPath = values.config ?? env.CHAT_CONFIG;
  if (!configPath) throw new Invalid('', 'no config: pass --config FILE or set CHAT_CONFIG');
  const server = await startServer({
    configPath,
    port: intFrom(values.port ?? env.PORT, '--port') ?? 8787,
    host: values.host ?? env.HOST ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? '.data',
  });
  let signals = 0;
  const stop = (signal: string) => {
    if (++signals > 1) process.exit(1);
    console.log(`${signal}: shutting down`);
    server.close().then(() => process.exit(0), () => process.exit(1));
  };
  // Handlers first: whoever reads the line below may signal at once.
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`listening on ${server.url}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  cli().catch((e: unknown) => {
    if (e instanceof Invalid) console.error(`config error: ${e.message}`);
    else console.error(`cannot start: ${(e as Error).message}`);
    process.exit(1);
  });
}
