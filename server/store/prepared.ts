/**
 * Queries built once and run many times with other values. Kysely builds a query as a tree of
 * frozen nodes and compiles it to SQL text on every call; on the chat turn's path that cost more
 * than running the statement on SQLite (bench/server-load's profile: Kysely 16% of a turn's CPU).
 * `prepared(build)` calls `build` once with a marker in place of each argument, finds the
 * markers among the compiled parameters, and from then on only puts each call's values in their
 * places. The SQL text stays the same object, so better-sqlite3's statement cache (sqlite.ts)
 * finds it at once. A marker Kysely did not make a parameter (a value it wrote into the SQL) is
 * an error when the query is built, not a wrong query later.
 */
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';

/** Runs on the store's Kysely instance or on a transaction of it. */
type Executor = Pick<Kysely<never>, 'executeQuery'>;

export type Prepared<A extends unknown[], R> = (on: Executor, ...args: A) => Promise<QueryResult<R>>;

const marker = (i: number) => `\u0000prepared-argument-${i}\u0000`;

export function prepared<A extends unknown[], R>(build: (...args: A) => CompiledQuery<R>): Prepared<A, R> {
  const markers = Array.from({ length: build.length }, (_, i) => marker(i));
  const query = build(...(markers as A));
  // Where each parameter comes from: an argument (its index) or a constant of the query (-1).
  const from = query.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
  const missing = markers.findIndex((_, i) => !from.includes(i));
  if (missing >= 0) throw new Error(`prepared query: argument ${missing} is not a parameter of ${query.sql}`);
  return (on, ...args) => on.executeQuery({ ...query, parameters: from.map((at, i) => (at >= 0 ? args[at] : query.parameters[i])) });
}
