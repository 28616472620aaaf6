import PDFDocument from 'pdfkit';
import type { BoxFragment, Diagnostic, Fragment, Page, PageSink } from '@platen/layout';
import type { FontSet } from '../resources/fonts.js';
import type { DecodedImage } from '../resources/images.js';
import { DocumentFonts } from './pdf-fonts.js';
import { PdfImageCache } from './pdf-images.js';
import { PaintContext } from './paint-context.js';
import { paintLayer } from './paint-layers.js';
import { NamedDestinations } from './links.js';
import { indexPage } from './page-index.js';
import { createOutlineBuilder } from './outline.js';
import { StructureTree } from './structure.js';
import { addSignatureField, type SignatureField } from './signature-field.js';
import { bufferStream, type StreamRef } from './content-buffer.js';
import { FileOutput } from './file-output.js';
import { FIXED_DATE } from '../pdf/metadata.js';
import { fileStandard, isAccessibleStandard, isPdfA, isTagged, type PdfOptions } from '../pdf/options.js';
import { PRODUCER, pdfKitFileOptions, prepareFile } from './pdf-file.js';

/** CSS px → PDF pt: 96 px per inch, 72 pt per inch. */
export const PT_PER_PX = 0.75;

export interface PaintOptions {
  readonly fonts: FontSet;
  /**
   * Loaded images by `src` as written in the document, from `loadImages` (which checks
   * every PNG: PDFKit would throw asynchronously, out of any try, on a corrupt one).
   */
  readonly images: ReadonlyMap<string, DecodedImage>;
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly creationDate?: Date;
  readonly lang?: string;
  /** Standard, encryption, attachments (checked by checkPdfOptions); the metadata comes in the fields above. */
  readonly pdf?: PdfOptions;
  /** Add PDF bookmarks from the h1–h6 headings. */
  readonly outline?: boolean;
  /** Receives warnings (fonts or images that could not be drawn…). */
  readonly diagnostics?: Diagnostic[];
}

/** A content stream (PDFKit's PDFReference) as the painter writes and ends it. */
type ContentRef = StreamRef & { end(): void };

/** The parts of PDFKit's document and page the painter drives (not in @types/pdfkit). */
interface PdfPage {
  content: ContentRef;
  readonly dictionary: { readonly data: { Contents: unknown } };
  readonly width: number;
  readonly height: number;
}
interface PdfInternals {
  readonly page: PdfPage;
  _ctm: number[];
  ref(): ContentRef;
  switchToPage(index: number): PdfPage;
  readonly outline: Parameters<typeof createOutlineBuilder>[0];
}

/**
 * `page.content` once a page's own streams are written: PDFKit ends it again when it writes
 * the page dictionary at `doc.end()` (harmless here), and nothing may draw on it any more.
 */
const WRITTEN: ContentRef = {
  write: () => {
    throw new Error('platen: drawing on a page whose content streams are already written');
  },
  finalize: () => undefined,
  end: () => undefined,
};

/** The document being painted and what paint keeps across its pages. */
interface Run {
  readonly doc: PDFKit.PDFDocument;
  readonly pdf: PdfInternals;
  readonly ctx: PaintContext;
  readonly output: FileOutput;
  readonly destinations: NamedDestinations;
  readonly outline: ReturnType<typeof createOutlineBuilder> | null;
  /** Per page given so far, its shrink-to-fit factor (the chrome is painted under it too). */
  readonly scales: number[];
  /** A tagged PDF's structure tree (unless pdf.tagged is false). */
  readonly structure: StructureTree | null;
}

function createDocument(options: PaintOptions): PDFKit.PDFDocument {
  const date = options.creationDate ?? FIXED_DATE;
  const info: Record<string, string | Date> = {
    Producer: PRODUCER,
    Creator: PRODUCER,
    CreationDate: date,
    ModDate: date,
  };
  if (options.title) info.Title = options.title;
  if (options.author) info.Author = options.author;
  if (options.subject) info.Subject = options.subject;
  if (options.keywords) info.Keywords = options.keywords;
  const fileOptions = pdfKitFileOptions(options.pdf);
  const doc = new PDFDocument({
    ...fileOptions,
    autoFirstPage: false,
    // Pages stay open until doc.end(): the chrome is painted onto them once every page is laid out.
    bufferPages: true,
    compress: true,
    // No default font: PDFKit would otherwise load Helvetica's AFM for every document.
    font: null as unknown as string,
    info: info as PDFKit.DocumentInfo,
    displayTitle: Boolean(options.title),
    ...(options.lang ? { lang: options.lang } : {}),
  } as PDFKit.PDFDocumentOptions);
  const { title, author, subject, keywords, lang: language } = options;
  prepareFile(doc, options.pdf, { title, author, subject, keywords, language, creationDate: date }, fileOptions);
  return doc;
}

