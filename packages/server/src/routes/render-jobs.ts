import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { invalidParameter } from '../errors.js';
import { requireAuth } from '../http/auth.js';
import { readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { found, idParam } from '../http/respond.js';
import { newId } from '../ids.js';
import type { RenderService } from '../render/render-service.js';
import { jobView } from '../render/job-view.js';
import { asyncRenderRequestSchema } from '../schemas/render.js';
import { SESSION_ONLY } from './api-keys.js';
import { baseUrl, renderLog } from './render.js';

const MAX_METADATA_BYTES = 4096;

/** POST /api/v1/render/async (queued with 202, run by any node) and GET /api/v1/render-jobs/{id}. */
export function registerRenderJobRoutes(app: H3, deps: AppDeps, service: RenderService): void {
  resource(app, '/api/v1/render/async', {
    POST: async (event) => {
      const auth = await requireAuth(event, deps, { key: 'any', session: false });
      const raw = await readJson(event, deps.config);
      const log = renderLog(deps, auth);
      try {
        const input = validate(asyncRenderRequestSchema, raw);
        const { metadata, webhook_url, ...request } = input;
        if (metadata !== undefined && Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) {
          throw invalidParameter('metadata', `metadata takes at most ${MAX_METADATA_BYTES} bytes as JSON.`);
        }
        // Checked now, as for /render: an unknown template or component, a bad format or bad PDF
        // options answer at once; the runner builds the job (components, blocks) when it runs.
        const template = await service.resolveTemplate(auth.userId, request);
        log.template(template);
        await service.checkChrome(auth.userId, request);
        service.checkOptions(template, request);
        const job = await deps.jobs.create({
          id: newId('job'),
          userId: auth.userId,
          apiKeyId: auth.keyId,
          request,
          templateId: template?.id ?? null,
          metadata: metadata ?? null,
          baseUrl: baseUrl(event, deps),
          webhookUrl: webhook_url ?? null,
        });
        event.res.status = 202;
        event.res.headers.set('location', `/api/v1/render-jobs/${job.id}`);
        return { id: job.id, status: job.status, created_at: job.created_at };
      } catch (error) {
        await log.failure(error);
        throw error;
      }
    },
  });
  resource(app, '/api/v1/webhook-secret', {
    GET: async (event) => ({
      secret: await deps.webhooks.secret((await requireAuth(event, deps, SESSION_ONLY)).userId),
    }),
  });
  resource(app, '/api/v1/webhook-secret/rotate', {
    POST: async (event) => ({
      secret: await deps.webhooks.rotate((await requireAuth(event, deps, SESSION_ONLY)).userId),
    }),
  });
  resource(app, '/api/v1/render-jobs/:id', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, { key: 'any', session: true });
      return jobView(found(await deps.jobs.get(userId, idParam(event)), 'Render job'), deps.config.secret);
    },
  });
}
