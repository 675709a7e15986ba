import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../config/config.ts';
import { clientIp, hostAllowed, ipKey, requestHost } from './guard.ts';
import { botConfig, botId, BOT_ID, ORIGIN, startFixture, type TestServer } from '../test/fixtures.ts';
import { startVerifier, type Verifier } from '../test/stand-ins.ts';
import { expectError, turn } from '../test/turns.ts';

describe('origin match', () => {
  const allowed = ['example.com', '*.shop.example', 'bücher.example', 'localhost'];
  test.each([
    ['https://example.com', true],
    ['http://EXAMPLE.com:8080', true],
    ['https://www.example.com', false],
    ['https://a.shop.example', true],
    ['https://a.b.shop.example', true],
    ['https://shop.example', false],
    ['https://evilshop.example', false],
    ['https://shop.example.evil.com', false],
    ['https://xn--bcher-kva.example', true],
    ['https://bücher.example', true],
    ['http://localhost:5173', true],
    ['ftp://example.com', false],
    ['null', false],
  ])('%s → %s', (origin, ok) => {
    const host = requestHost(origin, undefined);
    expect(host !== null && hostAllowed(host, allowed)).toBe(ok);
  });

  test('Referer is used when Origin is absent, never when Origin is "null"', () => {
    expect(requestHost(undefined, 'https://example.com/page?x=1')).toBe('example.com');
    expect(requestHost('null', 'https://example.com/')).toBeNull();
  });
});

