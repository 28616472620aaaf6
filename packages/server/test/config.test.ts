import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('reads PLATEN_* variables, applies overrides and persists a generated secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-config-'));
    try {
      const env = {
        PLATEN_DATA_DIR: dir,
        PLATEN_PORT: '8080',
        PLATEN_SIGNUP: 'closed',
        PLATEN_RATE_LIMIT: '60',
        PLATEN_PUBLIC_URL: 'https://x.example/',
      };
      const config = loadConfig(env, { host: '0.0.0.0' });
      expect(config).toMatchObject({
        port: 8080,
        host: '0.0.0.0',
        dataDir: dir,
        signup: 'closed',
        rateLimitPerMinute: 60,
        rateLimitBurst: 60,
        publicUrl: 'https://x.example',
        maxBodyBytes: 10 * 1024 * 1024,
        renderTimeoutMs: 30_000,
        maxPages: 2000,
      });
      expect(config.secret).toBe(readFileSync(join(dir, 'secret'), 'utf8').trim());
      expect(loadConfig(env).secret).toBe(config.secret);
      expect(loadConfig({ ...env, PLATEN_SECRET: 'a-configured-secret-value' }).secret).toBe(
        'a-configured-secret-value',
      );
      expect(config.fontDirs).toEqual([]);
      expect(loadConfig({ ...env, PLATEN_FONT_DIRS: `/srv/fonts${delimiter}brand` }).fontDirs).toEqual([
        '/srv/fonts',
        resolve('brand'),
      ]);
      expect(() => loadConfig({ ...env, PLATEN_PORT: 'eighty' })).toThrow(/PLATEN_PORT/);
      expect(() => loadConfig({ ...env, PLATEN_SIGNUP: 'maybe' })).toThrow(/PLATEN_SIGNUP/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
