import type { Db } from '../db/open.js';

export interface StoredRender {
  readonly id: string;
  readonly userId: string;
  readonly sizeBytes: number;
  readonly filename: string;
  readonly expiresAt: string;
}

interface RenderRow {
  readonly id: string;
  readonly user_id: string;
  readonly size_bytes: number;
  readonly filename: string;
  readonly expires_at: string;
}

const rowToRender = (r: RenderRow): StoredRender => ({
  id: r.id,
  userId: r.user_id,
  sizeBytes: r.size_bytes,
  filename: r.filename,
  expiresAt: r.expires_at,
});

/** Metadata of renders stored for `delivery: url`; the bytes live in the blob store. */
export function createRenderStore(db: Db, now: () => number) {
  const insert = db.prepare('INSERT INTO renders (id, user_id, size_bytes, filename, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const byId = db.prepare<[string], RenderRow>('SELECT * FROM renders WHERE id = ?');
  const expired = db.prepare<[string], { id: string }>('SELECT id FROM renders WHERE expires_at <= ?');
  const remove = db.prepare('DELETE FROM renders WHERE id = ?');
  const forUser = db.prepare<[string], { id: string }>('SELECT id FROM renders WHERE user_id = ?');
  return {
    insert(r: StoredRender): void {
      insert.run(r.id, r.userId, r.sizeBytes, r.filename, new Date(now()).toISOString(), r.expiresAt);
    },
    get(id: string): StoredRender | null {
      const row = byId.get(id);
      return row ? rowToRender(row) : null;
    },
    /** Deletes the rows of expired renders and returns their IDs, for the blob sweep. */
    takeExpired(): string[] {
      return db.transaction(() => {
        const ids = expired.all(new Date(now()).toISOString()).map((r) => r.id);
        for (const id of ids) remove.run(id);
        return ids;
      }).immediate(); // read then write: take the write lock first (busy_timeout applies)
    },
    idsForUser(userId: string): string[] {
      return forUser.all(userId).map((r) => r.id);
    },
  };
}
export type RenderStore = ReturnType<typeof createRenderStore>;
