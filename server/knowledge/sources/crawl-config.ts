/**
 * The sitemap fields of `bots[].knowledge` as the crawler reads them: which sitemaps to read
 * and how politely. The config file's schema for them is in config-schema.ts (`Crawl`), which
 * takes its defaults from here, so the crawler and the published schema cannot disagree.
 */

export interface CrawlOptions {
  /** At most this many pages per bot, over all its sitemaps. */
  max_pages: number;
  /** Path patterns (robots.txt syntax: `*` any characters, `$` end); empty = every path. */
  include: string[];
  exclude: string[];
  /** Per request (sitemap, robots.txt, page): connect, headers and body. */
  timeout_ms: number;
  /** A page (or uncompressed sitemap) larger than this is skipped. */
  max_page_bytes: number;
}

export interface SitemapSources { sitemaps: string[]; crawl: CrawlOptions }

export const DEFAULT_CRAWL: CrawlOptions = { max_pages: 200, include: [], exclude: [], timeout_ms: 10_000, max_page_bytes: 2 * 1024 * 1024 };
