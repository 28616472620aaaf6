import {
  streamDocument,
  type Diagnostic,
  type FontQuery,
  type LayoutOptions,
  type Measurer,
  type PageSink,
} from '@platen/layout';
import { checkRenderOptions } from './check-options.js';
import { DocumentTooLargeError, PlatenError } from './errors.js';
import { resolveFormat, type PdfFormat, type ResolvedFormat } from './format.js';
import { parseHtml } from './html/parse.js';
import { PdfPainter } from './paint/paint-pdf.js';
import { collectImageUrls } from './resources/collect-urls.js';
import { loadFontFaces } from './resources/font-faces.js';
import { getFontRegistry, type FontSet } from './resources/fonts.js';
import { loadImages } from './resources/load-images.js';
import { createResourceLoader, type ResourceLoader } from './resources/loader.js';
import {
  MAX_IMPORT_DEPTH,
  computeStyles,
  linkedStylesheetUrls,
  type PageChromeDocuments,
  type StyleOptions,
  type StyleResult,
} from './style/index.js';
import type { FontUnit } from './style/values.js';
import { expandTemplate } from './template/expand.js';
import { createMeasurer } from './text/measurer.js';
import { htmlMetadata, resolveMetadata, type HtmlMetadata } from './pdf/metadata.js';
import { isPdfA, pdfAPart, type PdfOptions } from './pdf/options.js';
import { checkPdfALevelA, checkUa1 } from './pdf/ua.js';

/** Everything one render needs. Only `html` is required. */
export interface RenderOptions {
  /** HTML with Handlebars variables. */
  readonly html: string;
  /** Values for the variables (any JSON object). */
  readonly data?: unknown;
  readonly format?: PdfFormat;
  /** Header/footer component HTML (Handlebars, expanded with the same data), repeated on every page. */
  readonly header?: string | null;
  readonly footer?: string | null;
  /**
   * The first and the last page's own header/footer HTML: a key left out keeps the every-page
   * one, null prints none there. On a one-page document `firstPage` wins where both give one.
   */
  readonly firstPage?: PageComponents;
  readonly lastPage?: PageComponents;
  /** Block components by ID, for `<svc-block id="…">`. */
  readonly blocks?: Readonly<Record<string, string>>;
  /** Root for relative and file: URLs; unset → such URLs are not loaded. */
  readonly baseDir?: string;
  /** Allow remote resources on loopback/private addresses (tests, trusted installs). */
  readonly allowPrivateNetwork?: boolean;
  /** Default 2000. */
  readonly maxPages?: number;
  /** Limit on the expanded HTML in bytes; default 20 MiB. */
  readonly maxHtmlBytes?: number;
  /**
   * Font folders whose fonts templates can use by family name, searched before the host's
   * installed fonts (fontconfig's folders). Each folder is scanned once per process.
   */
  readonly fontDirs?: readonly string[];
  /** Remote (http/https) resources fetched per render at most; later ones are skipped with a warning (default 256). */
  readonly maxResources?: number;
  /** Bytes of remote resources fetched per render at most (default 64 MiB). */
  readonly maxResourceBytes?: number;
  /** Metadata, PDF/A, encryption, attachments, Factur-X: see PdfOptions. Omitted: a plain PDF as always. */
  readonly pdf?: PdfOptions;
}

/** Header/footer HTML of one page position (RenderOptions.firstPage/lastPage). */
export interface PageComponents {
  readonly header?: string | null;
  readonly footer?: string | null;
}

/** A page position's components expanded: HTML, null for none, left out where not given. */
type ExpandedChrome = { header?: string | null; footer?: string | null };

export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly diagnostics: readonly Diagnostic[];
}

export const DEFAULT_MAX_PAGES = 2000;
export const DEFAULT_MAX_HTML_BYTES = 20 * 1024 * 1024;

/** Render a template to PDF bytes, in-process. */
export async function render(options: RenderOptions): Promise<Uint8Array> {
  return (await renderDocument(options)).pdf;
}

