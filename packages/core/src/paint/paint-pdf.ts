import PDFDocument from 'pdfkit';
import type { BoxFragment, Fragment, Page } from '@platen/layout';
import type { FontSet } from '../resources/fonts.js';
import type { DecodedImage } from '../resources/images.js';
import { DocumentFonts } from './pdf-fonts.js';
import { PdfImageCache } from './pdf-images.js';
import { PaintContext, type PaintDiagnostic } from './paint-context.js';
import { buildStacking, clipsOverflow, isContext, type PaintItem, type StackingContext } from './stacking.js';
import { applyTransform, clipToPaddingBox, paintBoxDecorations, paintImage, paintsDecorations } from './paint-box.js';
import { onlyGlyphs, paintText } from './paint-text.js';
import { TextObject } from './text-object.js';
import { paintWithOpacity } from './opacity-group.js';
import { paintLinks, type LinkTargets } from './links.js';
import { indexPages } from './page-index.js';
import { createOutlineBuilder } from './outline.js';
import { bufferStream, type StreamRef } from './content-buffer.js';

/** CSS px → PDF pt: 96 px per inch, 72 pt per inch. */
export const PT_PER_PX = 0.75;
/** Fixed dates keep output byte-identical for the same input (and the file ID, an MD5 of the info). */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

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
  /** Add PDF bookmarks from the h1–h6 headings. */
  readonly outline?: boolean;
  /** Receives warnings (fonts or images that could not be drawn…). */
  readonly diagnostics?: PaintDiagnostic[];
}

function paintItem(ctx: PaintContext, item: PaintItem | StackingContext): void {
  if (isContext(item)) {
    paintStackingContext(ctx, item);
    return;
  }
  if (item.clips.length === 0) {
    paintFragment(ctx, item.fragment);
    return;
  }
  ctx.save();
  for (const clip of item.clips) clipToPaddingBox(ctx, clip);
  paintFragment(ctx, item.fragment);
  ctx.restore();
}

/** Geometry a PDF can hold: a layout bug must cost one fragment, not the whole render. */
function isFinitePlaced(frag: Fragment): boolean {
  if (frag.kind === 'text') return Number.isFinite(frag.x) && Number.isFinite(frag.baseline);
  return Number.isFinite(frag.x) && Number.isFinite(frag.y) && Number.isFinite(frag.width) && Number.isFinite(frag.height);
}

function paintFragment(ctx: PaintContext, frag: Fragment): void {
  if (!isFinitePlaced(frag)) {
    ctx.warn('bad_geometry', `a ${frag.kind} fragment has no finite position and was not painted`);
    return;
  }
  if (frag.kind === 'text') paintText(ctx, frag);
  else if (frag.kind === 'image') paintImage(ctx, frag);
  else paintBoxDecorations(ctx, frag);
}

/** An unclipped box whose decorations paintBoxDecorations draws in a pixel-grid group. */
function onGrid(item: PaintItem | undefined): boolean {
  if (item === undefined || item.clips.length > 0) return false;
  const frag = item.fragment;
  return frag.kind === 'box' && isFinitePlaced(frag) && paintsDecorations(frag);
}

/**
 * Appendix E step 4, the block boxes' backgrounds and borders in tree order. Consecutive
 * boxes share one pixel-grid group (ctx.onPixelGrid): a group per box, with its colour set
 * again after each Q, was most of a long table's decoration operators. Their painting
 * saves and restores what it changes but colours (tracked) and line width (set by each
 * stroke), so a group around several paints each as its own did.
 */
function paintBlocks(ctx: PaintContext, blocks: readonly PaintItem[]): void {
  for (let i = 0; i < blocks.length;) {
    if (!onGrid(blocks[i])) {
      paintItem(ctx, blocks[i]!);
      i++;
      continue;
    }
    let j = i;
    ctx.onPixelGrid(() => {
      while (onGrid(blocks[j])) paintFragment(ctx, blocks[j++]!.fragment);
    });
    i = j;
  }
}

/**
 * Appendix E step 7, the inline content in tree order. Consecutive unclipped lines that are
 * only glyphs share one text object (a table's cells: BT, Tf and ET once, not per cell);
 * anything else ends it first.
 */
function paintInlines(ctx: PaintContext, inlines: readonly (PaintItem | StackingContext)[]): void {
  let text: TextObject | null = null;
  for (const item of inlines) {
    const frag = isContext(item) || item.clips.length > 0 ? null : item.fragment;
    if (frag?.kind === 'text' && isFinitePlaced(frag) && onlyGlyphs(frag)) {
      text ??= new TextObject(ctx.ops());
      paintText(ctx, frag, text);
      continue;
    }
    text?.close();
    text = null;
    paintItem(ctx, item);
  }
  text?.close();
}

