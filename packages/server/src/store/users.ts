import type { Db } from '../db/open.js';
import { newId } from '../ids.js';

export interface User {
  readonly id: string;
  readonly email: string;
  readonly created_at: string;
}

interface UserRow extends User {
  readonly password_hash: string;
}

const rowToUser = (row: UserRow): User => ({ id: row.id, email: row.email, created_at: row.created_at });

/** Users and their password hashes. Emails compare case-insensitively (COLLATE NOCASE). */
export function createUserStore(db: Db, now: () => number) {
  const insert = db.prepare('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)');
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const setHash = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  return {
    setPasswordHash(id: string, passwordHash: string): void {
      setHash.run(passwordHash, id);
    },
    /** Returns null when the email is taken. */
    create(email: string, passwordHash: string): User | null {
      const user = { id: newId('user'), email, created_at: new Date(now()).toISOString() };
      try {
        insert.run(user.id, user.email, passwordHash, user.created_at);
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
        throw error;
      }
      return user;
    },
    findByEmail(email: string): (User & { passwordHash: string }) | null {
      const row = byEmail.get(email);
      return row ? { ...rowToUser(row), passwordHash: row.password_hash } : null;
    },
    get(id: string): User | null {
      const row = byId.get(id);
      return row ? rowToUser(row) : null;
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;
