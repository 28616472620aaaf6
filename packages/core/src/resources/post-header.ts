import type { Font } from 'fontkit';
import { rawTable } from './raw-table.js';

/**
 * fontkit decodes the whole 'post' table the first time any of its fields is read, and a
 * version 2 table names every glyph (2,600 strings in Arimo: 10–14 ms of a cold render per
 * face). Layout reads the underline metrics of its 32-byte header and PDFKit the italic angle
 * and fixed pitch, never the names. So fontkit's table memo gets the header, read from the
 * bytes, and the glyph names (fontkit's `glyph.name`) are decoded on first use.
 */

interface TableEntry {
  readonly offset: number;
  readonly length: number;
}
interface FontInternals {
  readonly directory?: { readonly tables?: Record<string, TableEntry | undefined> };
  readonly _tables?: Record<string, unknown>;
  _decodeTable?(entry: TableEntry): Record<string, unknown>;
}

/** The header's size (OpenType 'post': version … maxMemType1). */
const HEADER_BYTES = 32;
/** Versions fontkit's VersionedStruct knows (its 2.5 key never matches the Fixed 0x00025000). */
const VERSIONS = new Set([1, 2, 3, 4]);
/** Fields after the header, per version: decoded from the whole table when read. */
const TAIL_FIELDS: Readonly<Record<number, readonly string[]>> = {
  2: ['numberOfGlyphs', 'glyphNameIndex', 'names'],
  4: ['map'],
};

/** Seed fontkit's memo of `font`'s 'post' table with its header (TrueType/OpenType files only). */
export function seedPostHeader(font: Font): void {
  const f = font as unknown as FontInternals;
  const entry = f.directory?.tables?.['post'];
  // WOFF and WOFF2 tables are compressed (rawTable is null): fontkit inflates them itself.
  const table = rawTable(font, 'post');
  if (!table || !entry || !f._tables || 'post' in f._tables || typeof f._decodeTable !== 'function') return;
  if (table.byteLength < HEADER_BYTES) return;
  const view = new DataView(table.buffer, table.byteOffset, HEADER_BYTES);
  // restructure's fixed32: a signed 16.16 number.
  const version = view.getInt32(0) / 65536;
  if (!VERSIONS.has(version)) return;
  const post: Record<string, unknown> = {
    version,
    italicAngle: view.getInt32(4) / 65536,
    underlinePosition: view.getInt16(8),
    underlineThickness: view.getInt16(10),
    isFixedPitch: view.getUint32(12),
    minMemType42: view.getUint32(16),
    maxMemType42: view.getUint32(20),
    minMemType1: view.getUint32(24),
    maxMemType1: view.getUint32(28),
  };
  const decodeTable = f._decodeTable.bind(font);
  let whole: Record<string, unknown> | null | undefined;
  for (const field of TAIL_FIELDS[version] ?? []) {
    Object.defineProperty(post, field, {
      enumerable: true,
      configurable: true,
      get() {
        if (whole === undefined) {
          try {
            whole = decodeTable(entry);
          } catch {
            whole = null; // as fontkit, which then has no 'post' table to name glyphs from
          }
        }
        return whole?.[field];
      },
    });
  }
  f._tables['post'] = post;
}
