import type { DayStats, StatsTotals } from '../api';
import { query } from '../api';
import { daysBefore, today } from '../insights';
import type { Inbox } from '../state';
import { text } from '../text';
import { CsvButton } from './csv-button';
import { StatsChart, type ChartSeries } from './stats-chart';

const PRESETS = [7, 30, 90] as const;
type Key = Exclude<keyof DayStats, 'day' | 'bot_id'>;
const CHARTS: Array<{ id: string; title: string; lines: Array<[Key, string, string]> }> = [
  { id: 'volume', title: 'Conversations and visitor messages', lines: [['conversations', 'Conversations', '#1d4ed8'], ['turns', 'Visitor messages', '#7c3aed']] },
  { id: 'outcome', title: 'Answered by the bot alone, handed off, unanswered', lines: [['deflected', 'Bot alone', '#15803d'], ['handed_off', 'Handed off', '#b45309'], ['unanswered', 'Unanswered', '#b42318']] },
  { id: 'feedback', title: 'Visitor feedback', lines: [['positive', 'Helpful', '#15803d'], ['negative', 'Not helpful', '#b42318']] },
  { id: 'limits', title: 'Chat requests refused by rate limits (429)', lines: [['rate_limited', '429s', '#6b7280']] },
];

/** "2 min", "1 h 5 min", "3 s": a median duration for a glance; "–" when there is none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : '–');

/** The range at a glance (issue 22): what happened, in a row of figures above the charts. */
function Headline({ totals }: { totals: StatsTotals }) {
  const figures: Array<[string, string, string?]> = [
    ['Conversations', String(totals.conversations)],
    ['Answered by the bot alone', percent(totals.deflected, totals.conversations), `${totals.deflected} of ${totals.conversations}`],
    ['Handed off', String(totals.handed_off)],
    ['Unanswered questions', String(totals.unanswered)],
    ['Thumbs up / down', `${totals.positive} / ${totals.negative}`],
    ['Agents\' first response (median)', formatDuration(totals.first_response_ms)],
    ['Resolution (median)', formatDuration(totals.resolution_ms)],
  ];
  return (
    <dl class="headline" aria-label="Totals of the range">
      {figures.map(([label, value, detail]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value}
            {detail && <span class="hint"> ({detail})</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Per day (summed over the chosen bots): the chart and the same numbers as a table. */
export function NumbersView({ inbox }: { inbox: Inbox }) {
  const ins = inbox.insights;
  const range = ins.range.value;
  const stats = ins.stats.data.value;
  const bots = inbox.me.value?.bots ?? [];
  const byDay = new Map<string, Record<Key, number>>();
  for (const r of stats?.days ?? []) {
    const sum = byDay.get(r.day) ?? { conversations: 0, turns: 0, deflected: 0, handed_off: 0, unanswered: 0, positive: 0, negative: 0, rate_limited: 0 };
    for (const k of Object.keys(sum) as Key[]) sum[k] += r[k];
    byDay.set(r.day, sum);
  }
  const days = [...byDay.keys()];

  function pick(days: number) {
    const to = today();
    ins.range.value = { ...range, from: daysBefore(to, days - 1), to };
    void ins.stats.load();
  }

  return (
    <main class="pane wide" aria-labelledby="numbers-heading">
      <h2 id="numbers-heading">{text.views.numbers}</h2>
      <div class="filters">
        {PRESETS.map((n) => (
          <button type="button" class="quiet range" key={n} aria-pressed={range.from === daysBefore(range.to, n - 1)} onClick={() => pick(n)}>
            Last {n} days
          </button>
        ))}
        <span class="hint range-said">{range.from} – {range.to}</span>
        <label>
          Bot{' '}
          <select value={range.bot_id ?? ''} onChange={(e) => {
            ins.range.value = { ...range, bot_id: e.currentTarget.value || undefined };
            void ins.stats.load();
          }}>
            <option value="">All bots</option>
            {bots.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
          </select>
        </label>
        <CsvButton inbox={inbox} path={`/v1/agent/stats.csv${query({ ...range })}`} name={`stats-${range.from}-${range.to}.csv`} />
      </div>
      {ins.stats.error.value && <p class="error" role="alert">{ins.stats.error.value}</p>}
      {!stats ? (
        <p class="hint">{text.loading}</p>
      ) : (
        <>
        <Headline totals={stats.totals} />
        {stats.tags.length > 0 && (
          <section class="tag-counts" aria-labelledby="tag-counts-heading">
            <h3 id="tag-counts-heading">Tags</h3>
            <ul>
              {stats.tags.map((t) => (
                <li key={t.tag}>
                  <button type="button" class="link" onClick={() => inbox.go('conversations', { status: 'all', tag: t.tag })}>#{t.tag}</button> {t.conversations}
                </li>
              ))}
            </ul>
          </section>
        )}
        {CHARTS.map((c) => {
          const series: ChartSeries[] = c.lines.map(([k, label, color]) => ({ label, color, values: days.map((d) => byDay.get(d)![k]) }));
          return (
            <section key={c.id} class="chart-block">
              <StatsChart title={c.title} days={days} series={series} tableId={`table-${c.id}`} />
              <details>
                <summary>Numbers: {c.title}</summary>
                <table class="data" id={`table-${c.id}`}>
                  <caption>{c.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      {series.map((s) => <th scope="col" key={s.label}>{s.label}</th>)}
                    </tr>
                  </thead>
                  <tbody>
                    {days.map((d, i) => (
                      <tr key={d}>
                        <th scope="row">{d}</th>
                        {series.map((s) => <td key={s.label}>{s.values[i]}</td>)}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </section>
          );
        })}
        </>
      )}
    </main>
  );
}
