import type { DayStats } from '../api';
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
          <button type="button" class="quiet" key={n} aria-pressed={range.from === daysBefore(range.to, n - 1)} onClick={() => pick(n)}>
            Last {n} days
          </button>
        ))}
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
        CHARTS.map((c) => {
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
        })
      )}
    </main>
  );
}
