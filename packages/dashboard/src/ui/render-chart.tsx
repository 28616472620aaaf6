/**
 * Renders over time as a stacked bar chart in plain SVG. Stats (SPEC.md) only
 * gives totals, so the series is bucketed here from the logs of the period;
 * a few dozen rectangles do not need a chart library.
 */
import { DAY, type Bucket } from './chart-buckets.js';

function label(t: number, size: number): string {
  const d = new Date(t);
  return size < DAY
    ? d.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export function RenderChart(props: { buckets: Bucket[]; size: number }) {
  const W = 720;
  const H = 200;
  const pad = { l: 36, r: 8, t: 10, b: 26 };
  const max = Math.max(1, ...props.buckets.map((b) => b.success + b.error));
  const total = props.buckets.reduce((n, b) => n + b.success + b.error, 0);
  const bw = (W - pad.l - pad.r) / Math.max(1, props.buckets.length);
  const y = (v: number) => H - pad.b - (v / max) * (H - pad.t - pad.b);
  const first = props.buckets[0];
  const last = props.buckets[props.buckets.length - 1];
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title">
      <title id="chart-title">{`Renders over time: ${total} in ${props.buckets.length} intervals, at most ${max} in one`}</title>
      <line x1={pad.l} x2={W - pad.r} y1={y(0)} y2={y(0)} class="axis" />
      <line x1={pad.l} x2={W - pad.r} y1={y(max)} y2={y(max)} class="grid" />
      <text x={pad.l - 6} y={y(max) + 4} text-anchor="end" class="tick">
        {max}
      </text>
      <text x={pad.l - 6} y={y(0) + 4} text-anchor="end" class="tick">
        0
      </text>
      {props.buckets.map((b, i) => {
        const x = pad.l + i * bw + bw * 0.15;
        const w = bw * 0.7;
        return (
          <g key={b.start}>
            <title>{`${label(b.start, props.size)}: ${b.success} succeeded, ${b.error} failed`}</title>
            <rect x={x} width={w} y={y(b.success)} height={y(0) - y(b.success)} class="bar ok" />
            <rect
              x={x}
              width={w}
              y={y(b.success + b.error)}
              height={y(b.success) - y(b.success + b.error)}
              class="bar err"
            />
          </g>
        );
      })}
      {first && (
        <text x={pad.l} y={H - 6} class="tick">
          {label(first.start, props.size)}
        </text>
      )}
      {last && (
        <text x={W - pad.r} y={H - 6} text-anchor="end" class="tick">
          {label(last.start + props.size, props.size)}
        </text>
      )}
    </svg>
  );
}
