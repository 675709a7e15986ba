// Unread marks (issue 22): a conversation whose last message is the visitor's and newer than
// what this agent last saw of it. What was seen is kept per browser (localStorage), a few
// hundred conversations at most; without storage the marks last as long as the page.
import { signal } from '@preact/signals';
import type { ConversationSummary } from './api';

const KEY = 'chat-agent-seen';
const KEEP = 500;

export function createUnread(storage: Storage | null) {
  /** Conversation id → the id of the last message seen. */
  const seenIds = signal<Record<string, string>>(read());

  function read(): Record<string, string> {
    try {
      const v = JSON.parse(storage?.getItem(KEY) ?? '{}') as unknown;
      return v && typeof v === 'object' ? (v as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  function seen(c: ConversationSummary) {
    const last = c.last_message?.id;
    if (!last || seenIds.value[c.conversation_id] === last) return;
    const entries = Object.entries({ ...seenIds.value, [c.conversation_id]: last });
    seenIds.value = Object.fromEntries(entries.slice(-KEEP));
    try {
      storage?.setItem(KEY, JSON.stringify(seenIds.value));
    } catch {
      // Full or refused: the marks still work for this page.
    }
  }

  /** The visitor wrote last, and this agent has not seen that message (only for conversations with a person). */
  const isUnread = (c: ConversationSummary) =>
    c.status === 'handoff' && c.last_message?.role === 'user' && seenIds.value[c.conversation_id] !== c.last_message.id;

  return { seen, isUnread };
}
