/**
 * Usage counters: a workspace's chats per month and credits spent, and per-day counters of a
 * bot (turns, ratings, 429s) for the console's numbers. Each check-and-change is one
 * conditional statement (an upsert whose update has a WHERE), atomic on both engines
 * whatever connection or process runs it.
 */
import { sql, type Kysely } from 'kysely';
import { prepared } from './prepared.ts';
import type { Tables } from './tables.ts';

export interface UsageStore {
  /** Counts one chat for the workspace's month unless that would pass `limit` (null = none); atomic. */
  countMonthlyChat(workspaceId: string, limit: number | null, at?: Date): Promise<boolean>;
  /** Gives back a monthly count taken for a request that was then refused. */
  uncountMonthlyChat(workspaceId: string, at?: Date): Promise<void>;
  monthlyChats(workspaceId: string, at?: Date): Promise<number>;

  creditsSpent(workspaceId: string): Promise<number>;
  /** Takes one credit when the workspace has one left (`credits` null = unlimited); atomic. */
  reserveCredit(workspaceId: string, credits: number | null): Promise<boolean>;
  /** Gives back a reserved credit when the turn stored no answer. */
  refundCredit(workspaceId: string, credits: number | null): Promise<void>;

  /** Adds one to a per-day counter of a bot (e.g. `rate_limited`); atomic. */
  countDaily(botId: string, name: string, at?: Date): Promise<void>;
}

/** The calendar month (UTC) a workspace's monthly chat limit counts in, e.g. "2025-03". */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export function sqlUsageStore(db: Kysely<Tables>): UsageStore {
  // The chat path's statements, built once (prepared.ts).
  const countChat = prepared((workspaceId: string, period: string) => db.insertInto('workspace_usage').values({ workspace_id: workspaceId, period, chats: 1 })
    .onConflict((oc) => oc.columns(['workspace_id', 'period']).doUpdateSet({ chats: sql`workspace_usage.chats + 1` })).compile());
  const countChatUnder = prepared((workspaceId: string, period: string, limit: number) => db.insertInto('workspace_usage').values({ workspace_id: workspaceId, period, chats: 1 })
    .onConflict((oc) => oc.columns(['workspace_id', 'period']).doUpdateSet({ chats: sql`workspace_usage.chats + 1` }).where('workspace_usage.chats', '<', limit)).compile());
  const uncountChat = prepared((workspaceId: string, period: string) => db.updateTable('workspace_usage').set({ chats: sql`CASE WHEN chats > 0 THEN chats - 1 ELSE 0 END` })
    .where('workspace_id', '=', workspaceId).where('period', '=', period).compile());
  const reserve = prepared((workspaceId: string, credits: number) => db.insertInto('workspace_credits').values({ workspace_id: workspaceId, spent: 1 })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ spent: sql`workspace_credits.spent + 1` }).where('workspace_credits.spent', '<', credits)).compile());
  const bump = dailyCounter(db);
  const refund = prepared((workspaceId: string) => db.updateTable('workspace_credits').set({ spent: sql`CASE WHEN spent > 0 THEN spent - 1 ELSE 0 END` })
    .where('workspace_id', '=', workspaceId).compile());

  return {
    async countMonthlyChat(workspaceId: string, limit: number | null, at = new Date()): Promise<boolean> {
      if (limit !== null && limit <= 0) return false;
      // One statement: insert the month's first chat, or add one while under the limit.
      const r = limit === null ? await countChat(db, workspaceId, monthOf(at)) : await countChatUnder(db, workspaceId, monthOf(at), limit);
      return Number(r.numAffectedRows ?? 0) === 1;
    },

    async uncountMonthlyChat(workspaceId: string, at = new Date()) {
      await uncountChat(db, workspaceId, monthOf(at));
    },

    async monthlyChats(workspaceId: string, at = new Date()): Promise<number> {
      const row = await db.selectFrom('workspace_usage').select('chats').where('workspace_id', '=', workspaceId).where('period', '=', monthOf(at)).executeTakeFirst();
      return row?.chats ?? 0;
    },

    async creditsSpent(workspaceId: string): Promise<number> {
      const row = await db.selectFrom('workspace_credits').select('spent').where('workspace_id', '=', workspaceId).executeTakeFirst();
      return row?.spent ?? 0;
    },

    async reserveCredit(workspaceId: string, credits: number | null): Promise<boolean> {
      if (credits === null) return true;
      if (credits <= 0) return false;
      // One statement: spend the first credit, or one more while some are left.
      const r = await reserve(db, workspaceId, credits);
      return Number(r.numAffectedRows ?? 0) === 1;
    },

    async refundCredit(workspaceId: string, credits: number | null) {
      if (credits === null) return;
      await refund(db, workspaceId);
    },

    async countDaily(botId: string, name: string, at = new Date()) {
      await bump(db, botId, at.toISOString(), name, 1);
    },
  };
}

/**
 * Adds `by` to a per-day counter of a bot (the day of `at`); one upsert, built once per store.
 * Also run by messages (turns, ratings) inside their own transaction (conversations.ts): `on`
 * is the store's Kysely instance or a transaction of it.
 */
export function dailyCounter(db: Kysely<Tables>) {
  const upsert = prepared((botId: string, day: string, name: string, by: number) => db.insertInto('daily_counters').values({ bot_id: botId, day, name, n: by })
    .onConflict((oc) => oc.columns(['bot_id', 'day', 'name']).doUpdateSet({ n: sql`daily_counters.n + ${by}` })).compile());
  return async (on: Kysely<Tables>, botId: string, at: string, name: string, by: number) => {
    await upsert(on, botId, at.slice(0, 10), name, by);
  };
}
