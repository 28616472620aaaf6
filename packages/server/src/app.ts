import { H3, type H3Event } from 'h3';
import type { AppDeps } from './deps.js';
import { ApiError, badRequest, toErrorResponse } from './errors.js';
import { requestState, startRequest } from './http/request-state.js';
import { resource } from './http/resource.js';
import { buildOpenApiDocument } from './openapi.js';
import { createRenderService, type RenderService } from './render/render-service.js';
import { registerApiKeyRoutes } from './routes/api-keys.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerComponentRoutes } from './routes/components.js';
import { registerDashboardRoutes } from './routes/dashboard.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerLogRoutes } from './routes/logs.js';
import { registerRenderRoutes } from './routes/render.js';
import { registerRendersRoutes } from './routes/renders.js';
import { registerRenderJobRoutes } from './routes/render-jobs.js';
import { registerTemplateRoutes } from './routes/templates.js';

function onError(error: unknown, event: H3Event, deps: AppDeps): Response {
  const cause = error instanceof Error && !(error instanceof ApiError) && 'cause' in error ? error.cause : undefined;
  const { status, body, headers } = toErrorResponse(cause instanceof ApiError ? cause : error);
  if (status >= 500 && !(error instanceof ApiError)) {
    const err = cause instanceof Error ? cause : error instanceof Error ? error : new Error(String(error));
    deps.logger.error('unhandled error', {
      method: event.req.method,
      path: event.url.pathname,
      error: err.message,
      stack: err.stack,
    });
  }
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * The request URL is built from the Host header when a route first reads it (CSRF origin,
 * signed URLs, OpenAPI servers); a Host that is no valid host name (`xn--`) made that a 500.
 */
function checkHost(event: H3Event): void {
  try {
    void event.url.origin;
  } catch {
    throw badRequest('The Host header is not a valid host name.');
  }
}

/** One JSON line per request: method, path (no query: tokens live there), status, duration, key ID. */
function logRequest(response: Response, event: H3Event, deps: AppDeps): void {
  const state = requestState(event);
  deps.logger.request({
    time: new Date().toISOString(),
    method: event.req.method,
    path: event.url.pathname,
    status: response.status,
    duration_ms: state ? Math.round((performance.now() - state.startedAt) * 10) / 10 : 0,
    key_id: state?.keyId ?? null,
    user_id: state?.userId ?? null,
  });
}

/** The h3 app: every route of SPEC.md + DECISIONS.md, one error handler, access logging. */
export function createApp(
  deps: AppDeps,
  service: RenderService = createRenderService(deps),
  draining: () => boolean = () => false,
): H3 {
  const app = new H3({
    silent: true,
    onRequest: (event) => {
      startRequest(event);
      checkHost(event);
    },
    onResponse: (response, event) => logRequest(response, event, deps),
    onError: (error, event) => onError(error, event, deps),
  });
  registerRenderRoutes(app, deps, service);
  registerRendersRoutes(app, deps);
  registerRenderJobRoutes(app, deps, service);
  registerTemplateRoutes(app, deps, service);
  registerComponentRoutes(app, deps);
  registerLogRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerAuthRoutes(app, deps);
  resource(app, '/api/v1/openapi.json', {
    GET: (event) => buildOpenApiDocument(deps.config.publicUrl ?? event.url.origin),
  });
  registerHealthRoutes(app, deps, draining);
  registerDashboardRoutes(app);
  return app;
}
