import { deflateSync } from 'node:zlib';
import type { Font } from 'fontkit';

/**
 * Subsetting a font (fontkit's TTFSubset.encode) and deflating the result took about a
 * fifth of an invoice render, and a mail-merge run embeds the same glyphs of the same
 * faces in every document. The subset is a pure function of the font and its ordered
 * glyph list, so it is kept per process, deflated, and written as is.
 * Output stays byte-identical: the bytes are the ones PDFKit would write itself
 * (zlib's default level, as PDFKit's own `deflateSync(data)`).
 */

/** The parts of PDFKit's EmbeddedFont / PDFReference this touches (not in @types/pdfkit). */
interface SubsetInternals {
  readonly glyphs: number[];
  encode(): Uint8Array;
}

interface ReferenceInternals {
  compress: boolean;
  readonly data: Record<string, unknown>;
  end(chunk?: Uint8Array): void;
  write(chunk: Uint8Array): void;
  finalize(): void;
}

interface DocumentInternals {
  ref(data?: Record<string, unknown>): ReferenceInternals;
}

export interface CachedEmbeddedFont {
  readonly subset: SubsetInternals;
  readonly document: DocumentInternals;
  embed(): unknown;
}

interface Program {
  readonly raw: Uint8Array;
  readonly deflated: Uint8Array;
}

/** Distinct (font, glyph set) programs kept; a mail merge with varying names needs a few per face. */
const LIMIT = 256;
const programs = new WeakMap<Font, Map<string, Program>>();
let count = 0;

function lookup(font: Font, subset: SubsetInternals, encode: () => Uint8Array): Program {
  let byGlyphs = programs.get(font);
  if (!byGlyphs) {
    byGlyphs = new Map();
    programs.set(font, byGlyphs);
  }
  // Before encode: it appends the components of composite glyphs to `glyphs`.
  const key = subset.glyphs.join(',');
  const known = byGlyphs.get(key);
  if (known) return known;
  const raw = encode();
  const program = { raw, deflated: deflateSync(raw) };
  if (count >= LIMIT) {
    const oldest = byGlyphs.keys().next().value;
    if (oldest !== undefined) byGlyphs.delete(oldest);
  } else count++;
  byGlyphs.set(key, program);
  return program;
}

/**
 * Make PDFKit's EmbeddedFont take its font program from the process-wide cache. Its
 * `embed()` creates the FontFile stream with the first `document.ref()` and ends it with
 * `subset.encode()`: that one stream is written pre-deflated.
 */
export function cacheFontProgram(embedded: CachedEmbeddedFont, font: Font, compress: boolean): void {
  const subset = embedded.subset;
  const encode = subset.encode.bind(subset);
  let program: Program | null = null;
  subset.encode = () => {
    program = lookup(font, subset, encode);
    return program.raw;
  };
  if (!compress) return;
  const embed = embedded.embed.bind(embedded);
  embedded.embed = () => {
    const doc = embedded.document;
    const ref = doc.ref;
    doc.ref = (data) => {
      doc.ref = ref;
      const fontFile = ref.call(doc, data);
      const end = fontFile.end.bind(fontFile);
      fontFile.end = (chunk) => {
        if (!program || chunk !== program.raw) return end(chunk);
        // As PDFReference.end would, minus the deflate: Length, then Filter, in that order.
        fontFile.compress = false;
        fontFile.write(program.deflated);
        fontFile.data['Filter'] = 'FlateDecode';
        return fontFile.finalize();
      };
      return fontFile;
    };
    try {
      return embed();
    } finally {
      doc.ref = ref;
    }
  };
}
