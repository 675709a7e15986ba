/**
 * Starts the server: CLI flags or env vars → load and validate config → listen → graceful
 * shutdown. `startServer` is the same thing for tests and the e2e suite, in-process.
 *
 *   node dist/server/server/main.js --config FILE --port N --data-dir DIR [--host ADDR]
 *                      [--database-url postgres://…] [--redis-url redis://…] [--redis-prefix P] [--demo]
 *   (or CHAT_CONFIG, PORT, DATA_DIR, HOST, LOG_LEVEL, DATABASE_URL, REDIS_URL, REDIS_PREFIX;
 *   `npm run server` builds it first)
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './http/app.ts';
import { Invalid } from './config/check.ts';
import { loadConfigFile, parseConfig, type AppConfig } from './config/config.ts';
import { createContext, type Context } from './context.ts';
import { createLogger, type LogOptions } from './ops/log.ts';
import { Metrics } from './ops/metrics.ts';
import { crawlSitemaps, type CrawlLog } from './knowledge/sources/crawl.ts';
import { Politeness } from './knowledge/sources/politeness.ts';
import { DEFAULT_SSE, type SseOptions } from './chat/sse.ts';
import { connectRedis, reason, redactUrl, type Redis } from './ops/redis.ts';
import { isServiceDown } from './ops/outage.ts';
import { RedisEvents } from './console/events-redis.ts';
import type { WebhookOptions } from './console/webhooks.ts';
import type { MailerOptions } from './console/email.ts';
import { openStore } from './store/open.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from './http/timeouts.ts';

/**
 * The repository root (where package.json, index.html and dist/ are): found by walking up,
 * because this file runs from server/ under tsx (tests) and from dist/server/server/ compiled.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..');
  }
}
export const ROOT_DIR = findRoot(dirname(fileURLToPath(import.meta.url)));

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
  /** Serve the demo page (index.html) at `/` (`--demo`; npm start sets it). Default false: `/` is a JSON 404 naming what is served. */
  demo?: boolean;
  /** SSE timings, shortened by tests (heartbeat, drain timeout, buffer cap). */
  sse?: Partial<SseOptions>;
  verifyTimeoutMs?: number;
  /** HTTP timeouts (slow or unfinished requests); production values unless a test shortens them. */
  timeouts?: Partial<Timeouts>;
  /** Log level and destination (JSON lines on stdout by default). */
  log?: LogOptions;
  env?: NodeJS.ProcessEnv;
  /** Rebuild a bot's knowledge when its folder changes (default true). */
  watchKnowledge?: boolean;
  /** How long a turn whose client left waits for a resuming reader (default 10 s). */
  resumeGraceMs?: number;
  /** Webhook retry timing (tests shorten it). */
  webhooks?: WebhookOptions;
  /** E-mail retry timing (tests shorten it). */
  email?: MailerOptions;
  /** postgres://… stores everything in PostgreSQL; without it, SQLite in the data dir. */
  databaseUrl?: string | null;
  /** redis://… keeps rate limits, presence and resumable streams in Redis, shared by instances. */
  redisUrl?: string | null;
  /** Prefix of every Redis key (several deployments or test runs on one Redis). */
  redisPrefix?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  ctx: Context;
  /** Settles when every bot's sitemap pages are fetched and searchable (or failed); never rejects. */
  crawls: Promise<void>;
  close(): Promise<void>;
}

export async function startServer(o: StartOptions): Promise<RunningServer> {
  const env = o.env ?? process.env;
  let config: AppConfig;
  if (o.configPath) config = loadConfigFile(o.configPath, env);
  else if (o.config !== undefined) config = parseConfig(o.config, resolve(o.configDir ?? process.cwd()), env);
  else throw new Invalid('', 'no config: pass --config FILE or set CHAT_CONFIG');

  const log = createLogger(o.log ?? { level: env.LOG_LEVEL });
  const store = await openStore({ dataDir: resolve(o.dataDir), databaseUrl: o.databaseUrl, warn: (m) => log.warn({ event: 'postgres_problem' }, m) }).catch((e: unknown) => {
    if (!o.databaseUrl) throw e;
    // Name the service and its address (never its password), not just `connect ECONNREFUSED …`.
    const where = `PostgreSQL at ${redactUrl(o.databaseUrl)}`;
    throw new Error(isServiceDown(e) ? `${where} does not answer (${reason(e)})` : `${where}: ${reason(e)}`);
  });
  let redis: Redis | null = null;
  try {
    if (o.redisUrl) redis = await connectRedis({ url: o.redisUrl, prefix: o.redisPrefix, warn: (m) => log.warn({ event: 'redis_problem' }, m) });
  } catch (e) {
    await store.close();
    throw e;
  }
  const ctx = createContext({
    log,
    metrics: new Metrics(),
    config,
    store,
    redis,
    sse: { ...DEFAULT_SSE, ...o.sse },
    verifyTimeoutMs: o.verifyTimeoutMs ?? 5000,
    rootDir: o.rootDir ?? ROOT_DIR,
    demo: o.demo ?? false,
    indexDir: join(resolve(o.dataDir), 'index'),
    watchKnowledge: o.watchKnowledge ?? true,
    resumeGraceMs: o.resumeGraceMs,
    webhooks: o.webhooks,
    email: o.email,
  });
  if (redis) ctx.events = await RedisEvents.connect(redis, ctx.instanceId, (m) => log.warn({ event: 'events_problem' }, m));
  ctx.metrics.watch(ctx);
  // Every bot's files, PDF and DOCX included, are indexed before the first question.
  await ctx.knowledgeReady;
  for (const bot of config.bots.values()) {
    const kb = ctx.knowledge(bot);
    for (const problem of kb.problems) log.warn({ event: 'knowledge_unreadable', bot_id: bot.id, problem }, `bot ${bot.id}: cannot read ${problem}`);
  }
  const app = buildApp(ctx, { ...DEFAULT_TIMEOUTS, ...o.timeouts });
  const host = o.host ?? '127.0.0.1';
  try {
    await app.listen({ port: o.port ?? 8787, host });
  } catch (e) {
    ctx.closeKnowledge();
    await store.close();
    await ctx.events.close();
    redis?.disconnect();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (o.port ?? 8787);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  // Sitemap pages are fetched in the background: the server answers from what it has, and
  // pages join the bot's index in batches as they are fetched. An inactive bot answers
  // nobody: no crawl.
  const crawling = new AbortController();
  const active = [...config.bots.values()].filter((bot) => bot.active && bot.knowledge.sitemaps.length > 0);
  const politeness = new Politeness(crawling.signal); // per site, over all bots
  const crawlLog: CrawlLog = {
    warn: (botId, line) => log.warn({ event: 'crawl_problem', bot_id: botId }, `bot ${botId}: ${line}`),
    info: (botId, line) => log.info({ event: 'crawl_done', bot_id: botId }, `bot ${botId}: ${line}`),
  };
  const crawls = Promise.all(active.map(async (bot) => {
    const target = ctx.liveKnowledge(bot);
    await crawlSitemaps(bot.id, bot.knowledge, target, crawling.signal, politeness, crawlLog);
    await target.flush(); // the last pages are searchable when `crawls` settles
  })).then(() => undefined);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      crawling.abort();
      // Open streams end with an error event the widget can show, then the connections close.
      await Promise.all([...ctx.streams].map((s) => s.closeWith({ type: 'error', error: 'service_unavailable', message: 'The server is restarting. Please try again in a moment.' })));
      ctx.closeKnowledge();
      ctx.turnLog.close();
      await app.close();
      await crawls;
      await store.close();
      await ctx.events.close();
      ctx.mailer?.close();
      redis?.disconnect();
    })());
  return { url, port, app, ctx, crawls, close };
}

