import type { ConversationEvent } from '../api';
import { formatTime } from '../format';
import { text } from '../text';

const SAYS: Record<ConversationEvent['type'], (e: ConversationEvent) => string> = {
  handoff_requested: () => 'Handoff requested',
  claimed: (e) => `Claimed by ${e.agent_name ?? 'an agent'}`,
  released: (e) => `Released by ${e.agent_name ?? 'an agent'}`,
  handed_back: (e) => `Handed back to the bot by ${e.agent_name ?? 'an agent'}`,
  closed: (e) => `Closed by ${e.agent_name ?? 'an agent'}${e.note ? `: ${e.note}` : ''}`,
  reopened: () => 'Reopened by a new visitor message',
  unanswered: () => 'The bot could not answer a question',
  assigned: (e) => `Assigned to ${e.note ?? 'an agent'} by ${e.agent_name ?? 'an agent'}`,
  tagged: (e) => `Tagged “${e.note ?? ''}” by ${e.agent_name ?? 'an agent'}`,
  untagged: (e) => `Tag “${e.note ?? ''}” removed by ${e.agent_name ?? 'an agent'}`,
  email_sent: (e) => `E-mailed ${e.note ?? 'the visitor'}`,
  email_failed: (e) => `E-mail failed${e.note ? `: ${e.note}` : ''}`,
};

/** What happened to the conversation besides its messages: handoffs, claims, notes. Text only. */
export function EventTimeline({ events }: { events: ConversationEvent[] }) {
  if (!events.length) return null;
  return (
    <details class="timeline">
      <summary>
        {text.timelineLabel} ({events.length})
      </summary>
      <ol aria-label={text.timelineLabel}>
        {events.map((e, i) => (
          <li key={i}>
            <time dateTime={e.at}>{formatTime(e.at)}</time> {SAYS[e.type](e)}
          </li>
        ))}
      </ol>
    </details>
  );
}
