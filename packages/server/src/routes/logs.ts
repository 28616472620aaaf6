import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { invalidParameter } from '../errors.js';
import { requireAuth } from '../http/auth.js';
import { queryObject, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { logsQuerySchema, statsQuerySchema } from '../schemas/resources.js';
import { openValue, sealValue } from '../signing.js';
import { DASHBOARD } from './templates.js';

const PERIOD_MS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
/** Round half up, as DECISIONS.md fixes for success_rate and avg_duration_ms. */
const roundHalfUp = (x: number) => Math.floor(x + 0.5);

/** GET /api/v1/logs (cursor pages, newest first) and GET /api/v1/stats. */
export function registerLogRoutes(app: H3, deps: AppDeps): void {
  const { secret } = deps.config;
  resource(app, '/api/v1/logs', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const q = validate(logsQuerySchema, queryObject(event));
      const beforeId = q.cursor === undefined ? undefined : openValue(secret, 'logs', q.cursor);
      if (beforeId === null) throw invalidParameter('cursor', 'The cursor is not one this server issued.');
      // template_id may be a slug; a reference to no template of this user filters as given (logs outlive templates).
      const templateId =
        q.template_id === undefined
          ? undefined
          : ((await deps.templates.get(userId, q.template_id))?.id ?? q.template_id);
      const iso = (v: string | undefined) => (v === undefined ? undefined : new Date(v).toISOString());
      const filter = { status: q.status, templateId, from: iso(q.from), to: iso(q.to), beforeId };
      const { logs, hasMore } = await deps.logs.list(userId, filter, q.limit ?? 50);
      const last = logs.at(-1);
      return {
        data: logs,
        has_more: hasMore,
        next_cursor: hasMore && last ? sealValue(secret, 'logs', last.id) : null,
      };
    },
  });
  resource(app, '/api/v1/stats', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const { period } = validate(statsQuerySchema, queryObject(event));
      const since = period ? new Date(deps.config.now() - PERIOD_MS[period]).toISOString() : '';
      const t = await deps.logs.totals(userId, since);
      return {
        templates: await deps.templates.count(userId),
        total_renders: t.renders,
        success_rate: t.renders === 0 ? 0 : roundHalfUp((100 * t.successes) / t.renders),
        avg_duration_ms: t.renders === 0 ? 0 : roundHalfUp(t.durationMs / t.renders),
        total_size_bytes: t.sizeBytes,
      };
    },
  });
}
