import type { Db } from '../db/open.js';

/** What one account stores now, as the quotas count it (see quotas.ts). */
export interface Usage {
  readonly count: number;
  /** UTF-8 bytes of the counted text columns. */
  readonly bytes: number;
}

/**
 * Per-account usage, straight from SQLite: `octet_length` reads each value's size from
 * its record header, so no body is loaded. `except` leaves out the row being replaced.
 */
export function createQuotaStore(db: Db) {
  const templates = db.prepare<[string, string | null], Usage>(`SELECT COUNT(*) AS count, COALESCE(SUM(octet_length(name) + octet_length(html)
    + octet_length(plain_text) + octet_length(pdf_format) + octet_length(sample_data)), 0) AS bytes FROM templates WHERE user_id = ? AND id IS NOT ?`);
  const components = db.prepare<[string, string | null], Usage>(`SELECT COUNT(*) AS count, COALESCE(SUM(octet_length(name) + octet_length(html)
    + octet_length(preview)), 0) AS bytes FROM components WHERE user_id = ? AND id IS NOT ?`);
  const apiKeys = db.prepare<[string], { count: number }>('SELECT COUNT(*) AS count FROM api_keys WHERE user_id = ?');
  return {
    templates: (userId: string, except: string | null = null): Usage => templates.get(userId, except) ?? { count: 0, bytes: 0 },
    components: (userId: string, except: string | null = null): Usage => components.get(userId, except) ?? { count: 0, bytes: 0 },
    apiKeys: (userId: string): number => apiKeys.get(userId)?.count ?? 0,
  };
}
export type QuotaStore = ReturnType<typeof createQuotaStore>;
