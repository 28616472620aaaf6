import { sql } from 'kysely';
import type { Db, Executor } from '../db/open.js';

/** What one account stores now, as the quotas count it (see quotas.ts). */
export interface Usage {
  readonly count: number;
  /** UTF-8 bytes of the counted text columns. */
  readonly bytes: number;
}

const usage = (row: { count: unknown; bytes: unknown } | undefined): Usage => ({
  count: Number(row?.count ?? 0),
  bytes: Number(row?.bytes ?? 0),
});

/**
 * Per-account usage, counted by the database: `octet_length` (SQLite reads it from the
 * record header, so no body is loaded). `except` leaves out the row being replaced. Each
 * takes the executor to count in: the write transaction a quota check runs in.
 */
export function createQuotaStore({ kysely }: Db) {
  return {
    async templates(userId: string, except: string | null = null, ex: Executor = kysely): Promise<Usage> {
      return usage(
        await ex
          .selectFrom('templates')
          .select([
            sql<number>`COUNT(*)`.as('count'),
            sql<number>`COALESCE(SUM(octet_length(name) + octet_length(html) + octet_length(plain_text) + octet_length(pdf_format) + octet_length(pdf_options) + octet_length(sample_data)), 0)`.as(
              'bytes',
            ),
          ])
          .where('user_id', '=', userId)
          .where('id', 'is distinct from', except)
          .executeTakeFirst(),
      );
    },
    async components(userId: string, except: string | null = null, ex: Executor = kysely): Promise<Usage> {
      return usage(
        await ex
          .selectFrom('components')
          .select([
            sql<number>`COUNT(*)`.as('count'),
            sql<number>`COALESCE(SUM(octet_length(name) + octet_length(html) + octet_length(preview)), 0)`.as('bytes'),
          ])
          .where('user_id', '=', userId)
          .where('id', 'is distinct from', except)
          .executeTakeFirst(),
      );
    },
    async apiKeys(userId: string, ex: Executor = kysely): Promise<number> {
      const row = await ex
        .selectFrom('api_keys')
        .select(sql<number>`COUNT(*)`.as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
export type QuotaStore = ReturnType<typeof createQuotaStore>;
