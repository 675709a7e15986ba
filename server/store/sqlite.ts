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
  // The WAL is copied back into the file every 10,000 pages (40 MB) rather than every 1,000: a
  // checkpoint syncs both files and copies every page written since the last one, and the pages
  // a chat turn writes (the tails of the messages table and its indexes, the day's counters) are
  // mostly the same ones, so fewer checkpoints copy far less (CPU per turn −10–20% under load,
  // bench/RESULTS.md, Issue 23). The file is cut back to 64 MB after a checkpoint.
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('journal_size_limit = 67108864');
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
