import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { PdfImageCache } from '../../src/paint/pdf-images.js';
import { decodeImage } from '../../src/resources/images.js';
import { normalizePng } from '../../src/resources/png-normalize.js';

/** A PNG of `colorType` 6 (RGBA) or 4 (grey and alpha), each pixel given as RGBA. */
function png(colorType: 4 | 6, pixels: number[][]): Uint8Array {
  const img = new PNG({ width: pixels.length, height: 1, colorType, inputColorType: 6 });
  pixels.forEach((p, i) => img.data.set(p, i * 4));
  return normalizePng(PNG.sync.write(img, { colorType, inputColorType: 6 }))!;
}

/** What PDFKit wrote for the image once it is embedded: its colour and soft-mask streams, inflated. */
function embed(bytes: Uint8Array) {
  const doc = new PDFDocument({ autoFirstPage: true, compress: false });
  const decoded = decodeImage('a.png', bytes);
  if (!decoded.ok) throw new Error(decoded.reason);
  const cache = new PdfImageCache(doc, new Map([['a.png', decoded.image]]));
  const opened = cache.open('a.png')!;
  doc.image(opened as unknown as Buffer, 0, 0, { width: 10, height: 10 });
  // Read at once, in the same turn of the event loop: PDFKit's own path sets these in an inflate callback.
  const image = opened as unknown as { imgData: Buffer | null; obj: { data: { SMask?: { data: unknown } } } };
  return image;
}

describe('a PNG with alpha is embedded within doc.image(), in paint order', () => {
  it('RGBA: the soft mask object exists before doc.image() returns', () => {
    const image = embed(
      png(6, [
        [255, 0, 0, 255],
        [0, 0, 255, 128],
      ]),
    );
    expect(image.obj.data.SMask).toBeDefined();
    expect(image.obj.data.SMask!.data).toMatchObject({ Subtype: 'Image', ColorSpace: 'DeviceGray', Width: 2 });
  });

  it('grey and alpha: likewise, one colour byte per pixel', () => {
    const image = embed(
      png(4, [
        [40, 40, 40, 255],
        [200, 200, 200, 0],
      ]),
    );
    expect(image.obj.data.SMask).toBeDefined();
  });

  it('gives PDFKit the pixels png-js would have given it, later', async () => {
    for (const bytes of [
      png(6, [
        [255, 0, 0, 255],
        [0, 9, 255, 128],
        [1, 2, 3, 4],
      ]),
      png(4, [
        [40, 40, 40, 255],
        [200, 200, 200, 7],
      ]),
    ]) {
      const doc = new PDFDocument();
      const decoded = decodeImage('a.png', bytes);
      if (!decoded.ok) throw new Error(decoded.reason);
      const ours = new PdfImageCache(doc, new Map([['a.png', decoded.image]])).open('a.png') as unknown as PngImage;
      let now: Uint8Array | null = null;
      ours.image.decodePixels((p) => (now = p));
      const theirs = (doc as unknown as { openImage(b: Buffer): PngImage }).openImage(Buffer.from(bytes));
      const later = await new Promise<Uint8Array>((resolve) => theirs.image.decodePixels(resolve));
      expect(now).not.toBeNull();
      expect([...now!]).toEqual([...later]);
    }
  });
});

interface PngImage {
  image: { decodePixels(done: (pixels: Uint8Array) => void): void };
}
