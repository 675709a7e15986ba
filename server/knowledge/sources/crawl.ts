/**
 * A bot's sitemap crawl, run in the background after the server listens: read the sitemaps,
 * then fetch their pages two at a time (each site's Crawl-delay respected) and hand each page
 * to the bot's live knowledge as soon as it is extracted (it joins the index with the next batch). Every failure is one log line; nothing
 * here throws, and closing the server aborts whatever is in flight.
 */
import type { SitemapSources } from './crawl-config.ts';
import type { SourceDocument } from './document.ts';
import { decodeText, fetchCapped, FetchError } from './http.ts';
import { mainText } from './page.ts';
import { Politeness } from './politeness.ts';
import { RobotsCache } from './robots.ts';
import { readSitemaps } from './sitemap.ts';

/** Pages fetched at the same time, per bot (and per site over all bots: politeness.ts). */
export const CONCURRENCY = 2;

/**
 * What a crawl feeds: the bot's live knowledge (knowledge-live.ts), which indexes pages in
 * batches and counts sitemaps that could not be read as problems (the knowledge is degraded).
 */
export interface CrawlTarget {
  addDocuments(docs: SourceDocument[]): void;
  addProblems(problems: string[]): void;
}

export interface CrawlReport { listed: number; indexed: number; failed: number }

/** Where a crawl's lines go: the server's JSON log in production, the console by default. */
export interface CrawlLog {
  /** A page or sitemap that failed or was left out. */
  warn(botId: string, line: string): void;
  /** The summary when the crawl is done. */
  info(botId: string, line: string): void;
}

export const CONSOLE_LOG: CrawlLog = {
  warn: (botId, line) => console.warn(`[sitemap] bot ${botId}: ${line}`),
  info: (botId, line) => console.log(`[sitemap] bot ${botId}: ${line}`),
};

const HTML = new Set(['text/html', 'application/xhtml+xml']);

/** The charset a page declares in a <meta> near its start, for servers that do not send one. */
export function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

/** One page as a document: its URL is its id, its citation link and its source id. */
export async function fetchPage(url: string, crawl: SitemapSources['crawl'], signal: AbortSignal): Promise<SourceDocument> {
  const res = await fetchCapped(url, { timeoutMs: crawl.timeout_ms, maxBytes: crawl.max_page_bytes, signal, accept: 'text/html, application/xhtml+xml;q=0.9' });
  if (res.status < 200 || res.status > 299) throw new FetchError(`HTTP ${res.status}`);
  if (!HTML.has(res.type)) throw new FetchError(`not an HTML page (${res.type || 'no Content-Type'})`);
  const { title, text, noindex } = mainText(decodeText(res.body, res.charset ?? metaCharset(res.body)));
  if (noindex || /\b(noindex|none)\b/.test(res.robotsTag ?? '')) throw new FetchError('the page asks not to be indexed (noindex)');
  if (!text) throw new Error('no text in the page');
  return { id: url, title: title ?? url, url, text };
}

/**
 * Crawls one bot's sitemaps into `target`. Crawls of several bots share `politeness` (one per
 * server), so a site they have in common still sees two requests at a time.
 */
export async function crawlSitemaps(botId: string, sources: SitemapSources, target: CrawlTarget, signal: AbortSignal, politeness = new Politeness(signal), out: CrawlLog = CONSOLE_LOG): Promise<CrawlReport | null> {
  if (sources.sitemaps.length === 0) return null;
  const log = (line: string) => out.warn(botId, line);
  const started = Date.now();
  const report: CrawlReport = { listed: 0, indexed: 0, failed: 0 };
  try {
    const robots = new RobotsCache({ timeoutMs: sources.crawl.timeout_ms, signal });
    const { pages, problems } = await readSitemaps(sources, { robots, politeness, signal, log });
    target.addProblems(problems);
    report.listed = pages.length;
    let next = 0;
    const worker = async () => {
      while (next < pages.length && !signal.aborted) {
        const url = pages[next++];
        try {
          const release = await politeness.acquire(url, (await robots.rules(url)).delayMs);
          const doc = await fetchPage(url, sources.crawl, signal).finally(release);
          target.addDocuments([doc]);
          report.indexed++;
        } catch (e) {
          if (signal.aborted) return;
          report.failed++;
          log(`${url}: ${(e as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } catch (e) {
    // Not expected (every step above handles its own failures); still never a crash.
    if (!signal.aborted) log(`crawl stopped: ${(e as Error).message}`);
  }
  if (!signal.aborted) {
    out.info(botId, `${report.indexed} of ${report.listed} pages indexed, ${report.failed} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return report;
}
