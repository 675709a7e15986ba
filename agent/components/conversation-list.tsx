import type { Inbox } from '../state';
import { text } from '../text';
import { ConversationItem } from './conversation-item';

export function ConversationList({ inbox }: { inbox: Inbox }) {
  const items = inbox.conversations.value;
  return (
    <nav class="pane list-pane" aria-labelledby="waiting-heading">
      {/* Focusable from script: focus lands here after a conversation is closed. */}
      <h2 id="waiting-heading" tabIndex={-1}>
        {text.waitingHeading} <span class="count">({items.length})</span>
      </h2>
      {!inbox.listLoaded.value ? (
        <p class="hint">{text.listLoading}</p>
      ) : items.length === 0 ? (
        <p class="hint">{text.listEmpty}</p>
      ) : (
        <ul class="conversations">
          {items.map((c) => (
            <ConversationItem key={c.conversation_id} inbox={inbox} conversation={c} />
          ))}
        </ul>
      )}
    </nav>
  );
}
