import { buildBoxes, hasRootAbsolutes } from '../boxes/build-boxes.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { ContainerBox } from '../boxes/box.js';
import type { Fragment, Page, PageSink } from '../fragment.js';
import type { LayoutOptions, PageChrome } from '../layout-options.js';
import type { PageBoxStyle } from '../page-style.js';
import { resolveLength, type ComputedStyle } from '../style.js';
import type { FontMetrics } from '../measurer.js';
import { usedLineHeight } from '../flow/line-height.js';
import type { StyledElement } from '../styled-node.js';
import { createLayoutContext, newPass, pagesGiven, type LayoutContext } from '../flow/context.js';
import {
  createBoxFragment,
  NO_ATTRS,
  movedFragment,
  toPageCoordinates,
  toPageCoordinatesMeasured,
  ZERO_EDGES,
  WHOLE,
} from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import {
  NO_MARGINS,
  resolveMargins,
  type ForcedBreak,
  type LayoutResult,
  type Resume,
  type Space,
} from '../flow/types.js';
import { borderEdges, marginOrZero, paddingEdges } from '../flow/box-model.js';
import { withBoxesPlacedLater } from '../positioned/printed-root.js';
import {
  backgroundOnly,
  canvasBackground,
  viewportOverflowSource,
  withPrincipalWritingMode,
  type CanvasBackground,
} from './canvas.js';
import { crossesArea } from './page-area.js';
import { bodyAlignment } from './body-align.js';
import { layoutChrome } from './page-chrome.js';
import { pageNameAt } from './page-names.js';
import { layoutMarginBoxes, type PageMargins } from './margin-boxes.js';
import { continuedBelow, overflowRight, shrinkFactor, type ContinuedBox } from './shrink-to-fit.js';
import { carriedSlices, carriesLeft, carryOf, printedSlices, type Carry, type CarriedSlice } from './overflow-pages.js';

/** Thrown when the document needs more than `maxPages` pages. */
export class LayoutLimitError extends Error {
  readonly code = 'document_too_large';
  constructor(maxPages: number) {
    super(`The document needs more than ${maxPages} pages`);
    this.name = 'LayoutLimitError';
  }
}

/** One paginated page before chrome: the body fragment and its geometry. */
interface BodyPage {
  readonly index: number;
  readonly style: PageBoxStyle;
  /** Where the body goes: the page margins plus the `@page` border and padding. */
  readonly margins: PageMargins;
  /** The page margins alone: the margin boxes' and the border's frame. */
  readonly outer: PageMargins;
  readonly blank: boolean;
  /** Dropped (null) once the page is given to the sink: only its geometry stays for the chrome. */
  body: Fragment | null;
  readonly bodyTop: number;
  readonly bodyHeight: number;
  /** Bottom of the body's margin box, from bodyTop. */
  readonly contentBottom: number;
  /** Where this page's part of the document starts in the unbroken document (earlier pages' body heights). */
  readonly documentTop: number;
  /** Shrink to fit: `style` and all geometry are in layout px, the paper is `scale` times that. */
  readonly scale: number;
  /** Slices of earlier pages' overflow shown on this one (./overflow-pages.ts). */
  readonly carried?: readonly CarriedSlice[];
  /** The header and footer this page shows. */
  readonly chrome: PageBoxes;
}

/** A page's header and footer boxes. */
export interface PageBoxes {
  readonly header: ContainerBox | null;
  readonly footer: ContainerBox | null;
}

export interface Documents {
  readonly root: ContainerBox;
  /** The header and footer of each page position (LayoutOptions.firstPage/lastPage over the every-page ones). */
  readonly chrome: {
    readonly middle: PageBoxes;
    readonly first: PageBoxes;
    readonly last: PageBoxes;
    readonly only: PageBoxes;
  };
  readonly canvas: CanvasBackground;
}

/** The chrome of the first and/or last page, or of any other. */
function chromeAt(docs: Documents, first: boolean, last: boolean): PageBoxes {
  return first ? (last ? docs.chrome.only : docs.chrome.first) : last ? docs.chrome.last : docs.chrome.middle;
}

/** The header and footer of each page position: `firstPage` wins over `lastPage` on a one-page document. */
function pageChromes(
  every: PageBoxes,
  first: PageChrome | undefined,
  last: PageChrome | undefined,
  build: (el: StyledElement) => ContainerBox,
): Documents['chrome'] {
  const boxes = (c: PageChrome | undefined): Partial<PageBoxes> => {
    const out: { header?: ContainerBox | null; footer?: ContainerBox | null } = {};
    for (const slot of ['header', 'footer'] as const) {
      const el = c?.[slot];
      if (el !== undefined) out[slot] = el && build(el);
    }
    return out;
  };
  const f = boxes(first);
  const l = boxes(last);
  const none = Object.keys(f).length === 0 && Object.keys(l).length === 0;
  const merge = (...over: Partial<PageBoxes>[]): PageBoxes =>
    over.every((o) => Object.keys(o).length === 0) ? every : Object.assign({}, every, ...over);
  if (none) return { middle: every, first: every, last: every, only: every };
  const firstChrome = merge(f);
  return {
    middle: every,
    first: firstChrome,
    last: merge(l),
    only: Object.keys(l).length === 0 ? firstChrome : merge(l, f),
  };
}

