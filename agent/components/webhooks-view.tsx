import { formatTime } from '../format';
import type { Inbox } from '../state';
import { text } from '../text';

/** The webhook delivery log (admins): what was sent where, how often it was tried, and how it ended. */
export function WebhooksView({ inbox }: { inbox: Inbox }) {
  const d = inbox.insights.deliveries;
  const rows = d.data.value;
  return (
    <main class="pane wide" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{text.views.webhooks}</h2>
      {d.error.value && <p class="error" role="alert">{d.error.value}</p>}
      {!rows ? (
        d.error.value ? null : <p class="hint">{text.loading}</p>
      ) : rows.length === 0 ? (
        <p class="hint">{text.noDeliveries}</p>
      ) : (
        <table class="data">
          <caption class="visually-hidden">Webhook deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">URL</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Created</th>
              <th scope="col">Next attempt</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.event}</td>
                <td>{r.url}</td>
                <td>{r.status}</td>
                <td>{r.attempts}</td>
                <td>{r.last_status ?? r.last_error ?? '–'}</td>
                <td><time dateTime={r.created_at}>{formatTime(r.created_at)}</time></td>
                <td>{r.next_attempt_at ? formatTime(r.next_attempt_at) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
