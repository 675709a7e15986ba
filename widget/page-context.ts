// Issue 22: where the visitor is when a conversation starts, sent with its first turn as the
// `page` extension field (protocol/schemas.ts PageContext; docs/extensions.md, privacy). Query
// strings and fragments are left out (they often carry personal data), long values are cut to
// the protocol's limits. Part of the app chunk: the loader does not grow.
import { MAX_PAGE_TITLE_CHARS, MAX_PAGE_URL_CHARS } from '../protocol/limits.ts';
import type { PageContext } from '../protocol/schemas.ts';

function bare(raw: string): string | null {
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? `${u.origin}${u.pathname}`.slice(0, MAX_PAGE_URL_CHARS) : null;
  } catch {
    return null;
  }
}

export function pageContext(): PageContext | null {
  if (typeof location === 'undefined') return null;
  const url = bare(location.href);
  if (!url) return null;
  const referrer = document.referrer ? bare(document.referrer) : null;
  const language = typeof navigator !== 'undefined' && navigator.language ? navigator.language.slice(0, 35) : null;
  return {
    url,
    title: document.title.trim().slice(0, MAX_PAGE_TITLE_CHARS),
    ...(referrer ? { referrer } : {}),
    ...(language ? { language } : {}),
  };
}
