/**
 * The networked store: PostgreSQL through a pg pool, behind the same SQL store as SQLite.
 * A pool never crashes the process: an idle connection that breaks (the database restarted,
 * the network dropped) is logged and replaced by the next query, which is how the server
 * recovers without a restart.
 */
import pg from 'pg';
import { PostgresDialect } from 'kysely';
import { openSqlStore, type SqlStore } from './sql-store.ts';

export interface PostgresOptions {
  /** How long a query waits for a connection before failing (then the request gets a 503). */
  connectTimeoutMs?: number;
  max?: number;
  /** Where a lost idle connection is reported (the server's JSON log); default: the console. */
  warn?: (message: string) => void;
}

export async function openPostgresStore(url: string, o: PostgresOptions = {}): Promise<SqlStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.max ?? 10,
    connectionTimeoutMillis: o.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (e) => (o.warn ?? ((m: string) => console.warn(`[postgres] ${m}`)))(`idle connection lost: ${e.message}`));
  return openSqlStore(new PostgresDialect({ pool }), 'postgres');
}
