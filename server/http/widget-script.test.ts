// widget.js?bot=<id>: the loader with the bot's config written into it (protocol/embed.ts),
// over real HTTP. The config goes in only when the config endpoint would have given it to this
// page; otherwise the plain loader is sent and says why in X-Widget-Config. The script is run
// in a VM the way a page runs it, to show it hands over exactly what GET /config answers.
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EMBED_CONFIG_PROP, EMBED_HEADER } from '../../protocol/embed.ts';
import { compressDir } from '../../scripts/compress.mjs';
import { BOT_ID, ORIGIN, botConfig, botId, startFixture, type TestServer } from '../test/fixtures.ts';
import { raw } from '../test/raw-http.ts';
import { withConfig } from './widget-script.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';
const CODE = Array.from({ length: 800 }, (_, i) => `function f${i}(a){return a.querySelector("[data-part=${i % 37}]");}\n`).join('');
const WIDGET = `${HINT}(function(){${CODE}})();\n`;
const OPEN_BOT = botId(2); // no allowed_domains: any page
const OFF_BOT = botId(3); // inactive

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({
    bots: [
      botConfig(),
      // Non-ASCII text, a line separator and an astral character: the script must stay ASCII and still carry them.
      botConfig({ id: OPEN_BOT, allowed_domains: [], welcome_message: 'Grüß Gott! مرحبا\u2028🙂' }),
      botConfig({ id: OFF_BOT, active: false }),
    ],
    files: { 'dist/widget.js': WIDGET },
  });
  compressDir(join(s.dir, 'dist'));
});
afterAll(() => s.stop());

const get = (query: string, headers: Record<string, string> = {}) => raw(`${s.url}/widget.js${query}`, { method: 'GET', headers });
const text = (res: Awaited<ReturnType<typeof get>>) => {
  const enc = res.headers['content-encoding'];
  return (enc === 'br' ? brotliDecompressSync(res.body) : enc === 'gzip' ? gunzipSync(res.body) : res.body).toString();
};

/** Runs the script as a page would, with the loader's own code replaced by nothing; returns what it set on its <script>. */
function handedOver(code: string): unknown {
  const script: Record<string, unknown> = {};
  runInNewContext(code.replace(CODE, ''), { document: { currentScript: script } });
  return script[EMBED_CONFIG_PROP];
}

describe('widget.js?bot=', () => {
  test('a page of an allowed domain (Origin) gets the config in the script, after the compile hint, equal to GET /config', async () => {
    const res = await get(`?bot=${BOT_ID}`, { origin: ORIGIN, 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers[EMBED_HEADER]).toBe('inline');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = text(res);
    expect(body.startsWith(HINT)).toBe(true); // V8 reads the hint on the first line only
    expect(body.endsWith(WIDGET.slice(HINT.length))).toBe(true);
    const config = await (await s.get(`/v1/public/bots/${BOT_ID}/config`, { origin: ORIGIN })).json();
    expect(handedOver(body)).toEqual(config);
  });

  test('a plain script request names its page by Referer: that works too; gzip and identity carry the same script', async () => {
    const br = text(await get(`?bot=${BOT_ID}`, { origin: ORIGIN, 'accept-encoding': 'br' }));
    for (const accept of ['gzip', '']) {
      const res = await get(`?bot=${BOT_ID}`, { referer: `${ORIGIN}/products/lamp`, ...(accept ? { 'accept-encoding': accept } : {}) });
      expect(res.headers[EMBED_HEADER]).toBe('inline');
      expect(res.headers['content-encoding']).toBe(accept || undefined);
      expect(text(res)).toBe(br);
    }
  });

  test('the script is pure ASCII, and hands over non-ASCII text unchanged', async () => {
    const body = text(await get(`?bot=${OPEN_BOT}`, { 'accept-encoding': 'br' }));
    expect(body).toMatch(/^[\x00-\x7f]*$/);
    const config = await (await s.get(`/v1/public/bots/${OPEN_BOT}/config`, { origin: ORIGIN })).json();
    expect(config.welcome_message).toBe('Grüß Gott! مرحبا\u2028🙂');
    expect(handedOver(body)).toEqual(config);
  });

  test('ETag and 304: a page that has the script revalidates it without a body', async () => {
    const first = await get(`?bot=${OPEN_BOT}`, { 'accept-encoding': 'br' });
    expect(first.headers[EMBED_HEADER]).toBe('inline');
    const again = await get(`?bot=${OPEN_BOT}`, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The plain loader's ETag does not validate the script with the config, nor the other way round.
    const plain = await get('', { 'accept-encoding': 'br' });
    expect((await get(`?bot=${OPEN_BOT}`, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).status).toBe(200);
  });

  test.each([
    ['a page outside allowed_domains', `?bot=${BOT_ID}`, { origin: 'https://evil.example' }, 'origin_not_allowed'],
    ['a restricted bot and no page named', `?bot=${BOT_ID}`, {}, 'origin_not_allowed'],
    ['an unknown bot', `?bot=${botId(99)}`, { origin: ORIGIN }, 'bot_not_found'],
    ['a bot id that is not a UUID', '?bot=not-a-bot', { origin: ORIGIN }, 'invalid_request'],
    ['the parameter twice', `?bot=${BOT_ID}&bot=${OPEN_BOT}`, { origin: ORIGIN }, 'invalid_request'],
    ['an inactive bot', `?bot=${OFF_BOT}`, { origin: ORIGIN }, 'bot_inactive'],
  ])('%s: the plain loader (it reads the config itself and reports the refusal), saying why', async (_what, query, headers, reason) => {
    const res = await get(query, { ...headers, 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers[EMBED_HEADER]).toBe(`request; ${reason}`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(text(res)).toBe(WIDGET);
    expect(handedOver(text(res))).toBeUndefined();
  });

  test('without ?bot= widget.js is the shared file, cached briefly by anyone', async () => {
    const res = await get('', { origin: ORIGIN });
    expect(res.headers[EMBED_HEADER]).toBeUndefined();
    expect(res.headers['cache-control']).toMatch(/^public, max-age=300/);
    expect(text(res)).toBe(WIDGET);
  });
});

describe('withConfig', () => {
  test('goes after a leading magic comment, else at the very start', () => {
    expect(withConfig(Buffer.from(`${HINT}code();`), 'x=1;\n').toString()).toBe(`${HINT}x=1;\ncode();`);
    expect(withConfig(Buffer.from('code();'), 'x=1;\n').toString()).toBe('x=1;\ncode();');
    expect(withConfig(Buffer.from('//# no newline'), 'x=1;\n').toString()).toBe('x=1;\n//# no newline');
  });
});
