import { createHash } from 'node:crypto';
import { create, type Font } from 'fontkit';
import type { FontFace } from './fonts.js';
import { BoundedCache } from '../bounded-cache.js';
import { boundLayoutWork } from './layout-budget.js';
import { seedPostHeader } from './post-header.js';
import { isWoff, woffToSfnt } from './woff-to-sfnt.js';

/**
 * fontkit keeps one glyph object per id, carrying the code points it was first created
 * with: a glyph first fetched by id alone (the PDF subsetter does that for the components
 * of a composite such as "ś") would report no code points in every later layout, and its
 * text would be lost from the PDF. Give such a glyph the code points it is next asked for.
 */
function keepGlyphCodePoints(font: Font): void {
  const getGlyph = font.getGlyph.bind(font);
  (font as { getGlyph: Font['getGlyph'] }).getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && codePoints && codePoints.length > 0 && glyph.codePoints.length === 0)
      glyph.codePoints.push(...codePoints);
    return glyph;
  };
}

/** Tables a WOFF or WOFF2 font may declare, decompressed, in all (large CJK fonts are about 20 MB). */
export const MAX_FONT_TABLE_BYTES = 64 * 1024 * 1024;

/** The bytes a font's tables take once decompressed, from its directory (no table is read). */
function declaredTableBytes(font: Font): number {
  const f = font as unknown as {
    type?: string;
    directory?: { tables?: Record<string, { length?: number; transformLength?: number }> };
  };
  if (f.type !== 'WOFF' && f.type !== 'WOFF2') return 0; // TTF/OTF tables are the file's own bytes
  return Object.values(f.directory?.tables ?? {}).reduce((sum, t) => sum + (t.transformLength ?? t.length ?? 0), 0);
}

/** Parse font bytes (TTF, OTF, WOFF, WOFF2; font `index` of a collection, default the first). Throws on garbage. */
export function parseFont(bytes: Uint8Array, index = 0): Font {
  // WOFF 1.0 is unwrapped here, not by fontkit (see woff-to-sfnt.ts); its declared size is bounded there.
  const parsed = create(isWoff(bytes) ? woffToSfnt(bytes, MAX_FONT_TABLE_BYTES) : bytes);
  const font = 'fonts' in parsed ? parsed.fonts[index] : parsed;
  if (!font || typeof font.layout !== 'function') throw new Error('not a font');
  // fontkit inflates a WOFF/WOFF2 into buffers of the sizes its directory declares: 167 KB
  // declaring 1.5 GB took the server from 171 MB to 4.4 GB. Refuse before any table is read.
  const declared = declaredTableBytes(font);
  if (declared > MAX_FONT_TABLE_BYTES)
    throw new Error(`declares ${declared} bytes of tables, more than ${MAX_FONT_TABLE_BYTES}`);
  // fontkit reads tables lazily: bytes with a valid header but a missing or broken cmap,
  // head or hhea would only throw later, in the middle of layout. Touch them now.
  if (!(font.unitsPerEm > 0) || !Number.isFinite(font.ascent) || font.numGlyphs <= 0) throw new Error('not a font');
  font.hasGlyphForCodePoint(0x20);
  keepGlyphCodePoints(font);
  seedPostHeader(font);
  boundLayoutWork(font);
  return font;
}

/**
 * A Hangul syllable a font lacks can still be drawn from its conjoining jamo, which the
 * Hangul shaper composes (HarfBuzz and fontkit both do; Droid Sans Fallback relies on it).
 * Unicode §3.12 syllable decomposition.
 */
function hasHangulJamo(font: Font, codePoint: number): boolean {
  const s = codePoint - 0xac00;
  if (s < 0 || s > 11171) return false;
  const t = s % 28;
  return (
    font.hasGlyphForCodePoint(0x1100 + Math.floor(s / 588)) &&
    font.hasGlyphForCodePoint(0x1161 + Math.floor((s % 588) / 28)) &&
    (t === 0 || font.hasGlyphForCodePoint(0x11a7 + t))
  );
}

/** Does the font draw colour glyphs as layers of its outlines (OpenType COLR with CPAL)? */
export function hasColorLayers(font: Font): boolean {
  const tables = font.directory.tables;
  return tables.COLR !== undefined && tables.CPAL !== undefined;
}

/** Does `face` have a glyph for `codePoint` (inside its unicode-range, not one it stands in without)? */

export function faceCovers(face: FontFace, codePoint: number): boolean {
  const range = face.unicodeRange;
  if (range && !range.some(([lo, hi]) => codePoint >= lo && codePoint <= hi)) return false;
  if (face.absent?.some(([lo, hi]) => codePoint >= lo && codePoint <= hi)) return false;
  return face.font.hasGlyphForCodePoint(codePoint) || hasHangulJamo(face.font, codePoint);
}

/** Web fonts parsed by content: the same file in many renders is parsed once. */
const parsedByHash = new BoundedCache<string, Font>(64);

/**
 * The same memo by bytes object, without hashing. Bytes are taken as read-only once parsed (as
 * fontkit itself does: its Font reads them lazily); a WeakMap keeps nothing alive.
 */
const parsedByBytes = new WeakMap<Uint8Array, Font>();

/** Fonts larger than this (file or inflated tables) are parsed per render, not kept in the cache. */
const CACHEABLE_FONT_BYTES = 8 * 1024 * 1024;

/**
 * parseFont, memoised per process by the bytes' SHA-256 (fontkit fonts are read-only). Only
 * fonts of at most 8 MiB are kept, so the cache holds at most 64 × 8 MiB however large the
 * fonts of past renders were (reading the directory inflates nothing).
 */
export function parseFontCached(bytes: Uint8Array): Font {
  // The loader hands the same bytes object to every render within its cache's lifetime:
  // hashing 300 KB per render was 3 % of a one-page invoice with two web fonts.
  const known = parsedByBytes.get(bytes);
  if (known) return known;
  const probe = create(bytes);
  const declared = 'fonts' in probe ? 0 : declaredTableBytes(probe);
  if (Math.max(bytes.byteLength, declared) > CACHEABLE_FONT_BYTES) return parseFont(bytes);
  const font = parsedByHash.get(createHash('sha256').update(bytes).digest('hex'), () => parseFont(bytes));
  parsedByBytes.set(bytes, font);
  return font;
}
