// What a hostile or broken client meets: a body that never completes gets 408 (and a long
// answer is not cut by that timeout), every response carries the security headers, and
// wrong agent tokens from one address end in 429 with Retry-After.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_FAILURES_PER_MINUTE } from './auth-limit.ts';
import { startServer } from '../main.ts';
import { DEFAULT_TIMEOUTS } from './timeouts.ts';
import { BOT_ID, botConfig, ORIGIN, SESSION, startFixture, writeFixture, type TestServer } from '../test/fixtures.ts';
import { readSse } from '../test/sse-reader.ts';
import { rawSocket } from '../test/raw-http.ts';
import { Compile } from 'typebox/compile';
import { SCHEMAS } from '../../protocol/catalog.ts';

/** Writes `head` (and no more) on a raw socket; resolves with what the server answered and when. */
function unfinished(url: string, head: string): Promise<{ reply: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let reply = '';
    const socket = connect(Number(port), hostname, () => socket.write(head));
    socket.on('data', (d) => (reply += d));
    socket.on('close', () => resolve({ reply, ms: performance.now() - t0 }));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => {
      socket.destroy();
      resolve({ reply, ms: performance.now() - t0 });
    });
  });
}

describe('timeouts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startFixture({
      bots: [botConfig({ engine: { type: 'extractive', chunk_delay_ms: 400 } })],
      start: { timeouts: { requestMs: 1000, headersMs: 1000, checkIntervalMs: 200 } },
    });
  });
  afterAll(() => s.stop());

  const post = (extra: string) => `POST /v1/public/chat/stream HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\n${extra}\r\n`;

  test.each([
    ['a short Content-Length body', post('Content-Length: 200\r\n') + '{"bot_id":'],
    ['a chunked body without its last chunk', post('Transfer-Encoding: chunked\r\n') + '5\r\n{"a":\r\n'],
    ['headers that never end', 'POST /v1/public/chat/stream HTTP/1.1\r\nHost: x\r\n'],
  ])('%s gets 408 within the request timeout and the socket is closed', async (_name, head) => {
    const r = await unfinished(s.url, head);
    expect(r.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.ms).toBeLessThan(1000 + 200 + 1500);
  });

  test('an answer streaming for longer than the request timeout is not cut off', async () => {
    const res = await s.chat({ message: 'How do I reset the lamp to factory settings?' });
    const t0 = performance.now();
    const sse = await readSse(res);
    expect(performance.now() - t0).toBeGreaterThan(1000);
    expect(sse.events.at(-1)?.type).toBe('done');
  });

  test('the defaults are production values: 408 within 30 s, idle keep-alive longer than a proxy\'s 60 s', async () => {
    const { dir, configPath } = writeFixture();
    const server = await startServer({ configPath, port: 0, dataDir: `${dir}/data`, rootDir: dir, log: { level: 'silent' } });
    try {
      const http = server.app.server;
      expect(http.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
      expect(http.headersTimeout).toBe(DEFAULT_TIMEOUTS.headersMs);
      expect(http.keepAliveTimeout).toBe(DEFAULT_TIMEOUTS.keepAliveMs);
      expect(DEFAULT_TIMEOUTS.requestMs + DEFAULT_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(30_000);
      expect(DEFAULT_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
    } finally {
      await server.close();
    }
  });
});

describe('security headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startFixture({ files: { 'index.html': '<!doctype html><title>Demo</title>', 'dist/agent/index.html': '<!doctype html><title>Inbox</title>' }, start: { demo: true } });
  });
  afterAll(() => s.stop());

  test('every kind of response says nosniff and a Referrer-Policy; HTML pages also a CSP and no framing', async () => {
    const base = { origin: ORIGIN };
    const requests: Array<[string, RequestInit & { path: string }]> = [
      ['demo page', { path: '/' }],
      ['agent inbox', { path: '/agent' }],
      ['widget not built (404)', { path: '/widget.js' }],
      ['unknown path', { path: '/nope/nope' }],
      ['config', { path: `/v1/public/bots/${BOT_ID}/config` }],
      ['bad request', { path: '/v1/public/chat/stream', method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }],
      ['preflight', { path: '/v1/public/chat/stream', method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } }],
      ['stream', { path: '/v1/public/chat/stream', method: 'POST', body: JSON.stringify({ bot_id: BOT_ID, session_id: SESSION, message: 'Is shipping free?' }), headers: { 'content-type': 'application/json' } }],
      ['agent 401', { path: '/v1/agent/me' }],
      ['HEAD', { path: '/healthz', method: 'HEAD' }],
      ['metrics', { path: '/metrics' }],
      ['openapi', { path: '/openapi.json' }],
    ];
    for (const [name, { path, ...init }] of requests) {
      const res = await fetch(s.url + path, { ...init, headers: { ...base, ...(init.headers as Record<string, string>) } });
      await res.arrayBuffer();
      const h = (k: string) => res.headers.get(k);
      expect({ name, nosniff: h('x-content-type-options'), referrer: !!h('referrer-policy') }).toEqual({ name, nosniff: 'nosniff', referrer: true });
      if (h('content-type')?.startsWith('text/html')) {
        expect({ name, csp: h('content-security-policy') }).toEqual({ name, csp: expect.stringContaining("frame-ancestors 'none'") });
        expect(h('x-frame-options')).toBe('DENY');
      }
    }
  });
});

