import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { create } from 'fontkit';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';
import { box, page, text } from './fixtures.js';
import { pdfText } from './poppler.js';

const noImages = new Map();

async function pdfOf(words: string): Promise<Uint8Array> {
  const fs = getFontRegistry().createFontSet();
  return paintPdf([page([box(0, 0, 793, 1122, {}, [text(fs, words, 100, 200)])])], { fonts: fs, images: noImages });
}

/** The embedded TrueType programs (FontFile2 streams), inflated. */
function fontPrograms(pdf: Uint8Array): Buffer[] {
  const raw = Buffer.from(pdf);
  const out: Buffer[] = [];
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 1)) {
    let bytes: Buffer;
    try {
      bytes = inflateSync(raw.subarray(at + 7, raw.indexOf('endstream', at)));
    } catch {
      continue; // not a Flate stream
    }
    // fontkit writes the 'true' sfnt version; 0x00010000 is the other TrueType one.
    if (bytes.length >= 4 && [0x74727565, 0x00010000].includes(bytes.readUInt32BE(0))) out.push(bytes);
  }
  return out;
}

describe('font program cache', () => {
  it('writes the same bytes when the same glyphs are embedded again (served from the cache)', async () => {
    const first = await pdfOf('Cached subset');
    const second = await pdfOf('Cached subset');
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(pdfText(second).trim()).toBe('Cached subset');
  });

  it('embeds a program with exactly the glyphs of each document, not the cached ones of another', async () => {
    await pdfOf('abc');
    const other = await pdfOf('xyz!');
    const [program] = fontPrograms(other);
    expect(program).toBeDefined();
    // .notdef, x, y, z, !
    expect(create(program!).numGlyphs).toBe(5);
    expect(pdfText(other).trim()).toBe('xyz!');
    const again = await pdfOf('abc');
    expect(create(fontPrograms(again)[0]!).numGlyphs).toBe(4);
  });
});
