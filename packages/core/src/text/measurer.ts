import type { FontMetrics, FontQuery, GlyphRun, Measurer, ShapeOptions } from '@platen/layout';
import type { FontSet, ResolvedFace } from '../resources/fonts.js';
import { fontMetrics } from './font-metrics.js';
import { shapeText } from './shaper.js';

interface Segment {
  readonly resolved: ResolvedFace;
  readonly text: string;
  /**
   * Synthetic small caps: lower-case text drawn as capitals at 70 % (CSS Fonts 4 §6.4), the
   * size rounded to whole px as Chromium's scaled font data does (lroundf): 25.33px → 18px.
   */
  readonly smallCaps: boolean;
}

/** Marks, joiners and variation selectors stay in the font of the character they attach to. */
const CLUSTER_CONTINUATION = /^[\p{M}\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
const SMALL_CAPS_SCALE = 0.7;
/** Characters that take word-spacing (CSS Text 3 §8.1 word-separator characters). */
const WORD_SEPARATORS = new Set([' ', '\u00a0', '\u1361', '\u{10100}', '\u{10101}', '\u{1039f}', '\u{1091f}']);

function isLowerCase(ch: string): boolean {
  return ch !== ch.toUpperCase();
}

/**
 * Split text where the font changes: each character takes the first face of the query's
 * chain that has it (Chromium's per-character fallback), so nothing is ever dropped.
 */
function segment(fonts: FontSet, text: string, query: FontQuery, smallCaps: boolean): Segment[] {
  const segments: Segment[] = [];
  let current: { resolved: ResolvedFace; text: string; smallCaps: boolean } | undefined;
  const faceFor = fonts.faceLookup(query);
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // Marks, joiners and selectors are all at U+0300 or above: skip the regex for the rest.
    let resolved = current && cp >= 0x300 && CLUSTER_CONTINUATION.test(ch) && current.resolved.face.font.hasGlyphForCodePoint(cp)
      ? current.resolved
      : faceFor(cp);
    if (!resolved) {
      // Chromium draws a character no font has as the primary font's .notdef (measured:
      // Hangul on a host without a Korean font prints DejaVu Sans boxes, 0.6 em wide).
      resolved = fonts.primary(query);
      if (cp > 0x20) reportMissing(fonts, cp);
    }
    const caps = smallCaps && isLowerCase(ch);
    if (current && current.resolved === resolved && current.smallCaps === caps) {
      current.text += ch;
    } else {
      current = { resolved, text: ch, smallCaps: caps };
      segments.push(current);
    }
  }
  return segments;
}

const reported = new WeakMap<FontSet, Set<number>>();
function reportMissing(fonts: FontSet, cp: number): void {
  const seen = reported.get(fonts) ?? new Set<number>();
  reported.set(fonts, seen);
  if (seen.has(cp)) return;
  seen.add(cp);
  fonts.diagnostics.push({
    severity: 'warning', code: 'missing_glyph',
    message: `No font has U+${cp.toString(16).toUpperCase().padStart(4, '0')}; add an @font-face that covers it`,
  });
}

/**
 * The size Chromium's fonts have: Blink keys platform fonts by the size in 1/100 px,
 * truncated (9.5pt = 12.6667px is drawn at 12.66px: the Tf of its PDFs).
 */
export function fontSize(size: number): number {
  return Math.floor(size * 100 + 1e-6) / 100;
}

/**
 * The size text is measured at: Skia and FreeType (Linux) take the font's size in 26.6 fixed
 * point, so advances are those of fontSize() truncated to 1/64 px (10pt → 13.33px →
 * 13.328125px; measured on whole strings at several sizes).
 */
export function shapingSize(size: number): number {
  return Math.floor(fontSize(size) * 64 + 1e-6) / 64;
}

function toRun(seg: Segment, size: number, options: ShapeOptions): GlyphRun {
  const face = seg.resolved.face;
  const runSize = seg.smallCaps ? Math.round(size * SMALL_CAPS_SCALE) : size;
  const letterSpacing = options.letterSpacing ?? 0;
  const wordSpacing = options.wordSpacing ?? 0;
  const shaped = shapeText(face, {
    text: seg.smallCaps ? seg.text.toUpperCase() : seg.text,
    rtl: options.rtl ?? false,
    ligatures: letterSpacing === 0,
    lang: options.lang ?? '',
  });
  const scale = shapingSize(runSize) / face.font.unitsPerEm;
  let width = 0;
  const advances = shaped.advances.map((units, i) => {
    const text = shaped.glyphText[i] ?? '';
    let advance = units * scale;
    // Chromium adds letter-spacing after every character, the last one included, but not
    // after a mark that has no advance of its own.
    if (letterSpacing !== 0 && !(units === 0 && CLUSTER_CONTINUATION.test(text))) advance += letterSpacing;
    if (wordSpacing !== 0 && WORD_SEPARATORS.has(text)) advance += wordSpacing;
    width += advance;
    return advance;
  });
  const run: GlyphRun = {
    fontId: seg.resolved.fontId,
    size: runSize,
    text: seg.text,
    glyphIds: shaped.glyphIds,
    advances,
    // Small caps keep the text they stand for (extraction and copy give the lower case).
    glyphText: seg.smallCaps ? shaped.glyphText.map((t) => t.toLowerCase()) : shaped.glyphText,
    width,
    metrics: fontMetrics(face.font, runSize),
    rtl: options.rtl ?? false,
  };
  if (!shaped.offsets) return run;
  return { ...run, offsets: shaped.offsets.map(([x, y]) => [x * scale, y * scale] as const) };
}

/** The text measurer layout uses, over one render's fonts. */
export function createMeasurer(fonts: FontSet): Measurer {
  const metricsCache = new Map<string, FontMetrics>();
  return {
    shape(text: string, font: FontQuery, size: number, options: ShapeOptions = {}): readonly GlyphRun[] {
      if (text === '') return [];
      return segment(fonts, text, font, options.smallCaps ?? false).map((seg) => toRun(seg, size, options));
    },
    metrics(font: FontQuery, size: number): FontMetrics {
      const primary = fonts.primary(font);
      const key = `${primary.fontId}@${size}`;
      let metrics = metricsCache.get(key);
      if (!metrics) {
        metrics = fontMetrics(primary.face.font, size);
        metricsCache.set(key, metrics);
      }
      return metrics;
    },
  };
}
