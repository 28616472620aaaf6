import type { H3 } from 'h3';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import { resource } from '../http/resource.js';

/** Each check's answer: 'ok' or what failed. */
async function check(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * GET /healthz: the process answers (a balancer restarts it otherwise). GET /readyz: it can
 * serve, its database and render store answer, and it is not shutting down (a balancer sends
 * it no traffic otherwise): 200, or 503 naming what failed.
 */
export function registerHealthRoutes(app: H3, deps: AppDeps, draining: () => boolean): void {
  resource(app, '/healthz', { GET: () => ({ status: 'ok' }) });
  resource(app, '/readyz', {
    GET: async (event) => {
      const [database, storage] = await Promise.all([
        check(() => sql`SELECT 1`.execute(deps.db.kysely)),
        check(() => deps.blobs.check()),
      ]);
      const ready = !draining() && database === 'ok' && storage === 'ok';
      event.res.status = ready ? 200 : 503;
      event.res.headers.set('cache-control', 'no-store');
      return { status: ready ? 'ready' : draining() ? 'draining' : 'unavailable', checks: { database, storage } };
    },
  });
}
