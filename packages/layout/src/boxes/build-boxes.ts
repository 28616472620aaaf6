import type { ImageSizes } from '../image-sizes.js';
import type { ComputedStyle, Display } from '../style.js';
import type { StyledElement, StyledNode } from '../styled-node.js';
import type {
  AtomicInlineBox,
  BlockLevelBox,
  ContainerBox,
  CounterBox,
  DecorationSpec,
  InlineLevelBox,
  Item,
  MarkerBox,
  ReplacedBox,
} from './box.js';
import { firstLineRestyle, withFirstLine } from './first-line.js';

import { groupBlockChildren, isBlockLevel, splitInlineAroundBlocks } from './anonymous-boxes.js';
import { createCollapseState, endsInWord, processWhiteSpace, transformText, type CollapseState } from './whitespace.js';
import { BROKEN_IMAGE_ICON, BROKEN_IMAGE_ICON_SIZE, brokenImageFallback } from './broken-image.js';
import { collectTableColumns } from './column-boxes.js';
import { controlKind, sizeControl, type ControlFonts } from './form-controls.js';
import { initialLetterElement, type InitialLetterFonts } from './initial-letter.js';
import { isTablePart, wrapInlineTableParts, wrapStrayTableParts } from './anonymous-table.js';
import { logicalStyle, madeLogical } from '../writing-mode/logical-style.js';
import { anonymousStyle } from './anonymous-style.js';
import { isOutOfFlowBlock } from './hoist.js';
import { containsFixed, isOutOfFlowStyle } from '../positioned/insets.js';
import {
  isInlineCbHost,
  markInlineCbHost,
  setInlineContainingBlock,
  type InlineContainingBlock,
} from '../positioned/inline-containing-block.js';

export interface BuildOptions {
  readonly images: ImageSizes;
  /** Header/footer components: `span.pageNumber` / `span.totalPages` become counter boxes. */
  readonly chrome: boolean;
  /** The element whose background was propagated to the canvas (CSS 2.1 §14.2) and is not painted again. */
  readonly canvasSource?: StyledElement | null;
  /** The element whose overflow was propagated to the viewport (CSS Overflow 3 §3.3): its used overflow is visible. */
  readonly viewportOverflowSource?: StyledElement | null;
  /** The document is in quirks mode (an image that did not load keeps its size even with alt text). */
  readonly quirks?: boolean;
  /** Fonts for the intrinsic sizes of form controls (text fields, selects…); without them only fixed-size controls are sized. */
  readonly fonts?: ControlFonts & InitialLetterFonts;
  /** Collects the ids `target-counter(…, page)` names, so that the first pagination pass notes their pages. */
  readonly targets?: Set<string>;
}

interface Walk {
  readonly options: BuildOptions;
  state: CollapseState;
  /** Positioned ancestors of the element being built (the root's own position does not count). */
  positioned: number;
  /** An absolutely positioned box with no positioned ancestor: its containing block is the root. */
  rootAbsolute: boolean;
  /** Inside a vertical subtree: styles are turned into its logical frame (src/writing-mode). */
  vertical: boolean;
  /** The nearest containing block of absolute boxes when it is a positioned inline, else null. */
  inlineCb: { readonly inline: InlineContainingBlock; readonly host: Host } | null;
  /** The block container being built. */
  host: Host | null;
  /** Table cells, flex and grid containers around the element being built. */
  sizingContainers: number;
}

/** A block container being built: does some absolute box in it have an inline of its own as containing block? */
interface Host {
  hostsInlineCb: boolean;
  /** Its style: the paragraph an initial letter is sized against. */
  readonly style: ComputedStyle;
  /** Its `::first-line` style, which the initial letter on that line inherits from. */
  readonly firstLine?: ComputedStyle;
}

const withRootAbsolutes = new WeakSet<ContainerBox>();

/**
 * Some absolutely positioned box of the tree `root` was built for has the root as its
 * containing block (noted while building, instead of another walk over every box).
 */
export function hasRootAbsolutes(root: ContainerBox): boolean {
  return withRootAbsolutes.has(root);
}

/** Build the box tree of `root` (CSS 2.1 §9.2): the root is always a block container. */
export function buildBoxes(root: StyledElement, options: BuildOptions): ContainerBox {
  const walk: Walk = {
    options,
    state: createCollapseState(),
    positioned: 0,
    rootAbsolute: false,
    vertical: false,
    inlineCb: null,
    host: null,
    sizingContainers: 0,
  };
  const box = buildContainer(root, containerKind(root.style.display) ?? 'block', [], walk);
  if (walk.rootAbsolute) withRootAbsolutes.add(box);
  return box;
}

