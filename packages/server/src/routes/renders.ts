import type { H3, H3Event } from 'h3';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { resource } from '../http/resource.js';
import { idParam, pdfResponse } from '../http/respond.js';
import { verify } from '../signing.js';

/** The stored PDF when `token` is our signature over (id, expiry) and neither has expired. */
async function storedPdf(event: H3Event, deps: AppDeps): Promise<Response> {
  const id = idParam(event);
  const [expiry, signature, extra] = (event.url.searchParams.get('token') ?? '').split('.');
  const expires = Number(expiry);
  const valid =
    extra === undefined &&
    signature !== undefined &&
    Number.isSafeInteger(expires) &&
    verify(deps.config.secret, `${id}.${expires}`, signature);
  const render = valid && expires > deps.config.now() ? await deps.renders.get(id) : null;
  if (!render || Date.parse(render.expiresAt) <= deps.config.now()) throw notFound('Render');
  // Streamed from the store as it arrives: a large PDF is never held whole in memory.
  const pdf = await deps.blobs.open(id);
  if (!pdf) throw notFound('Render');
  return pdfResponse(pdf, render.filename);
}

/** GET /api/v1/renders/{id}?token=…: no API key, the token carries its own expiry. */
export function registerRendersRoutes(app: H3, deps: AppDeps): void {
  resource(app, '/api/v1/renders/:id', { GET: async (event) => storedPdf(event, deps) });
}
