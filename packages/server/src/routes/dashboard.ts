import { readFile } from 'node:fs/promises';
import type { H3 } from 'h3';
import { DASHBOARD_CSP, resolveDashboardAsset } from '@platen/dashboard';
import { notFound } from '../errors.js';

/**
 * The web dashboard's static files at `/` (index.html for any other non-API path, so the
 * single-page app can route). Registered after the API routes; /api paths never resolve here.
 * Security headers per issue 10: CSP with frame-ancestors 'none', nosniff.
 */
export function registerDashboardRoutes(app: H3): void {
  app.get('/**', async (event) => {
    const asset = resolveDashboardAsset(event.url.pathname);
    if (!asset) throw notFound('Route');
    return new Response(await readFile(asset.file), {
      headers: {
        'content-type': asset.type,
        'cache-control': asset.cacheControl,
        'content-security-policy': DASHBOARD_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
      },
    });
  });
}