/** Render and also report the page count and diagnostics. The pipeline, top to bottom. */
export async function renderDocument(options: RenderOptions): Promise<RenderResult> {
  checkRenderOptions(options);
  const format = resolveFormat(options.format);
  const maxHtmlBytes = options.maxHtmlBytes ?? DEFAULT_MAX_HTML_BYTES;
  const expand = (html: string): string =>
    checkSize(
      expandTemplate(html, options.data ?? {}, { blocks: options.blocks ?? {}, maxBytes: maxHtmlBytes }),
      maxHtmlBytes,
    );
  const html = expand(options.html);
  const header = options.header ? expand(options.header) : null;
  const footer = options.footer ? expand(options.footer) : null;
  // An empty component is none, as for the every-page ones.
  const expandPage = (page: PageComponents | undefined) => mapPageComponents(page, (h) => (h ? expand(h) : null));
  const pages = { firstPage: expandPage(options.firstPage), lastPage: expandPage(options.lastPage) };

  const loader = createResourceLoader({
    ...(options.baseDir === undefined ? {} : { baseDir: options.baseDir }),
    allowFile: options.baseDir !== undefined,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    budget: {
      ...(options.maxResources === undefined ? {} : { maxResources: options.maxResources }),
      ...(options.maxResourceBytes === undefined ? {} : { maxTotalBytes: options.maxResourceBytes }),
    },
  });
  const imageDiagnostics: Diagnostic[] = [];
  const fonts = getFontRegistry().createFontSet(options.fontDirs ? { fontDirs: options.fontDirs } : {});
  const laidOut = await styleAndLayout(
    html,
    { header, footer, ...pages },
    format,
    loader,
    fonts,
    imageDiagnostics,
    options.maxPages ?? DEFAULT_MAX_PAGES,
    options.pdf,
  );
  const { painter } = laidOut;
  // Pagination always makes a page; none means a layout bug (a non-finite size). Readers
  // reject a PDF without pages, so this fails the render instead of answering one.
  if (painter.pageCount === 0) throw new PlatenError('render_failed', 'The document was laid out without any page.');
  // The signing code (node-forge, @signpdf) is loaded by the first render that signs.
  const signature = options.pdf?.signature;
  const signing = signature ? await import('./pdf/sign.js') : null;
  const now = new Date();
  const visible = signature?.visible;
  const field = signing && signature && visible ? signing.visibleField({ ...signature, visible }, now) : undefined;
  const unsigned = await painter.finish(field);
  const pdf = signing && signature ? await signing.signPdf(unsigned, signature, now) : unsigned;
  return {
    pdf,
    pageCount: painter.pageCount,
    diagnostics: [
      ...laidOut.diagnostics,
      ...loader.warnings,
      ...imageDiagnostics,
      ...fonts.diagnostics,
      ...painter.diagnostics,
    ],
  };
}

/** A page position's components with `f` applied to each one given; null (none) stays null, absent stays absent. */
function mapPageComponents<T, U>(
  page: { readonly header?: T | null; readonly footer?: T | null } | undefined,
  f: (component: T) => U | null,
): { header?: U | null; footer?: U | null } {
  const out: { header?: U | null; footer?: U | null } = {};
  for (const slot of ['header', 'footer'] as const) {
    const given = page?.[slot];
    if (given !== undefined) out[slot] = given === null ? null : f(given);
  }
  return out;
}

interface LaidOut {
  /** Holds every page painted, all but written: `finish()` writes the PDF. */
  readonly painter: PdfPainter;
  readonly diagnostics: readonly Diagnostic[];
}

/** The header/footer HTML of a render, expanded. */
interface ChromeHtml {
  readonly header: string | null;
  readonly footer: string | null;
  readonly firstPage: ExpandedChrome;
  readonly lastPage: ExpandedChrome;
}

/** Every header and footer of a render: the every-page ones, then the first and last page's own (null: none). */
function allChrome<T>(c: {
  readonly header: T | null;
  readonly footer: T | null;
  readonly firstPage: { readonly header?: T | null; readonly footer?: T | null };
  readonly lastPage: { readonly header?: T | null; readonly footer?: T | null };
}): (T | null)[] {
  return [c.header, c.footer, ...[c.firstPage, c.lastPage].flatMap((p) => [p.header ?? null, p.footer ?? null])];
}

/**
 * Style, load images and fonts, lay out and paint: layout gives each page to the painter as
 * soon as it is final, and the painter paints it and drops it, so that a long document's
 * fragments do not all live until its last page. A function of its own so that the styled
 * tree (an object per element and text run) is garbage once layout returns.
 */
async function styleAndLayout(
  html: string,
  chromeHtml: ChromeHtml,
  format: ResolvedFormat,
  loader: ResourceLoader,
  fonts: FontSet,
  imageDiagnostics: Diagnostic[],
  maxPages: number,
  pdf: PdfOptions | undefined,
): Promise<LaidOut> {
  const { styles: styledFirst, meta, restyle } = await styleWithStylesheets(html, chromeHtml, format, loader);
  const [images] = await Promise.all([
    loadImages(
      loader,
      [...collectImageUrls([styledFirst.root, ...allChrome(styledFirst)]), ...styledFirst.pageImageUrls],
      imageDiagnostics,
    ),
    loadFontFaces(fonts, loader, styledFirst.fontFaces),
  ]);
  fonts.expectText([html, ...allChrome(chromeHtml).map((h) => h ?? '')]);
  const measurer: Measurer = createMeasurer(fonts);
  // `ch` and `ex` are the advance of "0" and the x-height of the element's first available font
  // (Values 4 §6.1.1), known once the fonts are loaded: a document that uses them is styled again.
  const styles = styledFirst.fontUnits
    ? restyle((unit, font, size) => fontUnit(measurer, unit, font, size))
    : styledFirst;
  const { creationDate, language, ...info } = resolveMetadata(pdf, styles.title, meta);
  const standard = pdf?.standard;
  if (standard === 'pdf/ua-1') checkUa1(info.title, language, [styles.root, ...allChrome(styles)]);
  else if (standard && isPdfA(standard) && pdfAPart(standard).conformance === 'A') checkPdfALevelA(standard, language);
  // A layout that has to start over (shrink to fit, taller chrome) drops its painter for a new one.
  const newPainter = (): PdfPainter =>
    new PdfPainter({
      fonts,
      images,
      ...info,
      creationDate,
      ...(language ? { lang: language } : {}),
      ...(pdf ? { pdf } : {}),
      outline: pdf?.outline ?? true,
    });
  const painter = layoutPages(styles, format, measurer, maxPages, (src) => images.get(src) ?? null, newPainter);
  return { painter, diagnostics: styles.diagnostics };
}

