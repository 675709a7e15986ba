/**
 * What every route needs, built once per server: config, store, limits, knowledge bases,
 * engines, agent presence and the set of open streams (closed on shutdown).
 */
import type { AppConfig, BotSettings } from './config/config.ts';
import { ExtractiveEngine } from './engines/extractive.ts';
import type { Engine } from './engines/engine.ts';
import { OpenAIEngine } from './engines/openai.ts';
import { modelFetch } from './ops/model-fetch.ts';
import type { KnowledgeBase } from './knowledge/knowledge.ts';
import { LiveKnowledge } from './knowledge/live.ts';
import { randomUUID } from 'node:crypto';
import { MemoryEvents, type Events } from './console/events.ts';
import type { WebhookOptions } from './console/webhooks.ts';
import { Mailer, type MailerOptions } from './console/email.ts';
import { Limits } from './chat/limits.ts';
import type { Logger } from './ops/log.ts';
import type { Metrics } from './ops/metrics.ts';
import { MemoryPresence, RedisPresence, VISITOR_TTL_S, type Presence } from './console/presence.ts';
import { LiveChannels } from './chat/live.ts';
import type { Redis } from './ops/redis.ts';
import type { SseOptions, SseWriter } from './chat/sse.ts';
import type { Store } from './store/store.ts';
import { MemoryTurnLog, RedisTurnLog, type TurnLog } from './chat/turn-log.ts';

export { PRESENCE_TTL_S } from './console/presence.ts';

export interface Context {
  config: AppConfig;
  store: Store;
  /** Shared by every instance when configured: limits, presence and resumable streams live there. */
  redis: Redis | null;
  limits: Limits;
  presence: Presence;
  /** Issue 21: conversations whose visitor has a live channel open on some instance (named by conversation id). */
  visitors: Presence;
  /** Issue 21: this instance's open visitor live channels, bounded per session and per client address. */
  live: LiveChannels;
  sse: SseOptions;
  verifyTimeoutMs: number;
  rootDir: string;
  /** Serve the demo page (index.html) at `/` (npm start); otherwise `/` is a JSON 404 naming what is served. */
  demo: boolean;
  streams: Set<SseWriter>;
  /** Recent turns' events, for clients that resume a dropped stream. */
  turnLog: TurnLog;
  /** How long a turn whose client left keeps running without a resuming reader (checked again each period). */
  resumeGraceMs: number;
  knowledge(bot: BotSettings): KnowledgeBase;
  /** Settles when every bot's knowledge is read and indexed the first time (PDF and DOCX files included). */
  knowledgeReady: Promise<void>;
  /** A bot's knowledge as it changes: where its sitemap crawl hands pages (they join the index in batches). */
  liveKnowledge(bot: BotSettings): LiveKnowledge;
  /** Reads every bot's knowledge again and swaps it in; resolves when all are done. */
  reloadKnowledge(): Promise<void>;
  /** Stops watching the knowledge folders. */
  closeKnowledge(): void;
  engine(bot: BotSettings): Engine;
  /** Structured log (the app's own logger; requests log through request.log). */
  log: Logger;
  metrics: Metrics;
  /** Issue 14: changes told to the console's live channel and the webhooks. */
  events: Events;
  /** This process, among the instances sharing a database and Redis. */
  instanceId: string;
  webhooks: WebhookOptions;
  /** Issue 21: outgoing e-mail (config `smtp`); null when none is configured. */
  mailer: Mailer | null;
}

export interface ContextOptions extends Omit<Context, 'events' | 'instanceId' | 'webhooks' | 'mailer' | 'limits' | 'presence' | 'visitors' | 'live' | 'streams' | 'turnLog' | 'resumeGraceMs' | 'knowledge' | 'knowledgeReady' | 'liveKnowledge' | 'reloadKnowledge' | 'closeKnowledge' | 'engine'> {
  resumeGraceMs?: number;
  webhooks?: WebhookOptions;
  email?: MailerOptions;
  /** Where built indexes are kept between starts (the data dir's index/ folder); none: rebuilt each start. */
  indexDir?: string | null;
  /** Rebuild a bot's knowledge when files in its folder change. */
  watchKnowledge?: boolean;
}

export function createContext({ indexDir = null, watchKnowledge = false, resumeGraceMs = 10_000, webhooks = {}, email = {}, ...o }: ContextOptions): Context {
  // Knowledge is indexed (or its stored index read) at start, so a slow first answer is not the
  // user's problem: main.ts awaits knowledgeReady before it listens.
  const bases = new Map<string, LiveKnowledge>();
  const engines = new Map<string, Engine>();
  for (const bot of o.config.bots.values()) {
    const live = new LiveKnowledge(bot, { cacheDir: indexDir, name: bot.id }, o.log);
    bases.set(bot.id, watchKnowledge ? live.watch() : live);
    engines.set(bot.id, bot.engine.type === 'openai' ? new OpenAIEngine(bot.engine, modelFetch as typeof fetch) : new ExtractiveEngine(bot.engine.chunk_delay_ms));
  }
  return {
    ...o,
    events: new MemoryEvents(),
    instanceId: randomUUID(),
    webhooks,
    mailer: o.config.smtp ? new Mailer(o.config.smtp, email) : null,
    limits: new Limits(o.redis),
    presence: o.redis ? new RedisPresence(o.redis) : new MemoryPresence(),
    visitors: o.redis ? new RedisPresence(o.redis, 'visitors', VISITOR_TTL_S) : new MemoryPresence(VISITOR_TTL_S),
    live: new LiveChannels(),
    streams: new Set(),
    turnLog: o.redis ? new RedisTurnLog(o.redis) : new MemoryTurnLog(),
    resumeGraceMs,
    knowledge: (bot) => bases.get(bot.id)!.current,
    knowledgeReady: Promise.all([...bases.values()].map((b) => b.ready)).then(() => undefined),
    liveKnowledge: (bot) => bases.get(bot.id)!,
    reloadKnowledge: async () => {
      await Promise.all([...bases.values()].map((b) => b.reload()));
    },
    closeKnowledge: () => {
      for (const b of bases.values()) b.close();
    },
    engine: (bot) => engines.get(bot.id)!,
  };
}
