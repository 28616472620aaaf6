import { openDatabase, type DatabaseOptions } from './db/open.js';
import { hashPassword } from './passwords.js';
import { createApiKeyStore, type ApiKey, type Permission } from './store/api-keys.js';
import type { User } from './store/users.js';
import { createUserStore } from './store/users.js';

/** A request of the admin commands that cannot be done (the email is taken, no such user): the user's error, not a bug. */
export class AdminError extends Error {
  override readonly name = 'AdminError';
}

/**
 * For `platen user create` on headless installs (sign-up may be closed).
 * Throws when the email is taken or the password is shorter than 8 characters.
 */
export async function createUser(database: DatabaseOptions, email: string, password: string): Promise<User> {
  if (password.length < 8) throw new AdminError('The password needs at least 8 characters.');
  const db = await openDatabase(database);
  try {
    const user = await createUserStore(db, Date.now).create(email.trim().toLowerCase(), await hashPassword(password));
    if (!user) throw new AdminError(`A user with email ${email} already exists.`);
    return user;
  } finally {
    await db.close();
  }
}

/** For `platen key create`: a new key for the user with `email`; `key` is the only copy of the token. */
export async function createApiKey(
  database: DatabaseOptions,
  email: string,
  name: string,
  permission: Permission = 'full_access',
): Promise<ApiKey & { key: string }> {
  const db = await openDatabase(database);
  try {
    const user = await createUserStore(db, Date.now).findByEmail(email.trim().toLowerCase());
    if (!user) throw new AdminError(`No user with email ${email}.`);
    return await createApiKeyStore(db, Date.now).create(user.id, name, permission);
  } finally {
    await db.close();
  }
}