/** What one pass of paginateBody found. */
interface Pass {
  readonly pages: readonly BodyPage[];
  /** Chromium's shrink to fit for the widest page (./shrink-to-fit.ts), 1 when everything fits. */
  readonly shrink: number;
  /** The page index each id that `target-counter(…, page)` names starts on. */
  readonly targets: ReadonlyMap<string, number>;
  /** Give the pages held to the end of the pass (PassOptions.streams false) to the sink. */
  readonly print: () => void;
}

/**
 * What a layout attempt found it must start over with, once it had given pages away: the shrink
 * to fit of a page wider than the paper, or the page count that makes the chrome taller. The
 * driver (streamDocument) drops that attempt's sink and lays out again into a fresh one; the
 * render's context and built boxes go on to the next attempt.
 */
export interface StartOver {
  readonly scale: number;
  /** The page number the chrome is measured with (1 until the real count made it taller). */
  readonly count: number;
  readonly setup: Setup;
}

/** What every attempt at one document shares: its layout context and boxes. */
export interface Setup {
  readonly ctx: LayoutContext;
  readonly docs: Documents;
  /** The documents with the body's boxes built from `root` (the styled `html`). */
  readonly documents: (root: StyledElement) => Documents;
  /** Pages go to the sink as soon as each is laid out (else at the end of the last pass). */
  readonly streams: boolean;
}

/** Build the boxes of the body and the chrome, and decide whether pages can be given away as they come. */
function setUp(rootElement: StyledElement, options: LayoutOptions): Setup {
  const mode = options.documentMode ?? 'no-quirks';
  const ctx = createLayoutContext(options.measurer, options.images, mode !== 'no-quirks', mode === 'quirks');
  // The fonts box building sizes form controls and initial letters with.
  const shapes = ctx.shapes;
  const letterFonts = {
    metrics: (s: ComputedStyle) => shapes.metrics(s),
    shape: (text: string, s: ComputedStyle) => shapes.shape(text, s),
    inkExtent: (text: string, s: ComputedStyle) => shapes.inkExtent(text, s),
    lineHeight: (s: ComputedStyle, m: FontMetrics) => usedLineHeight(s, m.ascent, m.descent, m.lineGap),
  };
  const build = (el: StyledElement, canvas: CanvasBackground | null): ContainerBox =>
    buildBoxes(el, {
      images: options.images,
      chrome: canvas === null,
      canvasSource: canvas?.source ?? null,
      viewportOverflowSource: canvas ? viewportOverflowSource(el) : null,
      quirks: mode === 'quirks',
      fonts: letterFonts,
      targets: ctx.targets.wanted,
    });
  const every = {
    header: options.header ? build(options.header, null) : null,
    footer: options.footer ? build(options.footer, null) : null,
  };
  const chrome = pageChromes(every, options.firstPage, options.lastPage, (el) => build(el, null));
  const documents = (root: StyledElement): Documents => {
    const principal = withPrincipalWritingMode(root);
    const canvas = canvasBackground(principal);
    return { root: build(principal, canvas), chrome, canvas };
  };
  const docs = documents(rootElement);
  // An absolute box whose containing block is the root may be added to a page laid out before
  // the one its placeholder is on (positioned/printed-root.ts placeOnPage): keep all pages then.
  // Background images of the pages and the canvas are placed against the whole document's height.
  // `target-counter(…, page)` (found while building boxes) always takes a second pass. Pages held
  // to the end of a pass go to the sink from the last pass only: such a document never starts over.
  const streams =
    !hasRootAbsolutes(docs.root) &&
    !options.pageBackgroundImages &&
    !docs.canvas.style?.backgroundLayers.length &&
    ctx.targets.wanted.size === 0;
  return { ctx, docs, documents, streams };
}

/**
 * Lay the document out page by page and give each page to `sink` as soon as it is laid out, so
 * that its fragments can be painted and dropped instead of all living until the last page;
 * then, once the page count is known, the chrome (header, footer, margin boxes) through
 * `sink.end`. Returns null when done, or what to start over with (StartOver) when content wider
 * than the page, or page numbers that make the chrome taller, were found after pages went to the
 * sink: nothing is given after that, and the sink is to be dropped.
 */
