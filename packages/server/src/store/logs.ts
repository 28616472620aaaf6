import type { Db } from '../db/open.js';
import { newId } from '../ids.js';
import type { RenderWarning } from '../render-pool/messages.js';

export interface PdfLog {
  readonly id: string;
  readonly template_id: string | null;
  readonly template_name: string | null;
  readonly api_key_id: string | null;
  readonly status: 'success' | 'error';
  readonly duration_ms: number;
  readonly size_bytes: number | null;
  readonly error?: string;
  /** What the engine skipped or substituted in a successful render (absent when nothing). */
  readonly warnings?: readonly RenderWarning[];
  readonly created_at: string;
}

export interface LogEntry {
  readonly templateId: string | null;
  readonly templateName: string | null;
  readonly apiKeyId: string | null;
  readonly status: 'success' | 'error';
  readonly durationMs: number;
  readonly sizeBytes: number | null;
  readonly error: string | null;
  readonly warnings?: readonly RenderWarning[];
}

export interface LogFilter {
  readonly status?: 'success' | 'error' | undefined;
  readonly templateId?: string | undefined;
  /** Inclusive ISO bounds. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** Only logs older than this ID (the cursor). */
  readonly beforeId?: string | undefined;
}

export interface RenderTotals {
  readonly renders: number;
  readonly successes: number;
  readonly durationMs: number;
  readonly sizeBytes: number;
}

interface LogRow extends Omit<PdfLog, 'error' | 'warnings'> {
  readonly error: string | null;
  /** JSON array, or null when there were none. */
  readonly warnings: string | null;
}

const rowToLog = (r: LogRow): PdfLog => {
  const { error, warnings, ...rest } = r;
  const log: PdfLog = {
    id: rest.id,
    template_id: rest.template_id,
    template_name: rest.template_name,
    api_key_id: rest.api_key_id,
    status: rest.status,
    duration_ms: rest.duration_ms,
    size_bytes: rest.size_bytes,
    created_at: rest.created_at,
  };
  return { ...log, ...(error === null ? {} : { error }), ...(warnings === null ? {} : { warnings: JSON.parse(warnings) as RenderWarning[] }) };
};

/** Render logs, newest first (IDs are time-sortable). */
export function createLogStore(db: Db, now: () => number) {
  const insert = db.prepare(`INSERT INTO logs (id, user_id, template_id, template_name, api_key_id, status, duration_ms,
    size_bytes, error, warnings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const totals = db.prepare<[string, string], { n: number; ok: number | null; dur: number | null; size: number | null }>(
    `SELECT COUNT(*) AS n, SUM(status = 'success') AS ok, SUM(duration_ms) AS dur,
       SUM(CASE WHEN status = 'success' THEN size_bytes ELSE 0 END) AS size
     FROM logs WHERE user_id = ? AND created_at >= ?`,
  );
  return {
    insert(userId: string, e: LogEntry): string {
      const id = newId('log');
      const warnings = e.warnings && e.warnings.length > 0 ? JSON.stringify(e.warnings) : null;
      insert.run(id, userId, e.templateId, e.templateName, e.apiKeyId, e.status, Math.round(e.durationMs), e.sizeBytes, e.error, warnings,
        new Date(now()).toISOString());
      return id;
    },
    /** Up to `limit` logs matching `filter`, plus whether more follow. */
    list(userId: string, filter: LogFilter, limit: number): { logs: PdfLog[]; hasMore: boolean } {
      const where = ['user_id = ?'];
      const args: (string | number)[] = [userId];
      const add = (sql: string, value: string | undefined) => {
        if (value === undefined) return;
        where.push(sql);
        args.push(value);
      };
      add('status = ?', filter.status);
      add('template_id = ?', filter.templateId);
      add('created_at >= ?', filter.from);
      add('created_at <= ?', filter.to);
      add('id < ?', filter.beforeId);
      const rows = db
        .prepare<(string | number)[], LogRow>(`SELECT * FROM logs WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`)
        .all(...args, limit + 1);
      return { logs: rows.slice(0, limit).map(rowToLog), hasMore: rows.length > limit };
    },
    /** Aggregates over renders created at or after `since` (ISO; '' for all time). */
    totals(userId: string, since: string): RenderTotals {
      const r = totals.get(userId, since);
      return { renders: r?.n ?? 0, successes: r?.ok ?? 0, durationMs: r?.dur ?? 0, sizeBytes: r?.size ?? 0 };
    },
  };
}
export type LogStore = ReturnType<typeof createLogStore>;
