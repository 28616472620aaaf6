import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES, resolveBundledFile } from '../../src/resources/bundled-fonts.js';
import { GposMarkLookups } from '../../src/text/gpos-mark-lookups.js';

interface Coverage {
  version: number;
  glyphs?: number[];
  rangeRecords?: { start: number; end: number }[];
}
interface SubTable {
  lookupType?: number;
  extension?: SubTable;
  markCoverage?: Coverage;
  mark1Coverage?: Coverage;
}
interface GposFont {
  GPOS?: { lookupList: { length: number; get(i: number): { lookupType: number; subTables: SubTable[] } } };
}

const glyphsOf = (c: Coverage): number[] =>
  c.version === 1
    ? [...(c.glyphs ?? [])]
    : (c.rangeRecords ?? []).flatMap(({ start, end }) => Array.from({ length: end - start + 1 }, (_, i) => start + i));

/** fontkit's decoding of a lookup: its subtables' mark coverages when all are mark attachments, else null. */
function fontkitMarkCoverages(font: GposFont, index: number): number[][] | null {
  const lookup = font.GPOS!.lookupList.get(index);
  const subs = lookup.subTables.map((sub) =>
    lookup.lookupType === 9 ? ([sub.lookupType, sub.extension] as const) : ([lookup.lookupType, sub] as const),
  );
  if (!subs.every(([type]) => type === 4 || type === 5 || type === 6)) return null;
  return subs.map(([type, sub]) => glyphsOf((type === 6 ? sub?.mark1Coverage : sub?.markCoverage)!));
}

describe('GPOS mark attachment coverages read from the bytes', () => {
  const files = [...new Set(BUNDLED_FACES.map((face) => resolveBundledFile(face.file)))];

  it.each(files)('%s: the glyphs fontkit decodes, lookup by lookup', (path) => {
    const bytes = readFileSync(path);
    const reader = GposMarkLookups.of(create(bytes) as Font);
    const decoded = create(bytes) as unknown as GposFont;
    if (!decoded.GPOS) return expect(reader?.markCoverages(0) ?? null).toBeNull();
    let marks = 0;
    for (let i = 0; i < decoded.GPOS.lookupList.length; i++) {
      const expected = fontkitMarkCoverages(decoded, i);
      expect(reader!.markCoverages(i), `lookup ${i}`).toEqual(expected);
      if (expected) marks++;
    }
    expect(reader!.markCoverages(decoded.GPOS.lookupList.length)).toBeNull();
    return marks;
  });

  it('has mark lookups to compare in the bundled fonts', () => {
    const font = create(
      readFileSync(resolveBundledFile(BUNDLED_FACES.find((f) => f.family === 'Arimo')!.file)),
    ) as Font;
    const reader = GposMarkLookups.of(font)!;
    const decoded = font as unknown as GposFont;
    const marks = Array.from({ length: decoded.GPOS!.lookupList.length }, (_, i) => reader.markCoverages(i)).filter(
      (c) => c !== null,
    );
    expect(marks.length).toBeGreaterThan(10);
  });
});

describe('the simple shaper leaves mark attachment lookups undecoded', () => {
  it('shaping kerned Latin text with Arimo decodes none of its mark lookups', async () => {
    const { parseFont } = await import('../../src/resources/font-data.js');
    const { shapeSimple } = await import('../../src/text/simple-shaper.js');
    const path = resolveBundledFile(BUNDLED_FACES.find((f) => f.family === 'Arimo')!.file);
    const font = parseFont(readFileSync(path));
    const shaped = shapeSimple(font, 'AVATAR Tea, WAVE; To Yo', true, undefined);
    expect(shaped).not.toBeNull();
    // Kerning was applied (pairs were probed with fontkit).
    expect(shaped!.xAdvances.some((a, i) => a !== font.getGlyph(shaped!.glyphIds[i]!).advanceWidth)).toBe(true);
    const lookups = (font as unknown as { GPOS: { lookupList: { length: number; items: unknown[] } } }).GPOS.lookupList;
    const reader = GposMarkLookups.of(font)!;
    const markIndexes = Array.from({ length: lookups.length }, (_, i) => i).filter(
      (i) => reader.markCoverages(i) !== null,
    );
    expect(markIndexes.length).toBeGreaterThan(10);
    expect(markIndexes.filter((i) => lookups.items[i] != null)).toEqual([]);
  });
});
