/**
 * The embedded store: one SQLite file (better-sqlite3, WAL) behind the SQL store. Several
 * processes may share the file: a writer waits for the lock instead of failing.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteDialect } from 'kysely';
import { openSqlStore, type SqlStore } from './sql-store.ts';

export async function openSqliteStore(dataDir: string): Promise<SqlStore> {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'chat.sqlite3'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Other connections (a second process on the same file) wait for a write lock instead of failing.
  db.pragma('busy_timeout = 5000');
  // Prepared statements are kept by their SQL: preparing costs more than running, and every
  // chat turn runs the same few (bench/server-load.mjs profiles the hot path).
  const statements = new Map<string, Database.Statement>();
  const database = {
    close: () => db.close(),
    prepare(text: string) {
      if (!db.open) throw new TypeError('The database connection is not open');
      let s = statements.get(text);
      if (!s) statements.set(text, (s = db.prepare(text)));
      return s;
    },
  };
  return openSqlStore(new SqliteDialect({ database }), 'sqlite');
}
