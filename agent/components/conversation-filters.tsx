import type { ConversationListStatus, FeedbackRating } from '../../protocol/codes.ts';
import { FILTER_KEYS } from '../browse';
import type { Inbox } from '../state';
import { text } from '../text';

/** A label for every value of protocol's lists (a new status or rating is a compile error here), in the order shown. */
const STATUS_LABELS: Record<ConversationListStatus, string> = { all: 'Any status', open: 'With the bot', handoff: 'With a person', closed: 'Closed' };
const FEEDBACK_LABELS: Record<FeedbackRating, string> = { negative: 'Thumbs down', positive: 'Thumbs up' };

/**
 * The Conversations view's filters: a plain form whose submit writes them into the URL hash
 * (so reload and back keep them); the list reads them from there.
 */
export function ConversationFiltersForm({ inbox }: { inbox: Inbox }) {
  const p = inbox.route.value.params;
  const bots = inbox.me.value?.bots ?? [];

  function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const params: Record<string, string> = {};
    for (const k of FILTER_KEYS) {
      const v = data.get(k);
      if (typeof v === 'string' && v.trim()) params[k] = v.trim();
    }
    inbox.go('conversations', params);
  }

  // Keyed by the hash: the form shows the route's filters again after back/forward.
  return (
    <form class="filters" onSubmit={onSubmit} key={JSON.stringify(p)} role="search" aria-label="Filter conversations">
      <label>
        {text.search} <input type="search" name="q" defaultValue={p.q ?? ''} />
      </label>
      <label>
        Bot{' '}
        <select name="bot_id" defaultValue={p.bot_id ?? ''}>
          <option value="">All bots</option>
          {bots.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status{' '}
        <select name="status" defaultValue={p.status ?? 'all'}>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        From <input type="date" name="from" defaultValue={p.from ?? ''} />
      </label>
      <label>
        To <input type="date" name="to" defaultValue={p.to ?? ''} />
      </label>
      <label>
        Feedback{' '}
        <select name="feedback" defaultValue={p.feedback ?? ''}>
          <option value="">Any feedback</option>
          {Object.entries(FEEDBACK_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tag <input name="tag" defaultValue={p.tag ?? ''} size={10} />
      </label>
      <label class="check">
        <input type="checkbox" name="mine" value="true" defaultChecked={p.mine === 'true'} /> Mine
      </label>
      <label class="check">
        <input type="checkbox" name="unanswered" value="true" defaultChecked={p.unanswered === 'true'} /> Bot could not answer
      </label>
      <label class="check">
        <input type="checkbox" name="handed_off" value="true" defaultChecked={p.handed_off === 'true'} /> Handed off
      </label>
      <label class="check">
        <input type="checkbox" name="contact" value="true" defaultChecked={p.contact === 'true'} /> Contact form sent
      </label>
      <button type="submit">{text.applyFilters}</button>
    </form>
  );
}