type ContainerKind = ContainerBox['kind'];

function containerKind(display: Display): ContainerKind | null {
  switch (display) {
    case 'block':
    case 'list-item':
    case 'flow-root':
    case 'inline-block':
      return 'block';
    case 'flex':
    case 'inline-flex':
      return 'flex';
    case 'grid':
    case 'inline-grid':
      return 'grid';
    case 'table':
    case 'inline-table':
      return 'table';
    case 'table-row-group':
    case 'table-header-group':
    case 'table-footer-group':
      return 'table-row-group';
    case 'table-row':
      return 'table-row';
    case 'table-cell':
      return 'table-cell';
    case 'table-caption':
      return 'table-caption';
    default:
      return null;
  }
}

function buildContainer(
  el: StyledElement,
  kind: ContainerKind,
  decorations: readonly DecorationSpec[],
  walk: Walk,
): ContainerBox {
  // A vertical box in a horizontal parent is an orthogonal flow root: it keeps its physical
  // style, its content is built in the logical frame. Horizontal boxes inside stay logical.
  if (!walk.vertical && el.style.writingMode !== undefined) {
    walk.vertical = true;
    const inner = buildContainer({ ...el, style: logicalStyle(el.style) }, kind, decorations, walk);
    walk.vertical = false;
    const turned: ContainerBox = { ...inner, style: el.style, orthogonal: true };
    if (isInlineCbHost(inner)) markInlineCbHost(turned);
    return turned;
  }
  const outerHost = walk.host;
  const host: Host = { hostsInlineCb: false, style: el.style, ...(el.firstLine ? { firstLine: el.firstLine } : {}) };
  walk.host = host;
  const saved = walk.state;
  walk.state = createCollapseState();
  const decos = withOwnDecorations(el.style, decorations);
  let marker: MarkerBox | null = null;
  const items: Item[] = [];
  const blockify = (kind === 'flex' && !el.style.legacyFlexibleBox) || kind === 'grid';
  const sizing = kind === 'table-cell' || kind === 'flex' || kind === 'grid';
  const inSizingContainer = walk.sizingContainers > 0;
  if (sizing) walk.sizingContainers++;
  for (const child of el.children) {
    if (child.kind === 'element' && child.tag === '::marker') {
      if (el.style.listStylePosition === 'outside') marker = buildMarker(child, decos, walk);
      else items.push(...buildMarkerInside(child, decos, walk));
      continue;
    }
    appendNode(child, decos, walk, blockify, items);
  }
  if (sizing) walk.sizingContainers--;
  walk.state = saved;
  const style = usedStyle(el, walk.options);
  const grouped = wrapStrayTableParts(groupBlockChildren(items, style), kind, style);
  const children: readonly BlockLevelBox[] =
    el.firstLine && kind !== 'flex' && kind !== 'grid' && kind !== 'table'
      ? withFirstLine(grouped, el.firstLine)
      : grouped;
  // The memo slot is created with the box: set later, it would give boxes a second hidden class.
  const box: ContainerBox = { kind, style, tag: el.tag, attrs: el.attrs, children, marker };
  const built =
    kind === 'table'
      ? { ...box, kind, columns: collectTableColumns(el), ...(inSizingContainer ? { inSizingContainer } : {}) }
      : box;
  walk.host = outerHost;
  // The block holding a positioned inline places the absolute boxes that inline contains (positioned/).
  if (host.hostsInlineCb) markInlineCbHost(built);
  return built;
}

function withOwnDecorations(style: ComputedStyle, inherited: readonly DecorationSpec[]): readonly DecorationSpec[] {
  const d = style.textDecorationLine;
  if (!d.underline && !d.overline && !d.lineThrough) return inherited;
  const out = [...inherited];
  if (d.underline) out.push({ line: 'underline', from: style });
  if (d.overline) out.push({ line: 'overline', from: style });
  if (d.lineThrough) out.push({ line: 'line-through', from: style });
  return out;
}

