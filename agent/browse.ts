// Every conversation (issue 14), filtered and searched, a page at a time: the list of the
// Conversations view. The filters are the route's parameters, so they survive a reload.
import { batch, signal } from '@preact/signals';
import { FEEDBACK_VALUES, type FeedbackRating } from '../protocol/codes.ts';
import type { ConversationFilters as SharedFilters } from '../protocol/console.ts';
import type { ConversationFilters, ConversationSummary } from './api';
import type { Session } from './session';

/** Every filter of the list (protocol's ConversationFilters): a filter added there is a compile error here until listed. */
export const FILTER_KEYS = ['status', 'bot_id', 'from', 'to', 'feedback', 'unanswered', 'handed_off', 'contact', 'mine', 'tag', 'q'] as const satisfies readonly (keyof SharedFilters)[];
true satisfies (keyof SharedFilters extends (typeof FILTER_KEYS)[number] ? true : false);

/** The route's parameters as the list endpoint's filters; status defaults to every status. */
export function filtersOf(params: Record<string, string>): ConversationFilters {
  const f: ConversationFilters = { status: (params.status as ConversationFilters['status']) || 'all' };
  if (params.bot_id) f.bot_id = params.bot_id;
  if (params.from) f.from = params.from;
  if (params.to) f.to = params.to;
  if (FEEDBACK_VALUES.includes(params.feedback as FeedbackRating)) f.feedback = params.feedback as FeedbackRating;
  if (params.unanswered === 'true') f.unanswered = true;
  if (params.handed_off === 'true') f.handed_off = true;
  if (params.contact === 'true') f.contact = true;
  if (params.mine === 'true') f.mine = true;
  if (params.tag) f.tag = params.tag;
  if (params.q) f.q = params.q;
  return f;
}

export function createBrowse(session: Session) {
  const items = signal<ConversationSummary[]>([]);
  const next = signal<string | null>(null);
  const loading = signal(false);
  const loaded = signal(false);
  const error = signal<string | null>(null);
  let current = '';
  let seq = 0;

  async function load(filters: ConversationFilters, more = false) {
    const client = session.client();
    if (!client) return;
    const key = JSON.stringify(filters);
    if (!more) current = key;
    const mine = ++seq;
    loading.value = true;
    const r = await client.listConversations({ ...filters, ...(more && next.value ? { cursor: next.value } : {}) });
    if (mine !== seq || key !== current) return;
    batch(() => {
      loading.value = false;
      loaded.value = true;
      if (!r.ok) {
        error.value = r.error.code === 'bad_request' ? (r.error.message ?? 'A filter is not valid.') : 'The list could not be loaded. Try again.';
        return;
      }
      error.value = null;
      items.value = more ? [...items.value, ...r.data.conversations] : r.data.conversations;
      next.value = r.data.next_cursor;
    });
  }

  return {
    items, next, loading, loaded, error,
    /** Reads the first page for these filters. */
    load: (filters: ConversationFilters) => load(filters),
    /** Appends the next page. */
    more: (filters: ConversationFilters) => load(filters, true),
    forget() {
      seq++;
      items.value = [];
      next.value = null;
      loaded.value = false;
      error.value = null;
    },
  };
}

export type Browse = ReturnType<typeof createBrowse>;
