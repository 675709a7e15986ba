import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { HTTP_ERROR_CODES, type HttpErrorCode } from '../protocol/codes.ts';
import { ERRORS, apiError } from './errors.ts';

test("docs/api.md's error list is the error table: every code under its status, and no other", () => {
  const doc = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Errors'), doc.indexOf('\n## ', doc.indexOf('## Errors') + 1));
  const documented: Record<string, number> = {};
  for (const [, status, cells] of section.matchAll(/^\| (\d{3}) \| (.*) \|$/gm)) {
    for (const [, code] of cells.matchAll(/`(\w+)`/g)) {
      if ((HTTP_ERROR_CODES as readonly string[]).includes(code)) documented[code] = Number(status);
    }
  }
  expect(documented).toEqual(Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.status])));
});

test('an error built from its code has the status and message of the table, or the message given', () => {
  for (const code of HTTP_ERROR_CODES) {
    const e = apiError(code);
    expect([e.status, e.message]).toEqual([ERRORS[code].status, ERRORS[code].message]);
  }
  const e = apiError('rate_limited', 'Too many messages.', { retryAfter: 42 });
  expect(e.toJSON()).toEqual({ error: 'rate_limited', message: 'Too many messages.', retry_after: 42 });
  expect(e.headers).toEqual({ 'retry-after': '42' });
  expect(apiError('unauthorized').headers).toEqual({ 'www-authenticate': 'Bearer' });
  expect(apiError('service_unavailable').headers).toEqual({ 'retry-after': '5' });
  expect(apiError('service_unavailable').toJSON()).not.toHaveProperty('retry_after');
  expect(apiError('invalid_fields', 'Check a.', { details: { fields: ['a'] } }).toJSON()).toEqual({ error: 'invalid_fields', message: 'Check a.', fields: ['a'] });
  const code: HttpErrorCode = 'invalid_request';
  expect(apiError(code, undefined, { status: 405 }).status).toBe(405);
});