/**
 * Build a child into `out`; when the last in-flow box it yields is block-level, white space
 * collapses afresh after it. Inline content after such a block (an inline split around a
 * block child) was collapsed after it already, and its state goes on: `<dt>::before{display:
 * block}…</dt> <dd>` keeps its space, as in Chromium. Floats and absolutely positioned boxes do
 * not count: the text around them collapses as if they were not there (CSS Text 3 §4.1.1), so
 * `more<span abs></span> and` keeps its space.
 */
function appendNode(
  node: StyledNode,
  decorations: readonly DecorationSpec[],
  walk: Walk,
  blockify: boolean,
  out: Item[],
  inInline = false,
): void {
  const from = out.length;
  buildNode(node, decorations, walk, blockify, out);
  for (let k = out.length - 1; k >= from; k--) {
    const item = out[k]!;
    if (isBlockLevel(item) && isOutOfFlowBlock(item)) continue;
    // A table part inside an inline box goes into an anonymous inline-table (wrapInlineTableParts):
    // the text around it collapses as around any atomic inline.
    if (inInline && isTablePart(item)) {
      walk.state.lastWasSpace = false;
      walk.state.inWord = false;
    } else if (isBlockLevel(item)) walk.state = createCollapseState();
    break;
  }
}

/** Build one node's boxes and append them to `out` (no array per node: most nodes yield one box). */
function buildNode(
  node: StyledNode,
  decorations: readonly DecorationSpec[],
  walk: Walk,
  blockify: boolean,
  out: Item[],
): void {
  if (node.kind === 'text') {
    const style = walk.vertical ? logicalStyle(node.style) : node.style;
    const inWord = walk.state.inWord;
    const text = processWhiteSpace(
      transformText(node.text, style.textTransform, style.lang, inWord),
      style,
      walk.state,
    );
    if (text !== '') walk.state.inWord = endsInWord(text);
    if (text !== '')
      out.push(
        style.textCombineUpright ? combinedText(style, text, decorations) : { kind: 'text', style, text, decorations },
      );
    return;
  }
  buildElement(node, decorations, walk, blockify, out);
}

function buildElement(
  element: StyledElement,
  decorations: readonly DecorationSpec[],
  walk: Walk,
  blockify: boolean,
  out: Item[],
): void {
  const el = walk.vertical ? { ...element, style: logicalStyle(element.style) } : element;
  const display = el.style.display;
  if (display === 'none' || display === 'table-column' || display === 'table-column-group') return;
  if (display === 'contents') {
    for (const c of el.children) buildNode(c, decorations, walk, blockify, out);
    return;
  }
  const position = el.style.position;
  if (position === 'static' && !containsFixed(el.style)) {
    buildElementBoxes(el, decorations, walk, blockify, out);
    return;
  }
  if (position === 'absolute' && walk.positioned === 0) walk.rootAbsolute = true;
  const inlineCb = walk.inlineCb;
  const built = out.length;
  // This element contains the absolute boxes inside it (CSS 2.1 §10.1 item 4; a transformed box, CSS Transforms 1 §2).
  walk.inlineCb =
    (position === 'relative' || position === 'sticky') && display === 'inline' && !blockify
      ? { inline: { style: el.style, attrs: el.attrs }, host: walk.host! }
      : null;
  if (position !== 'static') walk.positioned++;
  buildElementBoxes(el, decorations, walk, blockify, out);
  if (position !== 'static') walk.positioned--;
  walk.inlineCb = inlineCb;
  if (position === 'absolute' && inlineCb) {
    for (const item of out.slice(built)) if (isBlockLevel(item)) setInlineContainingBlock(item, inlineCb.inline);
    inlineCb.host.hostsInlineCb = true;
  }
}

/** A `::first-letter` with `initial-letter` becomes the float that stands for it (boxes/initial-letter.ts). */
function initialLetterOf(el: StyledElement, walk: Walk): StyledElement {
  const fonts = walk.options.fonts;
  if (el.tag !== '::first-letter' || !el.style.initialLetter || !fonts || !walk.host) return el;
  el = onFirstLine(el, walk.host);
  if (!walk.vertical) return initialLetterElement(el, walk.host.style, fonts);
  // In a vertical subtree the element's style is turned already, its text's not yet: the letter
  // is sized in the logical frame, and what it makes stays there.
  const letter = initialLetterElement({ ...el, children: logicalTexts(el.children) }, walk.host.style, fonts);
  return { ...letter, style: madeLogical(letter.style) };
}

