import type { Font } from 'fontkit';
import type { FontMetrics } from '@platen/layout';

/** Per-font vertical metrics in font units, read once. */
interface UnitMetrics {
  readonly upem: number;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  /** No OS/2 sxHeight: xHeight is the top of the 'x' glyph, which FreeType hints to the pixel grid. */
  readonly xHeightFromGlyph: boolean;
  readonly capHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  /** OS/2 xAvgCharWidth (0 without an OS/2 table) and the head bounding box width. */
  readonly avgCharWidth: number;
  readonly maxCharWidth: number;
}

/**
 * xAvgCharWidth and head bounding box width of the Liberation 2.1 faces the bundled Arimo and
 * Tinos stand in for (bundled-fonts.ts): their advances are the same, but Arimo and Tinos have
 * more glyphs, so a wider bounding box and another average, and Chromium sizes text inputs
 * from Liberation's (text field widths, boxes/form-controls.ts in @platen/layout).
 */
const STAND_IN_WIDTHS: ReadonlyMap<string, readonly [number, number]> = new Map([
  ['Arimo-Regular', [1187, 3780]],
  ['Arimo-Bold', [1248, 3658]],
  ['Arimo-Italic', [1185, 4147]],
  ['Arimo-BoldItalic', [1249, 3757]],
  ['Tinos-Regular', [1124, 3732]],
  ['Tinos-Bold', [1180, 3867]],
  ['Tinos-Italic', [1098, 3749]],
  ['Tinos-BoldItalic', [1141, 3792]],
]);

const unitCache = new WeakMap<Font, UnitMetrics>();

function glyphTop(font: Font, codePoint: number, fallback: number): number {
  if (!font.hasGlyphForCodePoint(codePoint)) return fallback;
  const top = font.glyphForCodePoint(codePoint).bbox.maxY;
  return Number.isFinite(top) && top > 0 ? top : fallback;
}

/**
 * Skia's FreeType backend (SkFontHost_FreeType::generateFontMetrics): OS/2 typo metrics
 * when fsSelection.USE_TYPO_METRICS is set, else FreeType's face ascender/descender/height,
 * which come from hhea. x-height and cap height from OS/2, else the 'x'/'H' glyph bounds.
 */
function unitMetrics(font: Font): UnitMetrics {
  const cached = unitCache.get(font);
  if (cached) return cached;
  const os2 = font['OS/2'];
  const typo = os2 !== undefined && os2.fsSelection.useTypoMetrics;
  const ascent = typo ? os2.typoAscender : font.hhea.ascent;
  const descent = -(typo ? os2.typoDescender : font.hhea.descent);
  const lineGap = typo ? os2.typoLineGap : font.hhea.lineGap;
  const upem = font.unitsPerEm;
  const sxHeight = os2?.xHeight ?? 0;
  const xHeightFromGlyph = !(sxHeight > 0);
  const xHeight = xHeightFromGlyph ? glyphTop(font, 0x78, upem / 2) : sxHeight;
  const capHeight = os2?.capHeight && os2.capHeight > 0 ? os2.capHeight : glyphTop(font, 0x48, upem * 0.7);
  const thickness = font.underlineThickness > 0 ? font.underlineThickness : upem / 14;
  const standIn = STAND_IN_WIDTHS.get(font.postscriptName);
  const metrics: UnitMetrics = {
    avgCharWidth: standIn?.[0] ?? os2?.xAvgCharWidth ?? 0,
    maxCharWidth: standIn?.[1] ?? font.head.xMax - font.head.xMin,
    upem,
    ascent,
    descent,
    lineGap,
    xHeight,
    xHeightFromGlyph,
    capHeight,
    // post.underlinePosition is the top of the stroke; FreeType reports its centre.
    underlinePosition: -(font.underlinePosition - thickness / 2),
    underlineThickness: thickness,
  };
  unitCache.set(font, metrics);
  return metrics;
}

/**
 * Ascent and descent (positive, below the baseline) in PDF glyph space (1/1000 em), the
 * metrics above: Skia writes them as the font descriptor's /Ascent and /Descent (PDF 32000-1
 * §9.8.1), which text extraction and selection take for each glyph's box.
 */
export function pdfAscentDescent(font: Font): { readonly ascent: number; readonly descent: number } {
  const u = unitMetrics(font);
  return { ascent: (u.ascent * 1000) / u.upem, descent: (u.descent * 1000) / u.upem };
}

/**
 * Metrics at `size` px as Blink computes them for `line-height: normal` on Linux
 * (FontMetrics::AscentDescentWithHacks, SimpleFontData::PlatformInit): ascent, descent and
 * line gap are each rounded to whole px (SkScalarRoundToScalar), so the normal line height
 * is round(ascent) + round(descent) + round(lineGap).
 *
 * Blink's "descent rounded down borrows 1px from the ascent" hack applies only with subpixel
 * positioning, which headless Chromium's printing does not use: printed with the local
 * Chromium, Arimo/Tinos/Cousine/DejaVu Sans at 10–30px put the baseline at
 * round(ascent) below the content top in every case (e.g. Arimo 16px: 14, not 13;
 * test/text/measurer.test.ts pins the measured cases).
 */
export function fontMetrics(font: Font, size: number): FontMetrics {
  let bySize = scaledCache.get(font);
  if (!bySize) scaledCache.set(font, (bySize = new Map()));
  let metrics = bySize.get(size);
  if (!metrics) {
    metrics = scaledMetrics(font, size);
    // A few sizes per document; a runaway (every size a template computes) just stops caching.
    if (bySize.size < SIZES_PER_FONT) bySize.set(size, metrics);
  }
  return metrics;
}

/**
 * fontMetrics per (parsed font, size) for the process: every glyph run carries its font's
 * metrics, and a long table made a new object per run. A pure function of immutable inputs.
 */
const scaledCache = new WeakMap<Font, Map<number, FontMetrics>>();
const SIZES_PER_FONT = 256;

function scaledMetrics(font: Font, size: number): FontMetrics {
  const u = unitMetrics(font);
  const scale = size / u.upem;
  const ascent = Math.round(u.ascent * scale);
  const descent = Math.round(u.descent * scale);
  return {
    ascent,
    descent,
    lineGap: Math.round(u.lineGap * scale),
    // Skia measures the 'x' glyph's outline as loaded, hinted: DejaVu Sans (OS/2 version 1) at
    // 14px has an x-height of 8px in Chromium's prints (its `ex`), not 7.66.
    xHeight: u.xHeightFromGlyph ? Math.round(u.xHeight * scale) : u.xHeight * scale,
    capHeight: u.capHeight * scale,
    underlineOffset: u.underlinePosition * scale,
    underlineThickness: u.underlineThickness * scale,
    ...(u.avgCharWidth > 0 ? { avgCharWidth: u.avgCharWidth * scale } : {}),
    maxCharWidth: u.maxCharWidth * scale,
  };
}
