import type { DecodedImage } from '../resources/images.js';
import { decodePngRgba } from '../resources/png-normalize.js';
import { brokenImageIcon } from './broken-image-icon.js';

/** PDFKit's opened image (PDFImage, untyped in @types/pdfkit); `doc.image()` accepts it. */
export interface PdfImage {
  readonly width: number;
  readonly height: number;
}

interface PdfImageInternals {
  openImage(src: Buffer): PdfImage;
}

/** png-js's decoder inside PDFKit's PNG image: what splitting the alpha channel reads. */
interface PngJsImage {
  readonly data: Buffer;
  readonly colors: number;
  readonly bits: number;
  readonly hasAlphaChannel: boolean;
  decodePixels(done: (pixels: Uint8Array) => void): void;
}

/**
 * PDFKit splits a PNG's alpha channel into a soft mask in png-js's asynchronous inflate
 * callback, and allocates the mask's PDF object whenever that callback runs: object numbers,
 * and so the file's bytes, depended on timing. The PNGs that reach PDFKit are 8-bit and not
 * interlaced (png-normalize.ts), so their pixels are decoded here at once and the callback
 * runs inside `doc.image()`, in paint order.
 */
function decodeAlphaPngNow(opened: PdfImage): void {
  const png = (opened as { image?: PngJsImage }).image;
  if (!png?.hasAlphaChannel || png.bits !== 8) return;
  png.decodePixels = (done) => {
    const rgba = decodePngRgba(png.data);
    if (!rgba) throw new Error('PNG data that decoded before cannot be decoded again.');
    if (png.colors === 3) return done(rgba);
    const greyAlpha = new Uint8Array(rgba.length / 2); // grey and alpha from each RGBA pixel
    for (let i = 0, j = 0; i < rgba.length; i += 4) {
      greyAlpha[j++] = rgba[i] ?? 0;
      greyAlpha[j++] = rgba[i + 3] ?? 0;
    }
    done(greyAlpha);
  };
}

/** Loaded images by `src`, each embedded at most once per document (PDFKit's XObject). */
export class PdfImageCache {
  readonly #doc: PdfImageInternals;
  readonly #images: ReadonlyMap<string, DecodedImage>;
  readonly #opened = new Map<string, PdfImage | null>();
  /** Told of each CMYK JPEG embedded (a PDF/A file with an sRGB output intent may not hold one). */
  readonly #onCmyk: ((src: string) => void) | null;

  constructor(
    doc: PDFKit.PDFDocument,
    images: ReadonlyMap<string, DecodedImage>,
    onCmyk: ((src: string) => void) | null = null,
  ) {
    this.#doc = doc as unknown as PdfImageInternals;
    this.#images = images;
    this.#onCmyk = onCmyk;
  }

  info(src: string): DecodedImage | undefined {
    return this.#images.get(src) ?? (src === brokenImageIcon.src ? brokenImageIcon : undefined);
  }

  /** The PDFKit image for `src`, or null if it is missing or PDFKit cannot embed it. */
  open(src: string): PdfImage | null {
    const known = this.#opened.get(src);
    if (known !== undefined) return known;
    const image = this.info(src);
    let opened: PdfImage | null = null;
    if (image && (image.format === 'png' || image.format === 'jpeg')) {
      try {
        opened = this.#doc.openImage(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
        if (image.format === 'png') decodeAlphaPngNow(opened);
      } catch {
        opened = null;
      }
    }
    this.#opened.set(src, opened);
    if (opened && (opened as { colorSpace?: string }).colorSpace === 'DeviceCMYK') this.#onCmyk?.(src);
    return opened;
  }
}
