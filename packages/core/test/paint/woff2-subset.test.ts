import { describe, expect, it } from 'vitest';
import { create, type Font } from 'fontkit';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { reencodeWoff2Glyphs, type TtfSubsetInternals } from '../../src/paint/woff2-subset.js';

describe('re-encoded subset glyphs (WOFF2 path)', () => {
  it('writes outlines that read back with the same bounds, composites flattened', () => {
    const font = getFontRegistry().families.get('DejaVu Sans')?.[0]?.font as Font;
    const subset = font.createSubset();
    reencodeWoff2Glyphs(subset as unknown as TtfSubsetInternals);
    const source = ['o', 'À', 'é', ' '].map((ch) => font.glyphForCodePoint(ch.codePointAt(0) ?? 0));
    const ids = source.map((g) => subset.includeGlyph(g.id));
    const out = create(subset.encode()) as Font;
    source.forEach((g, i) => {
      const copy = out.getGlyph(ids[i] ?? 0);
      expect(copy.advanceWidth).toBe(g.advanceWidth);
      if (i === 3) return; // the space has no outline (and an infinite empty bbox)
      for (const k of ['minX', 'minY', 'maxX', 'maxY'] as const) {
        expect(Math.abs(copy.bbox[k] - g.bbox[k])).toBeLessThanOrEqual(1);
      }
    });
  });
});
