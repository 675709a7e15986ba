// Public files over HTTP as a browser or proxy meets them: pre-compressed brotli/gzip chosen
// by Accept-Encoding with q-values, Vary, ETag and 304, content-hashed chunks cached for a
// year, widget.js briefly, HEAD for every GET, the favicon. The files are made the way the
// build makes them (scripts/compress.mjs) in the fixture's own dist/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compressDir } from '../../scripts/compress.mjs';
import { routesOf } from './app.ts';
import { BOT_ID, ORIGIN, startFixture, type TestServer } from '../test/fixtures.ts';
import { raw } from '../test/raw-http.ts';
import { ROOT } from '../test/paths.ts';

const CHUNK = 'widget-app.Ab12Cd34.js';
// Script-like text of a realistic size, compressible as real code is.
const WIDGET = Array.from({ length: 1500 }, (_, i) => `function f${i}(a,b){return a.querySelector("[data-part=${i % 37}]")||b;}\n`).join('');

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({
    files: {
      'dist/widget.js': WIDGET,
      [`dist/${CHUNK}`]: `/* chunk */ ${WIDGET.slice(0, 20_000)}`,
      'dist/index.html': '<!doctype html><title>Demo</title><script src="/widget.js" data-bot-id="x" async></script>',
      'dist/favicon.ico': readFileSync(join(ROOT, 'public', 'favicon.ico')).toString('latin1'),
      'dist/agent/index.html': '<!doctype html><title>Inbox</title>',
      'dist/agent/agent.js': 'console.log(1)',
      'dist/agent/agent.css': 'body{}',
    },
    start: { demo: true },
  });
  compressDir(join(s.dir, 'dist'));
});
afterAll(() => s.stop());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => raw(s.url + path, { method, headers });

describe('compression', () => {
  test.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j gets %s, with Vary: Accept-Encoding', async (accept, expected) => {
    const res = await get('/widget.js', accept ? { 'accept-encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const plain = expected === 'br' ? brotliDecompressSync(res.body) : expected === 'gzip' ? gunzipSync(res.body) : res.body;
    expect(plain.toString()).toBe(WIDGET);
    if (expected) expect(res.body.length).toBeLessThan(WIDGET.length / 4);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  test('every public file has its compressed copies: the chunk, the demo page, the inbox', async () => {
    for (const path of [`/${CHUNK}`, '/', '/agent', '/agent.js', '/agent.css', '/favicon.ico']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect({ path, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ path, status: 200, encoding: 'br' });
    }
  });
});

describe('caching', () => {
  test('widget.js: a short cache and an ETag per encoding; If-None-Match gets 304 without a body', async () => {
    const br = await get('/widget.js', { 'accept-encoding': 'br' });
    const plain = await get('/widget.js');
    expect(br.headers['cache-control']).toMatch(/max-age=300\b/);
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(plain.headers.etag).not.toBe(br.headers.etag);
    const again = await get('/widget.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another representation's tag does not match.
    expect((await get('/widget.js', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).status).toBe(200);
  });

  test('the content-hashed app module is immutable for a year; an unknown or unhashed name is a JSON 404', async () => {
    const chunk = await get(`/${CHUNK}`);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    for (const path of ['/widget-app.js', '/widget-markdown.js', '/widget-app.Zz99Yy88.js', '/nothing-here']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'not_found' });
    }
  });

  test('the favicon is an icon', async () => {
    const res = await get('/favicon.ico');
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.body.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});

describe('the demo page', () => {
  test('is served at / only with --demo; otherwise / is a JSON 404 naming what the server serves', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.toString()).toContain('<title>Demo</title>');

    const production = await startFixture({ files: { 'dist/index.html': '<!doctype html><title>Demo</title>' } });
    try {
      for (const method of ['GET', 'HEAD']) {
        const res = await raw(`${production.url}/`, { method });
        expect({ method, status: res.status, type: res.headers['content-type'], nosniff: res.headers['x-content-type-options'] })
          .toEqual({ method, status: 404, type: 'application/json; charset=utf-8', nosniff: 'nosniff' });
      }
      const body = JSON.parse((await raw(`${production.url}/`)).body.toString());
      expect(body.error).toBe('not_found');
      for (const served of ['/widget.js', '/agent', '/v1/public/', '/openapi.json', '/healthz', '--demo']) expect(body.message).toContain(served);
      expect(body.message).not.toContain('<title>');
    } finally {
      await production.stop();
    }
  });
});

describe('HEAD', () => {
  test('every GET route answers HEAD with the GET headers and no body', async () => {
    const samples: Record<string, string> = { '/:file': `/${CHUNK}`, '/v1/public/bots/:bot_id/config': `/v1/public/bots/${BOT_ID}/config` };
    const gets = routesOf(s.app).filter((r) => r.startsWith('GET ')).map((r) => r.slice(4));
    expect(gets).toEqual(expect.arrayContaining(['/', '/widget.js', '/:file', '/healthz', '/favicon.ico']));
    for (const route of gets) {
      if (route.includes(':') && !samples[route]) continue; // needs a conversation or a token; covered as a route by the others
      const path = samples[route] ?? route;
      const headers = { origin: ORIGIN, 'accept-encoding': 'gzip' };
      const [g, h] = [await get(path, headers), await get(path, headers, 'HEAD')];
      expect({ path, status: h.status }).toEqual({ path, status: g.status });
      expect(h.body.length).toBe(0);
      expect(h.headers['content-type']).toBe(g.headers['content-type']);
      if (g.headers.etag) expect(h.headers.etag).toBe(g.headers.etag);
    }
    const head = await get('/widget.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe((await get('/widget.js', { 'accept-encoding': 'br' })).body.length);
  });
});
