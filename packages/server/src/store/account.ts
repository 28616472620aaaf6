import type { Db } from '../db/open.js';

/**
 * Delete a user and, through ON DELETE CASCADE, their sessions, keys,
 * templates, components, logs and render rows, in one transaction. Returns
 * the stored render IDs so the caller removes their files after commit.
 */
export async function deleteAccount(db: Db, userId: string): Promise<{ deleted: boolean; renderIds: string[] }> {
  return db.write(userId, async (trx) => {
    const renders = await trx.selectFrom('renders').select('id').where('user_id', '=', userId).execute();
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return { deleted: result.numDeletedRows > 0n, renderIds: renders.map((r) => r.id) };
  });
}
