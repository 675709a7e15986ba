// Serves the host pages of e2e/pages from ANOTHER origin than the API (localhost vs
// 127.0.0.1), as a site owner's site would be. Pages name the API with {{API}} and bots with
// {{BOT:key}}; this server fills them in (`?bot=key` on the page URL puts that bot in every
// {{BOT:...}} of the page, so one host page serves several specs, each with its own bot and
// thus its own rate-limit budget), and sets any CSP a page asks for in a
// `<meta name="e2e-csp" content="...">` as a real response header (a meta CSP cannot
// express everything, e.g. report-uri).
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, extname } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

export interface HostServer { url: string; close(): Promise<void> }

/**
 * `files`: URL prefix → folder served as is (no {{...}} filling), e.g. the npm package's
 * build at /esm/, as a site that self-hosts its bundle would serve it.
 */
export async function startHostServer(dir: string, vars: Record<string, string>, files: Record<string, string> = {}): Promise<HostServer> {
  const fill = (text: string, bot: string | null) =>
    text.replace(/\{\{([A-Z_]+(?::[a-z0-9_-]+)?)\}\}/g, (whole, key: string) =>
      (bot && key.startsWith('BOT:') ? vars[`BOT:${bot}`] : vars[key]) ?? whole);
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    const prefix = Object.keys(files).find((p) => path.startsWith(p));
    const base = prefix ? files[prefix] : dir;
    const file = prefix ? join(base, path.slice(prefix.length)) : join(dir, path === '/' ? 'basic.html' : path);
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (prefix) {
      try {
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(await readFile(file));
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
      return;
    }
    try {
      const raw = await readFile(file, 'utf8');
      const body = fill(raw, url.searchParams.get('bot'));
      const headers: Record<string, string> = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      const csp = /<meta name="e2e-csp" content="([^"]+)"/.exec(body)?.[1];
      if (csp) headers['content-security-policy'] = csp;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
