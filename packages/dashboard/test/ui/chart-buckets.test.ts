import { describe, expect, it } from 'vitest';
import { bucketLogs, bucketPlan } from '../../src/ui/chart-buckets.js';
import type { PdfLog } from '../../src/types.js';

const HOUR = 3_600_000;
const log = (t: number, status: 'success' | 'error'): PdfLog => ({
  id: `log_${t}`,
  template_id: null,
  template_name: null,
  api_key_id: null,
  status,
  duration_ms: 5,
  size_bytes: status === 'success' ? 100 : null,
  created_at: new Date(t).toISOString(),
});

describe('bucketPlan', () => {
  const now = Date.UTC(2026, 10, 22, 12, 30);
  it('splits the last 24 hours into hourly buckets ending at the next hour', () => {
    expect(bucketPlan('24h', now, null)).toEqual({ start: Date.UTC(2026, 10, 21, 13), size: HOUR, count: 24 });
  });
  it('uses 5-minute buckets for the last hour', () => {
    const p = bucketPlan('1h', now, null);
    expect(p.size).toBe(5 * 60_000);
    expect(p.count).toBe(12);
    expect(p.start + p.size * p.count).toBeGreaterThanOrEqual(now);
  });
  it('covers at least a day for all time, and the oldest log', () => {
    const young = bucketPlan('', now, now - 10 * 60_000);
    expect(young.size).toBe(HOUR);
    expect(young.start).toBeLessThanOrEqual(now - 24 * HOUR);
    const old = bucketPlan('', now, now - 90 * 24 * HOUR);
    expect(old.start).toBeLessThanOrEqual(now - 90 * 24 * HOUR);
    expect(old.count).toBeLessThanOrEqual(60);
  });
});

describe('bucketLogs', () => {
  it('counts successes and errors per bucket and ignores logs outside the plan', () => {
    const plan = { start: 0, size: HOUR, count: 3 };
    const buckets = bucketLogs(
      [log(10, 'success'), log(20, 'error'), log(HOUR + 1, 'success'), log(5 * HOUR, 'success'), log(-1, 'error')],
      plan,
    );
    expect(buckets).toEqual([
      { start: 0, success: 1, error: 1 },
      { start: HOUR, success: 1, error: 0 },
      { start: 2 * HOUR, success: 0, error: 0 },
    ]);
  });
});
