import type { Inbox } from '../state';
import { formatTime } from '../format';
import { text } from '../text';

/** The to-do list of the knowledge: questions the bot could not answer, grouped, newest first. */
export function UnansweredView({ inbox }: { inbox: Inbox }) {
  const u = inbox.insights.unanswered;
  const groups = u.data.value;
  const bots = new Map((inbox.me.value?.bots ?? []).map((b) => [b.id, b.name]));
  return (
    <main class="pane wide" aria-labelledby="unanswered-heading">
      <h2 id="unanswered-heading">{text.views.unanswered}</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={inbox.insights.showHandled.value}
          onChange={(e) => {
            inbox.insights.showHandled.value = e.currentTarget.checked;
            void u.load();
          }}
        />{' '}
        {text.showHandled}
      </label>
      {u.error.value && <p class="error" role="alert">{u.error.value}</p>}
      {!groups ? (
        <p class="hint">{text.loading}</p>
      ) : groups.length === 0 ? (
        <p class="hint">{text.noUnanswered}</p>
      ) : (
        <ul class="groups">
          {groups.map((g) => (
            <li key={g.id} class="group">
              <h3>{g.question}</h3>
              <p class="meta">
                Asked {g.count} {g.count === 1 ? 'time' : 'times'}
                {g.no_answer ? ` · ${g.no_answer} without an answer` : ''}
                {g.negative_feedback ? ` · ${g.negative_feedback} thumbs down` : ''} · last <time dateTime={g.last_asked_at}>{formatTime(g.last_asked_at)}</time> ·{' '}
                {bots.get(g.bot_id) ?? g.bot_id}
              </p>
              {g.examples.length > 0 && <p class="hint">Also asked as: {g.examples.map((e) => `“${e}”`).join(', ')}</p>}
              <div class="actions">
                {g.conversation_ids.map((id, i) => (
                  <button
                    type="button"
                    class="quiet"
                    key={id}
                    onClick={() => {
                      inbox.go('conversations', { status: 'all' });
                      void inbox.openConversation(id);
                    }}
                  >
                    Open conversation {i + 1}
                  </button>
                ))}
                {!inbox.insights.showHandled.value && (
                  <button type="button" onClick={() => void inbox.insights.markHandled(g)}>
                    {text.markHandled}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