/**
 * The letter sits in the first line: what it inherits comes from the block's `::first-line`
 * (CSS Pseudo 4 §2.2, ::first-letter inside ::first-line), its color among them, as Chromium
 * paints it. The line's own restyling (flow/first-line.ts) reaches only its in-flow text.
 */
function onFirstLine(el: StyledElement, host: Host): StyledElement {
  if (!host.firstLine) return el;
  const restyle = firstLineRestyle(host.style, host.firstLine);
  const restyled = (node: StyledNode): StyledNode =>
    node.kind === 'text'
      ? { ...node, style: restyle(node.style) }
      : { ...node, style: restyle(node.style), children: node.children.map(restyled) };
  return restyled(el) as StyledElement;
}

function logicalTexts(children: readonly StyledNode[]): StyledNode[] {
  return children.map((c) => (c.kind === 'text' ? { ...c, style: logicalStyle(c.style) } : c));
}

function buildElementBoxes(
  styled: StyledElement,
  decorations: readonly DecorationSpec[],
  walk: Walk,
  blockify: boolean,
  out: Item[],
): void {
  const control = controlKind(styled.tag, styled.attrs);
  const el = control ? sizeControl(styled, control, walk.options.fonts) : initialLetterOf(styled, walk);
  const display = el.style.display;
  if (el.tag === 'img') {
    buildImage(el, decorations, walk, blockify, out);
    return;
  }
  if (el.tag === 'object' && buildObjectImage(el, walk, out)) return;
  if (el.tag === 'canvas') {
    // A canvas is a replaced element whose natural size is its width and height attributes,
    // 300×150 by default (HTML §4.12.5); a script draws into it, so here it shows nothing.
    out.push(
      replaced(el, walk, '', canvasDimension(el.attrs['width']) ?? 300, canvasDimension(el.attrs['height']) ?? 150),
    );
    return;
  }
  if (el.tag === 'iframe') {
    // An iframe is a replaced element 300×150 unless sized (HTML §15.4.3, CSS 2 §10.3.2); its
    // width and height attributes are presentational hints. The nested document is never loaded
    // (a template must not pull in other pages or local files), so it shows an empty frame,
    // without a natural ratio (Chromium: width="200" is 200×150).
    out.push({ ...replaced(el, walk, '', 300, 150), noRatio: true });
    return;
  }
  if (el.tag === 'video' || el.tag === 'audio') {
    // Media elements are replaced elements whose fallback content is not shown (HTML §4.8.8).
    // Media is never loaded: a video is 300×150 without a natural ratio (HTML §15.4.1), an audio
    // element is Chromium's 300×54 controls bar with `controls`, else not rendered (its UA sheet's
    // `audio:not([controls]) { display: none !important }`). The controls themselves are not drawn.
    if (el.tag === 'video') out.push({ ...replaced(el, walk, '', 300, 150), noRatio: true });
    else if (el.attrs['controls'] !== undefined) out.push({ ...replaced(el, walk, '', 300, 54), noRatio: true });
    return;
  }
  if (el.tag === 'br') {
    walk.state.lastWasSpace = true; // a space after <br> starts a line: removed
    walk.state.inWord = false;
    out.push({ kind: 'line-break', style: el.style });
    return;
  }
  const counter = generatedCounter(el) ?? (walk.options.chrome ? counterOf(el) : null);
  if (typeof counter === 'object' && counter?.target !== undefined) walk.options.targets?.add(counter.target);
  if (counter) {
    walk.state.lastWasSpace = false;
    walk.state.inWord = false;
    out.push({
      kind: 'counter',
      style: el.style,
      tag: el.tag,
      attrs: el.attrs,
      decorations: withOwnDecorations(el.style, decorations),
      ...(typeof counter === 'string' ? { counter } : counter),
    });
    return;
  }
  const kind = containerKind(display);
  if (display.startsWith('inline-')) {
    // Atomic inlines do not receive their ancestors' decorations (CSS Text Decoration 3 §2.1).
    walk.state.lastWasSpace = false;
    walk.state.inWord = false;
    const box = buildContainer(el, kind ?? 'block', [], walk);
    const atomic: AtomicInlineBox = { kind: 'atomic', style: el.style, box };
    out.push(atomic);
    return;
  }
  if (kind || blockify) {
    out.push(buildContainer(el, kind ?? 'block', decorations, walk));
    return;
  }
  // display: inline
  const decos = withOwnDecorations(el.style, decorations);
  const children: Item[] = [];
  for (const child of el.children) appendNode(child, decos, walk, false, children, true);
  for (const item of splitInlineAroundBlocks(el, wrapInlineTableParts(children, el.style))) out.push(item);
}

