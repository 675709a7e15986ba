/**
 * Rate limits (rate-limiter-flexible, in memory): chat per bot + client IP (the spec's
 * baseline plus a bot's own limits, the tighter wins because every one must pass) and
 * history per IP. A request is counted only if it is accepted: when any window refuses,
 * the points already taken are given back, so refused retries do not extend a lockout.
 * The memory limiter decides synchronously, which makes simultaneous requests exact.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { BotConfig } from './config.ts';
import { ApiError } from './errors.ts';

interface Window { name: string; seconds: number; points: number; limiter: RateLimiterMemory }

const WINDOW_SECONDS = { minute: 60, hour: 3600, day: 86400 } as const;
type WindowName = keyof typeof WINDOW_SECONDS;

export const BASELINE = { per_minute: 15, per_hour: 120 };
export const HISTORY_PER_MINUTE = 30;

export interface Lease { refund(): Promise<void> }

function makeWindow(prefix: string, name: WindowName, points: number): Window {
  const seconds = WINDOW_SECONDS[name];
  return { name, seconds, points, limiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${name}:${points}`, points, duration: seconds }) };
}

export function tooMany(what: string, w: { name: string; points: number }, msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const message = `Too many ${what}: the limit is ${w.points} per ${w.name}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return new ApiError(429, 'rate_limited', message, { headers: { 'retry-after': String(seconds) }, extra: { retry_after: seconds } });
}

export class Limits {
  private readonly baseline = [makeWindow('chat', 'minute', BASELINE.per_minute), makeWindow('chat', 'hour', BASELINE.per_hour)];
  private readonly perBot = new Map<string, Window[]>();
  private readonly history = makeWindow('history', 'minute', HISTORY_PER_MINUTE);

  private botWindows(bot: BotConfig): Window[] {
    let list = this.perBot.get(bot.id);
    if (!list) {
      const rl = bot.rate_limits;
      list = [];
      if (rl.per_minute) list.push(makeWindow(`bot:${bot.id}`, 'minute', rl.per_minute));
      if (rl.per_hour) list.push(makeWindow(`bot:${bot.id}`, 'hour', rl.per_hour));
      if (rl.per_day) list.push(makeWindow(`bot:${bot.id}`, 'day', rl.per_day));
      this.perBot.set(bot.id, list);
    }
    return list;
  }

  /** Takes one chat point in every window for bot + client, or throws 429 naming the window. */
  async chat(bot: BotConfig, clientKey: string, what = 'messages'): Promise<Lease> {
    return this.consumeAll([...this.baseline, ...this.botWindows(bot)], `${bot.id}|${clientKey}`, what);
  }

  async historyRead(clientKey: string): Promise<Lease> {
    return this.consumeAll([this.history], clientKey, 'history requests');
  }

  private async consumeAll(windows: Window[], key: string, what: string): Promise<Lease> {
    const taken: Window[] = [];
    const refund = async () => {
      await Promise.all(taken.map((w) => w.limiter.reward(key, 1)));
      taken.length = 0;
    };
    for (const w of windows) {
      try {
        await w.limiter.consume(key, 1);
        taken.push(w);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        // The refused point was counted too; give it back with the others.
        taken.push(w);
        await refund();
        throw tooMany(what, w, e.msBeforeNext);
      }
    }
    return { refund };
  }
}
