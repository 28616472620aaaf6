// Plain JS on purpose: the server imports this without a build step.
import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the built dashboard (index.html + assets/), produced by `npm run build -w @platen/dashboard`. */
export const dashboardDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Content-Security-Policy for the dashboard's pages: everything from the server
 * itself. CodeMirror injects its styles at run time (hence 'unsafe-inline' for
 * styles only); pdf.js runs its worker from /assets and draws into canvases.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Which file answers a GET for `pathname` (as received, percent-encoded):
 * a built asset, or index.html for any other non-API path (the app routes
 * itself: /templates/tmpl_…). Null for /api paths, missing files under
 * /assets (a stale hashed name must 404, not receive HTML), paths that would
 * leave the build directory, and when the dashboard was not built.
 */
export function resolveDashboardAsset(pathname) {
  if (pathname === '/api' || pathname.startsWith('/api/')) return null;
  const root = resolve(dashboardDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (file !== root && !file.startsWith(root + sep)) return null;
  if (file !== index && isFile(file)) {
    // Vite puts a content hash in every name under assets/: safe to cache for good.
    const hashed = file.startsWith(join(root, 'assets') + sep);
    return {
      file,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
  }
  if (decoded.startsWith('/assets/')) return null;
  return { file: index, type: TYPES['.html'], cacheControl: 'no-cache' };
}
