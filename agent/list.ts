// The waiting list: conversations in handoff, oldest waiting first, and for each the first
// thing the visitor asked (the list endpoint gives only the last message).
import { batch, signal } from '@preact/signals';
import type { AgentApi, ConversationDetail, ConversationSummary } from './api';
import { excerpt } from './format';
import type { Session } from './session';

// Conversations whose first user message is fetched per poll: bounds the work when many
// wait at once; the rest follow on the next ticks.
const EXCERPTS_PER_TICK = 5;

function waitingOrder(a: ConversationSummary, b: ConversationSummary): number {
  const at = Date.parse(a.waiting_since ?? a.updated_at) || 0;
  const bt = Date.parse(b.waiting_since ?? b.updated_at) || 0;
  return at - bt;
}

export function createList(session: Session) {
  const conversations = signal<ConversationSummary[]>([]);
  const listLoaded = signal(false);
  /** First user message per conversation id, for the list's button names. */
  const excerpts = signal<Record<string, string>>({});
  let listInFlight = false;
  let excerptsInFlight = false;

  async function refreshList() {
    const client = session.client();
    if (!client || listInFlight) return;
    listInFlight = true;
    const result = await client.listConversations('handoff');
    if (client !== session.client()) return;
    listInFlight = false;
    if (!result.ok) return session.report(result.error, 'offline', 'server');
    session.clearNotice('offline', 'server');
    batch(() => {
      // The server sends oldest waiting first; sorting again keeps that promise whatever it sends.
      conversations.value = [...result.data.conversations].sort(waitingOrder);
      listLoaded.value = true;
    });
    void fillExcerpts(client);
  }

  function rememberExcerpt(detail: ConversationDetail) {
    const id = detail.conversation.conversation_id;
    const first = detail.messages.find((m) => m.role === 'user');
    const value = first ? excerpt(first.content) : '';
    if (excerpts.value[id] !== value) excerpts.value = { ...excerpts.value, [id]: value };
  }

  // The first user message never changes, so each conversation is read once.
  async function fillExcerpts(client: AgentApi) {
    if (excerptsInFlight) return;
    excerptsInFlight = true;
    const missing = conversations.value.filter((c) => !(c.conversation_id in excerpts.value)).slice(0, EXCERPTS_PER_TICK);
    for (const c of missing) {
      const result = await client.getConversation(c.conversation_id);
      if (client !== session.client()) return;
      if (!result.ok) break;
      rememberExcerpt(result.data);
    }
    excerptsInFlight = false;
  }

  /**
   * A live event's conversation as it is now: in `handoff` it joins (or updates) the list, in
   * any other state (or deleted: null) it leaves. No read of the whole list per event.
   */
  function apply(id: string, c: ConversationSummary | null) {
    if (!listLoaded.value) return;
    const rest = conversations.value.filter((x) => x.conversation_id !== id);
    conversations.value = c && c.status === 'handoff' ? [...rest, c].sort(waitingOrder) : rest;
    const client = session.client();
    if (client && c?.status === 'handoff' && !(id in excerpts.value)) void fillExcerpts(client);
  }

  /** Takes a closed conversation off the list at once (the next poll agrees). */
  function drop(id: string) {
    conversations.value = conversations.value.filter((c) => c.conversation_id !== id);
  }

  function forget() {
    listInFlight = excerptsInFlight = false;
    conversations.value = [];
    listLoaded.value = false;
    excerpts.value = {};
  }

  return { conversations, listLoaded, excerpts, refreshList, rememberExcerpt, apply, drop, forget };
}

export type List = ReturnType<typeof createList>;
