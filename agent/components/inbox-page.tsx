import type { Inbox } from '../state';
import { text } from '../text';
import { ConversationList } from './conversation-list';
import { NoticeLine } from './notice-line';
import { ThreadView } from './thread-view';

export function InboxPage({ inbox }: { inbox: Inbox }) {
  const name = inbox.agentName.value;
  return (
    <div class="inbox">
      <header class="top">
        <h1>{text.title}</h1>
        {name && <span class="who">Signed in as {name}</span>}
        <button type="button" class="quiet" onClick={() => inbox.signOut()}>
          {text.signOut}
        </button>
      </header>
      <NoticeLine inbox={inbox} />
      <div class="panes">
        <ConversationList inbox={inbox} />
        <main class="pane thread-pane">
          {inbox.openId.value ? <ThreadView inbox={inbox} /> : <p class="hint center">{text.pickOne}</p>}
        </main>
      </div>
      <p class="visually-hidden" aria-live="polite">
        {inbox.announcement.value}
      </p>
    </div>
  );
}
