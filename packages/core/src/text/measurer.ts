import type { Font } from 'fontkit';
import type {
  FontMetrics,
  FontQuery,
  GlyphRun,
  InkExtent,
  Measurer,
  ShapeOptions,
  ShapingEnvironment,
} from '@platen/layout';
import type { FontSet, ResolvedFace } from '../resources/fonts.js';
import { fontMetrics } from './font-metrics.js';
import { shapeText, type ScaledAdvances, type ShapedText } from './shaper.js';
import { CorruptFontError } from '../resources/layout-budget.js';
import { emojiClusters, isVariationSelector } from './emoji.js';

interface Segment {
  readonly resolved: ResolvedFace;
  readonly text: string;
  /**
   * Synthetic small caps: lower-case text drawn as capitals at 70 % (CSS Fonts 4 §6.4), the
   * size rounded to whole px as Chromium's scaled font data does (lroundf): 25.33px → 18px.
   */
  readonly smallCaps: boolean;
  /** Small caps from the font's own `smcp` glyphs, which synthesis gives way to (CSS Fonts 4 §6.4). */
  readonly fontCaps: boolean;
}

/** Marks, joiners and variation selectors stay in the font of the character they attach to. */
// eslint-disable-next-line no-misleading-character-class -- a class of single code points, joiners included
const CLUSTER_CONTINUATION = /^[\p{M}\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
/** Format controls and other invisible characters (Unicode's Default_Ignorable_Code_Point). */
const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const SMALL_CAPS_SCALE = 0.7;
/** Characters that take word-spacing (CSS Text 3 §8.1 word-separator characters). */
const WORD_SEPARATORS = new Set([' ', '\u00a0', '\u1361', '\u{10100}', '\u{10101}', '\u{1039f}', '\u{1091f}']);

function isLowerCase(ch: string): boolean {
  return ch !== ch.toUpperCase();
}

const smallCapsFeature = new WeakMap<Font, boolean>();
/** Does the font have small capitals of its own (the OpenType `smcp` feature)? */
function hasSmallCaps(font: Font): boolean {
  let has = smallCapsFeature.get(font);
  if (has === undefined) {
    has = font.availableFeatures.includes('smcp');
    smallCapsFeature.set(font, has);
  }
  return has;
}

type FaceLookup = (codePoint: number) => ResolvedFace | undefined;
/** A query's face lookup and its chain's faces, kept per query object for one render. */
interface QueryFaces {
  readonly faceFor: FaceLookup;
  readonly chain: ReadonlySet<ResolvedFace>;
}

/**
 * Split text where the font changes: each character takes the first face of the query's
 * chain that has it (Chromium's per-character fallback), so nothing is ever dropped; an
 * emoji-presentation sequence (text/emoji.ts) is one piece in the colour emoji font.
 * Segments are slices of the text (most text is one segment: the text itself); `missing` says
 * whether a character is in no font (drawn as the primary font's .notdef).
 */
function segment(
  fonts: FontSet,
  faceFor: FaceLookup,
  text: string,
  query: FontQuery,
  smallCaps: boolean,
): { segments: Segment[]; missing: boolean } {
  const segments: Segment[] = [];
  let missing = false;
  let current: ResolvedFace | undefined;
  let currentCaps = false;
  let start = 0;
  const emoji = emojiClusters(text);
  let nextEmoji = 0;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) ?? 0;
    let end = cp > 0xffff ? i + 2 : i + 1;
    let resolved: ResolvedFace | undefined;
    const cluster = emoji[nextEmoji];
    if (cluster && cluster[0] === i) {
      nextEmoji++;
      const face = fonts.emojiFace(query, cp);
      if (face) {
        resolved = face;
        end = cluster[1];
      }
    }
    // Marks, joiners and selectors are all at U+0300 or above: skip the regex for the rest.
    // A variation selector the font lacks stays too: shaping folds it into its base glyph.
    resolved ??=
      current &&
      cp >= 0x300 &&
      CLUSTER_CONTINUATION.test(text.slice(i, end)) &&
      (current.face.font.hasGlyphForCodePoint(cp) || isVariationSelector(cp))
        ? current
        : (ignorable(current, cp, text.slice(i, end)) ?? faceFor(cp));
    if (!resolved) {
      // Chromium draws a character no font has as the primary font's .notdef (measured:
      // Hangul on a host without a Korean font prints DejaVu Sans boxes, 0.6 em wide).
      resolved = fonts.primary(query);
      if (cp > 0x20) reportMissing(fonts, cp);
      missing = true;
    }
    const caps = smallCaps && !hasSmallCaps(resolved.face.font) && isLowerCase(text.slice(i, end));
    // A no-break space of a face that must keep it apart is a segment of its own (FontFace.noBreakSpaceApart).
    const apart = resolved.face.noBreakSpaceApart === true && (cp === 0xa0 || text.charCodeAt(start) === 0xa0);
    if (current !== undefined && (current !== resolved || currentCaps !== caps || (apart && i > start))) {
      segments.push(piece(current, text.slice(start, i), currentCaps, smallCaps));
      start = i;
    }
    current = resolved;
    currentCaps = caps;
    i = end;
  }
  if (current) segments.push(piece(current, start === 0 ? text : text.slice(start), currentCaps, smallCaps));
  return { segments, missing };
}

