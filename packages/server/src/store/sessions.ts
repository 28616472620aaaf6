import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open.js';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the cookie holds 32 random bytes, the table only their SHA-256. */
export function createSessionStore({ kysely }: Db, now: () => number, ttlSeconds: number) {
  const nowIso = () => new Date(now()).toISOString();
  return {
    async create(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const t = now();
      await kysely
        .insertInto('sessions')
        .values({
          token_hash: digest(token),
          user_id: userId,
          created_at: new Date(t).toISOString(),
          expires_at: new Date(t + ttlSeconds * 1000).toISOString(),
        })
        .execute();
      return token;
    },
    async findUserId(token: string): Promise<string | null> {
      const row = await kysely
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', digest(token))
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
    async delete(token: string): Promise<void> {
      await kysely.deleteFrom('sessions').where('token_hash', '=', digest(token)).execute();
    },
    /** End every session of a user but `keep` (a token; null ends them all). Returns how many ended. */
    async deleteAllOf(userId: string, keep: string | null): Promise<number> {
      const result = await kysely
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('token_hash', 'is distinct from', keep === null ? null : digest(keep))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async sweep(): Promise<void> {
      await kysely.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
