import type { H3, H3Event } from 'h3';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { requireAuth } from '../http/auth.js';
import { readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { pdfResponse } from '../http/respond.js';
import type { RenderWarning } from '../render-pool/messages.js';
import type { RenderService } from '../render/render-service.js';
import { isLogged, signedRenderUrl, storeRender } from '../render/stored.js';
import { previewRequestSchema, renderRequestSchema } from '../schemas/render.js';

/** Base URL for signed links: PLATEN_PUBLIC_URL, else the request's own origin. */
export const baseUrl = (event: H3Event, deps: AppDeps) => deps.config.publicUrl ?? event.url.origin;

async function storeForUrl(event: H3Event, deps: AppDeps, userId: string, pdf: Uint8Array, filename: string) {
  const { id, expiresAt } = await storeRender(deps, userId, pdf, filename);
  return { url: signedRenderUrl(baseUrl(event, deps), deps.config.secret, id, expiresAt), expires_at: expiresAt };
}

/**
 * The render log row of one API render request: the template once known, the time from the
 * request, and an error's public message (a failure the caller caused; see isLogged).
 */
export function renderLog(deps: AppDeps, auth: { userId: string; keyId: string | null }) {
  const started = performance.now();
  const log = { templateId: null as string | null, templateName: null as string | null };
  const write = (
    status: 'success' | 'error',
    sizeBytes: number | null,
    error: string | null,
    warnings: readonly RenderWarning[] = [],
  ) =>
    deps.logs.insert(auth.userId, {
      ...log,
      apiKeyId: auth.keyId,
      status,
      durationMs: performance.now() - started,
      sizeBytes,
      error,
      warnings,
    });
  return {
    started,
    template(template: { id: string; name: string } | null) {
      if (template) Object.assign(log, { templateId: template.id, templateName: template.name });
    },
    success: (sizeBytes: number, warnings: readonly RenderWarning[]) => write('success', sizeBytes, null, warnings),
    async failure(error: unknown) {
      if (isLogged(error)) await write('error', null, error instanceof ApiError ? error.message : 'Internal error.');
    },
  };
}

/** POST /api/v1/render (API keys of either scope) and POST /api/v1/render/preview (sessions). */
export function registerRenderRoutes(app: H3, deps: AppDeps, service: RenderService): void {
  resource(app, '/api/v1/render', {
    POST: async (event) => {
      const auth = await requireAuth(event, deps, { key: 'any', session: false });
      const raw = await readJson(event, deps.config);
      const log = renderLog(deps, auth);
      try {
        const input = validate(renderRequestSchema, raw);
        const template = await service.resolveTemplate(auth.userId, input);
        log.template(template);
        await service.checkChrome(auth.userId, input);
        const { pdf, warnings } = await service.run(
          await service.buildJob(auth.userId, template, input, input.data ?? {}),
          auth.userId,
        );
        const durationMs = Math.round(performance.now() - log.started);
        const filename = `${template?.slug ?? 'document'}.pdf`;
        const answer =
          input.delivery === 'url'
            ? {
                ...(await storeForUrl(event, deps, auth.userId, pdf, filename)),
                size_bytes: pdf.byteLength,
                duration_ms: durationMs,
                warnings,
              }
            : input.delivery === 'base64'
              ? {
                  pdf_base64: Buffer.from(pdf).toString('base64'),
                  size_bytes: pdf.byteLength,
                  duration_ms: durationMs,
                  warnings,
                }
              : pdfResponse(pdf, filename, warnings);
        await log.success(pdf.byteLength, warnings);
        return answer;
      } catch (error) {
        await log.failure(error);
        throw error;
      }
    },
  });

  resource(app, '/api/v1/render/preview', {
    POST: async (event) => {
      const auth = await requireAuth(event, deps, { key: false, session: true });
      const input = validate(previewRequestSchema, await readJson(event, deps.config));
      const template = await service.resolveTemplate(auth.userId, input);
      await service.checkChrome(auth.userId, input);
      const data = input.data ?? template?.sample_data ?? {};
      const { pdf, warnings } = await service.run(
        await service.buildJob(auth.userId, template, input, data),
        auth.userId,
      );
      return pdfResponse(pdf, `${template?.slug ?? 'document'}.pdf`, warnings);
    },
  });
}
