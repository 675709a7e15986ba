// The console's read-only views (issue 14): unanswered questions, knowledge health, contact
// submissions, the numbers and the webhook log. Each loads when its view opens and again
// when the live channel says something changed; a failed load keeps what was shown.
import { signal, type Signal } from '@preact/signals';
import type { AgentApi, ContactSubmission, Result, SourceHealth, Stats, UnansweredGroup, WebhookDelivery } from './api';
import type { Session } from './session';

function loader<T>(session: Session, read: (client: AgentApi) => Promise<Result<T>>) {
  const data = signal<T | null>(null) as Signal<T | null>;
  const error = signal<string | null>(null);
  let seq = 0;
  return {
    data,
    error,
    async load() {
      const client = session.client();
      if (!client) return;
      const mine = ++seq;
      const r = await read(client);
      if (mine !== seq || client !== session.client()) return;
      if (r.ok) {
        data.value = r.data;
        error.value = null;
      } else if (r.error.code !== 'unauthorized') {
        error.value = r.error.code === 'forbidden' ? 'Only an admin can see this.' : r.error.message ?? 'This could not be loaded. Try again.';
      }
    },
    forget() {
      seq++;
      data.value = null;
      error.value = null;
    },
  };
}

export interface StatsRange { from: string; to: string; bot_id?: string }

export const today = () => new Date().toISOString().slice(0, 10);
export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export function createInsights(session: Session) {
  const showHandled = signal(false);
  const range = signal<StatsRange>({ from: daysBefore(today(), 6), to: today() });
  const contactItems = signal<ContactSubmission[]>([]);
  const contactNext = signal<string | null>(null);

  const unanswered = loader<UnansweredGroup[]>(session, (c) => c.unanswered({ handled: showHandled.value || undefined }).then((r) => (r.ok ? { ok: true as const, data: r.data.groups } : r)));
  const knowledge = loader<SourceHealth[]>(session, (c) => c.knowledge().then((r) => (r.ok ? { ok: true as const, data: r.data.sources } : r)));
  const stats = loader<Stats>(session, (c) => c.stats(range.value));
  const deliveries = loader<WebhookDelivery[]>(session, (c) => c.deliveries().then((r) => (r.ok ? { ok: true as const, data: r.data.deliveries } : r)));
  const contacts = loader<{ contacts: ContactSubmission[]; next_cursor: string | null }>(session, (c) => c.contacts().then((r) => {
    if (r.ok) {
      contactItems.value = r.data.contacts;
      contactNext.value = r.data.next_cursor;
    }
    return r;
  }));

  async function moreContacts() {
    const client = session.client();
    if (!client || !contactNext.value) return;
    const r = await client.contacts({ cursor: contactNext.value });
    if (r.ok) {
      contactItems.value = [...contactItems.value, ...r.data.contacts];
      contactNext.value = r.data.next_cursor;
    }
  }

  async function markHandled(group: UnansweredGroup) {
    const client = session.client();
    if (!client) return false;
    const r = await client.markHandled(group.question_ids);
    if (r.ok) await unanswered.load();
    return r.ok;
  }

  return {
    showHandled, range, unanswered, knowledge, stats, deliveries, contacts, contactItems, contactNext, moreContacts, markHandled,
    forget() {
      for (const l of [unanswered, knowledge, stats, deliveries, contacts]) l.forget();
      contactItems.value = [];
      contactNext.value = null;
    },
  };
}

export type Insights = ReturnType<typeof createInsights>;
export type { SourceHealth, Stats, UnansweredGroup, WebhookDelivery };
