// The waiting list: conversations in handoff, oldest waiting first. Each is titled by the
// visitor's first message, which the list endpoint sends with it (issue 22), so the list is
// one request however many wait.
import { batch, signal } from '@preact/signals';
import type { ConversationSummary } from './api';
import type { Session } from './session';

function waitingOrder(a: ConversationSummary, b: ConversationSummary): number {
  const at = Date.parse(a.waiting_since ?? a.updated_at) || 0;
  const bt = Date.parse(b.waiting_since ?? b.updated_at) || 0;
  return at - bt;
}

export function createList(session: Session) {
  const conversations = signal<ConversationSummary[]>([]);
  const listLoaded = signal(false);
  let listInFlight = false;

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
  }

  /**
   * A live event's conversation as it is now: in `handoff` it joins (or updates) the list, in
   * any other state (or deleted: null) it leaves. No read of the whole list per event.
   */
  function apply(id: string, c: ConversationSummary | null) {
    if (!listLoaded.value) return;
    const rest = conversations.value.filter((x) => x.conversation_id !== id);
    conversations.value = c && c.status === 'handoff' ? [...rest, c].sort(waitingOrder) : rest;
  }

  /** Takes a closed conversation off the list at once (the next poll agrees). */
  function drop(id: string) {
    conversations.value = conversations.value.filter((c) => c.conversation_id !== id);
  }

  function forget() {
    listInFlight = false;
    conversations.value = [];
    listLoaded.value = false;
  }

  return { conversations, listLoaded, refreshList, apply, drop, forget };
}

export type List = ReturnType<typeof createList>;
