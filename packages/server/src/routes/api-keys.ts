import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { requireAuth, type Accepts } from '../http/auth.js';
import { readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { created, found, idParam } from '../http/respond.js';
import { createApiKeySchema } from '../schemas/resources.js';
import { enforceApiKeyQuota } from '../quotas.js';
import { deleteAccount } from '../store/account.js';

/** API keys and account deletion take sessions only (DECISIONS.md). */
export const SESSION_ONLY: Accepts = { key: false, session: true };

/** /api/v1/api-keys (create shows the key once) and DELETE /api/v1/account. */
export function registerApiKeyRoutes(app: H3, deps: AppDeps): void {
  resource(app, '/api/v1/api-keys', {
    GET: async (event) => deps.apiKeys.list((await requireAuth(event, deps, SESSION_ONLY)).userId),
    POST: async (event) => {
      const { userId } = await requireAuth(event, deps, SESSION_ONLY);
      const input = validate(createApiKeySchema, await readJson(event, deps.config));
      await enforceApiKeyQuota(deps, userId);
      return created(event, await deps.apiKeys.create(userId, input.name, input.permission ?? 'full_access'));
    },
  });
  resource(app, '/api/v1/api-keys/:id', {
    DELETE: async (event) => {
      const { userId } = await requireAuth(event, deps, SESSION_ONLY);
      return { deleted: found((await deps.apiKeys.delete(userId, idParam(event))) || null, 'API key') };
    },
  });
  resource(app, '/api/v1/account', {
    DELETE: async (event) => {
      const { userId } = await requireAuth(event, deps, SESSION_ONLY);
      const { deleted, renderIds } = await deleteAccount(deps.db, userId);
      // Files go after the commit: a crash in between leaves orphan files (swept later), never rows without files.
      await Promise.all(renderIds.map((id) => deps.blobs.delete(id)));
      return { deleted };
    },
  });
}
