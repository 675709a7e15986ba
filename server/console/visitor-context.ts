/**
 * Where the visitor was when a chat started (issue 22), as agents see it beside the
 * conversation: the page and referrer the widget sends with the first turn (`page`, an
 * extension field), the browser's language, and browser and OS read coarsely from the
 * User-Agent. The header itself is never stored.
 */
import type { VisitorContext } from '../../protocol/console.ts';
import type { PageContext } from '../../protocol/schemas.ts';

const BROWSERS: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', Firefox: 'Firefox', Chrome: 'Chrome', Version: 'Safari' };

/** Browser name and major version, and the OS family; null for what is not recognised. */
export function browserOf(ua: string | undefined): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  const m = /(Edg|OPR|Firefox|Chrome|Version)\/(\d+)/.exec(ua);
  const browser = m ? `${BROWSERS[m[1]]} ${m[2]}` : null;
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad|iPod/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : null;
  return { browser, os };
}

/** A URL without query string and fragment (where personal data most often hides); null when it is not http(s). */
export function bareUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
}

/** The context of a conversation's first turn: the widget's `page` field (when sent) and the request's headers. */
export function visitorContextOf(page: PageContext | null | undefined, headers: { 'user-agent'?: string; 'accept-language'?: string }): VisitorContext {
  const headerLanguage = headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() || null;
  return {
    page_url: bareUrl(page?.url),
    page_title: page?.title?.trim() || null,
    referrer: bareUrl(page?.referrer),
    language: page?.language?.trim() || headerLanguage,
    ...browserOf(headers['user-agent']),
  };
}