/** `target-counter(…, page)` and `leader()` of generated content (core/style/generated-content.ts). */
function generatedCounter(
  el: StyledElement,
): (Partial<Pick<CounterBox, 'target' | 'counterStyle' | 'leader'>> & Pick<CounterBox, 'counter'>) | null {
  const generated = el.tag === 'span' ? el.attrs['data-generated'] : undefined;
  if (generated === 'target-page')
    return {
      counter: 'target-page',
      target: el.attrs['data-target'] ?? '',
      counterStyle: el.attrs['data-counter-style'] ?? 'decimal',
    };
  if (generated === 'leader') return { counter: 'leader', leader: el.attrs['data-leader'] ?? '' };
  return null;
}

function counterOf(el: StyledElement): 'page' | 'pages' | null {
  if (el.tag !== 'span') return null;
  const classes = (el.attrs['class'] ?? '').split(/\s+/);
  if (classes.includes('pageNumber')) return 'page';
  if (classes.includes('totalPages')) return 'pages';
  return null;
}

/**
 * `<img>`: replaced with its intrinsic size. One that did not load, or has alt text but no
 * source, renders its fallback (broken-image.ts); a generated image (`content: url()`) that
 * did not load renders nothing.
 */
function buildImage(
  el: StyledElement,
  decorations: readonly DecorationSpec[],
  walk: Walk,
  blockify: boolean,
  out: Item[],
): void {
  const src = el.attrs['src'] ?? '';
  if (src === BROKEN_IMAGE_ICON) {
    out.push(replaced(el, walk, src, BROKEN_IMAGE_ICON_SIZE, BROKEN_IMAGE_ICON_SIZE));
    return;
  }
  const size = src ? walk.options.images(src) : null;
  if (size) {
    out.push(replaced(el, walk, src, size.width, size.height, size.ratioOnly));
    return;
  }
  const generated = 'data-generated' in el.attrs;
  const fallback =
    !generated && (src || el.attrs['alt']) ? brokenImageFallback(el, walk.options.quirks ?? false) : null;
  if (fallback) {
    buildElementBoxes(fallback, decorations, walk, blockify, out);
  } else if (!generated) {
    // Nothing to show (no source and no alt text, or alt="" and one that did not load): Chromium
    // lays out an empty replaced box (0×0 unless sized), which gives its line a line box.
    out.push(replaced(el, walk, '', 0, 0));
  }
}

/**
 * An `<object>` whose data is an image represents that image (HTML §4.8.7): a replaced element
 * sized as an `<img>` of it (measured on Chromium 156: an SVG object with `height: 2cm;
 * width: auto` is as wide as the image, whatever its type attribute says). One whose data did
 * not load as an image shows its children, its fallback content: false, built as an element.
 */
function buildObjectImage(el: StyledElement, walk: Walk, out: Item[]): boolean {
  const data = el.attrs['data'] ?? '';
  const size = data ? walk.options.images(data) : null;
  if (!size) return false;
  out.push(replaced(el, walk, data, size.width, size.height, size.ratioOnly));
  return true;
}

/** A canvas's width or height attribute: a non-negative integer, null when absent or invalid (HTML §4.12.5). */
export function canvasDimension(raw: string | undefined): number | null {
  const m = /^[\t\n\f\r ]*\+?(\d+)/.exec(raw ?? '');
  return m ? Number(m[1]) : null;
}

function replaced(
  el: StyledElement,
  walk: Walk,
  src: string,
  intrinsicWidth: number,
  intrinsicHeight: number,
  ratioOnly = false,
): ReplacedBox {
  // A floated or absolutely positioned image is not there for white space collapsing (CSS Text 3
  // §4.1.1, as appendNode): `E <img abs> e` keeps one space.
  if (el.style.float === 'none' && !isOutOfFlowStyle(el.style)) {
    walk.state.lastWasSpace = false;
    walk.state.inWord = false;
  }
  // Images stay upright in vertical text: their logical width is their height.
  const [w, h] = walk.vertical ? [intrinsicHeight, intrinsicWidth] : [intrinsicWidth, intrinsicHeight];
  return {
    kind: 'replaced',
    style: el.style,
    tag: el.tag,
    attrs: el.attrs,
    src,
    intrinsicWidth: w,
    intrinsicHeight: h,
    ...(ratioOnly ? { ratioOnly } : {}),
  };
}

