/**
 * The shaping cache is bounded by glyphs, not only by runs: 4,000 runs per font were kept
 * whatever their length, so distinct 60,000-letter words (the load test's abusive tenant)
 * each kept about 2 MB in a render worker, render after render, until it ran out of memory.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { shapeText } from '../../src/text/shaper.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('shaping cache', () => {
  it('distinct long words do not accumulate', () => {
    const face = getFontRegistry().families.get('DejaVu Sans')?.[0];
    if (!face) throw new Error('no DejaVu Sans');
    let seed = 7;
    const letters = (n: number): string =>
      Array.from({ length: n }, () => String.fromCharCode(97 + ((seed = (seed * 16807) % 2147483647) % 26))).join('');
    const shape = (text: string) => shapeText(face, { text, rtl: false, ligatures: true, lang: '' });
    // The first long run grows fontkit's own state once (about 40 MB, then flat).
    shape(letters(100_000));
    gc();
    const before = process.memoryUsage().heapUsed;
    // 1.2 million glyphs: about 40 MB if all were kept (the bound keeps about 15 MB).
    for (let i = 0; i < 12; i++) shape(letters(100_000));
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    expect(grown).toBeLessThan(22);
    // Short runs are still cached: the same object comes back.
    const word = letters(12);
    expect(shape(word)).toBe(shape(word));
  }, 120_000);
});