export function paginate(
  rootElement: StyledElement,
  options: LayoutOptions,
  sink: PageSink,
  start: StartOver | null,
): StartOver | null {
  const setup = start?.setup ?? setUp(rootElement, options);
  const { ctx, streams } = setup;
  let docs = setup.docs;
  // Passes after the first lay out again with caches of their own: a target-counter pass changes
  // the text of paragraphs the last one cached.
  const again = (): LayoutContext => {
    pagesGiven(ctx);
    return newPass(ctx);
  };
  let scale = start?.scale ?? 1;
  let count = start?.count ?? 1;
  // The next attempt, with what this one found (pages went to the sink already: it is dropped).
  const startOver = (): StartOver => ({ scale, count, setup: { ...setup, docs } });
  let passCtx = start ? again() : ctx;
  let pass = paginateBody(docs, options, passCtx, { count, scale, streams, fit: start === null }, sink);
  if (pass.shrink < 1) {
    scale = pass.shrink;
    // The wider page is the viewport of the second layout: viewport units follow it (Chromium, measured).
    if (options.restyle) docs = setup.documents(options.restyle(scale));
    if (streams) return startOver();
    pass = paginateBody(docs, options, (passCtx = again()), { count, scale, streams, fit: false }, sink);
  }
  // Chrome was measured with one-digit page numbers; when the real numbers make it taller
  // (wrapping), paginate again with the taller reservation (bounded, like WeasyPrint's max_loops).
  if (count === 1 && chromeGrows(pass.pages, options, passCtx)) {
    count = pass.pages.length;
    if (streams) return startOver();
    pass = paginateBody(docs, options, (passCtx = again()), { count, scale, streams, fit: false }, sink);
  }
  // CSS GCPM 3 §2.4: `target-counter(…, page)` is known once its target is laid out: lay out
  // again with the pages the last pass found until they stay (at most twice, like WeasyPrint's max_loops).
  for (let round = 0; round < 2 && ctx.targets.wanted.size > 0; round++) {
    const numbers = pageNumbers(pass.pages.map((b) => b.style));
    const found = new Map([...pass.targets].map(([id, index]) => [id, numbers[index]!]));
    if (ctx.targets.pages && sameTargets(found, ctx.targets.pages)) break;
    ctx.targets.pages = found;
    pass = paginateBody(docs, options, (passCtx = again()), { count, scale, streams, fit: false }, sink);
  }
  pass.print();
  sink.end(chromeLayers(pass.pages, options, passCtx));
  return null;
}

/** Each page's chrome in page order, laid out as it is read (so that it goes as soon as it is painted). */
function* chromeLayers(
  pages: readonly BodyPage[],
  options: LayoutOptions,
  ctx: LayoutContext,
): Generator<readonly Fragment[], void, undefined> {
  const total = pages.length;
  const numbers = pageNumbers(pages.map((b) => b.style));
  for (let i = 0; i < total; i++) yield layoutPageChrome(pages[i]!, i === total - 1, total, numbers[i]!, options, ctx);
}

/**
 * The page counter of each page as Chromium prints it in margin boxes: incremented by one per
 * page, or by the page's own `counter-increment: page n` (0 leaves a title page unnumbered);
 * a page's `counter-reset: page n` numbers that page n (plus its explicit increment) without
 * changing the count the following pages go on from (measured).
 */
function pageNumbers(styles: readonly PageBoxStyle[]): number[] {
  let running = 0;
  return styles.map((s) => {
    const { reset = null, increment = null } = s.pageCounter ?? {};
    if (reset !== null) return reset + (increment ?? 0);
    running += increment ?? 1;
    return running;
  });
}

function pageMargins(ps: PageBoxStyle): PageMargins {
  // Page margin percentages refer to the page box's width (left/right) and height (top/bottom).
  // Chromium puts the page area's origin on a whole pixel (a 20 mm margin starts content at
  // 76 px, not 75.59): the area moves, its size stays. Measured on the corpus, this halves
  // the text offsets against the references.
  const top = resolveLength(ps.marginTop, ps.height);
  const left = resolveLength(ps.marginLeft, ps.width);
  const r = Math.round(top) - top;
  const l = Math.round(left) - left;
  return {
    top: top + r,
    right: resolveLength(ps.marginRight, ps.width) - l,
    bottom: resolveLength(ps.marginBottom, ps.height) - r,
    left: left + l,
  };
}

/**
 * The page area's width as Chromium lays the body out: rounded up to a whole px (measured, A4:
 * right-aligned text ends 719 px from a 10mm margin's 38 px origin, 681 with 15mm, 694 with
 * 13.3mm margins, where the areas are 718.11, 680.31 and 693.17 px).
 */
function areaWidth(style: PageBoxStyle, margins: PageMargins): number {
  return Math.ceil(style.width - margins.left - margins.right - 1e-6);
}

