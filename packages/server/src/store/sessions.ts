import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open.js';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the cookie holds 32 random bytes, the table only their SHA-256. */
export function createSessionStore(db: Db, now: () => number, ttlSeconds: number) {
  const insert = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const find = db.prepare<[string, string], { user_id: string }>('SELECT user_id FROM sessions WHERE token_hash = ? AND expires_at > ?');
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const removeOthers = db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?');
  return {
    create(userId: string): string {
      const token = randomBytes(32).toString('base64url');
      const t = now();
      insert.run(digest(token), userId, new Date(t).toISOString(), new Date(t + ttlSeconds * 1000).toISOString());
      return token;
    },
    findUserId(token: string): string | null {
      return find.get(digest(token), new Date(now()).toISOString())?.user_id ?? null;
    },
    delete(token: string): void {
      remove.run(digest(token));
    },
    /** End every session of a user but `keep` (a token; null ends them all). Returns how many ended. */
    deleteAllOf(userId: string, keep: string | null): number {
      return removeOthers.run(userId, keep === null ? null : digest(keep)).changes;
    },
    sweep(): void {
      removeExpired.run(new Date(now()).toISOString());
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
