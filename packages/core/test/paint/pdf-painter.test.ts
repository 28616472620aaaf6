import { describe, expect, it } from 'vitest';
import type { Fragment } from '@platen/layout';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { paintPdf, PdfPainter } from '../../src/paint/paint-pdf.js';
import { renderDocument } from '../../src/render.js';
import { BLUE, RED, box, page, text } from './fixtures.js';
import { pdfText, pdfWords, qpdfCheck, rasterise } from './poppler.js';

const fonts = () => getFontRegistry().createFontSet();
const noImages = new Map();
const latin1 = (pdf: Uint8Array): string => Buffer.from(pdf).toString('latin1');
const link = (x: number, y: number, href: string, s: Fragment[] = []): Fragment =>
  box(x, y, 100, 20, { display: 'inline' }, s, { tag: 'a', attrs: { href } });
const anchor = (x: number, y: number, id: string): Fragment => box(x, y, 100, 20, {}, [], { attrs: { id } });

describe('PdfPainter', () => {
  it('paints the chrome as a second content stream above the whole body, z-index boxes included', async () => {
    const body = box(0, 0, 200, 100, { position: 'relative', zIndex: 10, backgroundColor: RED });
    const header = box(0, 0, 200, 50, { backgroundColor: BLUE });
    const pdf = await paintPdf([{ ...page([body]), chrome: [header] }, page([body], 1)], {
      fonts: fonts(),
      images: noImages,
    });
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
    const contents = [...latin1(pdf).matchAll(/\/Contents (\[[^\]]*\]|\d+ 0 R)/g)].map((m) => m[1]!);
    expect(contents).toHaveLength(2);
    expect(contents[0]).toMatch(/^\[\d+ 0 R \d+ 0 R\]$/);
    // A page without chrome keeps its one stream: no empty stream objects.
    expect(contents[1]).toMatch(/^\d+ 0 R$/);
    const img = rasterise(pdf, 48);
    // 48 dpi: 2 CSS px a device pixel. The header covers the top half of the z-index box.
    expect(img.at(50, 12)).toEqual([0, 0, 255]);
    expect(img.at(50, 37)).toEqual([255, 0, 0]);
  });

  it('paints pages as they come and the chrome of each once all are given', async () => {
    const fs = fonts();
    const painter = new PdfPainter({ fonts: fs, images: noImages });
    painter.page(page([text(fs, 'First body', 20, 200)]));
    painter.page(page([text(fs, 'Second body', 20, 200)], 1));
    expect(painter.pageCount).toBe(2);
    painter.end([[text(fs, 'Page 1 of 2', 20, 1100)], [text(fs, 'Page 2 of 2', 20, 1100)]]);
    const pdf = await painter.finish();
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
    const pages = pdfWords(pdf).map((words) => words.map((w) => w.text).join(' '));
    expect(pages).toEqual(['First body Page 1 of 2', 'Second body Page 2 of 2']);
  });

  it('is dropped for a new one when layout starts over: only the shrunk pages are printed, once', async () => {
    // Wider than A4's page area: the first attempt gives pages at scale 1, then starts over
    // (shrink to fit) into a new painter.
    const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph${i}</p>`).join('');
    const html = `<body><div style="width:1200px">${paragraphs}</div></body>`;
    const { pageCount, pdf } = await renderDocument({ html });
    const pages = pdfWords(pdf).map((words) => words.map((w) => w.text));
    expect(pages).toHaveLength(pageCount);
    expect(pages.flat().filter((w) => w === 'Paragraph0')).toHaveLength(1);
    // Shrunk: more paragraphs to a page than the 1:1 layout's ~27.
    expect(pages[0]!.length).toBeGreaterThan(30);
  });

  it('makes destinations of ids that links point at, on earlier or later pages, and of no other id', async () => {
    const fs = fonts();
    const pages = [
      {
        ...page([link(10, 10, '#later'), anchor(10, 100, 'early'), anchor(10, 200, 'unused')]),
        chrome: [link(10, 1000, 'https://example.com/chrome')],
      },
      page([anchor(10, 300, 'later'), link(10, 10, '#early'), link(10, 50, 'javascript:alert(1)')], 1),
    ];
    const pdf = latin1(await paintPdf(pages, { fonts: fs, images: noImages }));
    const dests = pdf.slice(pdf.indexOf('/Dests'));
    expect(dests).toMatch(/\(early\) \[\d+ 0 R \/XYZ 7\.5 766\.\d+ null\]/);
    // 1122.52 px page: 841.89 pt − 300 px × 0.75.
    expect(dests).toMatch(/\(later\) \[\d+ 0 R \/XYZ 7\.5 616\.\d+ null\]/);
    expect(dests).not.toContain('(unused)');
    expect(pdf).toContain('/D (later)');
    expect(pdf).toContain('/D (early)');
    expect(pdf).toContain('/URI (https://example.com/chrome)');
    expect(pdf).not.toContain('javascript');
  });

  it('builds the outline from the body headings only, not from a header', async () => {
    const fs = fonts();
    const heading = (label: string, y: number): Fragment =>
      box(10, y, 300, 40, {}, [text(fs, label, 10, y + 30)], { tag: 'h1' });
    const pdf = await paintPdf([{ ...page([heading('Body heading', 100)]), chrome: [heading('Header heading', 10)] }], {
      fonts: fs,
      images: noImages,
      outline: true,
    });
    const raw = latin1(pdf);
    expect(raw).toContain('/Title (Body heading)');
    expect(raw).not.toContain('Header heading');
    expect(pdfText(pdf)).toContain('Header heading');
  });
});