/** Page numbers of the real count make the chrome taller (it wraps): the reservation used for `bodies` was too small. */
function chromeGrows(bodies: readonly BodyPage[], options: LayoutOptions, ctx: LayoutContext): boolean {
  const first = bodies[0];
  if (!first || bodies.length < 10) return false;
  const width = first.style.width - first.margins.left - first.margins.right;
  return [...new Set(bodies.map((b) => b.chrome))].some((chrome) => {
    if (!(chrome.header || chrome.footer)) return false;
    const small = reserved(chrome, width, options, ctx, 1);
    const large = reserved(chrome, width, options, ctx, bodies.length);
    return large.header > small.header || large.footer > small.footer;
  });
}

/**
 * The page box as layout sees it when the paper shows it `scale` times smaller: its margins
 * (`outer`) and, inside the `@page` border and padding, the body's (`margins`).
 */
function scaledPage(
  style: PageBoxStyle,
  scale: number,
): { style: PageBoxStyle; margins: PageMargins; outer: PageMargins } {
  const m = pageMargins(style);
  const f = style.frame;
  const b = f ? borderEdges(f) : ZERO_EDGES;
  const p = f ? paddingEdges(f, style.width - m.left - m.right) : ZERO_EDGES;
  const inner = {
    top: m.top + b.top + p.top,
    right: m.right + b.right + p.right,
    bottom: m.bottom + b.bottom + p.bottom,
    left: m.left + b.left + p.left,
  };
  const scaled = (e: PageMargins): PageMargins => ({
    top: e.top / scale,
    right: e.right / scale,
    bottom: e.bottom / scale,
    left: e.left / scale,
  });
  if (scale === 1) return { style, margins: inner, outer: m };
  return {
    style: { ...style, width: style.width / scale, height: style.height / scale },
    margins: scaled(inner),
    outer: scaled(m),
  };
}

/** The chrome height reserved on every page (same either footer position, so breaks never depend on it). */
function reserved(
  chrome: PageBoxes,
  width: number,
  options: LayoutOptions,
  ctx: LayoutContext,
  count: number,
): Reservation {
  const h = chrome.header ? layoutChrome(chrome.header, width, count, count, ctx).height + options.componentGap : 0;
  const f = chrome.footer ? layoutChrome(chrome.footer, width, count, count, ctx).height + options.componentGap : 0;
  return { header: h, footer: f };
}

interface PassOptions {
  /** The page number the chrome is measured with. */
  readonly count: number;
  /** Shrink to fit of this pass. */
  readonly scale: number;
  /** Give each page away as soon as it is laid out, not all at the end. */
  readonly streams: boolean;
  /** Measure shrink to fit (the first pass): from the first page wider than the paper on, nothing more is given away. */
  readonly fit: boolean;
}

/** The header and footer heights reserved on a page (`reserved`). */
interface Reservation {
  readonly header: number;
  readonly footer: number;
}

/** What a pass of paginateBody keeps from page to page. */
interface PassState {
  readonly docs: Documents;
  readonly options: LayoutOptions;
  readonly ctx: LayoutContext;
  readonly pass: PassOptions;
  readonly sink: PageSink;
  readonly pages: BodyPage[];
  /** Overflow of earlier pages still to be shown on later ones (./overflow-pages.ts). */
  readonly carries: Carry[];
  /** Absolutely positioned boxes of earlier pages that go on below them, for shrink to fit (continuedBelow). */
  continued: ContinuedBox[];
  /** The page index each id that `target-counter(…, page)` names starts on. */
  readonly targets: Map<string, number>;
  /** Shrink to fit of the widest page measured so far. */
  shrink: number;
  /** The unbroken document's height so far: final once the last page is laid out (used when not streaming). */
  documentHeight: number;
  /** `reserved` with the pass's page count, by chrome and width. */
  readonly reservations: Map<PageBoxes, Map<number, Reservation>>;
}

/**
 * Lay the body out page by page and give each page to the sink in page coordinates (a single
 * page aligned first), then empty the caches of what was placed on it (LayoutContext.pageCaches).
 */
function paginateBody(
  docs: Documents,
  options: LayoutOptions,
  ctx: LayoutContext,
  pass: PassOptions,
  sink: PageSink,
): Pass {
  const state: PassState = {
    docs,
    options,
    ctx,
    pass,
    sink,
    pages: [],
    carries: [],
    continued: [],
    targets: new Map(),
    shrink: 1,
    documentHeight: 0,
    reservations: new Map(),
  };
  let resume: Resume | null = null;
  let forced: ForcedBreak | null = null;
  do {
    const laid = layOutPage(state, nextFrame(state, resume), resume, forced);
    const { page, carry } = placeBody(state, laid);
    const { r } = laid;
    if (pass.streams) giveStreamed(state, page, page.index === 0 && r.resume === null && !carry);
    if (r.resume !== null && sameResume(r.resume, resume)) break; // defensive: no progress is impossible with pageIsEmpty
    resume = r.resume ?? r.parallel ?? null;
    forced = r.forcedBreak ?? null;
  } while (resume !== null);
  // Overflow below the last page's content goes on over pages of its own.
  while (carriesLeft(state.carries)) {
    const page = overflowPage(state);
    if (pass.streams) giveStreamed(state, page, false);
  }
  const { pages, targets } = state;
  if (pass.streams) return { pages, shrink: state.shrink, targets, print: () => undefined };
  for (const b of pages) measureHeld(state, b);
  return { pages, shrink: state.shrink, targets, print: () => printHeld(state) };
}

