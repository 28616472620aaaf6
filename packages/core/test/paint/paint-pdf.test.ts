import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';
import { BLUE, RED, box, page, solid, text } from './fixtures.js';
import { pdfText, pdfWords, qpdfCheck, rasterise } from './poppler.js';

const fonts = () => getFontRegistry().createFontSet();
/** Every Flate stream of the file, inflated (page contents among them). */
const pageContents = (pdf: Uint8Array): string => {
  const raw = Buffer.from(pdf);
  const out: string[] = [];
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('endstream', at);
    try {
      out.push(inflateSync(raw.subarray(at + 7, end)).toString('latin1'));
    } catch {
      // not a Flate stream (or a font program): skip
    }
  }
  return out.join('\n');
};
const noImages = new Map();

describe('paintPdf', () => {
  it('places words where layout put them (px → pt at 0.75)', async () => {
    const fs = fonts();
    const hello = text(fs, 'Hello world', 100, 200);
    const pdf = await paintPdf([page([box(0, 0, 793, 1122, {}, [hello])])], { fonts: fs, images: noImages });
    const [words] = pdfWords(pdf);
    expect(words?.map((w) => w.text)).toEqual(['Hello', 'world']);
    const first = words?.[0];
    // pdftotext boxes span the font's ascent..descent (Arimo: 0.905/0.212 em) around the baseline.
    expect(first?.xMin).toBeCloseTo(100 * 0.75, 0);
    const baselinePt = 200 * 0.75;
    expect(first?.yMax).toBeGreaterThan(baselinePt);
    expect(first?.yMax).toBeLessThan(baselinePt + 16 * 0.75 * 0.25);
    expect(first?.yMin).toBeCloseTo(baselinePt - 0.905 * 12, 0);
    const last = words?.[1];
    expect(last?.xMax).toBeCloseTo((100 + hello.width) * 0.75, 0);
  });

  it('keeps per-glyph advances exactly (letter-spacing widens the words)', async () => {
    const fs = fonts();
    const spaced = text(fs, 'Spaced out', 50, 100, { letterSpacing: 4 });
    const pdf = await paintPdf([page([spaced])], { fonts: fs, images: noImages });
    const words = pdfWords(pdf)[0] ?? [];
    // "Spaced" + its 6 letter-spacings; the second word starts after the space's advance.
    const spaceAdvance = spaced.runs[0]?.advances[6] ?? 0;
    const firstWordEnd = (spaced.runs[0]?.advances.slice(0, 6).reduce((a, b) => a + b, 0) ?? 0) + 50;
    expect(words[1]?.xMin).toBeCloseTo((firstWordEnd + spaceAdvance) * 0.75, 0);
  });

  it('extracts fallback and non-Latin text through ToUnicode', async () => {
    const fs = fonts();
    const pdf = await paintPdf(
      [
        page([
          text(fs, 'Zażółć gęślą jaźń', 20, 40),
          text(fs, 'Καλημέρα Съешь', 20, 80),
          text(fs, 'Price ₹5 ∑ ☃', 20, 120, { fontFamily: ['Times New Roman'] }),
          text(fs, 'office fluffy', 20, 160, { fontFamily: ['DejaVu Serif'] }),
        ]),
      ],
      { fonts: fs, images: noImages },
    );
    const out = pdfText(pdf);
    expect(out).toContain('Zażółć gęślą jaźń');
    expect(out).toContain('Καλημέρα Съешь');
    expect(out).toContain('Price ₹5 ∑ ☃');
    expect(out).toContain('office fluffy');
  });

  it('paints backgrounds and solid borders where the fragments are', async () => {
    const fs = fonts();
    const red = box(96, 96, 192, 96, { backgroundColor: RED });
    const bordered = box(96, 288, 192, 96, {
      borderTop: solid(12, BLUE),
      borderRight: solid(12, BLUE),
      borderBottom: solid(12, BLUE),
      borderLeft: solid(12, BLUE),
    });
    const pdf = await paintPdf([page([red, bordered])], { fonts: fs, images: noImages });
    // At 48 dpi one device pixel is 2 CSS px.
    const img = rasterise(pdf, 48);
    expect(img.at(96, 72)).toEqual([255, 0, 0]);
    expect(img.at(40, 72)).toEqual([255, 255, 255]);
    expect(img.at(50, 72)).toEqual([255, 0, 0]);
    expect(img.at(49 + 48 - 2, 72)).toEqual([255, 0, 0]);
    expect(img.at(146, 72)).toEqual([255, 255, 255]);
    expect(img.at(48 + 3, 144 + 24)).toEqual([0, 0, 255]);
    expect(img.at(96, 144 + 24)).toEqual([255, 255, 255]);
  });

  it('is deterministic: the same pages give the same bytes', async () => {
    const render = async () => {
      const fs = fonts();
      return paintPdf([page([box(10, 10, 100, 50, { backgroundColor: RED }, [text(fs, 'Same bytes', 20, 40)])])], {
        fonts: fs,
        images: noImages,
        title: 'T',
      });
    };
    const a = await render();
    const b = await render();
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    expect(Buffer.from(a).toString('latin1')).toContain('D:20000101000000Z');
  });

  it('passes qpdf --check and embeds one subset font per face', async () => {
    const fs = fonts();
    const pdf = await paintPdf(
      [
        page([text(fs, 'one', 10, 20), text(fs, 'two', 10, 40), text(fs, 'bold', 10, 60, { fontWeight: 700 })]),
        page([text(fs, 'three', 10, 20)], 1),
      ],
      { fonts: fs, images: noImages },
    );
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw.match(/\/Type \/FontDescriptor/g)?.length).toBe(2);
  });
});

