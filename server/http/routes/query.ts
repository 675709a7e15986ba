/**
 * What the console's paged lists share besides their query schemas (protocol/console.ts,
 * read strictly with validate.ts `parseQuery`: a bad value is a 400 naming the parameter,
 * never silently ignored, since a typo in a filter must not show everything): the cursor.
 */
import { apiError } from '../../errors.ts';

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
  if (!valid(parsed)) throw apiError('invalid_request', 'cursor: must be a next_cursor this list returned');
  return to(parsed);
}

export const addDays = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
