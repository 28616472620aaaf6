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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX = 'platen_live_';
const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const PUBLIC_COLUMNS = ['id', 'name', 'prefix', 'permission', 'created_at'] as const;

/** `platen_live_` + 32 base62 characters from the CSPRNG (randomInt is unbiased). */
function generateToken(): string {
  let body = '';
  for (let i = 0; i < 32; i++) body += BASE62[randomInt(62)];
  return KEY_PREFIX + body;
}

/** API keys: only the SHA-256 of the token and its first 16 characters are stored. */
export function createApiKeyStore({ kysely }: Db, now: () => number) {
  return {
    async create(userId: string, name: string, permission: Permission): Promise<ApiKey & { key: string }> {
      const key = generateToken();
      const apiKey: ApiKey = {
        id: newId('key'),
        name,
        prefix: key.slice(0, 16),
        permission,
        created_at: new Date(now()).toISOString(),
      };
      await kysely
        .insertInto('api_keys')
        .values({ ...apiKey, user_id: userId, key_hash: digest(key) })
        .execute();
      return { ...apiKey, key };
    },
    list(userId: string): Promise<ApiKey[]> {
      return kysely.selectFrom('api_keys').select(PUBLIC_COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
    },
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await kysely
        .deleteFrom('api_keys')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    /** The key's owner and scope, or null for an unknown or revoked token. */
    async findByToken(token: string): Promise<{ id: string; userId: string; permission: Permission } | null> {
      if (!token.startsWith(KEY_PREFIX)) return null;
      const row = await kysely
        .selectFrom('api_keys')
        .select(['id', 'user_id', 'permission'])
        .where('key_hash', '=', digest(token))
        .executeTakeFirst();
      return row ? { id: row.id, userId: row.user_id, permission: row.permission } : null;
    },
  };
}
export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
