// The open conversation: its messages (refreshed with the poll), the agent's draft per
// conversation, replies on their way, and closing.
import { batch, computed, signal } from '@preact/signals';
import type { AgentApi, ConversationDetail, Result } from './api';
import type { List } from './list';
import type { Session } from './session';
import { text } from './text';

/** The agent's typing is told at most this often. */
const TYPING_EVERY_MS = 3000;

/** A reply on its way: shown at once in the thread, dropped when the server answers. */
export interface PendingReply {
  key: number;
  conversationId: string;
  content: string;
}

// Polls return the whole thread every 3 s; most of the time nothing changed, and keeping the
// old object spares a re-render of every message.
function sameDetail(a: ConversationDetail | null, b: ConversationDetail): boolean {
  if (!a) return false;
  const lastA = a.messages.at(-1);
  const lastB = b.messages.at(-1);
  return (
    a.conversation.conversation_id === b.conversation.conversation_id &&
    a.conversation.status === b.conversation.status &&
    a.conversation.assignee === b.conversation.assignee &&
    a.conversation.tags.join() === b.conversation.tags.join() &&
    (a.events?.length ?? 0) === (b.events?.length ?? 0) &&
    a.messages.length === b.messages.length &&
    lastA?.id === lastB?.id &&
    lastA?.content === lastB?.content &&
    (a.contact_submissions?.length ?? 0) === (b.contact_submissions?.length ?? 0)
  );
}

