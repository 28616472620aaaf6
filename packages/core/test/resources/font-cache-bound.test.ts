/**
 * Issue 17, item 5: no huge buffers in caches. The parsed-font cache keeps fonts of at most
 * 8 MiB (file or declared tables); a larger one is parsed for its render and not kept, so the
 * cache holds at most 64 × 8 MiB whatever past renders sent.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseFontCached } from '../../src/resources/font-data.js';

const require = createRequire(import.meta.url);
const dejaVu = () => new Uint8Array(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf')));

describe('parsed-font cache', () => {
  it('keeps a font of at most 8 MiB, and not a larger one', () => {
    // Control: the same bytes in another object come back from the cache (by content).
    const small = dejaVu();
    expect(parseFontCached(dejaVu())).toBe(parseFontCached(small));
    // The same font followed by 8 MiB of padding still parses, but each call parses it anew.
    const padded = new Uint8Array(small.byteLength + 8 * 1024 * 1024);
    padded.set(small);
    const first = parseFontCached(padded);
    expect(first.unitsPerEm).toBe(parseFontCached(small).unitsPerEm);
    expect(parseFontCached(padded)).not.toBe(first);
  });
});
