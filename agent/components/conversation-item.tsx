import type { ConversationSummary } from '../api';
import { excerpt, formatWaiting, visitorLabel } from '../format';
import type { Inbox } from '../state';

const lastText = (last: ConversationSummary['last_message']): string => (last ? excerpt(last.content) : '');

export function ConversationItem({ inbox, conversation }: { inbox: Inbox; conversation: ConversationSummary }) {
  const id = conversation.conversation_id;
  const first = inbox.excerpts.value[id];
  const last = lastText(conversation.last_message);
  const waiting = formatWaiting(conversation.waiting_since, inbox.now.value);
  const current = inbox.openId.value === id;
  // The button's text is its accessible name: first what the visitor asked, then where and how long.
  return (
    <li>
      <button type="button" class="item" aria-current={current ? 'true' : undefined} onClick={() => void inbox.openConversation(id)}>
        <span class="item-title">{first || last || 'New conversation'}</span>{' '}
        {/* The spaces keep the words apart in the accessible name; the grid layout ignores them. */}
        <span class="item-meta">
          {conversation.visitor && `${visitorLabel(conversation.visitor)} · `}
          {conversation.bot_name}
          {conversation.status !== 'handoff' && ` · ${conversation.status === 'closed' ? 'closed' : 'with the bot'}`}
          {waiting && ` · waiting ${waiting}`}
          {conversation.assignee && ` · with ${conversation.assignee}`}
        </span>{' '}
        {first && last && last !== first && <span class="item-last">Latest: {last}</span>}
      </button>
    </li>
  );
}
