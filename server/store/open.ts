/** Picks the store: PostgreSQL when a database URL is given, else the embedded SQLite file. */
import { openPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { SqlStore } from './sql-store.ts';

export function openStore(o: { dataDir: string; databaseUrl?: string | null; warn?: (message: string) => void }): Promise<SqlStore> {
  return o.databaseUrl ? openPostgresStore(o.databaseUrl, { warn: o.warn }) : openSqliteStore(o.dataDir);
}