/** A page box as layout sees it (scaledPage), with the size of its page area. */
interface PageFrame {
  readonly index: number;
  readonly style: PageBoxStyle;
  readonly margins: PageMargins;
  readonly outer: PageMargins;
  /** The page area's width as the body is laid out in it (areaWidth). */
  readonly width: number;
  /** The page area's height. */
  readonly area: number;
}

/** The next page's box, for the part of the document that `resume` starts. */
function nextFrame(state: PassState, resume: Resume | null): PageFrame {
  const { options, docs } = state;
  const index = state.pages.length;
  if (index >= options.maxPages) throw new LayoutLimitError(options.maxPages);
  // break-before/after: left/right/recto/verso break the page like `page`: Chromium prints no
  // blank page to put the next one on its side (measured), unlike CSS Fragmentation 3 §3.1.
  const { style, margins, outer } = scaledPage(
    options.pageStyle({ index, name: pageNameAt(docs.root, resume, state.ctx), blank: false }),
    state.pass.scale,
  );
  const area = style.height - margins.top - margins.bottom;
  return { index, style, margins, outer, width: areaWidth(style, margins), area };
}

/** The room a page's header and footer leave the body. */
interface BodyRoom {
  readonly reserve: Reservation;
  /** The body's height: the page area less the chrome. */
  readonly bodyHeight: number;
  /** How far down the body's content may reach. */
  readonly room: number;
}

function bodyRoom(state: PassState, frame: PageFrame, chrome: PageBoxes): BodyRoom {
  let byWidth = state.reservations.get(chrome);
  if (!byWidth) state.reservations.set(chrome, (byWidth = new Map()));
  let reserve = byWidth.get(frame.width);
  if (!reserve) {
    reserve = reserved(chrome, frame.width, state.options, state.ctx, state.pass.count);
    byWidth.set(frame.width, reserve);
  }
  const bodyHeight = Math.max(0, frame.area - reserve.header - reserve.footer);
  // Chromium's page area holds content down to its height rounded up to a whole px (measured,
  // A4: a line ending 933.99 px down a 933.54 px area stays on the page, one ending at 934.1 moves on).
  const room = Math.max(0, Math.ceil(frame.area - 1e-6) - reserve.header - reserve.footer);
  return { reserve, bodyHeight, room };
}

/** A page's body as laid out in the room its chrome leaves. */
interface LaidPage extends BodyRoom {
  readonly frame: PageFrame;
  readonly chrome: PageBoxes;
  readonly r: LayoutResult;
}

/**
 * The body laid out on a page, and the chrome the page shows. The last page is the one on which
 * the body ends in the room the last page's chrome leaves; when that chrome takes more room, what
 * no longer fits goes on to a further page, and this page keeps its own chrome over the shorter body.
 */
function layOutPage(state: PassState, frame: PageFrame, resume: Resume | null, forced: ForcedBreak | null): LaidPage {
  const { docs } = state;
  state.ctx.icb.blockSize = frame.area;
  const chrome = chromeAt(docs, frame.index === 0, false);
  const laid = layOutBody(state, frame, chrome, resume, forced);
  const lastChrome = chromeAt(docs, frame.index === 0, true);
  if (lastChrome === chrome || !endsDocument(laid.r)) return laid;
  const tried = layOutBody(state, frame, lastChrome, resume, forced);
  return endsDocument(tried.r) ? tried : { ...tried, chrome, reserve: laid.reserve };
}

/** The body laid out in the room `chrome` leaves on the page. */
function layOutBody(
  state: PassState,
  frame: PageFrame,
  chrome: PageBoxes,
  resume: Resume | null,
  forced: ForcedBreak | null,
): LaidPage {
  const { style, margins } = frame;
  const room = bodyRoom(state, frame, chrome);
  const r = layoutBox(
    state.docs.root,
    {
      inlineSize: frame.width,
      blockSize: room.room,
      pageIsEmpty: true,
      mode: 'layout',
      marginAbove: NO_MARGINS,
      truncateMargins: frame.index > 0 && forced === null,
      cbBlockSize: room.bodyHeight,
      pageAreaWidth: style.width - margins.left - margins.right,
      pageTop: 0,
      parallelFlows: true,
      ...inVerticalViewport(state.docs.root.style, frame.width, room.bodyHeight),
    },
    resume,
    state.ctx,
  );
  return { ...room, frame, chrome, r };
}

