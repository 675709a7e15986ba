/**
 * Sitemaps (sitemaps.org protocol): <urlset> lists pages, <sitemapindex> lists more sitemaps;
 * either may be gzip-compressed. Parsed with fast-xml-parser. Reading follows indexes (same
 * site only, as the protocol requires, and at most MAX_DEPTH deep) and yields the page URLs
 * a crawl may fetch: same site as their sitemap, inside the include/exclude patterns, allowed
 * by robots.txt, each once, at most `max_pages`.
 */
import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { SitemapSources } from './crawl-config.ts';
import { fetchCapped, FetchError } from './http.ts';
import type { Politeness } from './politeness.ts';
import type { RobotsCache } from './robots.ts';

/** The protocol's own limit for one sitemap, uncompressed. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** An index of indexes of sitemaps is as deep as real sites go. */
export const MAX_DEPTH = 2;
/** Sitemap files read per bot, over all its sitemaps. */
export const MAX_SITEMAPS = 100;

export interface SitemapFile { kind: 'index' | 'urlset'; locs: string[] }

const xml = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/** The URLs a sitemap file lists; gzip is recognised by its magic bytes, whatever the headers said. */
export function parseSitemap(body: Buffer): SitemapFile {
  let bytes = body;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      bytes = gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES });
    } catch (e) {
      throw new Error((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? `larger than ${MAX_SITEMAP_BYTES} bytes uncompressed` : 'not a valid gzip file');
    }
  }
  const text = bytes.toString('utf8');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not valid XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = xml.parse(text) as { urlset?: { url?: { loc?: unknown }[] } | ''; sitemapindex?: { sitemap?: { loc?: unknown }[] } | '' };
  const locs = (entries: { loc?: unknown }[] | undefined) =>
    (entries ?? []).map((e) => (typeof e.loc === 'string' ? e.loc.trim() : '')).filter(Boolean);
  if (doc.sitemapindex !== undefined) return { kind: 'index', locs: locs(doc.sitemapindex ? doc.sitemapindex.sitemap : []) };
  if (doc.urlset !== undefined) return { kind: 'urlset', locs: locs(doc.urlset ? doc.urlset.url : []) };
  throw new Error('not a sitemap (no <urlset> or <sitemapindex>)');
}

/** robots.txt-style path pattern: `*` any characters, a final `$` anchors the end, else a prefix. */
export function pathMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
}

export interface ReadContext {
  robots: RobotsCache;
  politeness: Politeness;
  signal: AbortSignal;
  /** One line per failure, and one per reason pages were skipped for. */
  log(line: string): void;
}

const sameSite = (a: string, b: string) => new URL(a).origin === new URL(b).origin;
const httpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
};

/**
 * The page URLs of a bot's sitemaps. A configured sitemap that cannot be read at all is
 * returned in `problems`; a nested one that fails is logged. Pages left out are counted per
 * reason and logged once per reason with an example: a sitemap of 50,000 URLs under a
 * Disallow gives one line, not 50,000.
 */
export async function readSitemaps(sources: SitemapSources, ctx: ReadContext): Promise<{ pages: string[]; problems: string[] }> {
  const { crawl } = sources;
  const pages: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const read = new Set<string>();
  const skipped = new Map<string, { kind: string; reason: string; count: number; example: string }>();
  const full = () => pages.length >= crawl.max_pages;
  const skip = (kind: 'page' | 'sitemap', url: string, reason: string) => {
    const key = `${kind} ${reason}`;
    const s = skipped.get(key) ?? { kind, reason, count: 0, example: url };
    s.count++;
    skipped.set(key, s);
  };

  const wanted = (url: URL) => {
    const path = url.pathname + url.search;
    return (crawl.include.length === 0 || crawl.include.some((p) => pathMatches(p, path))) && !crawl.exclude.some((p) => pathMatches(p, path));
  };

  const addPage = async (loc: string, sitemap: string) => {
    const url = httpUrl(loc);
    if (!url) return skip('page', loc, 'not an http(s) URL');
    url.hash = '';
    if (seen.has(url.href)) return;
    seen.add(url.href);
    if (!sameSite(url.href, sitemap)) return skip('page', url.href, 'not on the site of their sitemap');
    if (!wanted(url)) return;
    const rules = await ctx.robots.rules(url.href);
    if (!rules.allowed(url.href)) return skip('page', url.href, rules.blocked ?? 'disallowed by robots.txt');
    pages.push(url.href);
  };

  const walk = async (url: string, depth: number): Promise<void> => {
    if (read.has(url)) return;
    if (read.size >= MAX_SITEMAPS) return skip('sitemap', url, `beyond the first ${MAX_SITEMAPS}`);
    read.add(url);
    const rules = await ctx.robots.rules(url);
    if (!rules.allowed(url)) throw new Error(rules.blocked ?? 'disallowed by robots.txt');
    const release = await ctx.politeness.acquire(url, rules.delayMs);
    const res = await fetchCapped(url, { timeoutMs: crawl.timeout_ms, maxBytes: MAX_SITEMAP_BYTES, signal: ctx.signal, accept: 'application/xml, text/xml;q=0.9, */*;q=0.5' })
      .finally(release);
    if (res.status < 200 || res.status > 299) throw new FetchError(`HTTP ${res.status}`);
    const file = parseSitemap(res.body);
    for (const loc of file.locs) {
      if (full() || ctx.signal.aborted) return;
      if (file.kind === 'urlset') {
        await addPage(loc, url);
        continue;
      }
      const child = httpUrl(loc)?.href;
      if (!child || !sameSite(child, url)) skip('sitemap', loc, 'not on the site of their index');
      else if (depth >= MAX_DEPTH) skip('sitemap', child, `nested more than ${MAX_DEPTH} deep`);
      else await walk(child, depth + 1).catch((e: Error) => void (ctx.signal.aborted || ctx.log(`sitemap ${child}: ${e.message}`)));
    }
  };

  for (const sitemap of sources.sitemaps) {
    if (full() || ctx.signal.aborted) break;
    try {
      await walk(sitemap, 0);
    } catch (e) {
      if (ctx.signal.aborted) break;
      ctx.log(`sitemap ${sitemap}: ${(e as Error).message}`);
      problems.push(`${sitemap}: ${(e as Error).message}`);
    }
  }
  // "skipped 3 pages, disallowed by robots.txt: https://…/a and 2 more"
  for (const { kind, reason, count, example } of skipped.values()) {
    ctx.log(`skipped ${count} ${kind}${count === 1 ? '' : 's'}, ${reason}: ${example}${count > 1 ? ` and ${count - 1} more` : ''}`);
  }
  return { pages, problems };
}
