/**
 * What the browser tests run against: a real @platen/server on a temp data
 * directory, the built dashboard in front of it, and Debian's Chromium driven
 * by playwright-core. When the server does not serve the dashboard itself,
 * a small node:http front serves dist/ (SPA fallback) and forwards /api with
 * the Host header untouched, so the server's CSRF origin check sees one origin.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { DASHBOARD_CSP, resolveDashboardAsset } from '@platen/dashboard';
import { loadConfig, startServer } from '@platen/server';
import { ensureBuilt } from './ensure-built.js';

export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

function staticFront(apiBase: string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front');
    if (url.pathname.startsWith('/api/')) {
      const upstream = request(apiBase + (req.url ?? '/'), { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    // What the server's mount does too (see packages/dashboard/index.js).
    const asset = resolveDashboardAsset(url.pathname);
    if (!asset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"type":"not_found_error","code":"resource_not_found","message":"Route not found."}}');
      return;
    }
    res.writeHead(200, {
      'content-type': asset.type,
      'cache-control': asset.cacheControl,
      'content-security-policy': DASHBOARD_CSP,
      'x-content-type-options': 'nosniff',
    });
    createReadStream(asset.file).pipe(res);
  });
}

export interface Stack {
  /** Where the browser goes: the server itself, or the static front before it. */
  readonly base: string;
  /** The API server (for calls made by the test with an API key). */
  readonly api: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-dashboard-'));
  const server = await startServer(
    loadConfig({}, { port: 0, host: '127.0.0.1', dataDir, renderWorkers: 1, logRequests: false }),
  );
  const probe = await fetch(`${server.url}/templates`, { headers: { accept: 'text/html' } });
  const servesDashboard = (probe.headers.get('content-type') ?? '').includes('text/html');
  let front: Server | null = null;
  let base = server.url;
  if (!servesDashboard) {
    front = staticFront(server.url);
    await new Promise<void>((r) => front!.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  }
  const browser = await chromium.launch(CHROMIUM);
  return {
    base,
    api: server.url,
    browser,
    async close() {
      await browser.close();
      if (front) {
        front.closeAllConnections();
        await new Promise<void>((r) => front!.close(() => r()));
      }
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