/**
 * Paints pages into one PDF as layout gives them (a PageSink), so that a page's fragments
 * are garbage as soon as it is painted: each page's own layer (background and body) is
 * painted into its content stream, which is then deflated and written at once. The
 * header/footer/margin-box layer, known only once the page count is, comes last as a
 * second content stream of the page (PDF 32000 §7.8.2: an array of streams is painted as
 * their concatenation), so that it paints above the whole body, as a stacking root of its
 * own (CSS 2.1 Appendix E), like Chromium's header and footer templates.
 */
export class PdfPainter implements PageSink {
  readonly #options: PaintOptions;
  /** Warnings of this painter's document (PaintOptions.diagnostics, or its own). */
  readonly diagnostics: Diagnostic[];
  readonly #run: Run;

  constructor(options: PaintOptions) {
    this.#options = options;
    this.diagnostics = options.diagnostics ?? [];
    this.#run = this.#newRun();
  }

  /** Pages painted. */
  get pageCount(): number {
    return this.#run.scales.length;
  }

  page(page: Page): void {
    const run = this.#run;
    const sheet = page.paper ?? page;
    run.doc.addPage({ size: [sheet.width * PT_PER_PX, sheet.height * PT_PER_PX], margin: 0 });
    const pdfPage = run.pdf.page;
    const index = run.scales.length;
    const scale = page.scale ?? 1;
    run.scales.push(scale);
    const { anchors, headings } = indexPage(page.fragments);
    const body = pdfPage.content;
    bufferStream(body);
    run.structure?.indexPage(page.fragments);
    run.ctx.tags = run.structure;
    this.#paintLayer(page.fragments, index, scale, anchors, page);
    body.end();
    pdfPage.content = WRITTEN;
    run.outline?.(page, pdfPage.width, headings);
  }

  /** Paint each page's chrome, as the iterable gives it (then `finish()`). */
  end(chrome: Iterable<readonly Fragment[]>): void {
    let index = 0;
    for (const fragments of chrome) this.#chrome(index++, fragments);
  }

