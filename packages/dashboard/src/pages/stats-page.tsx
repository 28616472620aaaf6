/** Usage figures for a period (SPEC.md "Stats") and a chart of renders over time. */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { Period, PdfLog } from '../types.js';
import { formatBytes, formatMs } from '../ui/format.js';
import { useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { bucketLogs, bucketPlan } from '../ui/chart-buckets.js';
import { RenderChart } from '../ui/render-chart.js';

const PERIODS: ReadonlyArray<readonly [Period | '', string]> = [
  ['1h', 'Last hour'],
  ['24h', 'Last 24 hours'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['', 'All time'],
];
const SPAN: Record<string, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
/** The chart reads at most this many log pages of 100; the figures above it are always exact. */
const MAX_LOG_PAGES = 10;

async function loadSeries(period: Period | '', now: number): Promise<{ logs: PdfLog[]; truncated: boolean }> {
  const from = SPAN[period] ? new Date(now - SPAN[period]!).toISOString() : undefined;
  const logs: PdfLog[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_LOG_PAGES; i++) {
    const page = await api.logs({ limit: 100, ...(from ? { from } : {}), ...(cursor ? { cursor } : {}) });
    logs.push(...page.data);
    if (!page.has_more || !page.next_cursor) return { logs, truncated: false };
    cursor = page.next_cursor;
  }
  return { logs, truncated: true };
}

export function StatsPage() {
  useTitle('Stats');
  const h1 = useFocusHeading();
  const [period, setPeriod] = useState<Period | ''>('24h');
  const stats = useAsync(() => api.stats(period || undefined), [period]);
  const series = useAsync(async () => {
    const now = Date.now();
    const { logs, truncated } = await loadSeries(period, now);
    const oldest = logs.length ? Math.min(...logs.map((l) => Date.parse(l.created_at))) : null;
    const plan = bucketPlan(period, now, oldest);
    return { buckets: bucketLogs(logs, plan), size: plan.size, truncated, count: logs.length };
  }, [period]);
  const s = stats.data;

  return (
    <section class="page">
      <h1 ref={h1} tabIndex={-1}>
        Stats
      </h1>
      <div class="segmented" role="group" aria-label="Period">
        {PERIODS.map(([p, label]) => (
          <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
            {label}
          </button>
        ))}
      </div>
      {stats.error && (
        <p class="error" role="alert">
          {stats.error.message}
        </p>
      )}
      {s && (
        <dl class="figures" aria-busy={stats.loading}>
          <div>
            <dt>Renders</dt>
            <dd data-stat="total_renders">{s.total_renders}</dd>
          </div>
          <div>
            <dt>Success rate</dt>
            <dd data-stat="success_rate">{s.success_rate}%</dd>
          </div>
          <div>
            <dt>Average duration</dt>
            <dd data-stat="avg_duration_ms">{formatMs(s.avg_duration_ms)}</dd>
          </div>
          <div>
            <dt>PDF volume</dt>
            <dd data-stat="total_size_bytes">{formatBytes(s.total_size_bytes)}</dd>
          </div>
          <div>
            <dt>Templates</dt>
            <dd data-stat="templates">{s.templates}</dd>
          </div>
        </dl>
      )}
      <h2>Renders over time</h2>
      {series.error && (
        <p class="error" role="alert">
          {series.error.message}
        </p>
      )}
      {series.data && <RenderChart buckets={series.data.buckets} size={series.data.size} />}
      {series.data && (
        <p class="hint legend">
          <span class="swatch ok" /> succeeded <span class="swatch err" /> failed
          {series.data.truncated ? ` · the chart shows the latest ${series.data.count} renders` : ''}
        </p>
      )}
    </section>
  );
}
