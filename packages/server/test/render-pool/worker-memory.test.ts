/**
 * What a real render worker keeps after renders of distinct large templates (the load test's
 * abusive tenant, issue 17): Handlebars compiles each template with `new Function`, and V8's
 * compilation cache kept every one of them, source and code, for the life of the worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderJob } from '../../src/render-pool/messages.js';
import { DEFAULT_SEMI_SPACE_MB, createRenderPool, type RenderPool } from '../../src/render-pool/pool.js';

const job = (html: string): RenderJob => ({
  html,
  data: {},
  format: {},
  header: null,
  footer: null,
  firstPage: {},
  lastPage: {},
  blocks: {},
  baseDir: null,
  allowPrivateNetwork: false,
  maxPages: 10,
  maxHtmlBytes: 1e7,
  fontDirs: [],
  maxResources: 16,
  maxResourceBytes: 1 << 20,
  pdf: null,
});
/** A distinct 200,000-character template that renders one short line (the rest is a comment). */
const template = (i: number): string => `<!--${String(i).padStart(200_000, 'x')}--><p>{{n}}</p>`;

let pool: RenderPool;
afterEach(() => pool.close());

describe('render worker memory', () => {
  it(
    'reports its heap, and keeps no compiled template beyond its own bounded cache',
    { timeout: 120_000 },
    async () => {
      // Never recycled here: the same worker throughout.
      pool = createRenderPool({ size: 1, timeoutMs: 60_000, memoryMb: 256, recycleMb: 1024 });
      expect((await pool.run(job(template(0)))).ok).toBe(true);
      const [before] = await pool.memory(true);
      expect(before?.heapSpaces.new_space).toBeGreaterThan(0);
      expect(before?.rss).toBeGreaterThan(before?.heapUsed ?? Infinity);
      for (let i = 1; i <= 80; i++) expect((await pool.run(job(template(i)))).ok).toBe(true);
      const [after] = await pool.memory(true);
      expect(after?.pid).toBe(before?.pid);
      const grown = ((after?.heapUsed ?? 0) - (before?.heapUsed ?? 0)) / 2 ** 20;
      // The template cache keeps 4 Mi characters (about 13 MB); V8's compilation cache kept
      // all 80 besides, another 30 MB.
      expect(grown).toBeLessThan(24);
    },
  );

  // Counted, not timed: the young generation a worker grows to under renders that keep coming
  // (two semi-spaces; V8's default semi-space, 16 MB, gave 32 MB here).
  it('keeps its young generation within two semi-spaces of semiSpaceMb', { timeout: 120_000 }, async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 60_000, memoryMb: 256, recycleMb: 1024 });
    const page = `<table>${'<tr><td>{{n}} row of a table</td><td>12.50</td></tr>'.repeat(300)}</table>`;
    for (let i = 0; i < 3; i++) expect((await pool.run({ ...job(page), data: { n: i } })).ok).toBe(true);
    const [memory] = await pool.memory(false);
    expect(memory?.heapSpaces.new_space).toBeGreaterThan(0);
    expect(memory?.heapSpaces.new_space).toBeLessThanOrEqual(2 * DEFAULT_SEMI_SPACE_MB * 2 ** 20);
  });
});
