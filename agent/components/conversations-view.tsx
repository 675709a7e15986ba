import { filtersOf } from '../browse';
import type { Inbox } from '../state';
import { text } from '../text';
import { ConversationFiltersForm } from './conversation-filters';
import { ConversationItem } from './conversation-item';
import { ThreadPane } from './thread-pane';

/** Every conversation, filtered and searched, a page at a time; the chosen one opens beside the list. */
export function ConversationsView({ inbox }: { inbox: Inbox }) {
  const b = inbox.browse;
  const filters = filtersOf(inbox.route.value.params);
  return (
    <div class="panes">
      <section class="pane list-pane" aria-labelledby="conversations-heading">
        <h2 id="conversations-heading" tabIndex={-1}>
          {text.views.conversations}
        </h2>
        <ConversationFiltersForm inbox={inbox} />
        {b.error.value && <p class="error" role="alert">{b.error.value}</p>}
        {!b.loaded.value ? (
          <p class="hint">{text.loading}</p>
        ) : b.items.value.length === 0 ? (
          <p class="hint">{text.noConversations}</p>
        ) : (
          <ul class="conversations" aria-label="Matching conversations">
            {b.items.value.map((c) => (
              <ConversationItem key={c.conversation_id} inbox={inbox} conversation={c} />
            ))}
          </ul>
        )}
        {b.next.value && (
          <button type="button" class="quiet" aria-busy={b.loading.value} onClick={() => void b.more(filters)}>
            {text.loadMore}
          </button>
        )}
      </section>
      <ThreadPane inbox={inbox} />
    </div>
  );
}
