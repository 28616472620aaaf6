import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { ApiError, invalidParameter } from '../errors.js';
import { requireAuth } from '../http/auth.js';
import { readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { found, idParam } from '../http/respond.js';
import { newId } from '../ids.js';
import type { RenderService } from '../render/render-service.js';
import { isLogged, signedRenderUrl } from '../render/stored.js';
import { asyncRenderRequestSchema } from '../schemas/render.js';
import type { JobRow } from '../store/render-jobs.js';
import { baseUrl } from './render.js';

const MAX_METADATA_BYTES = 4096;

/** A job as its owner sees it (DECISIONS.md "Async renders and webhooks"). */
export function jobView(job: JobRow, secret: string) {
  const view = {
    id: job.id,
    status: job.status,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
    template_id: job.template_id,
    metadata: job.metadata === null ? null : (JSON.parse(job.metadata) as Record<string, unknown>),
    attempts: Number(job.attempts),
  };
  if (job.status === 'succeeded' && job.render_id && job.expires_at) {
    return { ...view, url: signedRenderUrl(job.base_url, secret, job.render_id, job.expires_at), expires_at: job.expires_at, size_bytes: Number(job.size_bytes), duration_ms: Number(job.duration_ms) };
  }
  if (job.status === 'failed' && job.error) return { ...view, error: JSON.parse(job.error) as { type: string; code: string; message: string } };
  return view;
}

/** POST /api/v1/render/async (queued with 202, run by any node) and GET /api/v1/render-jobs/{id}. */
export function registerRenderJobRoutes(app: H3, deps: AppDeps, service: RenderService): void {
  resource(app, '/api/v1/render/async', {
    POST: async (event) => {
      const auth = await requireAuth(event, deps, { key: 'any', session: false });
      const raw = await readJson(event, deps.config);
      const started = performance.now();
      const log = { templateId: null as string | null, templateName: null as string | null };
      try {
        const input = validate(asyncRenderRequestSchema, raw);
        const { metadata, ...request } = input;
        if (metadata !== undefined && Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) {
          throw invalidParameter('metadata', `metadata takes at most ${MAX_METADATA_BYTES} bytes as JSON.`);
        }
        // Checked now, as for /render: an unknown template or a bad format answers at once.
        const template = await service.resolveTemplate(auth.userId, request);
        if (template) Object.assign(log, { templateId: template.id, templateName: template.name });
        await service.buildJob(auth.userId, template, request, request.data ?? {});
        const job = await deps.jobs.create({
          id: newId('job'),
          userId: auth.userId,
          apiKeyId: auth.keyId,
          request,
          templateId: template?.id ?? null,
          metadata: metadata ?? null,
          baseUrl: baseUrl(event, deps),
        });
        event.res.status = 202;
        event.res.headers.set('location', `/api/v1/render-jobs/${job.id}`);
        return { id: job.id, status: job.status, created_at: job.created_at };
      } catch (error) {
        if (isLogged(error)) {
          const message = error instanceof ApiError ? error.message : 'Internal error.';
          await deps.logs.insert(auth.userId, { ...log, apiKeyId: auth.keyId, status: 'error', durationMs: performance.now() - started, sizeBytes: null, error: message });
        }
        throw error;
      }
    },
  });
  resource(app, '/api/v1/render-jobs/:id', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, { key: 'any', session: true });
      return jobView(found(await deps.jobs.get(userId, idParam(event)), 'Render job'), deps.config.secret);
    },
  });
}