describe('answers made before routing', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startFixture();
  });
  afterAll(() => s.stop());
  const errorBody = Compile(SCHEMAS.ErrorBody);
  const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`;

  test.each([
    ['a URL that cannot be percent-decoded', get('/v1/public/bots/%E0%A4%A/config'), 400, 'invalid_request', /^The URL is malformed: \/v1\/public\/bots\/%E0%A4%A\/config is not valid percent-encoding\.$/],
    ['a path segment over the router\'s limit', get(`/v1/public/bots/${'a'.repeat(101)}/config`), 414, 'uri_too_long', /path segment longer than 100 characters/],
    ['a URL longer than the header limit', get(`/${'a'.repeat(20_000)}`), 431, 'headers_too_large', /larger than 16 KB: shorten the URL, or send fewer or smaller headers/],
    ['headers over the limit', get('/healthz', `Cookie: ${'c'.repeat(20_000)}\r\n`), 431, 'headers_too_large', /larger than 16 KB/],
    ['bytes that are not HTTP', 'BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'invalid_request', /^The request is not valid HTTP\/1\.1 \(Invalid method encountered\)\.$/],
  ])('%s: its status, nosniff, no-store and the JSON error body naming the problem', async (_name, bytes, status, code, message) => {
    const r = await rawSocket(s.url, bytes);
    expect(r.status).toBe(status);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(r.body.toString());
    expect([...errorBody.Errors(body)]).toEqual([]);
    expect(body.error).toBe(code);
    expect(body.message).toMatch(message);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
  });

  test('a request that never arrives in full: 408 with the JSON body too', async () => {
    const t = await startFixture({ start: { timeouts: { requestMs: 500, headersMs: 500, checkIntervalMs: 100 } } });
    try {
      const r = await rawSocket(t.url, 'POST /v1/public/chat/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"bot_id":');
      expect(r.status).toBe(408);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(r.body.toString())).toEqual({ error: 'request_timeout', message: 'The request did not arrive in full within 1 second.' });
    } finally {
      await t.stop();
    }
  });
});

describe('agent sign-in attempts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startFixture({ config: { trust_proxy: ['127.0.0.1'] } });
  });
  afterAll(() => s.stop());

  const me = (token: string, ip: string) => fetch(`${s.url}/v1/agent/me`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });

  test(`after ${AUTH_FAILURES_PER_MINUTE} wrong tokens an address gets 429 with Retry-After, even with the right one; other addresses do not`, async () => {
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await me(`guess-${i}`, '40.0.0.1')).status).toBe(401);
    const limited = await me('guess-x', '40.0.0.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('failed agent sign-ins') });
    expect((await me('agent-token-ana-1', '40.0.0.1')).status).toBe(429);
    expect((await me('agent-token-ana-1', '40.0.0.2')).status).toBe(200);
    // A burst gets nowhere: every further attempt is refused before any token is compared.
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => me(`burst-${i}`, '40.0.0.1')));
    expect(burst.every((r) => r.status === 429)).toBe(true);
  });
});
