import type { Font, GlyphRun } from 'fontkit';
import type { FontFace } from '../resources/fonts.js';
import { shapeSimple, spaceGlyph, type SimpleShape } from './simple-shaper.js';
import { BoundedCache } from '../bounded-cache.js';
import { CorruptFontError } from '../resources/layout-budget.js';
import { hasColorLayers } from '../resources/font-data.js';
import { isSelectorOrJoiner, shapingClusters } from './emoji.js';

/** A shaped piece of text in font units, independent of size (so one cache serves all sizes). */
export interface ShapedText {
  readonly glyphIds: readonly number[];
  /** Advances in font units, logical order. */
  readonly advances: readonly number[];
  /** Mark offsets in font units (y up), or null when every offset is zero. */
  readonly offsets: readonly (readonly [number, number])[] | null;
  readonly glyphText: readonly string[];
  /**
   * The advances in px at the last scale they were asked for without letter- or
   * word-spacing (measurer.ts), so that a cached run is not scaled again for every use.
   */
  scaled?: ScaledAdvances | undefined;
}

export interface ScaledAdvances {
  readonly scale: number;
  readonly advances: readonly number[];
  readonly width: number;
}

export interface ShapeRequest {
  readonly text: string;
  readonly rtl: boolean;
  /** Chromium turns common ligatures off when letter-spacing is not 0. */
  readonly ligatures: boolean;
  readonly lang: string;
  /** The font's own small capitals (OpenType `smcp`), for `font-variant: small-caps`. */
  readonly smallCaps?: boolean;
}

const CACHE_LIMIT = 4000;
/**
 * Glyphs kept per font in all (about 60 bytes each, 15 MB): 4,000 runs of ordinary words
 * take some 40,000 glyphs, but 4,000 distinct 60,000-letter words would have kept 14 GB,
 * render after render, until the worker ran out of memory (found by the load test, issue 17).
 */
const CACHE_GLYPHS = 1 << 18;
/** Per font program, so that renders using the same web font share shaping results. */
const caches = new WeakMap<Font, BoundedCache<string, ShapedText>>();

const LANGUAGE_TAGS: Readonly<Record<string, string>> = {
  tr: 'TRK',
  az: 'AZE',
  ro: 'ROM',
  nl: 'NLD',
  pl: 'PLK',
  sr: 'SRB',
  mk: 'MKD',
};

/** OpenType language tag for a BCP 47 primary subtag fontkit may know (only a few matter). */
function languageTag(lang: string): string | undefined {
  if (lang === '') return undefined;
  const primary = lang.split('-')[0]?.toLowerCase();
  return primary ? LANGUAGE_TAGS[primary] : undefined;
}

