import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface ChartSeries { label: string; values: number[]; color: string }

/**
 * One chart of the numbers (uPlot: small, canvas, well kept). The canvas is a picture for
 * sighted users; the same numbers are in the table beside it, which is what assistive
 * technology reads (the figure points to it).
 */
export function StatsChart({ title, days, series, tableId }: { title: string; days: string[]; series: ChartSeries[]; tableId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    try {
      // Days by index, labelled "11-24": a time axis would tick in hours for a week of days.
      const xs = days.map((_, i) => i);
      plot = new uPlot(
        {
          width: Math.max(280, el.clientWidth || 560),
          height: 200,
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length < 40 } }))],
          axes: [
            { space: 48, incrs: [1, 2, 7, 14, 30, 60], values: (_u: uPlot, splits: number[]) => splits.map((i) => days[i]?.slice(5) ?? '') },
            { size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10_000] },
          ],
          scales: { x: { time: false } },
          legend: { show: true },
        },
        [xs, ...series.map((s) => s.values)],
        el,
      );
    } catch {
      // No canvas (a test DOM, a very old browser): the table carries the numbers.
    }
    return () => plot?.destroy();
  }, [days.join(), series.map((s) => s.values.join()).join('|')]);
  return (
    <figure class="chart" aria-labelledby={`${tableId}-title`}>
      <figcaption id={`${tableId}-title`}>{title}</figcaption>
      <div ref={box} aria-hidden="true" />
      <p class="visually-hidden">The numbers are in the table “{title}” below.</p>
    </figure>
  );
}
