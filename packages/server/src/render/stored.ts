import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import { sign } from '../signing.js';

/** Answers DECISIONS.md says get a log row; 401/403/413/415/429 and body-parsing errors get none. */
const LOGGED_CODES = new Set([
  'missing_parameter',
  'invalid_parameter',
  'template_syntax_error',
  'missing_template',
  'document_too_large',
]);
export const isLogged = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || LOGGED_CODES.has(error.code);

/** Keep a PDF for `delivery: "url"` (and async jobs) until the signed-URL lifetime ends. */
export async function storeRender(
  deps: AppDeps,
  userId: string,
  pdf: Uint8Array,
  filename: string,
): Promise<{ id: string; expiresAt: string }> {
  const id = newId('render');
  const expiresAt = new Date(deps.config.now() + deps.config.signedUrlTtlSeconds * 1000).toISOString();
  // Row first: a file never exists without its row, so the orphan sweep cannot race a render in progress.
  await deps.renders.insert({ id, userId, sizeBytes: pdf.byteLength, filename, expiresAt });
  await deps.blobs.put(id, pdf);
  return { id, expiresAt };
}

/** The signed link of a stored render, under `base` (PLATEN_PUBLIC_URL or the request's origin). */
export function signedRenderUrl(base: string, secret: string, id: string, expiresAt: string): string {
  const expires = Date.parse(expiresAt);
  return `${base}/api/v1/renders/${id}?token=${expires}.${sign(secret, `${id}.${expires}`)}`;
}
