import type { Inbox } from '../state';
import { ConversationList } from './conversation-list';
import { ThreadPane } from './thread-pane';

/** Waiting for a human: the queue on the left, the open conversation on the right. */
export function InboxView({ inbox }: { inbox: Inbox }) {
  return (
    <div class="panes">
      <ConversationList inbox={inbox} />
      <ThreadPane inbox={inbox} />
    </div>
  );
}
