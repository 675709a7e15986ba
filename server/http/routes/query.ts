/**
 * Query-string values of the console's lists, read strictly: a bad one is a 400 naming the
 * parameter, never silently ignored (a typo in a filter must not show everything). The
 * conversation list's query has a schema of its own (protocol/console.ts ConversationListQuery,
 * read with validate.ts `parseQuery`); the smaller lists use these.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../protocol/limits.ts';
import { badRequest } from '../../errors.ts';

export function oneOf<const T extends readonly string[]>(name: string, value: string | undefined, allowed: T): T[number] | undefined {
  if (value === undefined || value === '') return undefined;
  if (!allowed.includes(value)) throw badRequest(`${name}: must be one of ${allowed.map((v) => `"${v}"`).join(', ')}`);
  return value;
}

/** A UTC calendar day, YYYY-MM-DD, that exists. */
export function day(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const t = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; reading the day back catches it.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value) {
    throw badRequest(`${name}: must be a date like "2026-11-24"`);
  }
  return value;
}

export function limitOf(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) throw badRequest(`limit: must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  return n;
}

/** Cursors are opaque to clients: base64url JSON of the last row's sort key. */
export const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

export function readCursor<K, T>(value: string | undefined, valid: (v: unknown) => v is K, to: (k: K) => T): T | null {
  if (value === undefined || value === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!valid(parsed)) throw badRequest('cursor: must be a next_cursor this list returned');
  return to(parsed);
}

export const addDays = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