/**
 * A vertical root in the initial containing block, which takes the root's writing mode (CSS
 * Writing Modes 3 §8): the root stands at its block-start side (the right for vertical-rl, as
 * an rtl block's start) and, with an auto height, stretches over its inline size, the page
 * area's height (as Chromium prints it).
 */
function inVerticalViewport(
  s: ComputedStyle,
  width: number,
  height: number,
): Pick<Space, 'cbDirection' | 'stretchHeight'> {
  if (s.writingMode === undefined) return {};
  const margins = marginOrZero(s.marginTop, width) + marginOrZero(s.marginBottom, width);
  return {
    cbDirection: s.writingMode === 'vertical-rl' || s.writingMode === 'sideways-rl' ? 'rtl' : 'ltr',
    ...(s.height === 'auto' ? { stretchHeight: Math.max(0, height - margins) } : {}),
  };
}

/** Put the laid-out body in place on its page, add the page to the pass and note the overflow it carries on. */
function placeBody(state: PassState, laid: LaidPage): { page: BodyPage; carry: Carry | null } {
  const { r, frame, bodyHeight, room } = laid;
  const bodyTop = frame.margins.top + laid.reserve.header;
  const top = resolveMargins(r.marginTop);
  const body = r.fragment && movedFragment(r.fragment, frame.margins.left, bodyTop + top);
  const contentBottom = top + r.height + (r.resume ? 0 : resolveMargins(r.marginBottom));
  const page = addPage(state, frame, {
    body,
    bodyTop,
    bodyHeight,
    contentBottom,
    room,
    chrome: laid.chrome,
  });
  const carry = body && carryOf(body, bodyTop + room);
  if (carry) state.carries.push(carry);
  // A box broken by a page takes the rest of the page (the root's fragment reaches its end).
  state.documentHeight += r.resume ? bodyHeight : contentBottom;
  return { page, carry };
}

/** A page of its own for overflow below the last page's content. */
function overflowPage(state: PassState): BodyPage {
  const frame = nextFrame(state, null);
  const chrome = chromeAt(state.docs, false, false);
  const { reserve, bodyHeight, room } = bodyRoom(state, frame, chrome);
  const bodyTop = frame.margins.top + reserve.header;
  return addPage(state, frame, { body: null, bodyTop, bodyHeight, contentBottom: 0, room, chrome });
}

/** Add a page to the pass, with the slices of earlier pages' overflow shown on it. */
function addPage(
  state: PassState,
  frame: PageFrame,
  content: Pick<BodyPage, 'body' | 'bodyTop' | 'bodyHeight' | 'contentBottom' | 'chrome'> & { room: number },
): BodyPage {
  const { body, bodyTop, bodyHeight, contentBottom, room, chrome } = content;
  const page: BodyPage = {
    index: frame.index,
    style: frame.style,
    margins: frame.margins,
    outer: frame.outer,
    blank: false,
    body,
    bodyTop,
    bodyHeight,
    contentBottom,
    documentTop: state.documentHeight,
    scale: state.pass.scale,
    carried: carriedSlices(state.carries, bodyTop, room),
    chrome,
  };
  state.pages.push(page);
  return page;
}

/**
 * Shrink to fit, given how far right the page's body reaches (`right`) and the pieces of earlier
 * pages' absolutely positioned boxes that go on over this page; then note this page's.
 */
function measureWidth(state: PassState, b: BodyPage, body: Fragment, right: number): void {
  let widest = right;
  for (const c of state.continued) widest = Math.max(widest, c.right);
  state.shrink = Math.min(state.shrink, shrinkFactor(widest, areaWidth(b.style, b.margins)));
  const end = b.bodyTop + b.bodyHeight;
  state.continued = [
    ...state.continued.map((c) => ({ right: c.right, rest: c.rest - b.bodyHeight })).filter((c) => c.rest > 0.5),
    ...continuedBelow(body, b.margins.left, end),
  ];
}

/**
 * Give a page of a streamed pass to the sink as soon as it is laid out; `only`: the document's
 * single page, aligned first (and measured before alignment moves it). The first pass measures
 * shrink to fit: from the first page wider than the paper on, nothing more is given.
 */
