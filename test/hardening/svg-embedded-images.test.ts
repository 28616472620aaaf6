/**
 * Images inside an inline SVG (`<image href="data:image/png;base64,…">`) go through the same
 * checks as an `<img>`: PDFKit's PNG decoder threw from an asynchronous callback on a bad
 * zlib checksum or filter byte, which crashed the CLI, any app using the library and a
 * server worker; and the megapixel limit did not apply to them.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { attempt, expectPdf, pdfText } from './helpers.js';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG (which PDFKit decodes to split the alpha channel) of `size` pixels, 4×4 of data. */
function rgbaPng({ filter = 0, badChecksum = false, size = 4 } = {}): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc(4 * (1 + 4 * 4), 0x80);
  for (let y = 0; y < 4; y++) raw[y * 17] = filter;
  const data = Buffer.from(deflateSync(raw));
  if (badChecksum) data[data.length - 1]! ^= 0xff;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const inSvg = (href: string) =>
  `<svg width="40" height="40"><image href="${href}" width="40" height="40"/></svg><p>after</p>`;

describe('images embedded in an inline SVG', () => {
  it.each([
    ['a filter byte of 5', rgbaPng({ filter: 5 })],
    ['a wrong zlib checksum', rgbaPng({ badChecksum: true })],
    ['a header claiming 100,000 × 100,000 pixels', rgbaPng({ size: 100_000 })],
  ])('%s: no error escapes, the document renders', async (_name, href) => {
    const result = expectPdf(await attempt({ html: inSvg(href) }));
    await new Promise((resolve) => setTimeout(resolve, 100)); // PDFKit's decoder throws on a later tick
    expect(pdfText(result.pdf)).toContain('after');
  });

  // The same PNGs as an <img> go through the image loader's own decoder (load-images.ts): the
  // bad filter byte is left out with a warning; the image data behind the wrong checksum is
  // whole, decoded and re-encoded, so PDFKit never sees the bad stream, and drawn as Chromium
  // draws it (test/e2e/chromium-pixels/corrupt-png.html). No error escapes.
  it.each([
    ['a filter byte of 5', rgbaPng({ filter: 5 }), true],
    ['a wrong zlib checksum', rgbaPng({ badChecksum: true }), false],
  ])('%s in an <img>: the document renders', async (_name, src, warned) => {
    const result = expectPdf(await attempt({ html: `<img src="${src}"><p>after</p>` }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pdfText(result.pdf)).toContain('after');
    expect(result.diagnostics.some((d) => d.code === 'image_not_loaded')).toBe(warned);
  });

  it('a valid PNG is still drawn (the control)', async () => {
    const result = expectPdf(await attempt({ html: inSvg(rgbaPng()) }));
    expect(new TextDecoder('latin1').decode(result.pdf)).toMatch(/\/Subtype \/Image/);
  });
});
