import type { ConversationSummary } from '../api';
import { excerpt, formatWaiting, visitorLabel } from '../format';
import type { Inbox } from '../state';
import { text } from '../text';

const lastText = (last: ConversationSummary['last_message']): string => (last ? excerpt(last.content) : '');

/** "with Ana for 5 min", "waiting 2 min", "with the bot": where the conversation stands, for a glance. */
export function standing(c: ConversationSummary, now: number): string {
  if (c.assignee) {
    const since = formatWaiting(c.claimed_at, now);
    return `with ${c.assignee}${since ? (since === 'just now' ? ' since just now' : ` for ${since}`) : ''}`;
  }
  if (c.status === 'handoff') {
    const waiting = formatWaiting(c.waiting_since, now);
    return waiting ? `waiting ${waiting}` : 'waiting';
  }
  return c.status === 'closed' ? 'closed' : 'with the bot';
}

export function ConversationItem({ inbox, conversation }: { inbox: Inbox; conversation: ConversationSummary }) {
  const id = conversation.conversation_id;
  // Titled by what the visitor asked first (issue 22), not by the latest answer.
  const first = conversation.title ? excerpt(conversation.title) : '';
  const last = lastText(conversation.last_message);
  const current = inbox.openId.value === id;
  const unread = !current && inbox.unread(conversation);
  // The button's text is its accessible name: first what the visitor asked, then where it stands.
  return (
    <li>
      <button type="button" class={unread ? 'item unread' : 'item'} aria-current={current ? 'true' : undefined} data-id={id} onClick={() => void inbox.openConversation(id)}>
        <span class="item-title">
          {unread && <span class="dot" role="img" aria-label={text.unread} />}
          {first || last || 'New conversation'}
        </span>{' '}
        {/* The spaces keep the words apart in the accessible name; the grid layout ignores them. */}
        <span class="item-meta">
          {conversation.visitor && `${visitorLabel(conversation.visitor)} · `}
          {conversation.bot_name} · {standing(conversation, inbox.now.value)}
          {conversation.tags.length > 0 && ` · ${conversation.tags.map((t) => `#${t}`).join(' ')}`}
        </span>{' '}
        {first && last && last !== first && <span class="item-last">Latest: {last}</span>}
      </button>
    </li>
  );
}
