/**
 * Issue 19: what the layout ShapeCache may share between renders (ShapingEnvironment): equal
 * font environment keys for renders with the same fonts, stable @font-face font ids, and runs
 * that depended on more than the fonts (a missing character, a face outside the chain) kept
 * to their render.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FontQuery } from '@platen/layout';
import { getFontRegistry, type FontSet } from '../../src/resources/fonts.js';
import { createMeasurer } from '../../src/text/measurer.js';

const require = createRequire(import.meta.url);
const fontBytes = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
const condensed = fontBytes('DejaVuSansCondensed.ttf');
const query: FontQuery = { families: ['Corpus Sans'], weight: 400, style: 'normal' };

function renderFonts(...bytes: Uint8Array[]): FontSet {
  const fonts = getFontRegistry().createFontSet();
  for (const b of bytes) fonts.addFace({ family: 'Corpus Sans' }, b);
  return fonts;
}

describe('shaping environment', () => {
  it('renders with the same fonts (by content) have one key and the same font ids', () => {
    const a = renderFonts(condensed);
    const b = renderFonts(new Uint8Array(condensed));
    expect(a.environmentKey()).not.toBeNull();
    expect(b.environmentKey()).toBe(a.environmentKey());
    const [runA] = createMeasurer(a).shape('Invoice', query, 16);
    const [runB] = createMeasurer(b).shape('Invoice', query, 16);
    expect(runB?.fontId).toBe(runA?.fontId);
    expect(b.byId(runA!.fontId)?.face.font).toBe(a.byId(runA!.fontId)?.face.font);
  });

  it('other fonts, or none, give other keys', () => {
    const keys = [
      renderFonts(),
      renderFonts(condensed),
      renderFonts(fontBytes('DejaVuSansMono.ttf')),
      renderFonts(condensed, fontBytes('DejaVuSansMono.ttf')),
    ].map((f) => f.environmentKey());
    expect(new Set(keys).size).toBe(4);
  });

  it('runs of the chain are shareable; a missing character or an emoji fallback is not', () => {
    const fonts = renderFonts(condensed);
    const m = createMeasurer(fonts);
    const env = m.environment!;
    expect(env.shareable(m.shape('Invoice 42', query, 16))).toBe(true);
    // No bundled face has U+E000 (private use): drawn as .notdef with a warning, per render.
    expect(env.shareable(m.shape('a\ue000', query, 16))).toBe(false);
    expect(fonts.diagnostics.some((d) => d.code === 'missing_glyph')).toBe(true);
    // The colour emoji font is outside every family chain.
    expect(env.shareable(m.shape('\u{1F600}', query, 16))).toBe(false);
  });

  it('adopting a query makes its faces known to the painter without shaping', () => {
    const first = renderFonts(condensed);
    const [run] = createMeasurer(first).shape('Invoice', query, 16);
    const second = renderFonts(condensed);
    expect(second.byId(run!.fontId)).toBeUndefined();
    createMeasurer(second).environment!.adopt(query);
    expect(second.byId(run!.fontId)?.face.font).toBe(first.byId(run!.fontId)?.face.font);
  });
});