function giveStreamed(state: PassState, b: BodyPage, only: boolean): void {
  const { fit } = state.pass;
  let body: Fragment | null = null;
  if (b.body && only) {
    if (fit) measureWidth(state, b, b.body, overflowRight(b.body, b.margins.left));
    const { dx, dy } = bodyAlignment(b, state.options);
    if (state.shrink === 1) body = toPageCoordinates([b.body], dx, dy)[0]!;
  } else if (b.body && state.shrink < 1) {
    // Nothing more is given in this pass: only the widest page matters.
    measureWidth(state, b, b.body, overflowRight(b.body, b.margins.left));
  } else if (b.body) {
    const converted = toPageCoordinatesMeasured(b.body, b.margins.left);
    if (fit) measureWidth(state, b, b.body, converted.right);
    body = converted.fragment;
  }
  if (state.shrink === 1) print(state, b, body);
  else b.body = null;
}

/** Give the page to the sink with its body in page coordinates, and let layout's fragments of it go. */
function print(state: PassState, b: BodyPage, body: Fragment | null): void {
  for (const c of state.carries) if (c.body === b.body) c.printed = body;
  state.sink.page(bodyLayer(b, body, state.docs, state.documentHeight));
  b.body = null;
  pagesGiven(state.ctx);
}

/** A page held to the end of the pass: the targets on it and how wide it is. */
function measureHeld(state: PassState, b: BodyPage): void {
  const { wanted } = state.ctx.targets;
  const body = b.body && withBoxesPlacedLater(b.body, state.ctx);
  if (body && wanted.size > 0) noteTargets([body], b.index, wanted, state.targets);
  if (body && state.pass.fit) measureWidth(state, b, body, overflowRight(body, b.margins.left));
}

/**
 * Give the pages held to the end of the pass to the sink (a single page aligned first), each with
 * the root's absolute boxes that later pages placed on it (taken before the first page is given:
 * giving a page lets the caches of placed fragments go).
 */
function printHeld(state: PassState): void {
  const { pages } = state;
  const bodies = pages.map((b) => b.body && withBoxesPlacedLater(b.body, state.ctx));
  pages.forEach((b, i) => {
    const body = bodies[i]!;
    if (!body || pages.length > 1) {
      print(state, b, body && toPageCoordinates([body], 0, 0)[0]!);
      return;
    }
    const { dx, dy } = bodyAlignment(b, state.options);
    print(state, b, toPageCoordinates([body], dx, dy)[0]!);
  });
}

/** The page index of each wanted id, where its element's first box is. */
function noteTargets(
  fragments: readonly Fragment[],
  index: number,
  wanted: ReadonlySet<string>,
  found: Map<string, number>,
): void {
  for (const f of fragments) {
    if (f.kind !== 'box') continue;
    const id = f.attrs['id'];
    if (id !== undefined && wanted.has(id) && !found.has(id)) found.set(id, index);
    noteTargets(f.children, index, wanted, found);
  }
}

function sameTargets(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([id, page]) => b.get(id) === page);
}

/** Nothing of the body is left for a further page. */
function endsDocument(r: { readonly resume: Resume | null; readonly parallel?: Resume | null }): boolean {
  return (r.resume ?? r.parallel ?? null) === null;
}

