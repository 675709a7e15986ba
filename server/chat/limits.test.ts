// A 429 names the window that refused the request. With Redis, simultaneous requests are
// counted while others are still in flight: a looser window checked first (the baseline's 15 a
// minute) saw points that refused requests were about to give back, and refused with the wrong
// limit ("15 per minute" for a bot limited to 6). Against the real Redis and in memory.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BotSettings } from '../config/config.ts';
import { connectRedis, type Redis } from '../ops/redis.ts';
import { botConfig, startFixture, type TestServer } from '../test/fixtures.ts';
import { Limits } from './limits.ts';
import { missing, scratchPrefix, TEST_REDIS_URL } from '../test/services.ts';

const noRedis = await missing('redis');

/** `n` chats at once from one client; each answer's status and, for a 429, its message. */
async function burst(s: TestServer, n: number): Promise<Array<{ status: number; message?: string }>> {
  return Promise.all(Array.from({ length: n }, async (_, i) => {
    const res = await s.chat({ session_id: `burst-session-${i}`, message: 'How much does the lamp cost?' });
    if (res.status !== 429) {
      await res.arrayBuffer();
      return { status: res.status };
    }
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }));
}

function expectOnly(results: Array<{ status: number; message?: string }>, accepted: number, limit: RegExp) {
  expect(results.filter((r) => r.status === 200)).toHaveLength(accepted);
  const refused = results.filter((r) => r.status !== 200);
  expect(refused.map((r) => r.status)).toEqual(refused.map(() => 429));
  expect(refused.filter((r) => !limit.test(r.message ?? ''))).toEqual([]);
}

describe.each([
  ['in Redis', true],
  ['in memory', false],
])('rate limits %s', (_name, redis) => {
  let s: TestServer;
  let clear = async () => undefined as void;
  beforeAll(async () => {
    if (redis && noRedis) return;
    const prefix = scratchPrefix();
    clear = prefix.clear;
    s = await startFixture({
      bots: [botConfig({ rate_limits: { per_minute: 6, per_hour: 40, per_day: null } })],
      start: redis ? { redisUrl: TEST_REDIS_URL, redisPrefix: prefix.prefix } : {},
    });
  });
  afterAll(async () => {
    await s?.stop();
    await clear();
  });

  test.skipIf(redis && noRedis)('80 simultaneous chats against a bot limited to 6 a minute: 6 answered, every 429 names "6 per minute"', async () => {
    expectOnly(await burst(s, 80), 6, /^Too many messages: the limit is 6 per minute\. Try again in \d+ seconds?\.$/);
  });
});

// The race without HTTP in between, so every request is in flight at once (one pipelined
// round trip): deterministic where the burst above depends on timing.
describe.skipIf(noRedis)('Limits against Redis, every request in flight at once', () => {
  let redis: Redis;
  const prefix = scratchPrefix();
  beforeAll(async () => {
    redis = await connectRedis({ url: TEST_REDIS_URL, prefix: prefix.prefix });
  });
  afterAll(async () => {
    redis?.disconnect();
    await prefix.clear();
  });

  test.each([
    ['6 a minute (tighter than the baseline)', { per_minute: 6, per_hour: 40, per_day: null }, 6, 'the limit is 6 per minute'],
    ['8 an hour (fewer points than any minute window)', { per_minute: 10, per_hour: 8, per_day: null }, 8, 'the limit is 8 per hour'],
    ['20 a minute (looser than the baseline: the baseline binds)', { per_minute: 20, per_hour: null, per_day: null }, 15, 'the limit is 15 per minute'],
  ])('a bot limited to %s: 30 at once, every refusal names the limit that binds', async (name, rate_limits, accepted, message) => {
    const limits = new Limits(redis);
    const bot = { id: `bot-${name.split(' ')[0]}-${name.split(' ')[1]}`, rate_limits } as unknown as BotSettings;
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => limits.chat(bot, 'client-1')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(accepted);
    const messages = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(messages.filter((m) => !m.includes(message))).toEqual([]);
  });
});

// Points given back: a refused request leaves none in any window (they go back inside the same
// script call), and a refund returns one to every window the request counted in.
describe.each([
  ['in Redis', true],
  ['in memory', false],
])('Limits %s: refusals and refunds leave exact counts', (_name, useRedis) => {
  let redis: Redis | null = null;
  const prefix = scratchPrefix();
  beforeAll(async () => {
    if (useRedis && !noRedis) redis = await connectRedis({ url: TEST_REDIS_URL, prefix: prefix.prefix });
  });
  afterAll(async () => {
    redis?.disconnect();
    await prefix.clear();
  });

  test.skipIf(useRedis && noRedis)('2 a minute: the third is refused and counts nowhere; a refund (once, however often called) lets one more in', async () => {
    const limits = new Limits(redis);
    const bot = { id: `refund-bot-${useRedis}`, rate_limits: { per_minute: 2, per_hour: null, per_day: null } } as unknown as BotSettings;
    const first = await limits.chat(bot, 'client-r');
    await limits.chat(bot, 'client-r');
    await expect(limits.chat(bot, 'client-r')).rejects.toThrow('the limit is 2 per minute');
    if (redis) {
      // The baseline's windows took the refused request's point and gave it back in the same call.
      expect(await redis.get(`rl:chat:minute:15:${bot.id}|client-r`)).toBe('2');
      expect(await redis.get(`rl:chat:hour:120:${bot.id}|client-r`)).toBe('2');
      expect(await redis.get(`rl:bot:${bot.id}:minute:2:${bot.id}|client-r`)).toBe('2');
    }
    await first.refund();
    await first.refund();
    if (redis) expect(await redis.get(`rl:chat:minute:15:${bot.id}|client-r`)).toBe('1');
    await limits.chat(bot, 'client-r');
    await expect(limits.chat(bot, 'client-r')).rejects.toThrow('the limit is 2 per minute');
  });
});
