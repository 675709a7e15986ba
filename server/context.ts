/**
 * What every route needs, built once per server: config, store, limits, knowledge bases,
 * engines, agent presence and the set of open streams (closed on shutdown).
 */
import type { AppConfig, BotConfig } from './config.ts';
import { ExtractiveEngine } from './engines/extractive.ts';
import type { Engine } from './engines/engine.ts';
import { OpenAIEngine } from './engines/openai.ts';
import { KnowledgeBase } from './knowledge.ts';
import { Limits } from './limits.ts';
import type { SseOptions, SseWriter } from './sse.ts';
import type { Store } from './store.ts';

/** Agents count as online while their last heartbeat is younger than this. */
export const PRESENCE_TTL_S = 60;

export class Presence {
  private readonly seen = new Map<string, number>();
  beat(agent: string, now = Date.now()) {
    this.seen.set(agent, now);
  }
  available(now = Date.now()): boolean {
    for (const at of this.seen.values()) if (now - at < PRESENCE_TTL_S * 1000) return true;
    return false;
  }
}

export interface Context {
  config: AppConfig;
  store: Store;
  limits: Limits;
  presence: Presence;
  sse: SseOptions;
  verifyTimeoutMs: number;
  rootDir: string;
  streams: Set<SseWriter>;
  knowledge(bot: BotConfig): KnowledgeBase;
  engine(bot: BotConfig): Engine;
}

export function createContext(o: Omit<Context, 'limits' | 'presence' | 'streams' | 'knowledge' | 'engine'>): Context {
  // Knowledge is indexed at start (so a slow first answer is not the user's problem).
  const bases = new Map<string, KnowledgeBase>();
  const engines = new Map<string, Engine>();
  for (const bot of o.config.bots.values()) {
    bases.set(bot.id, new KnowledgeBase(bot));
    engines.set(bot.id, bot.engine.type === 'openai' ? new OpenAIEngine(bot.engine) : new ExtractiveEngine(bot.engine.chunk_delay_ms));
  }
  return {
    ...o,
    limits: new Limits(),
    presence: new Presence(),
    streams: new Set(),
    knowledge: (bot) => bases.get(bot.id)!,
    engine: (bot) => engines.get(bot.id)!,
  };
}
