import { deflateSync } from 'node:zlib';
import type { Font } from 'fontkit';
import { BoundedCache } from '../bounded-cache.js';

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
  end(chunk?: Uint8Array | string): void;
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
  toUnicodeCmap(): unknown;
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
 * ToUnicode CMaps deflated, by their text: the same glyphs of a face (a template's renders)
 * give the same map, which PDFKit would build and deflate in every document.
 */
const deflatedMaps = new BoundedCache<string, Uint8Array>(256, { max: 4 * 2 ** 20, of: (_, text) => text.length });

/** What PDFReference.write makes of a string chunk: its low bytes, then a newline. */
function binaryLine(text: string): Uint8Array {
  return Buffer.from(`${text}\n`, 'latin1');
}

/**
 * Make PDFKit's EmbeddedFont take its font program from the process-wide cache, and its
 * ToUnicode CMap's deflated bytes. Its `embed()` creates the FontFile stream with the first
 * `document.ref()` and ends it with `subset.encode()`; `toUnicodeCmap()` creates the CMap
 * stream with its first and ends it with the map's text: both are written pre-deflated.
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
  embedded.embed = () =>
    withNextStreamDeflated(embedded.document, embed, (chunk) =>
      program && chunk === program.raw ? program.deflated : null,
    );
  const toUnicodeCmap = embedded.toUnicodeCmap.bind(embedded);
  embedded.toUnicodeCmap = () =>
    withNextStreamDeflated(embedded.document, toUnicodeCmap, (chunk) =>
      typeof chunk === 'string' ? deflatedMaps.get(chunk, () => deflateSync(binaryLine(chunk))) : null,
    );
}

/**
 * Run `make`, whose first `doc.ref()` is a stream ended with one chunk: when `deflated` knows
 * that chunk's deflated bytes, they are written as PDFReference.end would write them, minus
 * the deflate (Length, then Filter, in that order).
 */
function withNextStreamDeflated<T>(
  doc: DocumentInternals,
  make: () => T,
  deflated: (chunk: Uint8Array | string | undefined) => Uint8Array | null,
): T {
  const ref = doc.ref;
  doc.ref = (data) => {
    doc.ref = ref;
    const stream = ref.call(doc, data);
    const end = stream.end.bind(stream);
    stream.end = (chunk) => {
      const bytes = deflated(chunk);
      if (!bytes) return end(chunk);
      stream.compress = false;
      stream.write(bytes);
      stream.data['Filter'] = 'FlateDecode';
      return stream.finalize();
    };
    return stream;
  };
  try {
    return make();
  } finally {
    doc.ref = ref;
  }
}
