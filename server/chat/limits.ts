/**
 * Rate limits: chat per bot + client IP (the spec's baseline plus a bot's own limits, the
 * tighter wins because every one must pass) and history per IP. Fixed windows, in memory
 * (rate-limiter-flexible), or in Redis when several instances must share them. A request is
 * counted only if it is accepted: when any window refuses, the points already taken are given
 * back, so refused retries do not extend a lockout.
 *
 * In Redis every window of a request is checked and counted in one script (one round trip,
 * atomic): a refused request's points are given back inside the same script, so no other
 * request ever sees them, and the refusal names the window that refused. Refunds are one
 * script call too. The script is sent once and then called by its SHA (ioredis defineCommand:
 * EVALSHA, EVAL only if Redis has forgotten it). In memory each decision is synchronous,
 * which makes simultaneous requests exact the same way.
 *
 * The windows are checked tightest first (fewest points; of equal ones the longer window), so a
 * burst is refused by, and named after, the limit that binds it.
 * While Redis is unreachable a limit cannot be checked, and the request gets a 503.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { BotSettings } from '../config/config.ts';
import { apiError, type ApiError } from '../errors.ts';
import { isServiceDown } from '../ops/outage.ts';
import type { Redis } from '../ops/redis.ts';

interface Window { name: string; seconds: number; points: number; keyPrefix: string; memory: RateLimiterMemory | null }

const WINDOW_SECONDS = { minute: 60, hour: 3600, day: 86400 } as const;
type WindowName = keyof typeof WINDOW_SECONDS;

const BASELINE = { per_minute: 15, per_hour: 120 };
const HISTORY_PER_MINUTE = 30;

export interface Lease { refund(): Promise<void> }

/**
 * KEYS: one counter per window, tightest first; ARGV: points and milliseconds of each, in turn.
 * Takes a point in each; the first that goes over gives back every point this call took and
 * answers {its position, ms until it resets}; {0, 0} when all accepted.
 */
const TAKE = `
for i = 1, #KEYS do
  local n = redis.call('INCR', KEYS[i])
  if n == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
  if n > tonumber(ARGV[2 * i - 1]) then
    for j = 1, i do redis.call('DECR', KEYS[j]) end
    return {i, redis.call('PTTL', KEYS[i])}
  end
end
return {0, 0}`;
/** KEYS: counters to give a point back to; one whose window ended is left alone. */
const GIVE_BACK = `
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECR', KEYS[i]) end
end
return 0`;

interface LimitScripts {
  lumenLimitTake(n: number, ...keysThenArgs: Array<string | number>): Promise<[number, number]>;
  lumenLimitGiveBack(n: number, ...keys: string[]): Promise<number>;
}

function scripts(redis: Redis): LimitScripts {
  const r = redis as unknown as Partial<LimitScripts> & Redis;
  // Defined once per connection; the number of keys is given with each call.
  if (!r.lumenLimitTake) {
    redis.defineCommand('lumenLimitTake', { lua: TAKE });
    redis.defineCommand('lumenLimitGiveBack', { lua: GIVE_BACK });
  }
  return r as unknown as LimitScripts;
}

function makeWindow(redis: Redis | null, prefix: string, name: WindowName, points: number): Window {
  const seconds = WINDOW_SECONDS[name];
  const keyPrefix = `rl:${prefix}:${name}:${points}`;
  return { name, seconds, points, keyPrefix, memory: redis ? null : new RateLimiterMemory({ keyPrefix, points, duration: seconds }) };
}

/** The answer while the shared counters cannot be reached. */
export const limitsUnavailable = () =>
  apiError('service_unavailable', 'Rate limits cannot be checked right now (the shared store is unreachable). Please try again in a moment.');

export function tooMany(what: string, w: { name: string; points: number }, msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const message = `Too many ${what}: the limit is ${w.points} per ${w.name}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return apiError('rate_limited', message, { retryAfter: seconds });
}

/** Which window refused and how long until it resets; null when every window accepted. */
type Refusal = { window: Window; msBeforeNext: number } | null;

export class Limits {
  private readonly redis: LimitScripts | null;
  private readonly baseline: Window[];
  /** Per bot: the baseline and the bot's own windows, tightest first (see the top of this file). */
  private readonly perBot = new Map<string, Window[]>();
  private readonly history: Window;
  private readonly makeWindow: (prefix: string, name: WindowName, points: number) => Window;

  constructor(redis: Redis | null = null) {
    this.redis = redis && scripts(redis);
    this.makeWindow = (prefix, name, points) => makeWindow(redis, prefix, name, points);
    this.baseline = [this.makeWindow('chat', 'minute', BASELINE.per_minute), this.makeWindow('chat', 'hour', BASELINE.per_hour)];
    this.history = this.makeWindow('history', 'minute', HISTORY_PER_MINUTE);
  }

  private chatWindows(bot: BotSettings): Window[] {
    let list = this.perBot.get(bot.id);
    if (!list) {
      const rl = bot.rate_limits;
      list = [...this.baseline];
      if (rl.per_minute) list.push(this.makeWindow(`bot:${bot.id}`, 'minute', rl.per_minute));
      if (rl.per_hour) list.push(this.makeWindow(`bot:${bot.id}`, 'hour', rl.per_hour));
      if (rl.per_day) list.push(this.makeWindow(`bot:${bot.id}`, 'day', rl.per_day));
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
    let refused: Refusal;
    try {
      refused = await (this.redis ? this.takeInRedis(this.redis, windows, key) : this.takeInMemory(windows, key));
    } catch (e) {
      throw isServiceDown(e) ? limitsUnavailable() : e;
    }
    if (refused) throw tooMany(what, refused.window, refused.msBeforeNext);
    let held = true;
    return {
      refund: async () => {
        if (!held) return;
        held = false;
        if (this.redis) await this.redis.lumenLimitGiveBack(windows.length, ...windows.map((w) => `${w.keyPrefix}:${key}`));
        else await Promise.all(windows.map((w) => w.memory!.reward(key, 1)));
      },
    };
  }

  private async takeInRedis(redis: LimitScripts, windows: Window[], key: string): Promise<Refusal> {
    const args: Array<string | number> = windows.map((w) => `${w.keyPrefix}:${key}`);
    for (const w of windows) args.push(w.points, w.seconds * 1000);
    const [at, ms] = await redis.lumenLimitTake(windows.length, ...args);
    return at > 0 ? { window: windows[at - 1], msBeforeNext: ms } : null;
  }

  private async takeInMemory(windows: Window[], key: string): Promise<Refusal> {
    const taken: Window[] = [];
    for (const w of windows) {
      try {
        await w.memory!.consume(key, 1);
        taken.push(w);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        // The refused point was counted too; give it back with the others.
        taken.push(w);
        await Promise.all(taken.map((t) => t.memory!.reward(key, 1)));
        return { window: w, msBeforeNext: e.msBeforeNext };
      }
    }
    return null;
  }
}
