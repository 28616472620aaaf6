import { closeSync, openSync, readSync } from 'node:fs';
import type { FontStyle } from './font-matching.js';

/**
 * What a host font file says about its faces, read from the table directory, `name`, `OS/2`
 * and `head` only: scanning a font folder must not read whole files (a CJK font is 20 MB),
 * so the glyph tables are parsed later, when a render uses the face.
 */
export interface FontFileFace {
  readonly path: string;
  /** Index in a collection (.ttc); 0 for a single font. */
  readonly index: number;
  /** Family names as fontconfig lists them: typographic (16), WWS (21) and legacy (1) family, every language. */
  readonly families: readonly string[];
  /** Full (4) and PostScript (6) names, for `src: local()`. */
  readonly localNames: readonly string[];
  readonly weight: number;
  /** OS/2 usWidthClass: 1 ultra-condensed … 5 normal … 9 ultra-expanded. */
  readonly widthClass: number;
  readonly style: FontStyle;
}

const SFNT_TAGS = new Set([0x00010000, 0x4f54544f /* OTTO */, 0x74727565 /* true */]);
const TTC_TAG = 0x74746366; // ttcf
/** Name and OS/2 tables are a few kB; more is a broken or hostile file. */
const MAX_TABLE_BYTES = 1 << 20;
const MAX_COLLECTION_FACES = 64;

const FAMILY_IDS = new Set([1, 16, 21]);
const LOCAL_NAME_IDS = new Set([4, 6]);
const SUBFAMILY_IDS = new Set([2, 17]);

/** Reads byte ranges of one open file. */
class FileReader {
  readonly #fd: number;

  constructor(fd: number) {
    this.#fd = fd;
  }

  read(offset: number, length: number): Buffer | undefined {
    if (length <= 0 || length > MAX_TABLE_BYTES) return undefined;
    const buffer = Buffer.alloc(length);
    return readSync(this.#fd, buffer, 0, length, offset) === length ? buffer : undefined;
  }
}

/** The faces of a TrueType/OpenType file or collection; [] when it is not one (or unreadable). */
export function readFontFileFaces(path: string): FontFileFace[] {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return [];
  }
  try {
    const file = new FileReader(fd);
    const header = file.read(0, 12);
    if (!header) return [];
    const tag = header.readUInt32BE(0);
    if (SFNT_TAGS.has(tag)) return faceAt(file, path, 0, 0);
    if (tag !== TTC_TAG) return [];
    const count = Math.min(header.readUInt32BE(8), MAX_COLLECTION_FACES);
    const offsets = file.read(12, count * 4);
    if (!offsets) return [];
    return Array.from({ length: count }, (_, i) => faceAt(file, path, offsets.readUInt32BE(i * 4), i)).flat();
  } catch {
    return [];
  } finally {
    closeSync(fd);
  }
}

function faceAt(file: FileReader, path: string, offset: number, index: number): FontFileFace[] {
  const header = file.read(offset, 12);
  if (!header || !SFNT_TAGS.has(header.readUInt32BE(0))) return [];
  const numTables = header.readUInt16BE(4);
  const directory = file.read(offset + 12, numTables * 16);
  if (!directory) return [];
  const tables = new Map<string, Buffer | undefined>();
  for (let i = 0; i < numTables; i++) {
    const tag = directory.toString('latin1', i * 16, i * 16 + 4);
    if (tag === 'name' || tag === 'OS/2' || tag === 'head') {
      tables.set(tag, file.read(directory.readUInt32BE(i * 16 + 8), directory.readUInt32BE(i * 16 + 12)));
    }
  }
  const name = tables.get('name');
  if (!name) return [];
  const names = readNames(name);
  const families = names.get('family') ?? [];
  if (families.length === 0) return [];
  const os2 = tables.get('OS/2');
  const subfamily = (names.get('subfamily') ?? []).join(' ');
  return [
    {
      path,
      index,
      families,
      localNames: names.get('local') ?? [],
      weight: os2 && os2.length >= 6 ? cssWeight(os2.readUInt16BE(4)) : /bold/i.test(subfamily) ? 700 : 400,
      widthClass: os2 && os2.length >= 8 ? Math.min(9, Math.max(1, os2.readUInt16BE(6))) : 5,
      style: fontStyle(os2, tables.get('head'), subfamily),
    },
  ];
}

/** usWeightClass; 1–9 is an old convention for 100–900 (fontconfig reads it the same way). */
function cssWeight(weightClass: number): number {
  if (weightClass >= 1 && weightClass <= 9) return weightClass * 100;
  return weightClass === 0 ? 400 : Math.min(1000, weightClass);
}

/** OS/2 fsSelection bit 0 (italic) or 9 (oblique), else head.macStyle bit 1; "Oblique" in the style name makes it oblique. */
function fontStyle(os2: Buffer | undefined, head: Buffer | undefined, subfamily: string): FontStyle {
  const fsSelection = os2 && os2.length >= 64 ? os2.readUInt16BE(62) : 0;
  const macItalic = head && head.length >= 46 ? (head.readUInt16BE(44) & 2) !== 0 : false;
  const slanted = (fsSelection & 0x201) !== 0 || macItalic || /italic|oblique/i.test(subfamily);
  if (!slanted) return 'normal';
  return (fsSelection & 0x200) !== 0 || /oblique/i.test(subfamily) ? 'oblique' : 'italic';
}

/** Family, full/PostScript and subfamily names of a `name` table, deduplicated in table order. */
function readNames(table: Buffer): Map<'family' | 'local' | 'subfamily', string[]> {
  const result = new Map<'family' | 'local' | 'subfamily', string[]>();
  if (table.length < 6) return result;
  const count = table.readUInt16BE(2);
  const storage = table.readUInt16BE(4);
  for (let i = 0; i < count && 6 + i * 12 + 12 <= table.length; i++) {
    const at = 6 + i * 12;
    const [platform, encoding, , nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((o) =>
      table.readUInt16BE(at + o),
    ) as [number, number, number, number, number, number];
    const kind = FAMILY_IDS.has(nameId)
      ? 'family'
      : LOCAL_NAME_IDS.has(nameId)
        ? 'local'
        : SUBFAMILY_IDS.has(nameId)
          ? 'subfamily'
          : undefined;
    const start = storage + offset;
    if (!kind || start + length > table.length) continue;
    const text = decodeName(table.subarray(start, start + length), platform, encoding)?.trim();
    if (!text) continue;
    const list = result.get(kind) ?? [];
    if (!list.some((known) => known.toLowerCase() === text.toLowerCase())) list.push(text);
    result.set(kind, list);
  }
  return result;
}

/** Unicode and Windows names are UTF-16BE; Macintosh Roman ones are read as Latin-1 (names are ASCII in practice). */
function decodeName(bytes: Buffer, platform: number, encoding: number): string | undefined {
  if (platform === 0 || platform === 3)
    return Buffer.from(bytes.subarray(0, bytes.length & ~1))
      .swap16()
      .toString('utf16le');
  if (platform === 1 && encoding === 0) return bytes.toString('latin1');
  return undefined;
}
