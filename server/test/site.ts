/**
 * A local web site for crawl tests (node:http on 127.0.0.1, port 0): fixed routes with
 * status, type and body (`{site}` in a body becomes the site's own origin), gzip-compressed
 * bodies, slow answers, and pages held until the test releases them. It records every
 * request and how many were in flight at once.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface Route {
  status?: number;
  type?: string;
  body?: string | Buffer;
  /** Send the body gzip-compressed as the file itself (a .xml.gz sitemap), not as a Content-Encoding. */
  gzip?: boolean;
  /** More response headers. */
  headers?: Record<string, string>;
  /** A redirect target (with a 3xx status). */
  location?: string;
  /** Answer after this many milliseconds. */
  delayMs?: number;
  /** Answer only when the test calls release(path) (or never). */
  held?: boolean;
}

export interface Site {
  url: string;
  /** Paths requested, in order of arrival. */
  requests: string[];
  /** When each request arrived (ms since the epoch), per path. */
  arrivals: Map<string, number>;
  maxInFlight: number;
  release(path: string): void;
  close(): Promise<void>;
}

export async function startSite(routes: Record<string, Route>): Promise<Site> {
  const held = new Map<string, Array<() => void>>();
  const released = new Set<string>();
  let inFlight = 0;
  const site: Site = {
    url: '',
    requests: [],
    arrivals: new Map(),
    maxInFlight: 0,
    release(path) {
      released.add(path);
      for (const go of held.get(path) ?? []) go();
      held.delete(path);
    },
    close: async () => undefined,
  };
  const server = createServer((req, res: ServerResponse) => {
    const path = req.url ?? '/';
    site.requests.push(path);
    site.arrivals.set(path, Date.now());
    site.maxInFlight = Math.max(site.maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    const route = routes[path] ?? { status: 404, type: 'text/html', body: '<h1>Not found</h1>' };
    const send = () => {
      if (res.destroyed) return;
      let body: Buffer = typeof route.body === 'string' ? Buffer.from(route.body.replaceAll('{site}', site.url)) : route.body ?? Buffer.alloc(0);
      if (route.gzip) body = gzipSync(body);
      const headers = { 'content-type': route.type ?? 'text/html; charset=utf-8', 'content-length': body.length, ...(route.location ? { location: route.location } : {}), ...route.headers };
      res.writeHead(route.status ?? 200, headers).end(body);
    };
    if (route.held && !released.has(path)) held.set(path, [...(held.get(path) ?? []), send]);
    else if (route.delayMs) setTimeout(send, route.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return site;
}

/** A <urlset> sitemap of these locations. */
export const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <url><loc>${l}</loc><lastmod>2026-01-01</lastmod></url>`).join('\n')}\n</urlset>\n`;

/** A <sitemapindex> of these sitemaps. */
export const sitemapIndex = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;

/** An HTML page with the usual chrome around its content. */
export const page = (title: string, content: string, o: { wrap?: 'main' | 'article' | 'none' } = {}) => {
  const inner = o.wrap === 'none' ? content : `<${o.wrap ?? 'main'}>${content}</${o.wrap ?? 'main'}>`;
  return `<!doctype html><html><head><title>${title}</title><style>body { font: 16px serif }</style>
<script>window.tracking = "analytics beacon";</script></head><body>
<header><a href="/">Nimbus Shop</a><nav><ul><li><a href="/newsletter">Newsletter signup</a></li><li><a href="/careers">Careers</a></li></ul></nav></header>
${inner}
<aside>Related: gift vouchers and seasonal discounts</aside>
<footer>Copyright Nimbus GmbH. Imprint and privacy policy.</footer>
</body></html>`;
};
