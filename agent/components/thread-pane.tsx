import type { Inbox } from '../state';
import { text } from '../text';
import { ThreadView } from './thread-view';

export function ThreadPane({ inbox }: { inbox: Inbox }) {
  const outcome = inbox.outcome.value;
  return (
    <main class="pane thread-pane">
      {inbox.openId.value ? (
        <ThreadView inbox={inbox} />
      ) : (
        <>
          {/* Said aloud by the console's live region (announcement); shown here once, where the thread was. */}
          {outcome && <p class="outcome">{outcome}</p>}
          <p class="hint center">{text.pickOne}</p>
        </>
      )}
    </main>
  );
}
