/**
 * The webhook queue (issue 14): durable, and also the delivery log. A due delivery is leased
 * (`locked_until`) by the instance sending it, so several instances send each once.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { WebhookEventType } from '../../protocol/codes.ts';
import type { WebhookDelivery } from '../../protocol/console.ts';
import type { QueuedDelivery } from './records.ts';
import { n, nowIso, type Tables } from './tables.ts';

export type { QueuedDelivery, WebhookEventType };
export type NewDelivery = Pick<QueuedDelivery, 'id' | 'workspace_id' | 'event' | 'url' | 'format' | 'body'>;
export type DeliveryOutcome = { delivered: true; status: number } | { delivered: false; status: number | null; error: string; retryAt: string | null };

export interface WebhookStore {
  enqueueDeliveries(d: NewDelivery[]): Promise<void>;
  /** Leases up to `limit` due deliveries for `leaseMs` and counts the attempt; one statement, so each goes to one sender. */
  claimDueDeliveries(limit: number, leaseMs: number, now?: Date): Promise<QueuedDelivery[]>;
  finishAttempt(id: string, outcome: DeliveryOutcome): Promise<void>;
  /** Newest first. */
  deliveries(limit: number): Promise<WebhookDelivery[]>;
}

const DELIVERY = ['id', 'workspace_id', 'event', 'url', 'status', 'attempts', 'last_status', 'last_error', 'created_at', 'next_attempt_at', 'delivered_at'] as const;

export function sqlWebhookStore(db: Kysely<Tables>): WebhookStore {
  return {
    async enqueueDeliveries(d: NewDelivery[]) {
      if (!d.length) return;
      const at = nowIso();
      await db.insertInto('webhook_deliveries').values(d.map((x) => ({
        ...x, status: 'pending' as const, attempts: 0, last_status: null, last_error: null, created_at: at, next_attempt_at: at, delivered_at: null, locked_until: null,
      }))).execute();
    },

    async claimDueDeliveries(limit: number, leaseMs: number, now = new Date()): Promise<QueuedDelivery[]> {
      const at = now.toISOString();
      // The WHERE is checked again on each row as it is updated (PostgreSQL re-reads a row another
      // transaction just leased), so two instances never both take one delivery.
      const free = (eb: ExpressionBuilder<Tables, 'webhook_deliveries'>) =>
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)])]);
      const due = db.selectFrom('webhook_deliveries').select('id').where(free).orderBy('next_attempt_at').limit(limit);
      const rows = await db.updateTable('webhook_deliveries')
        .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), attempts: sql`attempts + 1` })
        .where('id', 'in', due).where(free)
        .returning([...DELIVERY, 'format', 'body']).execute();
      return rows.map((r) => ({ ...r, attempts: n(r.attempts), last_status: r.last_status === null ? null : n(r.last_status) }));
    },

    async finishAttempt(id: string, o: DeliveryOutcome) {
      const at = nowIso();
      const set = o.delivered
        ? { status: 'delivered' as const, last_status: o.status, last_error: null, delivered_at: at, next_attempt_at: null, locked_until: null }
        : { status: o.retryAt ? ('pending' as const) : ('failed' as const), last_status: o.status, last_error: o.error.slice(0, 500), next_attempt_at: o.retryAt, locked_until: null };
      await db.updateTable('webhook_deliveries').set(set).where('id', '=', id).execute();
    },

    async deliveries(limit: number): Promise<WebhookDelivery[]> {
      const rows = await db.selectFrom('webhook_deliveries').select(DELIVERY).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, attempts: n(r.attempts), last_status: r.last_status === null ? null : n(r.last_status) }));
    },
  };
}
