import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface ChartSeries { label: string; values: number[]; color: string }

/** The y range: from zero, to a little above the largest value; an empty series lies on zero (not a 0–100 scale). */
export function yRange(max: number): [number, number] {
  return [0, max > 0 ? Math.ceil(max * 1.1) : 1];
}

/**
 * One chart of the numbers (uPlot: small, canvas, well kept). The canvas is a picture for
 * sighted users; the same numbers are in the table beside it, which is what assistive
 * technology reads (the figure points to it). The legend is ours (issue 22): each line's
 * colour, name and total of the range, instead of uPlot's hover readout ("Value: --").
 */
export function StatsChart({ title, days, series, tableId }: { title: string; days: string[]; series: ChartSeries[]; tableId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    const width = () => Math.max(260, Math.min(el.clientWidth || 560, 1200));
    try {
      // Days by index, labelled "11-24": a time axis would tick in hours for a week of days.
      const xs = days.map((_, i) => i);
      plot = new uPlot(
        {
          width: width(),
          height: 200,
          series: [{ label: 'Day' }, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length < 40 } }))],
          axes: [
            { space: 48, incrs: [1, 2, 7, 14, 30, 60], values: (_u: uPlot, splits: number[]) => splits.map((i) => days[i]?.slice(5) ?? '') },
            { size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10_000] },
          ],
          scales: { x: { time: false }, y: { range: (_u: uPlot, _min: number, max: number) => yRange(max) } },
          legend: { show: false },
        },
        [xs, ...series.map((s) => s.values)],
        el,
      );
    } catch {
      // No canvas (a test DOM, a very old browser): the table carries the numbers.
    }
    // The chart follows its box, so a narrow window never scrolls sideways.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot?.setSize({ width: width(), height: 200 }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot?.destroy();
    };
  }, [days.join(), series.map((s) => s.values.join()).join('|')]);
  return (
    <figure class="chart" aria-labelledby={`${tableId}-title`}>
      <figcaption id={`${tableId}-title`}>{title}</figcaption>
      <ul class="legend">
        {series.map((s) => (
          <li key={s.label}>
            <span class="swatch" style={{ background: s.color }} aria-hidden="true" /> {s.label}: {s.values.reduce((a, b) => a + b, 0)}
          </li>
        ))}
      </ul>
      <div ref={box} class="plot" aria-hidden="true" />
      <p class="visually-hidden">The numbers are in the table “{title}” below.</p>
    </figure>
  );
}
