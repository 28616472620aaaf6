import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { htmlToText, previewOf } from '../../src/html-text.js';
import { jsonDepth } from '../../src/http/read-body.js';
import { newId } from '../../src/ids.js';
import { blockIds } from '../../src/render/render-service.js';
import { openValue, sealValue } from '../../src/signing.js';
import { slugify } from '../../src/store/templates.js';

describe('slugify', () => {
  it.each([
    ['Invoice 2024', 'invoice-2024'],
    ['  Crème brûlée — menu ', 'creme-brulee-menu'],
    ['a__b--c', 'a-b-c'],
    ['日本語', 'template'],
    ['', 'template'],
    ['Ünïcödé', 'unicode'],
  ])('%j → %j', (name, slug) => expect(slugify(name)).toBe(slug));
});

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[1,{"b":2}]}', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['["\\"[[["]', 1],
  ])('%s has depth %i', (text, depth) => expect(jsonDepth(text)).toBe(depth));
});

describe('htmlToText', () => {
  it('keeps visible text, drops tags, styles and scripts, decodes entities', () => {
    expect(htmlToText('<style>p{}</style><h1>Title</h1><p>A &amp; B&nbsp;&#169; {{x}}</p><script>1</script>line<br>two')).toBe('Title\nA & B © {{x}}\nline\ntwo');
    expect(previewOf('<p>' + 'word '.repeat(100) + '</p>')).toHaveLength(200);
  });
});

describe('ids', () => {
  it('are prefixed, 26 base32 characters, and sort by creation', () => {
    const ids = Array.from({ length: 500 }, () => newId('log'));
    expect(ids.every((id) => /^log_[0-9a-hjkmnp-tv-z]{26}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
  });
});

describe('sealed values', () => {
  it('round-trip and refuse tampering or another purpose', () => {
    const sealed = sealValue('secret-secret-secret', 'logs', 'log_01');
    expect(openValue('secret-secret-secret', 'logs', sealed)).toBe('log_01');
    expect(openValue('secret-secret-secret', 'other', sealed)).toBe(null);
    expect(openValue('another-secret-xx', 'logs', sealed)).toBe(null);
    expect(openValue('secret-secret-secret', 'logs', sealed + 'x')).toBe(null);
  });
});

describe('blockIds', () => {
  it('finds svc-block IDs in any quoting', () => {
    expect(blockIds('<svc-block id="comp_a"></svc-block><svc-block class=x id=\'comp_b\'/><svc-block id=comp_c>', null)).toEqual(['comp_a', 'comp_b', 'comp_c']);
  });
});

describe('loadConfig', () => {
  it('reads PLATEN_* variables, applies overrides and persists a generated secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-config-'));
    try {
      const env = { PLATEN_DATA_DIR: dir, PLATEN_PORT: '8080', PLATEN_SIGNUP: 'closed', PLATEN_RATE_LIMIT: '60', PLATEN_PUBLIC_URL: 'https://x.example/' };
      const config = loadConfig(env, { host: '0.0.0.0' });
      expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: dir, signup: 'closed', rateLimitPerMinute: 60, rateLimitBurst: 60, publicUrl: 'https://x.example', maxBodyBytes: 10 * 1024 * 1024, renderTimeoutMs: 30_000, maxPages: 2000 });
      expect(config.secret).toBe(readFileSync(join(dir, 'secret'), 'utf8').trim());
      expect(loadConfig(env).secret).toBe(config.secret);
      expect(loadConfig({ ...env, PLATEN_SECRET: 'a-configured-secret-value' }).secret).toBe('a-configured-secret-value');
      expect(() => loadConfig({ ...env, PLATEN_PORT: 'eighty' })).toThrow(/PLATEN_PORT/);
      expect(() => loadConfig({ ...env, PLATEN_SIGNUP: 'maybe' })).toThrow(/PLATEN_SIGNUP/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
