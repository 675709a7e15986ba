/**
 * PostgreSQL or Redis going away and coming back, through a TCP proxy the test cuts and
 * restores: requests get a clear 503 `service_unavailable` (or an in-stream error of that
 * code), /readyz fails (`not_ready`) naming the service, the process does not crash, and service resumes
 * by itself when the connection is back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Compile } from 'typebox/compile';
import { OUTAGE } from '../../protocol/routes.ts';
import { SCHEMAS } from '../../protocol/catalog.ts';
import { botConfig, botId, BOT_ID, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { tcpProxy, type Proxy } from '../test/proxy.ts';
import { missing, PG_ADMIN_URL, scratchDatabase, scratchPrefix, TEST_REDIS_URL } from '../test/services.ts';
import { parseSse, sseEvents } from '../test/sse-reader.ts';

const SLOW_BOT = botId(2);
const down = (await missing('postgres')) ?? (await missing('redis'));
const errorBody = Compile(SCHEMAS[OUTAGE.json!]);

async function expect503(res: Response, mentions?: RegExp, code = 'service_unavailable') {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()) as { error: string; message: string };
  expect([...errorBody.Errors(body)]).toEqual([]);
  expect(body.error).toBe(code);
  if (mentions) expect(body.message).toMatch(mentions);
}

/** /readyz (routes/ops.ts) answers `not_ready` and names the service that is down. */
const expectNotReady = (res: Response, service: RegExp) => expect503(res, service, 'not_ready');

describe.skipIf(down)('outages of PostgreSQL and Redis', () => {
  let s: TestServer;
  let pgProxy: Proxy;
  let redisProxy: Proxy;
  let drop: () => Promise<void> = async () => undefined;
  let clear: () => Promise<void> = async () => undefined;
  let conversation = '';

  beforeAll(async () => {
    const db = await scratchDatabase();
    drop = db.drop;
    const prefix = scratchPrefix();
    clear = prefix.clear;
    pgProxy = await tcpProxy(Number(new URL(PG_ADMIN_URL).port || 5432));
    redisProxy = await tcpProxy(Number(new URL(TEST_REDIS_URL).port || 6379));
    const viaProxy = (url: string, port: number) => {
      const u = new URL(url);
      u.port = String(port);
      return u.toString();
    };
    s = await startFixture({
      uniqueClients: true,
      bots: [botConfig({ handoff: { enabled: true } }), botConfig({ id: SLOW_BOT, engine: { type: 'extractive', chunk_delay_ms: 150 } })],
      start: { databaseUrl: viaProxy(db.url, pgProxy.port), redisUrl: viaProxy(TEST_REDIS_URL, redisProxy.port), redisPrefix: prefix.prefix },
    });
    const first = parseSse(await (await s.chat({ message: 'How much does the lamp cost?' })).text());
    conversation = first.events.at(-1)!.conversation_id as string;
  }, 60_000);

  afterAll(async () => {
    await s?.stop();
    await Promise.all([pgProxy?.close(), redisProxy?.close()]);
    await drop();
    await clear();
  }, 30_000);

  const history = () => s.get(`/v1/public/conversations/${conversation}/messages?session_id=${SESSION}`);
  const ready = () => s.get('/readyz');

  test('PostgreSQL down: 503 on reads and chat, /readyz names the database; back: served again without a restart', async () => {
    await pgProxy.cut();
    await expect503(await history());
    await expect503(await s.chat({ message: 'Is shipping free?', conversation_id: conversation }));
    await expectNotReady(await ready(), /database/);
    await pgProxy.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    expect((await history()).status).toBe(200);
    const again = parseSse(await (await s.chat({ message: 'Is shipping free?', conversation_id: conversation })).text());
    expect(again.events.at(-1)!.type).toBe('done');
  }, 30_000);

  test('PostgreSQL lost mid-answer: the stream ends with an in-stream service_unavailable; the next turn works', async () => {
    const res = await s.chat({ bot_id: SLOW_BOT, message: 'How do I reset the lamp?', session_id: 'mid-answer' });
    const events: Array<Record<string, unknown>> = [];
    for await (const e of sseEvents(res)) {
      events.push(e);
      if (e.type === 'content' && events.filter((x) => x.type === 'content').length === 1) await pgProxy.cut();
    }
    expect(events.at(-1)).toMatchObject({ type: 'error', error: 'service_unavailable' });
    await pgProxy.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    const next = parseSse(await (await s.chat({ message: 'Is shipping free?', session_id: 'mid-answer' })).text());
    expect(next.events.at(-1)!.type).toBe('done');
  }, 30_000);

  test('Redis down: 503 on chat (limits) and bot config (presence), /readyz names Redis; back: served again', async () => {
    await redisProxy.cut();
    // The client learns of the cut when its socket closes, a moment later; /readyz shows when.
    await expect.poll(async () => (await ready()).status, { timeout: 5000 }).toBe(503);
    await expectNotReady(await ready(), /redis/);
    await expect503(await s.chat({ message: 'Is shipping free?' }), /rate limits/i);
    // Presence (handoff_available) lives in Redis too.
    await expect503(await s.get(`/v1/public/bots/${BOT_ID}/config`));
    // History does not need Redis beyond its rate limit, which is down too: a 503, not a hang.
    await expect503(await history());
    await redisProxy.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    expect((await s.get(`/v1/public/bots/${BOT_ID}/config`)).status).toBe(200);
    const again = parseSse(await (await s.chat({ message: 'Is shipping free?' })).text());
    expect(again.events.at(-1)!.type).toBe('done');
  }, 30_000);
});