export function createThread(session: Session, list: List) {
  const openId = signal<string | null>(null);
  const thread = signal<ConversationDetail | null>(null);
  const drafts = signal<Record<string, string>>({});
  const pending = signal<PendingReply[]>([]);
  const closing = signal(false);
  /** Polite announcements for screen readers ("Conversation closed."). */
  const announcement = signal('');
  /**
   * What became of the conversation that was open, said once where it was shown (issue 22):
   * "Conversation deleted: 4 messages." after this agent's deletion, "Zoe deleted this
   * conversation." when another console did. Cleared when another conversation opens.
   */
  const outcome = signal<string | null>(null);
  /** Conversations this console is deleting: their live event is this console's own news. */
  const deleting = new Set<string>();
  const draft = computed(() => (openId.value ? (drafts.value[openId.value] ?? '') : ''));
  const openPending = computed(() => pending.value.filter((p) => p.conversationId === openId.value));
  let threadInFlight = false;
  let pendingSeq = 0;

  async function loadThread(client: AgentApi, id: string): Promise<boolean> {
    const result = await client.getConversation(id);
    if (client !== session.client() || openId.value !== id) return false;
    if (!result.ok) {
      if (result.error.code === 'not_found') {
        batch(() => {
          openId.value = null;
          thread.value = null;
          session.notice.value = 'gone';
        });
      } else {
        session.report(result.error, 'offline', 'server');
      }
      return false;
    }
    if (!sameDetail(thread.value, result.data)) thread.value = result.data;
    return true;
  }

  async function refreshThread() {
    const client = session.client();
    const id = openId.value;
    if (!client || !id || threadInFlight) return;
    threadInFlight = true;
    await loadThread(client, id);
    if (client === session.client()) threadInFlight = false;
  }

  /** Opens a conversation: shows it at once as loading, then the whole thread. */
  async function openConversation(id: string) {
    const client = session.client();
    if (!client || openId.value === id) return;
    batch(() => {
      openId.value = id;
      thread.value = null;
      announcement.value = '';
      outcome.value = null;
      if (session.notice.value === 'gone') session.notice.value = null;
    });
    await loadThread(client, id);
  }

  let typedAt = 0;
  function setDraft(value: string) {
    const id = openId.value;
    if (id) drafts.value = { ...drafts.value, [id]: value };
    // Issue 21: the visitor sees "typing…"; told at most every TYPING_EVERY_MS, only while a person has the conversation.
    const now = Date.now();
    if (id && value.trim() && thread.value?.conversation.status === 'handoff' && now - typedAt > TYPING_EVERY_MS) {
      typedAt = now;
      void session.client()?.typing(id, true);
    }
  }

  /** Sends the open conversation's draft. The text shows in the thread at once; on failure it goes back into the box. */
  async function sendReply() {
    const client = session.client();
    const id = openId.value;
    const content = draft.value.trim();
    if (!client || !id || !content) return;
    const key = ++pendingSeq;
    batch(() => {
      pending.value = [...pending.value, { key, conversationId: id, content }];
      drafts.value = { ...drafts.value, [id]: '' };
    });
    const result = await client.reply(id, content);
    if (client !== session.client()) return;
    batch(() => {
      pending.value = pending.value.filter((p) => p.key !== key);
      if (!result.ok) {
        // Whatever was typed while the reply was on its way stays after the restored text.
        const typedSince = drafts.value[id] ?? '';
        drafts.value = { ...drafts.value, [id]: typedSince ? `${content}\n${typedSince}` : content };
        session.report(result.error, 'send_offline', 'send_failed');
        return;
      }
      session.clearNotice('send_offline', 'send_failed');
      const current = thread.value;
      // A poll may have fetched the stored reply before this answer arrived.
      if (current && current.conversation.conversation_id === id && !current.messages.some((m) => m.id === result.data.id)) {
        thread.value = { ...current, messages: [...current.messages, result.data] };
      }
    });
  }

  /** What the last action on the conversation answered, when it was refused ("Bo has this conversation."). */
  const actionError = signal<string | null>(null);

  /** One action on the open conversation, then the thread read again; refusals are said in words. */
  async function act(run: (client: AgentApi, id: string) => Promise<Result<unknown>>, done: string): Promise<boolean> {
    const client = session.client();
    const id = openId.value;
    if (!client || !id) return false;
    const result = await run(client, id);
    if (client !== session.client()) return false;
    if (!result.ok) {
      actionError.value = result.error.code === 'conflict' || result.error.code === 'forbidden'
        ? (result.error.message ?? text.refused)
        : result.error.code === 'network' ? text.actionOffline : text.actionFailed;
      return false;
    }
    actionError.value = null;
    announcement.value = done;
    await loadThread(client, id);
    return true;
  }

  const claim = () => act((c, id) => c.claim(id), text.claimedByYou);
  const release = () => act((c, id) => c.release(id), text.released);
  async function handBack() {
    const id = openId.value;
    if (id && (await act((c, cid) => c.handBack(cid), text.handedBack))) list.drop(id);
  }

  /** Deletes the open conversation (admin), or everything of its session; the view is left with the result said. */
  async function remove(scope: 'conversation' | 'session') {
    const id = openId.value;
    const sessionId = thread.value?.conversation.session_id;
    const client = session.client();
    if (!client || !id) return false;
    // The session's other conversations are deleted too: their events are this console's own as well.
    for (const c of [id, ...(scope === 'session' ? (thread.value?.earlier ?? []).map((e) => e.conversation_id) : [])]) deleting.add(c);
    const result = scope === 'conversation' ? await client.deleteConversation(id) : await client.deleteSession(sessionId ?? '');
    if (client !== session.client()) return false;
    if (!result.ok) {
      deleting.delete(id);
      actionError.value = result.error.message ?? text.actionFailed;
      return false;
    }
    list.drop(id);
    leaveSaying(text.deletedCounts(scope, result.data));
    return true;
  }

  /** The open conversation is gone: the pane says what became of it, and so does the live region. */
  function leaveSaying(said: string) {
    batch(() => {
      openId.value = null;
      thread.value = null;
      actionError.value = null;
      outcome.value = said;
      announcement.value = said;
    });
  }

  /**
   * A live `conversation.deleted`: the conversation is gone, so it is not read again (that
   * would be a 404). When it is open here and another console deleted it, the thread says so once.
   */
  function deletedElsewhere(id: string, by: string | null) {
    if (deleting.has(id) || openId.value !== id) return;
    leaveSaying(text.deletedBy(by));
  }

  const assign = (agent: string) => act((c, id) => c.assign(id, agent), text.assignedTo(agent));
  const addTag = (tag: string) => act((c, id) => c.addTag(id, tag), text.tagAdded(tag));
  const removeTag = (tag: string) => act((c, id) => c.removeTag(id, tag), text.tagRemoved(tag));

  /** Closes the open conversation (with an optional note for colleagues) and takes it off the waiting list. */
  async function closeConversation(note?: string) {
    const client = session.client();
    const id = openId.value;
    if (!client || !id || closing.value) return;
    closing.value = true;
    const result = await client.close(id, note?.trim() || undefined);
    if (client !== session.client()) return;
    batch(() => {
      closing.value = false;
      if (!result.ok) {
        if (result.error.code === 'conflict') actionError.value = result.error.message ?? text.refused;
        return session.report(result.error, 'close_failed', 'close_failed');
      }
      session.clearNotice('close_failed');
      list.drop(id);
      const { [id]: _dropped, ...rest } = drafts.value;
      drafts.value = rest;
      if (openId.value === id) {
        openId.value = null;
        thread.value = null;
      }
      announcement.value = text.closed;
    });
  }

  function forget() {
    threadInFlight = false;
    openId.value = null;
    thread.value = null;
    drafts.value = {};
    pending.value = [];
    closing.value = false;
    announcement.value = '';
    actionError.value = null;
    outcome.value = null;
  }

  return {
    openId, thread, draft, openPending, closing, announcement, actionError, refreshThread, openConversation, setDraft, sendReply,
    closeConversation, claim, release, handBack, remove, forget, outcome, deletedElsewhere, assign, addTag, removeTag,
  };
}