describe('client IP', () => {
  const tp = (v: unknown) => parseConfig({ trust_proxy: v }, '/').trust_proxy;
  test('the socket address unless trust_proxy is set', () => {
    expect(clientIp('::ffff:127.0.0.1', '1.2.3.4', tp(false))).toBe('127.0.0.1');
  });
  test('trust_proxy true takes the left-most hop, a hop count takes that many from the right', () => {
    expect(clientIp('127.0.0.1', '1.1.1.1, 2.2.2.2, 3.3.3.3', tp(true))).toBe('1.1.1.1');
    expect(clientIp('127.0.0.1', '1.1.1.1, 2.2.2.2, 3.3.3.3', tp(1))).toBe('3.3.3.3');
    expect(clientIp('127.0.0.1', '1.1.1.1, 2.2.2.2, 3.3.3.3', tp(2))).toBe('2.2.2.2');
  });
  test('a CIDR list skips trusted hops from the right and stops at the first untrusted one', () => {
    const list = tp(['127.0.0.1', '10.0.0.0/8']);
    expect(clientIp('127.0.0.1', '6.6.6.6, 5.5.5.5, 10.1.2.3', list)).toBe('5.5.5.5');
    expect(clientIp('9.9.9.9', '5.5.5.5', list)).toBe('9.9.9.9');
    expect(clientIp('127.0.0.1', 'garbage, 10.1.1.1', list)).toBe('10.1.1.1');
  });
  test('a CIDR with an empty or malformed prefix stops the server at start instead of trusting every address', async () => {
    for (const [cidr, problem] of [['127.0.0.1/', 'prefix must be 0-32'], ['10.0.0.0/8/4', 'prefix must be 0-32'], ['::1/', 'prefix must be 0-128']]) {
      await expect(startFixture({ config: { trust_proxy: [cidr] } })).rejects.toThrow(`trust_proxy[0]: ${problem}`);
    }
  });
  test('IPv6 clients are keyed by their /64', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('over HTTP', () => {
  let s: TestServer;
  let verifier: Verifier;
  const PROTECTED = botId(2);
  const TIGHT = botId(3);
  const DOWN = botId(4);

  beforeAll(async () => {
    verifier = await startVerifier();
    s = await startFixture({
      config: { trust_proxy: ['127.0.0.1'] },
      bots: [
        botConfig(),
        botConfig({ id: PROTECTED, recaptcha: { site_key: 'site-key-1', secret_key: 'test-secret', verify_url: verifier.url, min_score: 0.5 } }),
        botConfig({ id: TIGHT, rate_limits: { per_minute: 2 } }),
        botConfig({ id: DOWN, recaptcha: { site_key: 'k', secret_key: 'test-secret', verify_url: 'http://127.0.0.1:1/siteverify' } }),
      ],
    });
  });
  afterAll(async () => {
    await s.stop();
    await verifier.close();
  });

  const from = (ip: string, origin = ORIGIN) => ({ 'x-forwarded-for': ip, origin });

  test('CORS: a preflight is granted without a body; responses echo an allowed origin with Vary', async () => {
    const pre = await fetch(`${s.url}/v1/public/chat/stream`, {
      method: 'OPTIONS',
      headers: { origin: 'https://anything.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://anything.example');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(Number(pre.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    const cfg = await s.get(`/v1/public/bots/${BOT_ID}/config`, from('20.0.0.1', 'https://x.nimbus.example'));
    expect(cfg.status).toBe(200);
    expect(cfg.headers.get('access-control-allow-origin')).toBe('https://x.nimbus.example');
    expect(cfg.headers.get('vary')).toMatch(/Origin/);
    const stream = await s.chat({ message: 'Is shipping free?' }, from('20.0.0.2'));
    expect(stream.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    await stream.text();
  });

  test('a refused origin gets a 403 it can read (Allow-Origin), naming the origin seen; a missing or null origin too', async () => {
    for (const origin of ['https://evil.example', 'null', '']) {
      const res = await s.chat({ message: 'hi' }, from('20.0.0.3', origin));
      expect(res.status).toBe(403);
      // Readable by the page, so the widget can say "allowed_domains" instead of "network".
      expect(res.headers.get('access-control-allow-origin')).toBe(origin === 'https://evil.example' ? origin : null);
      const body = await res.json();
      expect(body).toMatchObject({ error: 'origin_not_allowed' });
      if (origin === 'https://evil.example') expect(body.message).toContain('origin https://evil.example');
    }
    const cfg = await s.get(`/v1/public/bots/${BOT_ID}/config`, from('20.0.0.3', 'https://evil.example'));
    expect(cfg.status).toBe(403);
  });

  test('30 simultaneous requests from one client get exactly 15 streams; the rest 429 naming the window', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => turn(s, { message: 'Is shipping free?' }, from('30.0.0.1'))));
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(15);
    expect(limited).toHaveLength(15);
    for (const r of ok) expect(r.last!.type).toBe('done');
    expectError(limited[0], 429, 'rate_limited');
    expect(limited[0].body!.message).toMatch(/15 per minute/);
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0);
    // A widget on another origin may read it (not a CORS-safelisted header).
    expect(limited[0].headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(limited[0].headers.get('access-control-expose-headers')).toMatch(/(^|,\s*)Retry-After(\s*,|$)/i);
    // Another client, and the same client with another bot, are counted apart.
    expect((await turn(s, { message: 'Is shipping free?' }, from('30.0.0.2'))).status).toBe(200);
    expect((await turn(s, { bot_id: TIGHT, message: 'Is shipping free?' }, from('30.0.0.1'))).status).toBe(200);
  });

  test('IPv6 clients in one /64 share a limit', async () => {
    const statuses = [];
    for (let i = 0; i < 16; i++) statuses.push((await turn(s, { message: 'hi there' }, from(`2001:db8:5:6::${(i + 1).toString(16)}`))).status);
    expect(statuses.slice(0, 15).every((x) => x === 200)).toBe(true);
    expect(statuses[15]).toBe(429);
  });

  test("a bot's own limit is tighter and wins", async () => {
    const r = [];
    for (let i = 0; i < 3; i++) r.push(await turn(s, { bot_id: TIGHT, message: 'Is shipping free?' }, from('40.0.0.1')));
    expect(r.map((x) => x.status)).toEqual([200, 200, 429]);
    expect(r[2].body!.message).toMatch(/2 per minute/);
  });

  test('history allows 30 requests a minute per IP', async () => {
    const statuses = await Promise.all(Array.from({ length: 31 }, () => s.get('/v1/public/conversations/x/messages?session_id=y', from('50.0.0.1')).then((r) => r.status)));
    expect(statuses.filter((x) => x === 404)).toHaveLength(30);
    expect(statuses.filter((x) => x === 429)).toHaveLength(1);
  });

  test('bot protection: missing 400, rejected or low score 403, valid token streams; a real siteverify form POST', async () => {
    expectError(await turn(s, { bot_id: PROTECTED, message: 'Is shipping free?' }, from('60.0.0.1')), 400, 'recaptcha_required');
    expectError(await turn(s, { bot_id: PROTECTED, message: 'Is shipping free?', recaptcha_token: 'bad' }, from('60.0.0.1')), 403, 'recaptcha_failed');
    expectError(await turn(s, { bot_id: PROTECTED, message: 'Is shipping free?', recaptcha_token: 'low' }, from('60.0.0.1')), 403, 'recaptcha_failed');
    const ok = await turn(s, { bot_id: PROTECTED, message: 'Is shipping free?', recaptcha_token: 'good' }, from('60.0.0.1'));
    expect(ok.last!.type).toBe('done');
    const call = verifier.calls.at(-1)!;
    expect(Object.fromEntries(call)).toEqual({ secret: 'test-secret', response: 'good', remoteip: '60.0.0.1' });
    const cfg = await (await s.get(`/v1/public/bots/${PROTECTED}/config`, from('60.0.0.1'))).json();
    expect(cfg.recaptcha_site_key).toBe('site-key-1');
  });

  test('an unreachable verifier is 503 recaptcha_unavailable', async () => {
    expectError(await turn(s, { bot_id: DOWN, message: 'hi', recaptcha_token: 'good' }, from('60.0.0.2')), 503, 'recaptcha_unavailable');
  });
});
