import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { FontQuery } from '@platen/layout';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getFontRegistry, parseFont } from '../../src/resources/fonts.js';
import { createMeasurer } from '../../src/text/measurer.js';

const q = (families: string[], weight = 400, style: FontQuery['style'] = 'normal'): FontQuery => ({
  families,
  weight,
  style,
});
const measurer = () => {
  const fonts = getFontRegistry().createFontSet();
  return { fonts, m: createMeasurer(fonts) };
};

describe('metrics for line-height: normal (each part rounded, as Skia/Blink)', () => {
  // Printed with headless Chromium 156 (chromium-render.mjs, absolutely positioned divs with
  // line-height: normal): the baseline sits round(ascent) + ⌊half-leading⌋ below the div top,
  // e.g. Liberation Sans 16px "W6x" yMin 37.137pt = 49.516px, + 0.905em = 64.0px = top 50 + 14;
  // Liberation Serif 16px yMin 127.307pt = 169.742px, + 0.891em = 184.0px = top 170 + 14.
  // No 1px is borrowed from the ascent when the descent rounds down (that Blink hack needs
  // subpixel positioning, which printing does not use).
  it('Arimo (Arial) 16px: 14 + 3 + 1 = 18px, baseline 14px below the line top (measured)', () => {
    const met = measurer().m.metrics(q(['Arial']), 16);
    // 1854/2048*16 = 14.48 → 14, 434/2048*16 = 3.39 → 3, 67/2048*16 = 0.52 → 1
    expect([met.ascent, met.descent, met.lineGap]).toEqual([14, 3, 1]);
    const leading = met.ascent + met.descent + met.lineGap - (met.ascent + met.descent);
    expect(met.ascent + Math.floor(leading / 2)).toBe(14);
  });
  it('Tinos (Times New Roman) 16px: 18px, baseline 14px below the line top (measured)', () => {
    const met = measurer().m.metrics(q(['Times New Roman']), 16);
    // hhea 1825/-443/87 → 14.26→14, 3.46→3, 0.68→1
    expect([met.ascent, met.descent, met.lineGap]).toEqual([14, 3, 1]);
  });
  it('Arimo 17px: the descent rounds up (3.60→4), ascent 15.39→15', () => {
    const met = measurer().m.metrics(q(['Arial']), 17);
    expect([met.ascent, met.descent]).toEqual([15, 4]);
  });
  it('DejaVu Sans 12px: 11.14→11, 2.83→3 (rounded up: no borrowing), gap 0', () => {
    const met = measurer().m.metrics(q(['system-ui']), 12);
    expect([met.ascent, met.descent, met.lineGap]).toEqual([11, 3, 0]);
  });
  it('Arimo 13px rounds each part separately (11.77→12, 2.75→3, 0.43→0)', () => {
    const met = measurer().m.metrics(q(['sans-serif']), 13);
    expect([met.ascent, met.descent, met.lineGap]).toEqual([12, 3, 0]);
  });
});

