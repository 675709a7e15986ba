import type { Visitor } from './api';
// Small pure helpers for showing untrusted data. None of them makes HTML: callers put the
// results into text nodes or, for `safeHttpUrl`, an href.

/** One line of at most `max` characters, whitespace collapsed. */
export function excerpt(value: string, max = 80): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The URL, normalized, when it is absolute http(s); otherwise null. Everything else
 * (javascript:, data:, relative paths, garbage) must never become a link.
 */
export function safeHttpUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** "just now", "5 min", "2 h 10 min": how long someone has waited, for a glance. */
export function formatWaiting(sinceIso: string | null, now: number): string {
  const since = sinceIso ? Date.parse(sinceIso) : NaN;
  if (Number.isNaN(since)) return '';
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** A clock time for a message, in the agent's locale; '' for a timestamp that does not parse. */
export function formatTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : new Date(time).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** A contact-form value as one readable string, whatever JSON type it arrived as. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "Alice Martin <alice@example.com>" for a verified user; the user id when that is all there is. */
export function visitorLabel(v: Visitor | null | undefined): string {
  if (!v) return '';
  const name = v.name || (v.email ? '' : v.user_id);
  return v.email ? (name ? `${name} <${v.email}>` : v.email) : name;
}

/**
 * The search words as one pattern for marking matches in a thread (issue 22): each word as the
 * start of a word, its English ending dropped ("refunds" marks "refund", "refunded"), as the
 * database's stemmed search found them. Null when there are no words.
 */
export function matchPattern(query: string | undefined): RegExp | null {
  const words = (query?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return null;
  const stems = words.map((w) => {
    const stem = w.replace(/(ing|ed|es|s)$/u, '');
    return (stem.length >= 3 ? stem : w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${stems.join('|')})[\\p{L}\\p{N}]*`, 'giu');
}

/** Text cut into plain parts and matches of `pattern`, for rendering matches as <mark>. */
export function splitMatches(value: string, pattern: RegExp | null): Array<{ text: string; match: boolean }> {
  if (!pattern) return [{ text: value, match: false }];
  const out: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const m of value.matchAll(pattern)) {
    if (m.index > at) out.push({ text: value.slice(at, m.index), match: false });
    out.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < value.length) out.push({ text: value.slice(at), match: false });
  return out;
}
