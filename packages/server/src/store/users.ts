import type { Db } from '../db/open.js';
import { newId } from '../ids.js';

export interface User {
  readonly id: string;
  readonly email: string;
  readonly created_at: string;
}

/** Users and their password hashes. Callers pass emails lower-cased (SQLite also compares them NOCASE). */
export function createUserStore(db: Db, now: () => number) {
  const { kysely } = db;
  return {
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await kysely.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    /** Returns null when the email is taken. */
    async create(email: string, passwordHash: string): Promise<User | null> {
      const user = { id: newId('user'), email, created_at: new Date(now()).toISOString() };
      try {
        await kysely
          .insertInto('users')
          .values({ ...user, password_hash: passwordHash })
          .execute();
      } catch (error) {
        if (db.isUniqueViolation(error)) return null;
        throw error;
      }
      return user;
    },
    async findByEmail(email: string): Promise<(User & { passwordHash: string }) | null> {
      const row = await kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row ? { id: row.id, email: row.email, created_at: row.created_at, passwordHash: row.password_hash } : null;
    },
    async get(id: string): Promise<User | null> {
      const row = await kysely
        .selectFrom('users')
        .select(['id', 'email', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;