function sameResume(a: Resume | null, b: Resume | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A page's own layer, in page coordinates: the `@page` background images over the whole page
 * box (its colour is the page's), the canvas background over the page area, then the body.
 * Chromium's print, measured: the root's (or body's) background stays out of the page
 * margins, and its images are placed once on the unbroken document, not again on each page;
 * `@page` images are positioned in an area at the page area's origin, as wide as it
 * and as tall as the whole document, and tile over the whole page box. Both use the page
 * area's width rounded up, as the body's layout does.
 */
function bodyLayer(b: BodyPage, body: Fragment | null, docs: Documents, documentHeight: number): Page {
  const { style, margins } = b;
  const fragments: Fragment[] = [];
  const backdrop: Fragment[] = [];
  const width = areaWidth(style, margins);
  const height = style.height - margins.top - margins.bottom;
  const pageLayers = style.backgroundLayers ?? [];
  if (pageLayers.length > 0) {
    // The page box as border box, the positioning area as its padding box.
    const border = {
      top: margins.top,
      left: margins.left,
      right: style.width - margins.left - width,
      bottom: style.height - margins.top - documentHeight,
    };
    const layers = backgroundOnly(docs.root.style, pageLayers, { r: 0, g: 0, b: 0, a: 0 });
    backdrop.push(
      createBoxFragment(
        layers,
        '',
        NO_ATTRS,
        { x: 0, y: 0, width: style.width, height: style.height, border, padding: ZERO_EDGES, part: WHOLE },
        [],
      ),
    );
  }
  if (style.frame) {
    // The `@page` border round the page area (the box between the page margins), and its
    // outline outside that border edge (CSS UI 4 §5.1), measured.
    const o = b.outer;
    const frame = {
      ...backgroundOnly(style.frame, [], { r: 0, g: 0, b: 0, a: 0 }),
      borderTop: style.frame.borderTop,
      borderRight: style.frame.borderRight,
      borderBottom: style.frame.borderBottom,
      borderLeft: style.frame.borderLeft,
      outline: style.frame.outline,
      outlineOffset: style.frame.outlineOffset,
    };
    backdrop.push(
      createBoxFragment(
        frame,
        '',
        NO_ATTRS,
        {
          x: o.left,
          y: o.top,
          width: style.width - o.left - o.right,
          height: style.height - o.top - o.bottom,
          border: borderEdges(style.frame),
          padding: ZERO_EDGES,
          part: WHOLE,
        },
        [],
      ),
    );
  }
  if (docs.canvas.style) {
    // Painted over the page area, positioned against the unbroken document (shifted up by the earlier pages).
    const top = b.bodyTop - b.documentTop - margins.top;
    const border = { top, left: 0, right: 0, bottom: height - top - documentHeight };
    fragments.push(
      createBoxFragment(
        docs.canvas.style,
        '',
        NO_ATTRS,
        { x: margins.left, y: margins.top, width, height, border, padding: ZERO_EDGES, part: WHOLE },
        [],
      ),
    );
  }
  if (body) fragments.push(body);
  const carried = b.carried && b.carried.length > 0 ? printedSlices(b.carried) : undefined;
  // Slices of earlier pages go over the canvas background and under this page's body.
  if (carried && docs.canvas.style) backdrop.push(fragments.shift()!);
  const area = { x: margins.left, y: margins.top, width, height };
  const page = {
    index: b.index,
    width: style.width * b.scale,
    height: style.height * b.scale,
    backgroundColor: style.backgroundColor,
    backdrop,
    fragments,
    ...(style.paper ? { paper: style.paper } : {}),
    ...(carried ? { carried } : {}),
  };
  // Carried slices always reach out of the page area.
  const clipped = carried || (body && crossesArea(body, area)) ? { ...page, area } : page;
  return b.scale === 1 ? clipped : { ...clipped, scale: b.scale };
}

/** Header, footer (DESIGN.md: laid out after pagination, with the real page numbers) and margin boxes, in page coordinates. */
function layoutPageChrome(
  b: BodyPage,
  last: boolean,
  total: number,
  pageNumber: number,
  options: LayoutOptions,
  ctx: LayoutContext,
): Fragment[] {
  const fragments: Fragment[] = [];
  const { style, margins } = b;
  const width = style.width - margins.left - margins.right;
  const { header, footer } = b.chrome;
  if (!b.blank) {
    if (header) {
      const h = layoutChrome(header, width, b.index + 1, total, ctx);
      if (h.fragment) fragments.push(...toPageCoordinates([h.fragment], margins.left, margins.top));
    }
    if (footer) {
      const f = layoutChrome(footer, width, b.index + 1, total, ctx);
      const bottom = style.height - margins.bottom - f.height;
      const y =
        last && options.footerPosition === 'after-content'
          ? Math.min(bottom, b.bodyTop + b.contentBottom + options.componentGap)
          : bottom;
      if (f.fragment) fragments.push(...toPageCoordinates([f.fragment], margins.left, y));
    }
  }
  fragments.push(...toPageCoordinates(marginBoxesOnPaper(b, pageNumber, total, ctx), 0, 0));
  return fragments;
}

/**
 * The page's margin boxes at the paper's size: shrink to fit scales the document, not the
 * margin boxes (Chromium, measured: a block wider than the page shrinks it to 0.76 and
 * `@top-right { content: counter(page) }` keeps its 16px digits; CSS Paged Media 3 §3.3 places
 * them against the page box, which the paper shows unscaled). Laid out on the paper's page box,
 * they are drawn through a scale(1 / scale) that undoes the page's.
 */
function marginBoxesOnPaper(b: BodyPage, pageNumber: number, total: number, ctx: LayoutContext): Fragment[] {
  const s = b.scale;
  if (s === 1) return layoutMarginBoxes(b.style, b.outer, pageNumber, total, ctx);
  const paper = { ...b.style, width: b.style.width * s, height: b.style.height * s };
  const { top, right, bottom, left } = b.outer;
  const boxes = layoutMarginBoxes(
    paper,
    { top: top * s, right: right * s, bottom: bottom * s, left: left * s },
    pageNumber,
    total,
    ctx,
  );
  if (boxes.length === 0) return boxes;
  const unscale: ComputedStyle = {
    ...anonymousStyle(boxes[0]!.style),
    transform: [{ kind: 'scale', x: 1 / s, y: 1 / s }],
    transformOrigin: [0, 0],
  };
  const rect = { x: 0, y: 0, width: paper.width, height: paper.height, border: ZERO_EDGES, padding: ZERO_EDGES };
  return [createBoxFragment(unscale, '', NO_ATTRS, { ...rect, part: WHOLE }, boxes)];
}
