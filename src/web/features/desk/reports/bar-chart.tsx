import './reports.css';

export type Bar = { key: string; label: string; value: number; text: string };

/**
 * A bar per period, drawn with the page's own boxes (no chart library: the desk's chunk stays
 * small), so it follows the page's direction: in Arabic the first period is on the right. The
 * table beside it holds the same numbers; the chart is one image for screen readers.
 */
export function BarChart({ bars, label, testId }: { bars: Bar[]; label: string; testId: string }) {
  const highest = Math.max(1, ...bars.map((bar) => bar.value));
  // About eight labels fit under the bars; the values show on a short series only (the table has them all).
  const step = Math.ceil(bars.length / 8);
  const values = bars.length <= 16;
  return (
    <figure className="desk-chart" data-testid={testId}>
      <ol className="desk-chart__bars" role="img" aria-label={label}>
        {bars.map((bar, index) => (
          <li key={bar.key} className="desk-chart__bar" title={`${bar.label}: ${bar.text}`} data-testid={`${testId}-bar`}>
            {values ? <span className="desk-chart__value">{bar.text}</span> : null}
            <span className="desk-chart__fill" style={{ blockSize: `${Math.max(1, (bar.value / highest) * 85)}%` }} />
            <span className="desk-chart__label">{index % step === 0 ? bar.label : ''}</span>
          </li>
        ))}
      </ol>
      <figcaption className="desk-chart__caption">{label}</figcaption>
    </figure>
  );
}
