import type { Db } from '../db/open.js';

/**
 * Delete a user and, through ON DELETE CASCADE, their sessions, keys,
 * templates, components, logs and render rows, in one transaction. Returns
 * the stored render IDs so the caller removes their files after commit.
 */
export function deleteAccount(db: Db, userId: string): { deleted: boolean; renderIds: string[] } {
  return db.transaction(() => {
    const renderIds = db.prepare<[string], { id: string }>('SELECT id FROM renders WHERE user_id = ?').all(userId).map((r) => r.id);
    const deleted = db.prepare('DELETE FROM users WHERE id = ?').run(userId).changes > 0;
    return { deleted, renderIds };
  }).immediate(); // read then write: take the write lock first (busy_timeout applies)
}
