import { FILTER_KEYS } from '../browse';
import type { Inbox } from '../state';
import { text } from '../text';

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
          <option value="all">Any status</option>
          <option value="open">With the bot</option>
          <option value="handoff">With a person</option>
          <option value="closed">Closed</option>
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
          <option value="negative">Thumbs down</option>
          <option value="positive">Thumbs up</option>
        </select>
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
