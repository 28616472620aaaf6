import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../db/open.js';
import { newId } from '../ids.js';

export type Permission = 'full_access' | 'render_only';

export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly permission: Permission;
  readonly created_at: string;
}

interface ApiKeyRow extends ApiKey {
  readonly user_id: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX = 'platen_live_';
const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const rowToApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  permission: row.permission,
  created_at: row.created_at,
});

/** `platen_live_` + 32 base62 characters from the CSPRNG (randomInt is unbiased). */
function generateToken(): string {
  let body = '';
  for (let i = 0; i < 32; i++) body += BASE62[randomInt(62)];
  return KEY_PREFIX + body;
}

/** API keys: only the SHA-256 of the token and its first 16 characters are stored. */
export function createApiKeyStore(db: Db, now: () => number) {
  const insert = db.prepare(
    'INSERT INTO api_keys (id, user_id, name, prefix, key_hash, permission, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const list = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE user_id = ? ORDER BY id');
  const byHash = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE key_hash = ?');
  const remove = db.prepare('DELETE FROM api_keys WHERE user_id = ? AND id = ?');
  return {
    create(userId: string, name: string, permission: Permission): ApiKey & { key: string } {
      const key = generateToken();
      const apiKey: ApiKey = { id: newId('key'), name, prefix: key.slice(0, 16), permission, created_at: new Date(now()).toISOString() };
      insert.run(apiKey.id, userId, name, apiKey.prefix, digest(key), permission, apiKey.created_at);
      return { ...apiKey, key };
    },
    list(userId: string): ApiKey[] {
      return list.all(userId).map(rowToApiKey);
    },
    delete(userId: string, id: string): boolean {
      return remove.run(userId, id).changes > 0;
    },
    /** The key's owner and scope, or null for an unknown or revoked token. */
    findByToken(token: string): { id: string; userId: string; permission: Permission } | null {
      if (!token.startsWith(KEY_PREFIX)) return null;
      const row = byHash.get(digest(token));
      return row ? { id: row.id, userId: row.user_id, permission: row.permission } : null;
    },
  };
}
export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