describe('shaping', () => {
  it('advances are the font advances scaled to px', () => {
    const [run] = measurer().m.shape('H', q(['Arial']), 16);
    // Arimo 'H' advance is 1479/2048 em
    expect(run?.advances[0]).toBeCloseTo((1479 / 2048) * 16, 5);
    expect(run?.fontId).toBe('arimo-400');
  });
  it('measures at the size truncated to 1/64 px, as Chromium on Linux (whole strings measured in Chromium)', () => {
    // 'abc…XYZ0123456789.,' in Arial: Chromium gives 26433/64 px at 11.333px, 34198/64 at
    // 14.667px and 23552/64 at 10.1px (getBoundingClientRect, LayoutUnits rounded up).
    const sample = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,';
    const width = (size: number) =>
      measurer()
        .m.shape(sample, q(['Arial']), size)
        .reduce((w, r) => w + r.width, 0);
    expect(Math.ceil(width(34 / 3) * 64)).toBe(26433);
    expect(Math.ceil(width(44 / 3) * 64)).toBe(34198);
    expect(Math.ceil(width(10.1) * 64)).toBe(23552);
  });
  it('applies kerning (AV narrower than A + V)', () => {
    const { m } = measurer();
    const pair = m.shape('AV', q(['Arial']), 100)[0]?.width ?? 0;
    const single = (m.shape('A', q(['Arial']), 100)[0]?.width ?? 0) + (m.shape('V', q(['Arial']), 100)[0]?.width ?? 0);
    expect(pair).toBeLessThan(single - 1);
  });
  it('adds letter-spacing after every glyph and word-spacing after spaces', () => {
    const { m } = measurer();
    const plain = m.shape('a b', q(['Arial']), 16)[0]?.width ?? 0;
    const spaced = m.shape('a b', q(['Arial']), 16, { letterSpacing: 2, wordSpacing: 5 })[0]?.width ?? 0;
    expect(spaced - plain).toBeCloseTo(3 * 2 + 5, 5);
  });
  it('turns ligatures off when letter-spacing is set', () => {
    const { m } = measurer();
    const lig = m.shape('ffi', q(['DejaVu Serif']), 16)[0];
    const noLig = m.shape('ffi', q(['DejaVu Serif']), 16, { letterSpacing: 1 })[0];
    expect(lig?.glyphIds.length).toBeLessThan(3);
    expect(lig?.glyphText.join('')).toBe('ffi');
    expect(noLig?.glyphIds.length).toBe(3);
  });
  it('resolves families like Chromium on the reference machine', () => {
    const { m } = measurer();
    const id = (families: string[], weight = 400, style: FontQuery['style'] = 'normal') =>
      m.shape('a', q(families, weight, style), 16)[0]?.fontId;
    expect(id([])).toBe('tinos-400');
    expect(id(['Georgia'])).toBe('tinos-400');
    expect(id(['Verdana', 'Geneva', 'sans-serif'])).toBe('arimo-400');
    expect(id(['Courier New'])).toBe('cousine-400');
    expect(id(['monospace'])).toBe('noto-sans-mono-400');
    expect(id(['system-ui'])).toBe('dejavu-sans-400');
    expect(id(['Helvetica'], 600)).toBe('arimo-700');
    expect(id(['Arial'], 500)).toBe('arimo-400');
    expect(id(['Arial'], 400, 'italic')).toBe('arimo-400-italic');
    expect(id(['DejaVu Sans'], 700, 'italic')).toBe('dejavu-sans-700-oblique');
    expect(id(['monospace'], 400, 'italic')).toBe('noto-sans-mono-400+oblique');
    expect(id(['DejaVu Sans'], 100)).toBe('dejavu-sans-200');
  });
});

describe('per-character fallback', () => {
  const text = (runs: readonly { text: string }[]) => runs.map((r) => r.text).join('');
  it.each([
    ['Polish', 'Zażółć gęślą jaźń'],
    ['Greek', 'Καλημέρα κόσμε'],
    ['Cyrillic', 'Съешь же ещё'],
  ])('%s stays in the primary font', (_name, sample) => {
    const runs = measurer().m.shape(sample, q(['Arial']), 16);
    expect(runs.map((r) => r.fontId)).toEqual(['arimo-400']);
    expect(text(runs)).toBe(sample);
    expect(runs[0]?.glyphIds).not.toContain(0);
  });
  it('Arabic falls back to DejaVu Sans, joined (contextual forms) and logical order', () => {
    const sample = 'مرحبا';
    const runs = measurer().m.shape(sample, q(['Arial']), 16, { rtl: true });
    expect(runs.map((r) => r.fontId)).toEqual(['dejavu-sans-400']);
    const run = runs[0];
    expect(run?.glyphIds).not.toContain(0);
    // Joining substitutes presentation forms: the isolated glyph of م differs from its initial form.
    const font = getFontRegistry().families.get('DejaVu Sans')?.[0]?.font;
    expect(run?.glyphIds[0]).not.toBe(font?.glyphForCodePoint(0x0645).id);
    expect(run?.glyphText[0]).toBe('م');
  });
  it('Hebrew is found in Arimo (Liberation Sans has Hebrew)', () => {
    const runs = measurer().m.shape('שלום', q(['Arial']), 16, { rtl: true });
    expect(runs[0]?.glyphIds).not.toContain(0);
    expect(runs[0]?.glyphText.join('')).toBe('שלום');
  });
  it('mixes fonts within one string and never drops characters', () => {
    const sample = 'Price ₹ 5 → ∑ ☃';
    const runs = measurer().m.shape(sample, q(['Times New Roman']), 16);
    expect(text(runs)).toBe(sample);
    expect(runs.flatMap((r) => r.glyphIds)).not.toContain(0);
    expect(new Set(runs.map((r) => r.fontId)).size).toBeGreaterThan(1);
  });
  it("takes CJK from the host's Droid Sans Fallback when installed, else reports it, keeping the text", () => {
    const { m, fonts } = measurer();
    const runs = m.shape('漢字', q(['Arial']), 16);
    expect(text(runs)).toBe('漢字');
    if (existsSync('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf')) {
      expect(runs.map((r) => r.fontId)).toEqual(['droid-sans-fallback-400']);
      expect(runs[0]?.glyphIds).not.toContain(0);
      expect(fonts.diagnostics).toEqual([]);
    } else {
      expect(fonts.diagnostics.map((d) => d.code)).toContain('missing_glyph');
    }
  });
});

