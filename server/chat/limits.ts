/**
 * Rate limits (rate-limiter-flexible, in memory, or in Redis when several instances must
 * share them): chat per bot + client IP (the spec's
 * baseline plus a bot's own limits, the tighter wins because every one must pass) and
 * history per IP. A request is counted only if it is accepted: when any window refuses,
 * the points already taken are given back, so refused retries do not extend a lockout.
 * The memory limiter decides synchronously, which makes simultaneous requests exact; the
 * Redis one counts in one atomic script per window, which makes them exact across instances.
 *
 * The windows are checked tightest first (fewest points; of equal ones the longer window).
 * With Redis, simultaneous requests are in flight together: a point a request takes stays
 * counted until a later window refuses it and it is given back. Checked loosest first, the
 * baseline's 15 a minute filled up with requests the bot's 6 a minute was about to refuse,
 * and refused others naming the wrong limit ("15 per minute"). Tightest first, a window only
 * ever counts requests every tighter window let through, so a burst is refused by, and named
 * after, the limit that binds it.
 * While Redis is unreachable a limit cannot be checked, and the request gets a 503.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { BotSettings } from '../config/config.ts';
import { apiError, type ApiError } from '../errors.ts';
import { isServiceDown } from '../ops/outage.ts';
import type { Redis } from '../ops/redis.ts';

interface Window { name: string; seconds: number; points: number; limiter: RateLimiterAbstract }

const WINDOW_SECONDS = { minute: 60, hour: 3600, day: 86400 } as const;
type WindowName = keyof typeof WINDOW_SECONDS;

const BASELINE = { per_minute: 15, per_hour: 120 };
const HISTORY_PER_MINUTE = 30;

export interface Lease { refund(): Promise<void> }

function makeWindow(redis: Redis | null, prefix: string, name: WindowName, points: number): Window {
  const seconds = WINDOW_SECONDS[name];
  const o = { keyPrefix: `rl:${prefix}:${name}:${points}`, points, duration: seconds };
  const limiter = redis ? new RateLimiterRedis({ ...o, storeClient: redis, rejectIfRedisNotReady: true }) : new RateLimiterMemory(o);
  return { name, seconds, points, limiter };
}

/** The answer while the shared counters cannot be reached. */
export const limitsUnavailable = () =>
  apiError('service_unavailable', 'Rate limits cannot be checked right now (the shared store is unreachable). Please try again in a moment.');

export function tooMany(what: string, w: { name: string; points: number }, msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const message = `Too many ${what}: the limit is ${w.points} per ${w.name}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return apiError('rate_limited', message, { retryAfter: seconds });
}

export class Limits {
  private readonly redis: Redis | null;
  private readonly baseline: Window[];
  /** Per bot: the baseline and the bot's own windows, tightest first (see the top of this file). */
  private readonly perBot = new Map<string, Window[]>();
  private readonly history: Window;

  constructor(redis: Redis | null = null) {
    this.redis = redis;
    this.baseline = [makeWindow(redis, 'chat', 'minute', BASELINE.per_minute), makeWindow(redis, 'chat', 'hour', BASELINE.per_hour)];
    this.history = makeWindow(redis, 'history', 'minute', HISTORY_PER_MINUTE);
  }

  private chatWindows(bot: BotSettings): Window[] {
    let list = this.perBot.get(bot.id);
    if (!list) {
      const rl = bot.rate_limits;
      list = [...this.baseline];
      if (rl.per_minute) list.push(makeWindow(this.redis, `bot:${bot.id}`, 'minute', rl.per_minute));
      if (rl.per_hour) list.push(makeWindow(this.redis, `bot:${bot.id}`, 'hour', rl.per_hour));
      if (rl.per_day) list.push(makeWindow(this.redis, `bot:${bot.id}`, 'day', rl.per_day));
      list.sort((a, b) => a.points - b.points || b.seconds - a.seconds);
      this.perBot.set(bot.id, list);
    }
    return list;
  }

  /** Takes one chat point in every window for bot + client, or throws 429 naming the window. */
  async chat(bot: BotSettings, clientKey: string, what = 'messages'): Promise<Lease> {
    return this.consumeAll(this.chatWindows(bot), `${bot.id}|${clientKey}`, what);
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
        if (!(e instanceof RateLimiterRes)) {
          // Best effort: what was taken before Redis went away is given back if it can be.
          await refund().catch(() => undefined);
          throw isServiceDown(e) ? limitsUnavailable() : e;
        }
        // The refused point was counted too; give it back with the others.
        taken.push(w);
        await refund();
        throw tooMany(what, w, e.msBeforeNext);
      }
    }
    return { refund };
  }
}
