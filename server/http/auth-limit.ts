/**
 * Failed agent sign-ins per client address (rate-limiter-flexible, in memory): ten wrong or
 * missing tokens a minute, then 429 with Retry-After for the rest of that minute, for every
 * request from that address, right token or not. Without it one address could try tens of
 * thousands of tokens a second.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooMany } from '../chat/limits.ts';

export const AUTH_FAILURES_PER_MINUTE = 10;

export class AuthLimit {
  private readonly window = { name: 'minute', points: AUTH_FAILURES_PER_MINUTE };
  private readonly limiter = new RateLimiterMemory({ keyPrefix: 'agent-auth', points: AUTH_FAILURES_PER_MINUTE, duration: 60 });

  /** Throws 429 while `key` has used up its failures. */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.consumedPoints > AUTH_FAILURES_PER_MINUTE) throw tooMany('failed agent sign-ins', this.window, res.msBeforeNext);
  }

  /** Counts one failure; throws 429 when that was one too many (the caller throws its 401 otherwise). */
  async failed(key: string): Promise<void> {
    try {
      await this.limiter.consume(key, 1);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw tooMany('failed agent sign-ins', this.window, e.msBeforeNext);
    }
  }
}