describe('characters no font has', () => {
  it("draws them as the primary font's .notdef, as Chromium does, and reports them", () => {
    const { m, fonts } = measurer();
    const runs = m.shape('a\u{10FFFD}b', q(['DejaVu Sans Mono']), 10); // a private-use character
    expect(runs.map((r) => r.text).join('')).toBe('a\u{10FFFD}b');
    expect(new Set(runs.map((r) => r.fontId)).size).toBe(1);
    expect(runs[0]?.glyphIds[1]).toBe(0);
    expect(runs[0]?.advances[1]).toBeCloseTo(6.02, 1); // DejaVu Sans Mono's .notdef: 1233/2048 em
    expect(fonts.diagnostics.map((d) => d.code)).toEqual(['missing_glyph']);
  });
});

describe('invisible characters', () => {
  it('drops control characters and soft hyphens instead of drawing .notdef', () => {
    const { m } = measurer();
    const runs = m.shape('a\tb\u00adc\nd', q(['Arial']), 16);
    const glyphs = runs.flatMap((r) => r.glyphIds);
    expect(glyphs).toHaveLength(4);
    expect(glyphs).not.toContain(0);
    expect(runs.flatMap((r) => r.glyphText).join('')).toBe('abcd');
  });
});

describe('glyph text', () => {
  it('stays right for a glyph first created by id alone, as the PDF subsetter does for components', () => {
    const bytes = readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf'));
    // The glyph id of "s", from a separate (uncached) parse, so the font under test stays untouched.
    const sId = parseFont(bytes).glyphForCodePoint(0x73).id;
    const fonts = getFontRegistry().createFontSet();
    fonts.addFace({ family: 'Fresh' }, bytes);
    const font = fonts.primary(q(['Fresh'])).face.font;
    font.getGlyph(sId);
    const runs = createMeasurer(fonts).shape('ffi st', q(['Fresh']), 16);
    expect(runs.flatMap((r) => r.glyphText).join('')).toBe('ffi st');
    expect(font.glyphForCodePoint(0x73).codePoints).toEqual([0x73]);
  });
});

describe('glyph sources', () => {
  it('gives each glyph its own character even when glyphs are shared (.notdef, space/no-break space)', () => {
    const runs = measurer().m.shape('a\u00a0b c', q(['Arial']), 16);
    expect(runs.flatMap((r) => r.glyphText)).toEqual(['a', '\u00a0', 'b', ' ', 'c']);
    const missing = measurer().m.shape('한국', q(['Arial']), 16);
    expect(missing.flatMap((r) => r.glyphText)).toEqual(['한', '국']);
  });
  it("draws a base and its combining marks as the font's composed glyph, as HarfBuzz does, keeping the decomposed text", () => {
    const { m } = measurer();
    const decomposed = 'Tie\u0302\u0301ng cafe\u0301';
    const runs = m.shape(decomposed, q(['DejaVu Sans']), 16);
    const composed = m.shape(decomposed.normalize('NFC'), q(['DejaVu Sans']), 16);
    expect(runs.flatMap((r) => r.glyphIds)).toEqual(composed.flatMap((r) => r.glyphIds));
    expect(runs.flatMap((r) => r.glyphText)).toEqual([
      'T',
      'i',
      'e\u0302\u0301',
      'n',
      'g',
      ' ',
      'c',
      'a',
      'f',
      'e\u0301',
    ]);
    // No composed form in the font: base and mark stay two glyphs.
    expect(m.shape('n\u0308', q(['DejaVu Sans']), 16).flatMap((r) => r.glyphText)).toEqual(['n', '\u0308']);
  });
});

describe('synthetic small caps', () => {
  it('draws lower case as capitals at 70 % rounded to whole px, keeping the lower-case text (Chromium: 19pt → 18px)', () => {
    const runs = measurer().m.shape('River', q(['Arial']), (19 * 4) / 3, { smallCaps: true });
    expect(runs.map((r) => [r.text, r.size])).toEqual([
      ['R', (19 * 4) / 3],
      ['iver', 18],
    ]);
    expect(runs[1]?.glyphText).toEqual(['i', 'v', 'e', 'r']);
    const upper = measurer().m.shape('IVER', q(['Arial']), 18);
    expect(runs[1]?.glyphIds).toEqual(upper[0]?.glyphIds);
  });
});
