/** Picks the store: PostgreSQL when a database URL is given, else the embedded SQLite file. The caller gets a Store, not which one. */
import { openPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';

export function openStore(o: { dataDir: string; databaseUrl?: string | null; warn?: (message: string) => void }): Promise<Store> {
  return o.databaseUrl ? openPostgresStore(o.databaseUrl, { warn: o.warn }) : openSqliteStore(o.dataDir);
}
