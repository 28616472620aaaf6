import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES, resolveBundledFile } from '../../src/resources/bundled-fonts.js';
import { parseFont } from '../../src/resources/font-data.js';

/** fontkit's own decode of the table, from a font that never met seedPostHeader. */
function fontkitPost(bytes: Uint8Array): Record<string, unknown> {
  const font = create(bytes) as Font & { post: Record<string, unknown> };
  return { ...font.post };
}

describe("the 'post' table's header is read without its glyph names", () => {
  const files = [...new Set(BUNDLED_FACES.map((face) => resolveBundledFile(face.file)))];

  it.each(files)('%s: every field as fontkit decodes it, names only on demand', (path) => {
    const bytes = readFileSync(path);
    const expected = fontkitPost(bytes);
    const font = parseFont(bytes) as Font & { post: Record<string, unknown>; _tables: Record<string, unknown> };
    const seeded = font._tables['post'] as Record<string, unknown>;
    expect(seeded).toBeDefined();
    for (const field of [
      'version',
      'italicAngle',
      'underlinePosition',
      'underlineThickness',
      'isFixedPitch',
      'minMemType42',
      'maxMemType42',
      'minMemType1',
      'maxMemType1',
    ]) {
      expect(seeded[field], field).toEqual(expected[field]);
    }
    expect(font.italicAngle).toBe(expected['italicAngle']);
    expect(font.underlineThickness).toBe(expected['underlineThickness']);
    // Glyph names, which need the rest of the table, are still fontkit's.
    const names = create(bytes) as Font;
    for (const id of [0, 3, 36, font.numGlyphs - 1]) expect(font.getGlyph(id).name).toBe(names.getGlyph(id).name);
    expect({ ...font.post }).toEqual(expected);
  });
});
