import { useState } from 'preact/hooks';
import type { SourceHealth } from '../api';
import { safeHttpUrl } from '../format';
import type { Inbox } from '../state';
import { text } from '../text';

type SortKey = 'citations' | 'negative' | 'title';
const ratio = (s: SourceHealth) => (s.positive + s.negative ? Math.round((100 * s.positive) / (s.positive + s.negative)) : null);

/** Knowledge health: how often each source was cited and how the answers that cited it were rated. */
export function KnowledgeView({ inbox }: { inbox: Inbox }) {
  const k = inbox.insights.knowledge;
  const [sort, setSort] = useState<SortKey>('citations');
  const bots = new Map((inbox.me.value?.bots ?? []).map((b) => [b.id, b.name]));
  const rows = [...(k.data.value ?? [])].sort((a, b) =>
    sort === 'title' ? a.title.localeCompare(b.title) : sort === 'negative' ? b.negative - a.negative : b.citations - a.citations);
  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort === key ? (key === 'title' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" class="quiet" onClick={() => setSort(key)}>{label}</button>
    </th>
  );
  return (
    <main class="pane wide" aria-labelledby="knowledge-heading">
      <h2 id="knowledge-heading">{text.views.knowledge}</h2>
      {k.error.value && <p class="error" role="alert">{k.error.value}</p>}
      {!k.data.value ? (
        <p class="hint">{text.loading}</p>
      ) : (
        <table class="data">
          <caption class="visually-hidden">Sources by how often answers cited them</caption>
          <thead>
            <tr>
              {header('title', 'Source')}
              <th scope="col">Bot</th>
              {header('citations', 'Cited')}
              <th scope="col">Helpful</th>
              {header('negative', 'Not helpful')}
              <th scope="col">Helpful share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => {
              const href = s.url ? safeHttpUrl(s.url) : null;
              const r = ratio(s);
              return (
                <tr key={`${s.bot_id}|${s.source_id}`}>
                  <th scope="row">
                    {href ? <a href={href} target="_blank" rel="noopener noreferrer">{s.title || s.source_id}</a> : s.title || s.source_id}
                    {!s.in_knowledge && ' (no longer in the knowledge)'}
                  </th>
                  <td>{bots.get(s.bot_id) ?? s.bot_id}</td>
                  <td>{s.citations}</td>
                  <td>{s.positive}</td>
                  <td>{s.negative}</td>
                  <td>{r === null ? '–' : `${r}%`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </main>
  );
}
