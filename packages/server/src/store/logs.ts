import { sql } from 'kysely';
import type { Db, Executor } from '../db/open.js';
import type { Tables } from '../db/schema.js';
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

type LogRow = Tables['logs'];

const rowToLog = (r: LogRow): PdfLog => {
  const log: PdfLog = {
    id: r.id,
    template_id: r.template_id,
    template_name: r.template_name,
    api_key_id: r.api_key_id,
    status: r.status,
    duration_ms: Number(r.duration_ms),
    size_bytes: r.size_bytes === null ? null : Number(r.size_bytes),
    created_at: r.created_at,
  };
  return {
    ...log,
    ...(r.error === null ? {} : { error: r.error }),
    ...(r.warnings === null ? {} : { warnings: JSON.parse(r.warnings) as RenderWarning[] }),
  };
};

/** Render logs, newest first (IDs are time-sortable). */
export function createLogStore({ kysely }: Db, now: () => number) {
  return {
    /** `ex`: the transaction the row belongs to (an async job's end). */
    async insert(userId: string, e: LogEntry, ex: Executor = kysely): Promise<string> {
      const id = newId('log');
      await ex
        .insertInto('logs')
        .values({
          id,
          user_id: userId,
          template_id: e.templateId,
          template_name: e.templateName,
          api_key_id: e.apiKeyId,
          status: e.status,
          duration_ms: Math.round(e.durationMs),
          size_bytes: e.sizeBytes,
          error: e.error,
          warnings: e.warnings && e.warnings.length > 0 ? JSON.stringify(e.warnings) : null,
          created_at: new Date(now()).toISOString(),
        })
        .execute();
      return id;
    },
    /** Up to `limit` logs matching `filter`, plus whether more follow. */
    async list(userId: string, filter: LogFilter, limit: number): Promise<{ logs: PdfLog[]; hasMore: boolean }> {
      let query = kysely.selectFrom('logs').selectAll().where('user_id', '=', userId);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.templateId !== undefined) query = query.where('template_id', '=', filter.templateId);
      if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('created_at', '<=', filter.to);
      if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      return { logs: rows.slice(0, limit).map(rowToLog), hasMore: rows.length > limit };
    },
    /** Aggregates over renders created at or after `since` (ISO; '' for all time). */
    async totals(userId: string, since: string): Promise<RenderTotals> {
      const r = await kysely
        .selectFrom('logs')
        .select([
          sql<number>`COUNT(*)`.as('n'),
          sql<number | null>`SUM(CASE WHEN status = 'success' THEN 1 ELSE 0 END)`.as('ok'),
          sql<number | null>`SUM(duration_ms)`.as('dur'),
          sql<number | null>`SUM(CASE WHEN status = 'success' THEN size_bytes ELSE 0 END)`.as('size'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return {
        renders: Number(r?.n ?? 0),
        successes: Number(r?.ok ?? 0),
        durationMs: Number(r?.dur ?? 0),
        sizeBytes: Number(r?.size ?? 0),
      };
    },
  };
}
export type LogStore = ReturnType<typeof createLogStore>;