  /** Page `index`'s chrome as a second content stream of the page. */
  #chrome(index: number, fragments: readonly Fragment[]): void {
    if (fragments.length === 0) return;
    const run = this.#run;
    const pdfPage = run.pdf.switchToPage(index);
    const chrome = run.pdf.ref();
    bufferStream(chrome);
    pdfPage.dictionary.data.Contents = [pdfPage.dictionary.data.Contents, chrome];
    pdfPage.content = chrome;
    // The body stream's q…Q are balanced: the chrome starts under PDFKit's y-flip alone.
    run.pdf._ctm = [1, 0, 0, -1, 0, pdfPage.height];
    // Tagged: the header, footer and margin boxes are one pagination artifact (ISO 32000-1 §14.8.2.2.2).
    run.ctx.tags = null;
    const ops = run.structure ? run.ctx.ops() : null;
    ops?.push('/Artifact <</Type /Pagination>> BDC');
    this.#paintLayer(fragments, index, run.scales[index] ?? 1, indexPage(fragments).anchors, null);
    ops?.push('EMC');
    chrome.end();
    pdfPage.content = WRITTEN;
  }

  /**
   * Write the document out, with a visible signature's field (signed afterwards, pdf/sign.ts).
   * The same pages and options give byte-identical output.
   */
  async finish(signatureField?: SignatureField): Promise<Uint8Array> {
    const { doc, output, destinations, structure, ctx } = this.#run;
    destinations.write(doc);
    if (signatureField) addSignatureField(doc, ctx.fonts, this.pageCount, signatureField, structure);
    structure?.write(doc);
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    doc.end();
    await done;
    return output.bytes();
  }

  /**
   * One layer of a page into the current content stream, in CSS px (PDFKit has already
   * flipped y to point down), with its links. `page`: the body's page, whose background
   * (the canvas's, CSS 2.1 §14.2) is painted first; null for the chrome.
   */
  #paintLayer(
    fragments: readonly Fragment[],
    index: number,
    scale: number,
    anchors: readonly BoxFragment[],
    page: Page | null,
  ): void {
    const { doc, ctx, destinations } = this.#run;
    ctx.startPage();
    ctx.save();
    ctx.pageScale();
    if (page && page.backgroundColor.a > 0) {
      if (ctx.tags) ctx.ops().push('/Artifact BMC');
      ctx.fillRect({ x: 0, y: 0, width: page.width, height: page.height }, page.backgroundColor);
      if (ctx.tags) ctx.ops().push('EMC');
    }
    // Shrink to fit: the fragments are in layout px of a page `1 / scale` times larger.
    if (scale !== 1) ctx.transform(scale, 0, 0, scale, 0, 0);
    if (page?.backdrop) paintLayer(ctx, page.backdrop);
    if (page?.area) ctx.clipRect(page.area);
    for (const slice of page?.carried ?? []) {
      ctx.save();
      ctx.transform(1, 0, 0, 1, 0, slice.dy);
      paintLayer(
        ctx,
        page?.area ? slice.fragments.map((f) => withoutTextAbove(f, page.area!.y - slice.dy)) : slice.fragments,
      );
      ctx.restore();
    }
    paintLayer(ctx, fragments);
    const tags = ctx.tags;
    destinations.paintLinks(
      ctx,
      index,
      scale,
      anchors,
      tags
        ? {
            annotationEntries: (box) => tags.annotationEntries(box),
            annotationMade: (box) => tags.annotationMade(doc, box),
          }
        : undefined,
    );
    ctx.restore();
  }

  #newRun(): Run {
    const options = this.#options;
    const doc = createDocument(options);
    const pdf = doc as unknown as PdfInternals;
    // ISO 19005-2 §6.2.4.3: DeviceCMYK needs a CMYK output intent; ours is sRGB. JPEG data is
    // embedded as it is, so such an image is reported rather than silently breaking conformance.
    const onCmyk = isPdfA(fileStandard(options.pdf))
      ? (src: string) =>
          ctx.warn(
            'pdfa_cmyk_image',
            `${src.slice(0, 200)}: a CMYK JPEG is embedded as DeviceCMYK, which PDF/A with an sRGB output intent does not allow; convert it to RGB.`,
          )
      : null;
    const standard = fileStandard(options.pdf);
    const levelA = isPdfA(standard) && isAccessibleStandard(standard);
    const ctx: PaintContext = new PaintContext(
      doc,
      new DocumentFonts(doc, options.fonts, levelA ? (standard ?? null) : null),
      new PdfImageCache(doc, options.images, onCmyk),
      this.diagnostics,
    );
    const output = new FileOutput(doc);
    const outline = options.outline ? createOutlineBuilder(pdf.outline) : null;
    const structure = isTagged(options.pdf) ? new StructureTree() : null;
    return { doc, pdf, ctx, output, destinations: new NamedDestinations(), outline, scales: [], structure };
  }
}

/**
 * A carried slice without the lines of text that end above `top` (page coordinates of the
 * earlier page): the page area hides them where the slice is shown, and a PDF should not hold
 * text no one sees there (Chromium's PDFs don't; text extraction reads hidden text, a second
 * copy of the earlier page's last lines). Unchanged subtrees are shared.
 */
function withoutTextAbove(f: Fragment, top: number): Fragment {
  if (f.kind !== 'box' || f.children.length === 0) return f;
  let changed = false;
  const children: Fragment[] = [];
  for (const child of f.children) {
    // A line's glyphs reach at most about a font size below its baseline.
    if (child.kind === 'text' && !child.rotation && child.baseline + child.style.fontSize <= top) {
      changed = true;
      continue;
    }
    const kept = withoutTextAbove(child, top);
    if (kept !== child) changed = true;
    children.push(kept);
  }
  return changed ? { ...f, children } : f;
}