/**
 * An invisible character (a word joiner, a direction mark…) stays in the face before it, which
 * shapes it without ink or advance: Chromium falls back for no default-ignorable code point
 * (measured: U+2060 in Liberation Mono text prints in Liberation Mono, which lacks it; a fallback
 * font's taller line would grow the line).
 */
function ignorable(current: ResolvedFace | undefined, cp: number, char: string): ResolvedFace | undefined {
  return current && mayBeIgnorable(cp) && DEFAULT_IGNORABLE.test(char) ? current : undefined;
}

/** The blocks that hold default-ignorable code points: the regex runs for these only (a hot path). */
function mayBeIgnorable(cp: number): boolean {
  if (cp < 0x115f) return cp === 0xad || cp === 0x34f || cp === 0x61c;
  if (cp <= 0x206f) return cp <= 0x180f || cp >= 0x200b;
  return cp === 0x3164 || cp >= 0xfe00;
}

/** A segment; small caps come from the font's `smcp` glyphs when it has them, else are synthesised. */
function piece(resolved: ResolvedFace, text: string, synthetic: boolean, smallCaps: boolean): Segment {
  return { resolved, text, smallCaps: synthetic, fontCaps: smallCaps && hasSmallCaps(resolved.face.font) };
}

const reported = new WeakMap<FontSet, Set<number>>();
function reportMissing(fonts: FontSet, cp: number): void {
  const seen = reported.get(fonts) ?? new Set<number>();
  reported.set(fonts, seen);
  if (seen.has(cp)) return;
  seen.add(cp);
  fonts.diagnostics.push({
    severity: 'warning',
    code: 'missing_glyph',
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

const NO_OPTIONS: ShapeOptions = {};
/** fontkit's unitsPerEm is a getter through its table cache: read once per font. */
const unitsPerEm = new WeakMap<Font, number>();

function upem(font: Font): number {
  let units = unitsPerEm.get(font);
  if (units === undefined) unitsPerEm.set(font, (units = font.unitsPerEm));
  return units;
}

/** Advances in px without letter- or word-spacing, kept on the (cached) shaped text per scale. */
function plainAdvances(shaped: ShapedText, scale: number): ScaledAdvances {
  const memo = shaped.scaled;
  if (memo && memo.scale === scale) return memo;
  const units = shaped.advances;
  const advances = new Array<number>(units.length);
  let width = 0;
  for (let i = 0; i < units.length; i++) {
    const advance = (units[i] ?? 0) * scale;
    width += advance;
    advances[i] = advance;
  }
  const scaled: ScaledAdvances = { scale, advances, width };
  shaped.scaled = scaled;
  return scaled;
}

function spacedAdvances(shaped: ShapedText, scale: number, letterSpacing: number, wordSpacing: number): ScaledAdvances {
  const advances = new Array<number>(shaped.advances.length);
  let width = 0;
  for (let i = 0; i < advances.length; i++) {
    const units = shaped.advances[i] ?? 0;
    const text = shaped.glyphText[i] ?? '';
    let advance = units * scale;
    // Chromium adds letter-spacing after every character, the last one included, but not
    // after a mark that has no advance of its own.
    if (letterSpacing !== 0 && !(units === 0 && CLUSTER_CONTINUATION.test(text))) advance += letterSpacing;
    if (wordSpacing !== 0 && WORD_SEPARATORS.has(text)) advance += wordSpacing;
    width += advance;
    advances[i] = advance;
  }
  return { scale, advances, width };
}

function toRun(seg: Segment, size: number, options: ShapeOptions): GlyphRun {
  const face = seg.resolved.face;
  const runSize = seg.smallCaps ? Math.round(size * SMALL_CAPS_SCALE) : size;
  const letterSpacing = options.letterSpacing ?? 0;
  const wordSpacing = options.wordSpacing ?? 0;
  const rtl = options.rtl ?? false;
  const shaped = shapeText(face, {
    text: seg.smallCaps ? seg.text.toUpperCase() : seg.text,
    rtl,
    ligatures: letterSpacing === 0,
    lang: options.lang ?? '',
    ...(seg.fontCaps ? { smallCaps: true } : {}),
  });
  const scale = shapingSize(runSize) / upem(face.font);
  const { advances, width } =
    letterSpacing === 0 && wordSpacing === 0
      ? plainAdvances(shaped, scale)
      : spacedAdvances(shaped, scale, letterSpacing, wordSpacing);
  const metrics = fontMetrics(face.font, runSize);
  // Small caps keep the text they stand for (extraction and copy give the lower case).
  const glyphText = seg.smallCaps ? shaped.glyphText.map((t) => t.toLowerCase()) : shaped.glyphText;
  const fontId = seg.resolved.fontId;
  if (!shaped.offsets)
    return {
      fontId,
      size: runSize,
      text: seg.text,
      glyphIds: shaped.glyphIds,
      advances,
      glyphText,
      width,
      metrics,
      rtl,
    };
  const offsets = shaped.offsets.map(([x, y]) => [x * scale, y * scale] as const);
  return {
    fontId,
    size: runSize,
    text: seg.text,
    glyphIds: shaped.glyphIds,
    advances,
    glyphText,
    width,
    metrics,
    rtl,
    offsets,
  };
}

/**
 * The union of the outline bounds of each segment's glyphs (unhinted, from the font's glyph
 * table), the glyphs set one after the other at their advances (no kerning: the few characters
 * of an initial letter), in whole px as Skia bounds glyphs.
 */
function inkOf(segments: readonly Segment[], size: number): InkExtent | null {
  let ascent = -Infinity;
  let descent = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  let x = 0;
  for (const seg of segments) {
    const font = seg.resolved.face.font;
    const scale = size / upem(font);
    for (const ch of seg.text) {
      const code = ch.codePointAt(0)!;
      if (!font.hasGlyphForCodePoint(code)) continue;
      const glyph = font.glyphForCodePoint(code);
      const { minX, maxX, minY, maxY } = glyph.bbox;
      if (Number.isFinite(minY) && Number.isFinite(maxY) && maxY > minY) {
        ascent = Math.max(ascent, maxY * scale);
        descent = Math.max(descent, -minY * scale);
        left = Math.min(left, x + minX * scale);
        right = Math.max(right, x + maxX * scale);
      }
      x += glyph.advanceWidth * scale;
    }
  }
  // Skia's glyph bounds are whole device pixels, taken outwards.
  if (ascent === -Infinity) return null;
  return {
    ascent: Math.ceil(ascent),
    descent: Math.ceil(descent),
    left: Math.floor(left),
    right: x - Math.ceil(right),
  };
}

/**
 * The text measurer layout uses, over one render's fonts. The font set is complete when it
 * is made (render.ts loads the @font-face rules first), so each query's face lookup is kept
 * per query object: layout passes the same one for every text of a style.
 */
export function createMeasurer(fonts: FontSet): Measurer {
  const metricsCache = new Map<string, FontMetrics>();
  let lookups = new WeakMap<FontQuery, QueryFaces>();
  /** Results of faces of their query's chain only, with no character missing (ShapingEnvironment.shareable). */
  const shareable = new WeakSet<readonly GlyphRun[]>();
  /** The query's face lookup and chain, kept per query object. */
  const facesOf = (font: FontQuery): QueryFaces => {
    let faces = lookups.get(font);
    if (!faces) lookups.set(font, (faces = { faceFor: fonts.faceLookup(font), chain: new Set(fonts.chain(font)) }));
    return faces;
  };
  const shapeOnce = (text: string, font: FontQuery, size: number, options: ShapeOptions): readonly GlyphRun[] => {
    const faces = facesOf(font);
    const { segments, missing } = segment(fonts, faces.faceFor, text, font, options.smallCaps ?? false);
    let own = !missing;
    const runs = new Array<GlyphRun>(segments.length);
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] as Segment;
      // A face from outside the chain (emoji, an installed fallback) was found for this render.
      if (!faces.chain.has(seg.resolved)) own = false;
      try {
        runs[i] = toRun(seg, size, options);
      } catch (error) {
        // The font is dropped from every chain; the text is split again without it.
        if (!(error instanceof CorruptFontError) || !fonts.dropCorrupt(seg.resolved.face, error)) throw error;
        lookups = new WeakMap();
        return shapeOnce(text, font, size, options);
      }
    }
    if (own) shareable.add(runs);
    return runs;
  };
  const environment: ShapingEnvironment = {
    get key() {
      return fonts.environmentKey();
    },
    shareable: (runs) => shareable.has(runs),
    adopt: (font) => void fonts.chain(font),
  };
  return {
    shape(text: string, font: FontQuery, size: number, options: ShapeOptions = NO_OPTIONS): readonly GlyphRun[] {
      return text === '' ? [] : shapeOnce(text, font, size, options);
    },
    environment,
    inkExtent(text: string, font: FontQuery, size: number): InkExtent | null {
      return inkOf(segment(fonts, facesOf(font).faceFor, text, font, false).segments, size);
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
