/**
 * The one Store over SQL, written once with Kysely and run on either dialect: SQLite
 * (better-sqlite3, the embedded default) or PostgreSQL (pg, for several instances). It is the
 * sum of the domains' SQL implementations (conversations.ts, usage.ts, …), all on one Kysely
 * instance. Counters are single conditional statements (an upsert whose update has a WHERE),
 * which both engines run atomically whatever connection or process runs them (store.test.ts
 * races several processes on each backend).
 */
import { Kysely, Migrator, sql, type Dialect } from 'kysely';
import { sqlConsoleStore } from './console.ts';
import { sqlConversationStore } from './conversations.ts';
import { sqlDeletionStore } from './deletion.ts';
import { sqlIdentityStore } from './identity.ts';
import { migrations, type DialectName } from './migrations.ts';
import type { Store } from './store.ts';
import type { Tables } from './tables.ts';
import { sqlUsageStore } from './usage.ts';
import { sqlWebhookStore } from './webhooks.ts';

/** The whole Store, and the Kysely instance under it (for tests and benches that write rows in bulk). */
export interface SqlStore extends Store {
  readonly db: Kysely<Tables>;
}

/** Opens the store and applies the migrations it has not run yet. */
export async function openSqlStore(dialect: Dialect, name: DialectName): Promise<SqlStore> {
  const db = new Kysely<Tables>({ dialect });
  try {
    const { error } = await new Migrator({ db, provider: migrations(name) }).migrateToLatest();
    if (error) throw error;
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return {
    db,
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
    ...sqlConversationStore(db, name),
    ...sqlUsageStore(db),
    ...sqlIdentityStore(db),
    ...sqlConsoleStore(db, name),
    ...sqlDeletionStore(db),
    ...sqlWebhookStore(db),
  };
}
