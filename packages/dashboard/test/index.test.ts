import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CSP, dashboardDir, resolveDashboardAsset } from '../index.js';
import { ensureBuilt } from '../../../test/dashboard/ensure-built.js';

describe('resolveDashboardAsset', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  const index = () => join(dashboardDir, 'index.html');

  it('answers index.html for the root and for app routes (SPA fallback)', () => {
    for (const path of ['/', '/templates', '/templates/tmpl_01J', '/logs?x=1'.split('?')[0]!]) {
      expect(resolveDashboardAsset(path)).toEqual({
        file: index(),
        type: 'text/html; charset=utf-8',
        cacheControl: 'no-cache',
      });
    }
  });

  it('serves hashed assets with a long cache and their MIME type', () => {
    const js = readdirSync(join(dashboardDir, 'assets')).find((f) => f.endsWith('.js'));
    expect(js).toBeDefined();
    expect(resolveDashboardAsset(`/assets/${js}`)).toEqual({
      file: join(dashboardDir, 'assets', js!),
      type: 'text/javascript; charset=utf-8',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('leaves /api to the server and 404s missing assets instead of answering HTML', () => {
    expect(resolveDashboardAsset('/api')).toBeNull();
    expect(resolveDashboardAsset('/api/v1/nope')).toBeNull();
    expect(resolveDashboardAsset('/assets/index-OLDHASH.js')).toBeNull();
  });

  it('never leaves the build directory', () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/index.js',
      '/..%2findex.js',
      '/assets/..%2f..%2fpackage.json',
      '/%E0%A4%A',
    ]) {
      const asset = resolveDashboardAsset(path);
      if (asset) expect(asset.file.startsWith(dashboardDir)).toBe(true);
    }
    expect(resolveDashboardAsset('/..%2fpackage.json')).toBeNull();
  });

  it('has a same-origin content security policy', () => {
    expect(DASHBOARD_CSP).toContain("default-src 'self'");
    expect(DASHBOARD_CSP).toContain("frame-ancestors 'none'");
    expect(DASHBOARD_CSP).not.toMatch(/unsafe-eval|https?:/);
  });
});
