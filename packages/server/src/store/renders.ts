import type { Db } from '../db/open.js';

export interface StoredRender {
  readonly id: string;
  readonly userId: string;
  readonly sizeBytes: number;
  readonly filename: string;
  readonly expiresAt: string;
}

/** Metadata of renders stored for `delivery: url`; the bytes live in the blob store. */
export function createRenderStore({ kysely }: Db, now: () => number) {
  return {
    async insert(r: StoredRender): Promise<void> {
      await kysely
        .insertInto('renders')
        .values({
          id: r.id,
          user_id: r.userId,
          size_bytes: r.sizeBytes,
          filename: r.filename,
          created_at: new Date(now()).toISOString(),
          expires_at: r.expiresAt,
        })
        .execute();
    },
    async get(id: string): Promise<StoredRender | null> {
      const row = await kysely.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirst();
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            sizeBytes: Number(row.size_bytes),
            filename: row.filename,
            expiresAt: row.expires_at,
          }
        : null;
    },
    /** Deletes the rows of expired renders and returns their IDs, for the blob sweep. */
    async takeExpired(): Promise<string[]> {
      const rows = await kysely
        .deleteFrom('renders')
        .where('expires_at', '<=', new Date(now()).toISOString())
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async idsForUser(userId: string): Promise<string[]> {
      const rows = await kysely.selectFrom('renders').select('id').where('user_id', '=', userId).execute();
      return rows.map((r) => r.id);
    },
  };
}
export type RenderStore = ReturnType<typeof createRenderStore>;
