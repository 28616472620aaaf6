import type { DecodedImage } from '../resources/images.js';
import { brokenImageIcon } from './broken-image-icon.js';

/** PDFKit's opened image (PDFImage, untyped in @types/pdfkit); `doc.image()` accepts it. */
export interface PdfImage {
  readonly width: number;
  readonly height: number;
}

interface PdfImageInternals {
  openImage(src: Buffer): PdfImage;
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
      } catch {
        opened = null;
      }
    }
    this.#opened.set(src, opened);
    if (opened && (opened as { colorSpace?: string }).colorSpace === 'DeviceCMYK') this.#onCmyk?.(src);
    return opened;
  }
}
