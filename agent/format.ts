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