/** Chromium's kCMarkerPaddingPx: between an image marker and the content. */
export const MARKER_PADDING = 7;

/** Markers drawn as shapes, not glyphs (Chromium's ListMarker symbol category; flow/marker-placement.ts). */
export const SYMBOL_MARKERS: ReadonlySet<string> = new Set([
  'disc',
  'circle',
  'square',
  'disclosure-open',
  'disclosure-closed',
]);

/** Marker text keeps its trailing space, which Chromium uses as the gap to the content. */
function markerChildren(el: StyledElement, decorations: readonly DecorationSpec[], walk: Walk): InlineLevelBox[] {
  const style: ComputedStyle = { ...el.style, whiteSpace: 'pre' };
  const out: InlineLevelBox[] = [];
  const addText = (text: string): void => {
    out.push({ kind: 'text', style, text: text.replace(/[\n\t]/g, ' '), decorations });
  };
  for (const child of el.children) {
    if (child.kind === 'text') addText(child.text);
    else if (child.kind === 'element' && child.tag === 'img') {
      // list-style-image at its natural size; one that cannot be shown gives way to the type's text (its alt).
      const src = child.attrs['src'] ?? '';
      const size = src ? walk.options.images(src) : null;
      if (size) out.push(replaced(child, walk, src, size.width, size.height, size.ratioOnly));
      else if (child.attrs['alt']) addText(child.attrs['alt']);
    }
  }
  return out;
}

function buildMarker(el: StyledElement, decorations: readonly DecorationSpec[], walk: Walk): MarkerBox | null {
  const children = markerChildren(el, decorations, walk);
  return children.length ? { kind: 'marker', style: el.style, children } : null;
}

/**
 * An inside marker is the list item's first inline. disc / circle / square are drawn as
 * shapes, as Chromium does: an atomic inline laid out by flow/atomic-inline.ts.
 */
function buildMarkerInside(el: StyledElement, decorations: readonly DecorationSpec[], walk: Walk): Item[] {
  const children = markerChildren(el, decorations, walk);
  if (!children.length) return [];
  walk.state.lastWasSpace = false;
  walk.state.inWord = false;
  const image = children[0]!.kind === 'replaced';
  if (!image && el.style.content === 'normal' && SYMBOL_MARKERS.has(el.style.listStyleType)) {
    const box: ContainerBox = {
      kind: 'block',
      style: el.style,
      tag: '::marker',
      attrs: {},
      children: [],
      marker: null,
    };
    return [{ kind: 'atomic', style: el.style, box }];
  }
  return [
    {
      kind: 'inline',
      // An image marker keeps 7 px to the content (Chromium's ListMarker::InlineMarginsForInside).
      style: image ? { ...el.style, marginRight: MARKER_PADDING } : el.style,
      tag: '::marker',
      attrs: el.attrs,
      isFirstPart: true,
      isLastPart: true,
      children,
    },
  ];
}

/**
 * text-combine-upright: all (CSS Writing Modes 4 §9.1): the text is one upright 1em slot of
 * the vertical line, an atomic inline whose content is painted across the line (src/writing-mode).
 */
function combinedText(style: ComputedStyle, text: string, decorations: readonly DecorationSpec[]): Item {
  const combine: ComputedStyle = {
    ...anonymousStyle(style),
    display: 'inline-block',
    width: style.fontSize,
    whiteSpace: 'nowrap',
    textIndent: 0,
    textAlign: 'left',
  };
  const children = groupBlockChildren([{ kind: 'text', style: combine, text: text.trim(), decorations }], combine);
  const box: ContainerBox = {
    kind: 'block',
    style: combine,
    tag: '',
    attrs: {},
    children,
    marker: null,
  };
  return { kind: 'atomic', style: combine, box };
}

/** An element's style less what the canvas and the viewport took from it (its background, its overflow). */
function usedStyle(el: StyledElement, options: BuildOptions): ComputedStyle {
  let style = el.style;
  if (el === options.canvasSource) style = withoutBackground(style);
  if (el === options.viewportOverflowSource && style.overflow !== 'visible') style = { ...style, overflow: 'visible' };
  return style;
}

function withoutBackground(style: ComputedStyle): ComputedStyle {
  return { ...style, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundLayers: [] };
}