function checkSize(html: string, maxBytes: number): string {
  if (Buffer.byteLength(html) > maxBytes)
    throw new DocumentTooLargeError(`The expanded HTML is larger than ${maxBytes} bytes.`);
  return html;
}

/**
 * Style the document; when it links external stylesheets (`<link>`, `@import`,
 * google_fonts_url), fetch them through the loader first, then style once with their text.
 */
async function styleWithStylesheets(
  html: string,
  { header, footer, firstPage, lastPage }: ChromeHtml,
  format: ResolvedFormat,
  loader: ResourceLoader,
): Promise<{
  styles: StyleResult;
  meta: HtmlMetadata;
  restyle: (fontUnit: StyleOptions['fontUnit']) => StyleResult;
}> {
  const doc = parseHtml(html);
  const meta = htmlMetadata(doc);
  const parsePage = (page: ExpandedChrome): PageChromeDocuments => mapPageComponents(page, parseHtml);
  const chrome = {
    ...(header ? { header: parseHtml(header) } : {}),
    ...(footer ? { footer: parseHtml(footer) } : {}),
    firstPage: parsePage(firstPage),
    lastPage: parsePage(lastPage),
  };
  // Each round fetches the sheets found so far and reads their @imports (Cascade 4 §2): one
  // level of an @import chain a round, up to the depth loadExternal follows.
  const sheets = new Map<string, string | null>();
  const resolveStylesheet = (url: string): string | null => sheets.get(url) ?? null;
  for (let round = 0; round <= MAX_IMPORT_DEPTH; round++) {
    const urls = linkedStylesheetUrls(doc, { format, chrome, resolveStylesheet });
    const missing = urls.filter((url) => !sheets.has(url));
    if (missing.length === 0) break;
    await Promise.all(
      missing.map(async (url) => {
        const loaded = await loader.load(url, 'stylesheet');
        sheets.set(url, loaded ? new TextDecoder().decode(loaded.bytes) : null);
      }),
    );
  }
  const result = computeStyles(doc, { format, chrome, resolveStylesheet });
  const restyle = (fontUnit: StyleOptions['fontUnit']): StyleResult =>
    computeStyles(doc, { format, chrome, resolveStylesheet, fontUnit });
  return { styles: result, meta, restyle };
}

/**
 * `ch`: the advance of "0" in the first font that has it (the first available font has a "0").
 * `ex`: the x-height of the first available font, Skia's (OS/2 sxHeight, else the top of the
 * 'x' glyph), which Blink takes for FontMetrics::XHeight.
 */
function fontUnit(measurer: Measurer, unit: FontUnit, font: FontQuery, size: number): number {
  if (unit === 'ex') return measurer.metrics(font, size).xHeight;
  return measurer.shape('0', font, size).reduce((sum, run) => sum + run.width, 0);
}

/** The layout options of a render: the page style and chrome from styling, the placement rules from the format. */
export function layoutOptions(
  styles: StyleResult,
  format: ResolvedFormat,
  measurer: Measurer,
  maxPages: number,
  image: (src: string) => { width: number; height: number } | null,
): LayoutOptions {
  return {
    measurer,
    pageStyle: styles.pageStyle,
    images: image,
    header: styles.header,
    footer: styles.footer,
    firstPage: styles.firstPage,
    lastPage: styles.lastPage,
    componentGap: format.componentGap,
    footerPosition: format.footerPosition,
    verticalAlign: format.verticalAlign,
    horizontalAlign: format.horizontalAlign,
    maxPages,
    documentMode: styles.documentMode,
    pageBackgroundImages: styles.pageImageUrls.length > 0,
    restyle: styles.restyle,
  };
}

/** Lay the document out into the sink `newSink` makes (a new one for each start over): the sink that got the whole document. */
function layoutPages<S extends PageSink>(
  styles: StyleResult,
  format: ResolvedFormat,
  measurer: Measurer,
  maxPages: number,
  image: (src: string) => { width: number; height: number } | null,
  newSink: () => S,
): S {
  try {
    return streamDocument(styles.root, layoutOptions(styles, format, measurer, maxPages, image), newSink);
  } catch (error) {
    if (error instanceof Error && (error as { code?: unknown }).code === 'document_too_large')
      throw new DocumentTooLargeError(error.message);
    throw error;
  }
}