function intFrom(v: string | undefined, name: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Invalid(name, 'must be a port number from 0 to 65535');
  return n;
}

function urlFrom(v: string | undefined, name: string, schemes: string[]): string | null {
  if (v === undefined || v === '') return null;
  let scheme = '';
  try {
    scheme = new URL(v).protocol;
  } catch {
    // reported below
  }
  if (!schemes.includes(scheme)) throw new Invalid(name, `must be a URL starting with ${schemes.map((s) => `${s}//`).join(' or ')}`);
  return v;
}

/**
 * Why the server could not listen, said so an operator can act on it: the port and how to
 * choose another, instead of `listen EADDRINUSE: address already in use 127.0.0.1:8787`.
 */
export function listenProblem(e: unknown, host: string, port: number): string | null {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (code === 'EADDRINUSE') return `port ${port} is already in use on ${host} (another server, or an earlier one still running?): choose another with --port N or PORT=N (npm start -- --port N)`;
  if (code === 'EACCES') return `not allowed to listen on ${where} (ports below 1024 need privileges): choose another with --port N or PORT=N, and a reverse proxy in front`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: choose another with --host ADDR or HOST=ADDR (127.0.0.1, or 0.0.0.0 for every interface)`;
  return null;
}

async function cli() {
  const { values } = parseArgs({
    options: {
      config: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' }, host: { type: 'string' },
      'database-url': { type: 'string' }, 'redis-url': { type: 'string' }, 'redis-prefix': { type: 'string' },
      demo: { type: 'boolean' },
    },
  });
  const env = process.env;
  const configPath = values.config ?? env.CHAT_CONFIG;
  if (!configPath) throw new Invalid('', 'no config: pass --config FILE or set CHAT_CONFIG');
  const port = intFrom(values.port ?? env.PORT, '--port') ?? 8787;
  const host = values.host ?? env.HOST ?? '127.0.0.1';
  const server = await startServer({
    configPath,
    port,
    host,
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? '.data',
    databaseUrl: urlFrom(values['database-url'] ?? env.DATABASE_URL, '--database-url', ['postgres:', 'postgresql:']),
    redisUrl: urlFrom(values['redis-url'] ?? env.REDIS_URL, '--redis-url', ['redis:', 'rediss:']),
    redisPrefix: values['redis-prefix'] ?? env.REDIS_PREFIX ?? undefined,
    demo: values.demo ?? false,
  }).catch((e: unknown) => {
    const problem = listenProblem(e, host, port);
    throw problem ? new Error(problem) : e;
  });
  let signals = 0;
  const stop = (signal: string) => {
    if (++signals > 1) process.exit(1);
    server.ctx.log.info({ event: 'shutdown', signal }, `${signal}: shutting down`);
    // The log is written asynchronously: flush it, so the last lines are not lost on exit.
    const exit = (code: number) => server.ctx.log.flush(() => process.exit(code));
    server.close().then(() => exit(0), () => exit(1));
  };
  // Handlers first: whoever reads the line below may signal at once.
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // SIGHUP: read the knowledge again (files changed where watching cannot see, e.g. a network mount).
  process.on('SIGHUP', () => {
    server.ctx.reloadKnowledge().then(() => server.ctx.log.info({ event: 'knowledge_reloaded' }, 'SIGHUP: knowledge reloaded'), () => undefined);
  });
  server.ctx.log.info({ event: 'listening', url: server.url }, `listening on ${server.url}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  cli().catch((e: unknown) => {
    if (e instanceof Invalid) console.error(`config error: ${e.message}`);
    else console.error(`cannot start: ${(e as Error).message}`);
    process.exit(1);
  });
}
