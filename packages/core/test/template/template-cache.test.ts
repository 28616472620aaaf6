/**
 * The compiled-template cache is bounded by source length, not only by its 200 entries: an
 * entry holds about 3.2 bytes of heap per source character, and a tenant whose every render
 * is a distinct large template (600 images with fresh URLs, a new 60,000-letter word: the
 * load test's abusive tenant, issue 17) kept 200 of them in a render worker.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { expandTemplate } from '../../src/template/expand.js';

setFlagsFromString('--expose-gc');
// V8's own cache of compiled `new Function` sources keeps every template too; render workers
// run without it (server/src/render-pool/pool.ts), and so does this test, to see ours alone.
setFlagsFromString('--no-compilation-cache');
const gc = runInNewContext('gc') as () => void;

describe('compiled-template cache', () => {
  it('distinct large templates do not accumulate', () => {
    const template = (i: number): string => `<p>${String(i).padStart(100_000, 'x')}</p>`;
    expandTemplate(template(0), {});
    gc();
    const before = process.memoryUsage().heapUsed;
    // 200 templates of 100,000 characters: about 64 MB if all were kept (the bound keeps 13).
    for (let i = 1; i <= 200; i++) expect(expandTemplate(template(i), {})).toBe(template(i));
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    expect(grown).toBeLessThan(24);
  }, 120_000);
});