describe('robustness', () => {
  it('skips fragments with non-finite geometry with a diagnostic instead of failing', async () => {
    const fs = fonts();
    const diagnostics: { code: string }[] = [];
    const bad = box(Number.NaN, 10, 100, 100, { backgroundColor: RED });
    const good = text(fs, 'still here', 10, 40);
    const pdf = await paintPdf([page([bad, good, box(10, 10, Infinity, 10, {}, [])])], {
      fonts: fs,
      images: noImages,
      diagnostics: diagnostics as never,
    });
    expect(pdfText(pdf)).toContain('still here');
    expect(diagnostics.map((d) => d.code)).toContain('bad_geometry');
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
  });
});

describe('text extraction of glyphs without their own ToUnicode entry', () => {
  it('keeps characters drawn as .notdef (no font has them) through /ActualText', async () => {
    const fs = fonts();
    const pdf = await paintPdf([page([text(fs, 'ab 한국어 cd', 10, 40)])], { fonts: fs, images: noImages });
    expect(pdfText(pdf)).toContain('ab 한국어 cd');
  });
  it('puts /ActualText on those glyphs alone, so the spaces around them still split words', async () => {
    const fs = fonts();
    const pdf = await paintPdf([page([text(fs, 'ab 한국어 cd', 10, 40)])], { fonts: fs, images: noImages });
    const [words] = pdfWords(pdf);
    expect(words?.map((w) => w.text)).toEqual(['ab', '한국어', 'cd']);
  });
});

describe('letter-spacing in the PDF', () => {
  it('keeps letter-spaced words whole for text extraction (Tc, not TJ gaps)', async () => {
    const fs = fonts();
    const spaced = text(fs, 'OFFICIAL SEAL', 20, 40, {
      fontFamily: ['DejaVu Serif'],
      fontSize: 10.67,
      fontWeight: 700,
      letterSpacing: 1.07,
    });
    const pdf = await paintPdf([page([spaced])], { fonts: fs, images: noImages });
    // The spacing is in Tc; TJ keeps only small kerning-sized adjustments, no gaps.
    const content = pageContents(pdf);
    expect(content).toMatch(/\b1\.07\d* Tc\b/);
    const adjustments = [...content.matchAll(/\[([^\]]*)\] TJ/g)].flatMap((m) =>
      (m[1] ?? '')
        .split(/<[0-9a-f]+>/)
        .map(Number)
        .filter((n) => n !== 0 && !Number.isNaN(n)),
    );
    expect(adjustments.every((n) => n > -30)).toBe(true);
    expect(pdfText(pdf).trim()).toBe('OFFICIAL SEAL');
  });
});
