import type { Font } from 'fontkit';

interface TableEntry {
  readonly offset: number;
  readonly length: number;
}
interface FontInternals {
  readonly type?: string;
  readonly stream?: { readonly buffer?: Uint8Array };
  readonly directory?: { readonly tables?: Record<string, TableEntry | undefined> };
}

/**
 * The bytes of a table of a TrueType/OpenType file (or a face of a collection), as stored: for
 * reading a few fields without fontkit's decoding of the whole table. Null for WOFF and WOFF2
 * (compressed tables, inflated by fontkit itself), a missing table or one past the file's end.
 */
export function rawTable(font: Font, tag: string): DataView | null {
  const f = font as unknown as FontInternals;
  const entry = f.directory?.tables?.[tag];
  const bytes = f.stream?.buffer;
  if (f.type !== 'TTF' || !entry || !bytes || entry.offset + entry.length > bytes.byteLength) return null;
  return new DataView(bytes.buffer, bytes.byteOffset + entry.offset, entry.length);
}
