/**
 * Renders over time for the stats chart. Stats (SPEC.md) only gives totals, so
 * the series is bucketed here from the logs of the period.
 */
import type { PdfLog } from '../types.js';

export interface Bucket {
  start: number;
  success: number;
  error: number;
}

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Bucket width and count for a period; all time spans from the oldest log to now. */
export function bucketPlan(
  period: string,
  now: number,
  oldest: number | null,
): { start: number; size: number; count: number } {
  const plans: Record<string, [number, number]> = {
    '1h': [5 * 60_000, 12],
    '24h': [HOUR, 24],
    '7d': [6 * HOUR, 28],
    '30d': [DAY, 30],
  };
  const plan = plans[period];
  if (plan) {
    const [size, count] = plan;
    const end = Math.ceil(now / size) * size;
    return { start: end - size * count, size, count };
  }
  // At least a day is shown, so a young account gets a row of hourly bars, not one slab.
  const span = Math.max(now - (oldest ?? now), DAY);
  const size = Math.ceil(span / 30 / HOUR) * HOUR;
  const end = Math.ceil(now / size) * size;
  const count = Math.min(60, Math.ceil(span / size) + 1);
  return { start: end - size * count, size, count };
}

export function bucketLogs(logs: PdfLog[], plan: { start: number; size: number; count: number }): Bucket[] {
  const buckets: Bucket[] = Array.from({ length: plan.count }, (_, i) => ({
    start: plan.start + i * plan.size,
    success: 0,
    error: 0,
  }));
  for (const l of logs) {
    const i = Math.floor((Date.parse(l.created_at) - plan.start) / plan.size);
    const b = buckets[i];
    if (b) b[l.status === 'error' ? 'error' : 'success']++;
  }
  return buckets;
}
