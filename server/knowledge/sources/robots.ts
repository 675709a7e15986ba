/**
 * robots.txt per site (RFC 9309) with robots-parser: the group for our product token if the
 * file has one, else the `*` group; longest match between Allow and Disallow wins; Crawl-delay
 * honoured up to MAX_CRAWL_DELAY_S. A missing file (4xx) allows everything; an unreachable one
 * (5xx, network error) disallows everything, as the RFC asks, and the site is skipped.
 */
import { createRequire } from 'node:module';
import { decodeText, fetchCapped, ROBOTS_AGENT } from './http.ts';

// robots-parser is CommonJS (module.exports = the function) while its types declare an ES
// default export: a default import type-checks only under one of our two module settings
// (tests: bundler, the compiled server: NodeNext). Required, the function is the module.
const robotsParser = createRequire(import.meta.url)('robots-parser') as typeof import('robots-parser').default;

/** A Crawl-delay above this is taken as this: reason enough for a crawl that runs once per start. */
export const MAX_CRAWL_DELAY_S = 30;
/** RFC 9309 asks parsers to read at least 500 KiB; what follows is ignored. */
const MAX_ROBOTS_BYTES = 512 * 1024;
/** A robots.txt larger than this is not a robots.txt: the site counts as unreachable. */
const MAX_ROBOTS_FETCH = 4 * MAX_ROBOTS_BYTES;

export interface SiteRules {
  allowed(url: string): boolean;
  /** Milliseconds to leave between two requests to the site. */
  delayMs: number;
  /** Why the whole site is off limits, when it is. */
  blocked: string | null;
}

/** Rules from the text of a robots.txt served at `robotsUrl`. */
export function parseRobots(robotsUrl: string, text: string): SiteRules {
  const robots = robotsParser(robotsUrl, text);
  const delay = Number(robots.getCrawlDelay(ROBOTS_AGENT) ?? 0);
  return {
    // undefined: the URL is on another site than this file; the caller never asks that.
    allowed: (url) => robots.isAllowed(url, ROBOTS_AGENT) !== false,
    delayMs: Number.isFinite(delay) && delay > 0 ? Math.min(delay, MAX_CRAWL_DELAY_S) * 1000 : 0,
    blocked: null,
  };
}

const open: SiteRules = { allowed: () => true, delayMs: 0, blocked: null };
const closed = (why: string): SiteRules => ({ allowed: () => false, delayMs: 0, blocked: why });

/** Fetches each site's robots.txt once and keeps its rules for the crawl. */
export class RobotsCache {
  private readonly sites = new Map<string, Promise<SiteRules>>();
  private readonly o: { timeoutMs: number; signal: AbortSignal };
  constructor(o: { timeoutMs: number; signal: AbortSignal }) {
    this.o = o;
  }

  rules(url: string): Promise<SiteRules> {
    const origin = new URL(url).origin;
    let rules = this.sites.get(origin);
    if (!rules) {
      rules = this.load(`${origin}/robots.txt`);
      this.sites.set(origin, rules);
    }
    return rules;
  }

  private async load(robotsUrl: string): Promise<SiteRules> {
    try {
      const res = await fetchCapped(robotsUrl, { timeoutMs: this.o.timeoutMs, maxBytes: MAX_ROBOTS_FETCH, signal: this.o.signal, accept: 'text/plain' });
      if (res.status >= 200 && res.status < 300) return parseRobots(robotsUrl, decodeText(res.body.subarray(0, MAX_ROBOTS_BYTES), 'utf-8'));
      if (res.status >= 400 && res.status < 500) return open;
      return closed(`${robotsUrl} answered HTTP ${res.status}`);
    } catch (e) {
      return closed(`${robotsUrl}: ${(e as Error).message}`);
    }
  }
}
