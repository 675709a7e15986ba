import type { ConversationDetail } from '../api';
import { excerpt, formatTime, safeHttpUrl, visitorLabel } from '../format';
import type { Inbox } from '../state';
import { text } from '../text';

/**
 * Who the visitor is, beside the conversation (issue 22): the page the chat started on (sent
 * by the widget with the first turn), where they came from, language, browser and OS, the
 * verified user when the site identified them, and their other conversations. Text and
 * http(s) links only: everything here came from the visitor's browser.
 */
export function VisitorPanel({ inbox, detail }: { inbox: Inbox; detail: ConversationDetail }) {
  const ctx = detail.context;
  const visitor = detail.conversation.visitor;
  const page = ctx?.page_url ? safeHttpUrl(ctx.page_url) : null;
  const referrer = ctx?.referrer ? safeHttpUrl(ctx.referrer) : null;
  const rows: Array<[string, preact.ComponentChildren]> = [];
  if (visitor) rows.push(['Identified as', visitorLabel(visitor)]);
  if (visitor?.user_id) rows.push(['User id', visitor.user_id]);
  if (page) rows.push(['Started on', <a href={page} target="_blank" rel="noopener noreferrer">{ctx?.page_title || page}</a>]);
  if (page && ctx?.page_title) rows.push(['Page address', <span class="url">{page}</span>]);
  if (referrer) rows.push(['Came from', <span class="url">{referrer}</span>]);
  if (ctx?.language) rows.push(['Language', ctx.language]);
  if (ctx?.browser || ctx?.os) rows.push(['Browser', [ctx?.browser, ctx?.os].filter(Boolean).join(' on ')]);
  return (
    <aside class="visitor-panel" aria-labelledby="visitor-heading">
      <h3 id="visitor-heading">{text.visitorPanel}</h3>
      {rows.length === 0 ? (
        <p class="hint">Nothing known: the widget did not say where the chat started.</p>
      ) : (
        <dl>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {detail.earlier.length > 0 && (
        <>
          <h4>{text.earlier}</h4>
          <ul class="earlier">
            {detail.earlier.map((e) => (
              <li key={e.conversation_id}>
                <button type="button" class="link" onClick={() => void inbox.openConversation(e.conversation_id)}>
                  {excerpt(e.title ?? 'No message', 50)}
                </button>{' '}
                <span class="hint">
                  <time dateTime={e.created_at}>{formatTime(e.created_at)}</time> · {e.status}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
