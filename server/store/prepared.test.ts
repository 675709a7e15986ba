// Queries built once (prepared.ts): each call runs with its own values, constants of the query
// stay, and an argument Kysely writes into the SQL text instead of a parameter is refused when
// the query is built.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { prepared } from './prepared.ts';
import { openSqliteStore } from './sqlite.ts';
import type { SqlStore } from './sql-store.ts';

let store: SqlStore;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'prepared-'));
  store = await openSqliteStore(dir);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('one build, many calls: each gets its own values; the query\'s own constants stay', async () => {
  let builds = 0;
  const byId = prepared((id: string, at: string) => {
    builds++;
    return store.db.selectFrom('conversations').select(['id', 'status']).where('id', '=', id).where('created_at', '<=', at).where('status', '=', 'open').compile();
  });
  for (const id of ['c1', 'c2']) await store.db.insertInto('conversations').values({ id, bot_id: 'b', session_id: 's', status: 'open', created_at: '2030-01-01', updated_at: '2030-01-01', waiting_since: null, assignee: null }).execute();
  expect((await byId(store.db, 'c1', '2031-01-01')).rows).toEqual([{ id: 'c1', status: 'open' }]);
  expect((await byId(store.db, 'c2', '2031-01-01')).rows).toEqual([{ id: 'c2', status: 'open' }]);
  expect((await byId(store.db, 'c2', '2029-01-01')).rows).toEqual([]);
  expect(builds).toBe(1);
});

test('an argument written into the SQL rather than passed as a parameter is an error at build time', () => {
  expect(() => prepared((table: string) => sql`SELECT * FROM ${sql.raw(table)}`.compile(store.db))).toThrow(/argument 0 is not a parameter/);
});