function isControl(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/**
 * The source characters of each glyph, in logical order: the text is dealt out along the
 * glyphs, one character each when shaping kept the count, else as many as each glyph's
 * code points (a ligature takes several). Not the glyph's own `codePoints`, which fontkit
 * keeps per glyph id from its first use: .notdef and glyphs shared by several characters
 * would all report the first character they were met with.
 */
function glyphSources(
  chars: readonly string[],
  glyphs: readonly { readonly codePoints: readonly number[] }[],
): string[] {
  const oneEach = chars.length === glyphs.length;
  let next = 0;
  const out = glyphs.map((glyph) => {
    const n = oneEach ? 1 : Math.max(1, glyph.codePoints.length);
    const part = chars.slice(next, next + n).join('');
    next += n;
    return part;
  });
  if (next < chars.length && out.length > 0) out[out.length - 1] += chars.slice(next).join('');
  return out;
}

const MARK = /\p{M}/u;

/**
 * HarfBuzz, Chromium's shaper, composes a base character and its combining marks into one
 * character when the font has a glyph for it (decomposed "é" draws the font's "é"); fontkit
 * does not. Returns the text to shape and, per character of it, the source text it stands
 * for (the decomposed sequence, which text extraction gives back).
 */
function composeClusters(font: Font, text: string): { text: string; sources: string[] } {
  const sources: string[] = [];
  let composed = '';
  let cluster = '';
  const flush = (): void => {
    if (cluster === '') return;
    const nfc = cluster.normalize('NFC');
    const chars = [...nfc];
    if (nfc !== cluster && chars.length === 1 && font.hasGlyphForCodePoint(nfc.codePointAt(0) ?? 0)) {
      composed += nfc;
      sources.push(cluster);
    } else {
      composed += cluster;
      sources.push(...cluster);
    }
    cluster = '';
  };
  for (const ch of text) {
    if (!(cluster !== '' && MARK.test(ch))) flush();
    cluster += ch;
  }
  flush();
  return { text: composed, sources };
}

type LaidOut = Pick<GlyphRun, 'glyphs' | 'positions' | 'direction'>;

/**
 * fontkit's layout, which throws on some mark sequences (2.0.4, GPOSProcessor.getAnchor
 * reads a missing anchor: Noto Sans Mono 'р' + U+0338 failed the whole render). Then the
 * run is shaped again without mark positioning, and at worst as plain cmap glyphs: the
 * marks sit at their own advance instead of on their base, and the document still renders.
 */
function guardedLayout(font: Font, text: string, request: ShapeRequest): LaidOut {
  const language = languageTag(request.lang);
  const direction = request.rtl ? 'rtl' : 'ltr';
  // A fresh features object per call: fontkit writes the features it applied into it.
  const features = (): Record<string, boolean> => ({
    ...(request.ligatures ? {} : { liga: false, clig: false, dlig: false, calt: false }),
    ...(request.smallCaps ? { smcp: true } : {}),
  });
  try {
    return font.layout(text, features(), undefined, language, direction);
  } catch (error) {
    if (error instanceof CorruptFontError) throw error;
    try {
      return font.layout(text, { ...features(), mark: false, mkmk: false }, undefined, language, direction);
    } catch (retryError) {
      if (retryError instanceof CorruptFontError) throw retryError;
      const glyphs = [...text].map((ch) => font.glyphForCodePoint(ch.codePointAt(0) ?? 0));
      return {
        glyphs,
        positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
        direction: 'ltr',
      };
    }
  }
}

/**
 * fontkit's shaping of `request`, as ShapedText. Exported for the test that proves the simple
 * shaper gives the same results; everything else goes through shapeText.
 */
export function shapeWithFontkit(font: Font, request: ShapeRequest): ShapedText {
  const { text, sources: chars } = MARK.test(request.text)
    ? composeClusters(font, request.text)
    : { text: request.text, sources: [...request.text] };
  const run = guardedLayout(font, text, request);
  const glyphs = run.glyphs.slice();
  const positions = run.positions.slice();
  // fontkit's OpenType engine returns right-to-left runs in visual order; GlyphRun is logical.
  if (run.direction === 'rtl' && (font.GSUB || font.GPOS)) {
    glyphs.reverse();
    positions.reverse();
  }
  const sources = glyphSources(chars, glyphs);
  const space = font.glyphForCodePoint(0x20).id;
  const glyphIds: number[] = [];
  const advances: number[] = [];
  const offsets: [number, number][] = [];
  const glyphText: string[] = [];
  let anyOffset = false;
  glyphs.forEach((glyph, i) => {
    const pos = positions[i];
    if (!pos) return;
    // fontkit turns default-ignorable characters (soft hyphen, ZWJ…) into zero-width spaces.
    if (glyph.id === space && pos.xAdvance === 0) return;
    const source = sources[i] ?? '';
    // Control characters (tab, newline…) are never drawn: layout turns tabs into space itself.
    if (source !== '' && [...source].every((ch) => isControl(ch.codePointAt(0) ?? 0))) return;
    glyphIds.push(glyph.id);
    advances.push(pos.xAdvance);
    offsets.push([pos.xOffset, pos.yOffset]);
    if (pos.xOffset !== 0 || pos.yOffset !== 0) anyOffset = true;
    glyphText.push(source);
  });
  return { glyphIds, advances, offsets: anyOffset ? offsets : null, glyphText, scaled: undefined };
}

/**
 * The simple shaper's result in the form shapeWithFontkit gives: one character per glyph (it
 * only takes BMP characters that map one to one), the same zero-width spaces dropped.
 */
function fromSimple(font: Font, text: string, shape: SimpleShape): ShapedText {
  const space = spaceGlyph(font);
  const { glyphIds, xAdvances, offsets } = shape;
  const glyphText: string[] = new Array<string>(glyphIds.length);
  let keepAll = true;
  for (let i = 0; i < glyphIds.length; i++) {
    glyphText[i] = text.charAt(i);
    if (glyphIds[i] === space && xAdvances[i] === 0) keepAll = false;
  }
  // As shapeWithFontkit: offsets are null unless a glyph kept has one that is not zero.
  const moved = (list: readonly (readonly [number, number])[] | null): boolean =>
    list !== null && list.some(([x, y]) => x !== 0 || y !== 0);
  if (keepAll)
    return { glyphIds, advances: xAdvances, offsets: moved(offsets) ? offsets : null, glyphText, scaled: undefined };
  const kept = glyphIds.flatMap((id, i) => (id === space && xAdvances[i] === 0 ? [] : [i]));
  const keptOffsets = offsets ? kept.map((i) => offsets[i] ?? ([0, 0] as [number, number])) : null;
  return {
    glyphIds: kept.map((i) => glyphIds[i] ?? 0),
    advances: kept.map((i) => xAdvances[i] ?? 0),
    offsets: moved(keptOffsets) ? keptOffsets : null,
    glyphText: kept.map((i) => glyphText[i] ?? ''),
    scaled: undefined,
  };
}

/**
 * A colour font's text, shaped one emoji sequence at a time from the glyphs of its code points,
 * variation selectors included: fontkit folds a VS16 into the glyph before it (a cmap format 14
 * lookup) before GSUB runs, so the font's ligatures that spell it (keycaps `#️⃣`, `👁️‍🗨️`…) would
 * never form, as they do in HarfBuzz. Each sequence's text goes with its first glyph.
 */
function shapeColorGlyphs(font: Font, request: ShapeRequest): ShapedText {
  const space = font.glyphForCodePoint(0x20).id;
  const language = languageTag(request.lang);
  const glyphIds: number[] = [];
  const advances: number[] = [];
  const glyphText: string[] = [];
  for (const piece of shapingClusters(request.text)) {
    // A selector or joiner the font has no glyph for takes no part in its ligatures.
    const chars = [...piece].filter((ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      return !isSelectorOrJoiner(cp) || font.hasGlyphForCodePoint(cp);
    });
    const input = chars.map((ch) => font.glyphForCodePoint(ch.codePointAt(0) ?? 0));
    const run = font.layout(input, {}, undefined, language, 'ltr');
    // Selectors and joiners left over come back as zero-width spaces (fontkit hides them).
    const kept = run.glyphs.flatMap((glyph, i) => {
      const advance = run.positions[i]?.xAdvance ?? 0;
      return glyph.id === space && advance === 0 ? [] : [{ glyph, advance }];
    });
    const sources =
      kept.length === 1
        ? [piece]
        : glyphSources(
            chars,
            kept.map((k) => k.glyph),
          );
    kept.forEach(({ glyph, advance }, i) => {
      glyphIds.push(glyph.id);
      advances.push(advance);
      glyphText.push(sources[i] ?? '');
    });
  }
  return { glyphIds, advances, offsets: null, glyphText, scaled: undefined };
}

/** Shape one run, uncached: the simple shaper when it can, else fontkit. */
export function shapeRun(font: Font, request: ShapeRequest): ShapedText {
  if (hasColorLayers(font)) return shapeColorGlyphs(font, request);
  if (!request.rtl && !request.smallCaps) {
    const simple = shapeSimple(font, request.text, request.ligatures, languageTag(request.lang));
    if (simple) return fromSimple(font, request.text, simple);
  }
  return shapeWithFontkit(font, request);
}

/** Shape with fontkit (kerning, ligatures, Arabic joining, marks), cached per face. */
export function shapeText(face: FontFace, request: ShapeRequest): ShapedText {
  let cache = caches.get(face.font);
  if (!cache)
    caches.set(
      face.font,
      (cache = new BoundedCache(CACHE_LIMIT, { max: CACHE_GLYPHS, of: (shaped) => shaped.glyphIds.length })),
    );
  const key = `${request.rtl ? 'r' : 'l'}${request.ligatures ? 'L' : '-'}${request.smallCaps ? 'C' : ''}${request.lang}\u0000${request.text}`;
  return cache.get(key, () => shapeRun(face.font, request));
}