/** CSS 2.1 Appendix E, steps 1–10, for one stacking context (or an atomically painted box). */
function paintStackingContext(ctx: PaintContext, sc: StackingContext): void {
  const root: BoxFragment = sc.root;
  if (!isFinitePlaced(root)) {
    ctx.warn('bad_geometry', 'a box fragment has no finite position and was not painted');
    return;
  }
  ctx.save();
  for (const clip of sc.clips) clipToPaddingBox(ctx, clip);
  applyTransform(ctx, root);
  const paint = (): void => {
    if (root.style.opacity < 1) paintWithOpacity(ctx, root.style.opacity, () => paintLayers(ctx, sc));
    else paintLayers(ctx, sc);
  };
  if (root.style.transform.length > 0) ctx.unsnapped(paint);
  else paint();
  ctx.restore();
}

function paintLayers(ctx: PaintContext, sc: StackingContext): void {
  const root = sc.root;
  paintBoxDecorations(ctx, root);
  const clipped = clipsOverflow(root);
  if (clipped) {
    ctx.save();
    clipToPaddingBox(ctx, root);
  }
  for (const c of sc.negative) paintStackingContext(ctx, c);
  paintBlocks(ctx, sc.blocks);
  for (const f of sc.floats) paintStackingContext(ctx, f);
  paintInlines(ctx, sc.inlines);
  for (const p of sc.positioned) paintStackingContext(ctx, p);
  for (const p of sc.positive) paintStackingContext(ctx, p);
  if (clipped) ctx.restore();
}

function createDocument(options: PaintOptions): PDFKit.PDFDocument {
  const date = options.creationDate ?? FIXED_DATE;
  const info: Record<string, string | Date> = { Producer: 'Platen', Creator: 'Platen', CreationDate: date, ModDate: date };
  if (options.title) info.Title = options.title;
  if (options.author) info.Author = options.author;
  if (options.subject) info.Subject = options.subject;
  if (options.keywords) info.Keywords = options.keywords;
  return new PDFDocument({
    autoFirstPage: false,
    compress: true,
    // No default font: PDFKit would otherwise load Helvetica's AFM for every document.
    font: null as unknown as string,
    info: info as PDFKit.DocumentInfo,
    displayTitle: Boolean(options.title),
    ...(options.lang ? { lang: options.lang } : {}),
  });
}

function paintPage(ctx: PaintContext, page: Page, anchors: readonly BoxFragment[], targets: LinkTargets): void {
  const doc = ctx.doc;
  doc.addPage({ size: [page.width * PT_PER_PX, page.height * PT_PER_PX], margin: 0 });
  bufferStream((doc.page as unknown as { content: StreamRef }).content);
  ctx.startPage();
  ctx.save();
  // Work in CSS px from here on; PDFKit has already flipped y to point down.
  doc.transform(PT_PER_PX, 0, 0, PT_PER_PX, 0, 0);
  ctx.fillRect({ x: 0, y: 0, width: page.width, height: page.height }, page.backgroundColor);
  // Shrink to fit: the fragments are in layout px of a page `1 / scale` times larger.
  if (page.scale !== undefined && page.scale !== 1) doc.transform(page.scale, 0, 0, page.scale, 0, 0);
  for (const item of buildStacking(page)) paintItem(ctx, item);
  paintLinks(ctx, page, anchors, targets);
  ctx.restore();
}

/** Paint laid-out pages into a PDF. The same pages and options give byte-identical output. */
export async function paintPdf(pages: readonly Page[], options: PaintOptions): Promise<Uint8Array> {
  const doc = createDocument(options);
  const diagnostics: PaintDiagnostic[] = options.diagnostics ?? [];
  const ctx = new PaintContext(doc, new DocumentFonts(doc, options.fonts), new PdfImageCache(doc, options.images), diagnostics);
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const index = indexPages(pages);
  const outline = options.outline ? createOutlineBuilder((doc as unknown as { outline: Parameters<typeof createOutlineBuilder>[0] }).outline) : null;
  pages.forEach((page, i) => {
    paintPage(ctx, page, index.anchors[i] ?? [], index.targets);
    outline?.(page, page.width * PT_PER_PX, index.headings[i] ?? []);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
