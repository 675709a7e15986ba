// A loopback static server for the host-page figures: every file is compressed once
// (gzip -9, brotli -q 11) and served by Accept-Encoding, as a CDN would; anything else is a
// JSON 404 (with CORS) so a peer that looks for its bot fails fast instead of hanging.
import { createServer } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { compressed } from './common.mjs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const typeOf = (path) => TYPES[/\.[a-z]+$/.exec(path)?.[0] ?? ''] ?? 'application/octet-stream';

/**
 * `files`: URL path → local file. Pages are added with `setPage(path, html)` once the URL is
 * known (a page names this server). Resolves to {url, setPage, misses, close}; `misses`
 * counts the 404s per path (what peers looked for).
 */
export async function startStaticServer({ files = {} }) {
  const table = new Map();
  for (const [path, file] of Object.entries(files)) table.set(path, compressed(file));
  const misses = new Map();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const entry = table.get(path);
    if (!entry) {
      misses.set(path, (misses.get(path) ?? 0) + 1);
      req.resume();
      res.writeHead(req.method === 'OPTIONS' ? 204 : 404, {
        'content-type': 'application/json', 'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-headers': '*', 'access-control-allow-methods': '*', 'cache-control': 'no-store',
      });
      return res.end(req.method === 'OPTIONS' ? undefined : '{"error":"not_found"}');
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accept) ? ['br', entry.br] : /\bgzip\b/.test(accept) ? ['gzip', entry.gzip] : [null, entry.raw];
    res.writeHead(200, {
      'content-type': typeOf(path),
      'content-length': body.length,
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    setPage(path, html) {
      const raw = Buffer.from(html);
      table.set(path, { raw, gzip: gzipSync(raw, { level: 9 }), br: brotliCompressSync(raw) });
    },
    misses,
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
