/**
 * {{barcode}} and {{qrcode}}: printed codes must scan. Each symbol is rendered to PDF,
 * rasterised by poppler and read back by ZXing (@zxing/library, a decoder that shares no
 * code with the writer), so a wrong size, a clipped quiet zone or a distorted module fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/index.js';
import { TemplateError } from '../../src/errors.js';
import { expandTemplate } from '../../src/template/expand.js';
import { rasterise } from '../paint/poppler.js';

const PAGE = {
  preset: 'custom',
  width: '120mm',
  height: '80mm',
  margins: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' },
} as const;

/** Decode the one symbol on the page, cropped with a white margin (ZXing's DataMatrix detector searches outwards from the image's centre). */
function decode(raster: ReturnType<typeof rasterise>, format: BarcodeFormat): { text: string; format: BarcodeFormat } {
  const dark = (x: number, y: number) => raster.at(x, y)[0] < 128;
  let [x0, y0, x1, y1] = [raster.width, raster.height, 0, 0];
  for (let y = 0; y < raster.height; y++)
    for (let x = 0; x < raster.width; x++) {
      if (dark(x, y)) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  const margin = 20;
  const width = x1 - x0 + 1 + 2 * margin;
  const height = y1 - y0 + 1 + 2 * margin;
  const luminance = new Uint8ClampedArray(width * height).fill(255);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) luminance[(y - y0 + margin) * width + (x - x0 + margin)] = raster.at(x, y)[0];
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [format]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  const result = reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height))));
  return { text: result.getText(), format: result.getBarcodeFormat() };
}

describe('barcode helpers', () => {
  it.each([
    ['{{qrcode value size="40mm"}}', 'https://example.com/invoices/42?lang=fr&x=<y>', BarcodeFormat.QR_CODE],
    ['{{qrcode value ecc="H"}}', 'Ünïcödé 日本語', BarcodeFormat.QR_CODE],
    ['{{barcode "code128" value height="15mm"}}', 'INV-2026-0042', BarcodeFormat.CODE_128],
    ['{{barcode "ean13" value text=true}}', '590123412345', BarcodeFormat.EAN_13],
    ['{{barcode "code39" value height="12mm"}}', 'PLATEN-39', BarcodeFormat.CODE_39],
    ['{{barcode "datamatrix" value size="25mm"}}', 'Platen DataMatrix 123', BarcodeFormat.DATA_MATRIX],
    ['{{barcode "pdf417" value width="90mm"}}', 'Platen PDF417', BarcodeFormat.PDF_417],
  ])('%s prints a code that scans back to the value', async (template, value, format) => {
    const pdf = await render({ html: `<div style="padding:5mm">${template}</div>`, data: { value }, format: PAGE });
    const read = decode(rasterise(pdf, 200), format);
    // EAN-13 carries its check digit: the writer computes it from the 12 given.
    expect(read).toEqual({ text: format === BarcodeFormat.EAN_13 ? '5901234123457' : value, format });
  });

  it('draws vectors, not images, at the size asked for', async () => {
    const html = expandTemplate('{{barcode "code128" "X1" width="50mm" height="10mm"}}{{qrcode "q" size="1in"}}', {});
    expect(html).toMatch(
      /^<svg width="188\.976" height="37\.795" preserveAspectRatio="none" role="img" aria-label="X1" viewBox=/,
    );
    expect(html).toContain('<svg width="96" height="96"');
    const pdf = await render({ html, format: PAGE });
    const dir = mkdtempSync(join(tmpdir(), 'platen-barcode-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), pdf);
      const images = execFileSync('pdfimages', ['-list', join(dir, 'a.pdf')])
        .toString()
        .trim()
        .split('\n');
      expect(images.length).toBe(2); // the header lines only
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the proportions when one side is given', () => {
    const natural = /width="([\d.]+)" height="([\d.]+)"/.exec(
      expandTemplate('{{barcode "ean13" "590123412345"}}', {}),
    )!;
    const scaled = /width="([\d.]+)" height="([\d.]+)"/.exec(
      expandTemplate('{{barcode "ean13" "590123412345" width="253.334px"}}', {}),
    )!;
    // BWIPP draws a module as 1 pt: an EAN-13's 95 modules are 95 pt (126.667 CSS px) wide.
    expect(Number(natural[1])).toBeCloseTo((95 * 96) / 72, 2);
    expect(Number(scaled[1]) / Number(natural[1])).toBeCloseTo(2, 2);
    expect(Number(scaled[2]) / Number(natural[2])).toBeCloseTo(2, 2);
  });

  it.each([
    ['{{barcode "ean13" "12ab"}}', /^Template error on line 1: ean13: EAN-13 must be/],
    ['\n{{barcode "nope" "x"}}', /^Template error on line 2: nope: unknown barcode type/],
    ['{{barcode "__proto__" "x"}}', /unknown barcode type/],
    ['{{barcode "constructor" "x"}}', /unknown barcode type/],
    ['{{qrcode ""}}', /qrcode: the value is empty/],
    ['{{qrcode v}}', /qrcode: the value is longer than 8000 characters/],
    ['{{qrcode "x" size="10"}}', /size must be a positive absolute CSS length/],
    ['{{qrcode "x" size="-1mm"}}', /size must be a positive absolute CSS length/],
    ['{{qrcode "x" ecc="Z"}}', /ecc must be L, M, Q or H/],
    ['{{qrcode "x" color="red;x"}}', /color must be #rrggbb/],
    ['{{barcode size="1cm"}}', /barcode needs a type and a value/],
    ['{{barcode "code128"}}', /barcode needs a type and a value/],
  ])('%s fails with a clear template error', (template, message) => {
    const run = () => expandTemplate(template, { v: 'x'.repeat(8001) });
    expect(run).toThrow(TemplateError);
    expect(run).toThrow(message);
  });

  it("prints a bare {{qrcode}} or {{barcode}} as plain Handlebars does: the context's own field of that name, or nothing", () => {
    expect(expandTemplate('<p>{{qrcode}}</p>', { qrcode: '<img src="qr.png">' })).toBe(
      '<p>&lt;img src&#x3D;&quot;qr.png&quot;&gt;</p>',
    );
    expect(
      expandTemplate('{{{qrcode}}}{{#with event}}{{barcode}}{{/with}}', { qrcode: '<b>', event: { barcode: 7 } }),
    ).toBe('<b>7');
    // Nothing without such a field (Handlebars prints a missing one as nothing), not inherited ones;
    // with options but no value it asks for one.
    expect(expandTemplate('<p>{{qrcode}}{{constructor}}</p>', {})).toBe('<p></p>');
    expect(() => expandTemplate('{{qrcode size="1cm"}}', { qrcode: 'x' })).toThrow(/qrcode needs a value/);
  });

  it('escapes the value in the SVG it returns', () => {
    const svg = expandTemplate('{{qrcode v}}', { v: '"><script>x</script>' });
    expect(svg).toContain('aria-label="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(svg).not.toContain('<script');
  });
});
