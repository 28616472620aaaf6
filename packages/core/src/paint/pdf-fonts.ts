import type { Font } from 'fontkit';
import type { FontQuery } from '@platen/layout';
import { InvalidOptionError } from '../errors.js';
import type { FontSet, ResolvedFace } from '../resources/fonts.js';
import { reencodeWoff2Glyphs, type TtfSubsetInternals } from './woff2-subset.js';
import { cacheFontProgram, type CachedEmbeddedFont } from './font-program-cache.js';
import { pdfAscentDescent } from '../text/font-metrics.js';

/** The parts of PDFKit's EmbeddedFont we drive directly (not in @types/pdfkit). */
interface EmbeddedFont {
  readonly id: string;
  readonly subset: { includeGlyph(glyphId: number): number };
  readonly widths: (number | undefined)[];
  readonly unicode: (number[] | undefined)[];
  /** The font descriptor's /Ascent and /Descent (1/1000 em; descender negative). */
  ascender: number;
  descender: number;
  ref(): unknown;
}

interface PdfDocumentInternals {
  font(src: Font, family: string): unknown;
  readonly _font: EmbeddedFont;
  readonly page: { readonly fonts: Record<string, unknown> };
  readonly compress: boolean;
}

export interface PdfGlyph {
  /** Glyph id in the subset, i.e. the CID written in the content stream. */
  readonly cid: number;
  /** The glyph's own advance in PDF glyph space (1/1000 em), as written in /W. */
  readonly width: number;
  /** Does the font's ToUnicode map give back `text` for this glyph? (One text per glyph id.) */
  readonly mapped: boolean;
  /** `cid` as the four hex digits a content stream shows it with. */
  readonly hex: string;
  /** `<hex>`: the glyph as a TJ array or Tj shows it. */
  readonly shown: string;
}

/** A PdfGlyph remembered with the text it was asked for. */
interface KnownGlyph extends PdfGlyph {
  readonly text: string;
}

/**
 * One subset font object per face per document (PDFKit's EmbeddedFont): glyphs are added
 * as they are drawn, each with its ToUnicode text so that text extraction works. The
 * fontkit font itself is the process-wide parsed one; nothing is re-parsed per render.
 */
export class DocumentFonts {
  readonly #doc: PdfDocumentInternals;
  readonly #fonts: FontSet;
  readonly #embedded = new Map<string, EmbeddedFont>();
  /**
   * Glyphs already drawn, per font program and glyph id: a glyph's cid, width and
   * ToUnicode text never change within a document once set, so repeats (most glyphs
   * of a page) cost one lookup instead of a code point array each.
   */
  readonly #glyphs = new Map<EmbeddedFont, Map<number, KnownGlyph>>();
  /** glyphLookup's function per face: made once, not per run painted. */
  readonly #lookups = new Map<ResolvedFace, (glyphId: number, text: string) => PdfGlyph>();

  /** A standard that needs a Unicode value for every glyph (PDF/A level A), named in the error; null: none. */
  readonly #unicodeFor: string | null;

  constructor(doc: unknown, fonts: FontSet, unicodeFor: string | null = null) {
    this.#doc = doc as PdfDocumentInternals;
    this.#fonts = fonts;
    this.#unicodeFor = unicodeFor;
  }

  resolve(fontId: string): ResolvedFace | undefined {
    return this.#fonts.byId(fontId);
  }

  primaryFor(query: FontQuery): ResolvedFace {
    return this.#fonts.primary(query);
  }

  /** A name `doc.font(name)` accepts for this face (for code that draws through PDFKit's text API). */
  pdfKitName(resolved: ResolvedFace): string {
    this.#embed(resolved);
    return `platen:${resolved.face.id}`;
  }

  /** The PDF resource name (`F1`…) of a face, registered on the current page. */
  use(resolved: ResolvedFace): string {
    const font = this.#embed(resolved);
    this.#doc.page.fonts[font.id] ??= font.ref();
    return font.id;
  }

  glyph(resolved: ResolvedFace, glyphId: number, text: string): PdfGlyph {
    return this.glyphLookup(resolved)(glyphId, text);
  }

  /** `glyph` for one face, with the face's tables looked up once (for the glyphs of a run). */
  glyphLookup(resolved: ResolvedFace): (glyphId: number, text: string) => PdfGlyph {
    let lookup = this.#lookups.get(resolved);
    if (lookup) return lookup;
    const font = this.#embed(resolved);
    let known = this.#glyphs.get(font);
    if (!known) this.#glyphs.set(font, (known = new Map()));
    const table = known;
    lookup = (glyphId, text) => {
      const seen = table.get(glyphId);
      if (seen?.text === text) return seen;
      const glyph = this.#newGlyph(resolved, font, glyphId, text);
      if (!seen) table.set(glyphId, glyph);
      return glyph;
    };
    this.#lookups.set(resolved, lookup);
    return lookup;
  }

  #newGlyph(resolved: ResolvedFace, font: EmbeddedFont, glyphId: number, text: string): KnownGlyph {
    const cid = font.subset.includeGlyph(glyphId);
    // ISO 19005-2 §6.2.11.7.2: no glyph may map to U+0000, which .notdef does (it stands for any missing character).
    if (cid === 0 && this.#unicodeFor)
      throw new InvalidOptionError(
        'pdf.standard',
        `${this.#unicodeFor.toUpperCase()} needs a Unicode value for every glyph: ${JSON.stringify(text.slice(0, 20))} has no glyph in the available fonts and would be drawn as .notdef; add a font that has it (@font-face) or use a level B standard.`,
      );
    let width = font.widths[cid];
    if (width === undefined) {
      const face = resolved.face.font;
      width = (face.getGlyph(glyphId).advanceWidth * 1000) / face.unitsPerEm;
      font.widths[cid] = width;
    }
    const codePoints = [...text].map((ch) => ch.codePointAt(0) ?? 0xfffd);
    // .notdef (cid 0) keeps PDFKit's U+0000: it stands for many characters.
    if (font.unicode[cid] === undefined && cid !== 0) font.unicode[cid] = codePoints.length > 0 ? codePoints : [0xfffd];
    const known = font.unicode[cid] ?? [];
    const mapped = cid !== 0 && known.length === codePoints.length && known.every((cp, i) => cp === codePoints[i]);
    const hex = cid.toString(16).padStart(4, '0');
    return { cid, width, mapped, hex, shown: `<${hex}>`, text };
  }

  #embed(resolved: ResolvedFace): EmbeddedFont {
    // Synthetic bold/oblique are drawn from the same font program: key by face, not fontId.
    const key = resolved.face.id;
    let font = this.#embedded.get(key);
    if (!font) {
      this.#doc.font(resolved.face.font, `platen:${key}`);
      font = this.#doc._font;
      // PDFKit seeds /W for .notdef with the advance in font units, not 1/1000 em.
      const face = resolved.face.font;
      font.widths[0] = (face.getGlyph(0).advanceWidth * 1000) / face.unitsPerEm;
      // PDFKit writes hhea's ascent and descent; Chromium the metrics its text is laid out
      // with (OS/2 typo ones under USE_TYPO_METRICS), so word boxes read back match.
      const { ascent, descent } = pdfAscentDescent(face);
      font.ascender = ascent;
      font.descender = -descent;
      if (resolved.face.font.type === 'WOFF2') reencodeWoff2Glyphs(font.subset as unknown as TtfSubsetInternals);
      cacheFontProgram(font as unknown as CachedEmbeddedFont, face, this.#doc.compress);
      this.#embedded.set(key, font);
    }
    return font;
  }
}
