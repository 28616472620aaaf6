import type {
  AtomicInlineBox,
  CounterBox,
  DecorationSpec,
  InlineBox,
  InlineLevelBox,
  LinesBox,
  ReplacedBox,
  TextBox,
} from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import type { Shaped } from '../text/shape-cache.js';
import { cacheOf, cacheSlot, type LayoutContext } from './context.js';
import { ALLOWED_BREAK, breakOpportunities, NO_BREAK } from '../text/break-opportunities.js';
import { bidiControls, bidiLevels, type BidiControl } from './bidi.js';
import { inlineEdges } from './inline-edges.js';
import { collapsesSpaces } from '../boxes/whitespace.js';
import { layoutAtomicInline } from './layout-box.js';
import { formatCounter } from '../page/counter-style.js';

/** An atomic inline laid out once for a line: its margin box and baseline. */
export interface AtomicLayout {
  /** Border-box fragment at (marginLeft, marginTop) of the margin box; null in intrinsic sizing. */
  readonly fragment: Fragment | null;
  readonly marginWidth: number;
  readonly marginHeight: number;
  /** Min-content contribution (intrinsic sizing only; equals marginWidth otherwise). */
  readonly minWidth: number;
  /** Baseline from the margin-box top (CSS 2.1 §10.8.1: last line box, else the bottom margin edge). */
  readonly baseline: number;
}

/**
 * The flattened content of one inline formatting context: text pieces, inline box starts
 * and ends, atomic inlines and forced breaks, in logical order. A text piece never crosses a
 * break opportunity (UAX #14), an element boundary or a bidi level change, so line breaking
 * only ever chooses between items.
 */
export interface TextItem {
  readonly type: 'text';
  readonly style: ComputedStyle;
  readonly owner: TextBox | CounterBox;
  readonly decorations: readonly DecorationSpec[];
  /** Offset of the piece in the paragraph text. */
  readonly start: number;
  /** The piece without its trailing white space, and that white space. */
  readonly word: string;
  readonly space: string;
  /**
   * Word and spaces shaped together, as Chromium shapes a run (a kerning pair with the space,
   * "A ", counts); at a line end the piece is reshaped without its spaces.
   */
  readonly shape: Shaped;
  /** Width of the trailing spaces alone: what may hang past the line end. */
  readonly spaceWidth: number;
  readonly level: number;
  /** The empty piece standing for a line ended by a preserved newline: gives the line its height. */
  readonly lineEnd: boolean;
  /** Its preserved spaces hang at the line end and were taken off it (line-box's trimLine). */
  readonly hung?: true;
}
export interface OpenItem {
  readonly type: 'open';
  readonly box: InlineBox;
  /** Start margin + border + padding (0 for a continuation part). */
  readonly edge: number;
}
export interface CloseItem {
  readonly type: 'close';
  readonly box: InlineBox;
  readonly edge: number;
}
export interface AtomicItem {
  readonly type: 'atomic';
  readonly box: AtomicInlineBox | ReplacedBox;
  readonly layout: AtomicLayout;
  readonly level: number;
}
export interface BreakItem {
  readonly type: 'br';
  readonly style: ComputedStyle;
}
export type InlineItem = TextItem | OpenItem | CloseItem | AtomicItem | BreakItem;

export interface Paragraph {
  readonly items: readonly InlineItem[];
  /** Break opportunity before item i (`'allowed'`), or a forced break after the previous item. */
  readonly breakBefore: readonly ('none' | 'allowed' | 'forced')[];
  readonly hasRtl: boolean;
  /** No atomic inlines and no percentage inline edges: the same for every containing block width. */
  readonly widthIndependent: boolean;
}

interface Collect {
  text: string;
  /** unicode-bidi of inline boxes as UAX #9 formatting characters before text offsets. */
  readonly controls: BidiControl[];
  readonly pieces: { box: TextBox | CounterBox; text: string; start: number }[];
  readonly order: (InlineLevelBox | { close: InlineBox })[];
}

/**
 * Whether a text item is content of its line: a word, a preserved segment break, or preserved
 * spaces (`pre`, `pre-wrap`, `break-spaces`), which make a line (CSS 2.1 §9.4.2) even where they hang
 * at its end (CSS Text 3 §4.1.3), and count as text for the line height quirk (Quirks Mode §3.3;
 * measured in Chromium: a quirks-mode `pre-wrap` line of spaces alone is a line's height tall).
 */
export function holdsText(item: TextItem): boolean {
  return (
    item.word !== '' ||
    item.lineEnd ||
    item.hung === true ||
    (item.space !== '' && !collapsesSpaces(item.style.whiteSpace))
  );
}

export function itemWidth(item: InlineItem): number {
  switch (item.type) {
    case 'text':
      return item.shape.width;
    case 'open':
    case 'close':
      return item.edge;
    case 'atomic':
      return item.layout.marginWidth;
    case 'br':
      return 0;
  }
}

/** Flatten, find break opportunities and bidi levels, and shape every piece (cached). */
export function collectParagraph(
  children: readonly InlineLevelBox[],
  style: ComputedStyle,
  cbWidth: number,
  ctx: LayoutContext,
  intrinsic = false,
  cbHeight: number | null = null,
): Paragraph {
  // Intrinsic sizing and layout both need the paragraph; it depends on the width only through
  // atomic inlines and percentage edges, so the others are kept (keyed by the children list).
  const paragraphs = cacheOf(ctx, widthIndependentParagraphs);
  const cached = paragraphs.get(children);
  if (cached) return cached;
  const para = buildParagraph(children, style, cbWidth, ctx, intrinsic, cbHeight);
  if (para.widthIndependent) paragraphs.set(children, para);
  return para;
}

const widthIndependentParagraphs = cacheSlot('pass', () => new WeakMap<readonly InlineLevelBox[], Paragraph>());

/** The items of width-independent paragraphs kept between intrinsic sizing and layout, for one layout pass. */
const linesParagraphs = cacheSlot('pass', () => new WeakMap<LinesBox, Paragraph>());

/** Let the kept items of a paragraph go (its lines are cached: flow/inline-layout.ts). */
export function forgetParagraph(box: LinesBox, ctx: LayoutContext): void {
  cacheOf(ctx, linesParagraphs).delete(box);
}

/**
 * Items of paragraphs built for intrinsic sizing that one layout pass keeps for its lines. A
 * table's or flex container's children are sized, then laid out: kept, their items are built
 * once. But a long table's cells are all sized before their rows are laid out page by page, and
 * keeping every cell's items until then made them the largest part of what young-generation
 * collections copied (6000-row report): past this many, building them again costs less.
 * 16,384 items keep all the cells of a few-hundred-row table (the long report's
 * 600-row ledger, ~6,000 items: past 4,096 each cell's paragraph was built twice; 9 % of its
 * profile in buildParagraph; CPU −6 % paired A/B) and a bounded share of a longer one's.
 */
const INTRINSIC_KEPT_ITEMS = 16_384;
/** A larger paragraph is built again: its lines cost more than its items, and it would take most of the budget. */
const INTRINSIC_KEPT_PARAGRAPH = 256;
const intrinsicKept = cacheSlot('pass', () => ({ items: 0 }));

/**
 * `collectParagraph` for a lines box. A paragraph built for layout is kept on the box until its
 * lines are; one built for intrinsic sizing too, if small, while the pass has kept fewer than
 * INTRINSIC_KEPT_ITEMS such items.
 */
export function paragraphOf(
  box: LinesBox,
  cbWidth: number,
  ctx: LayoutContext,
  intrinsic = false,
  cbHeight: number | null = null,
): Paragraph {
  const kept = cacheOf(ctx, linesParagraphs).get(box);
  if (kept) return kept;
  const para = buildParagraph(box.children, box.style, cbWidth, ctx, intrinsic, cbHeight);
  if (!para.widthIndependent) return para;
  if (intrinsic) {
    const kept = cacheOf(ctx, intrinsicKept);
    const n = para.items.length;
    if (n > INTRINSIC_KEPT_PARAGRAPH || kept.items + n > INTRINSIC_KEPT_ITEMS) return para;
    kept.items += n;
  }
  cacheOf(ctx, linesParagraphs).set(box, para);
  return para;
}

type Before = 'none' | 'allowed' | 'forced';

/** The items of a paragraph being built and the break opportunity before each. */
class ItemList {
  readonly items: InlineItem[] = [];
  readonly breakBefore: Before[] = [];
  readonly ctx: LayoutContext;

  constructor(ctx: LayoutContext) {
    this.ctx = ctx;
  }

  push(item: InlineItem, before: Before): void {
    const items = this.items;
    const prev = items[items.length - 1];
    if (item.type === 'text' && prev?.type === 'text') items[items.length - 1] = kernWithNext(prev, item, this.ctx);
    items.push(item);
    this.breakBefore.push(before);
  }
}

function buildParagraph(
  children: readonly InlineLevelBox[],
  style: ComputedStyle,
  cbWidth: number,
  ctx: LayoutContext,
  intrinsic: boolean,
  cbHeight: number | null,
): Paragraph {
  const list = new ItemList(ctx);
  const only = children.length === 1 ? children[0]! : null;
  if (only?.kind === 'text') {
    // One text box (most table cells): no flattening, no inline boxes, always width-independent.
    const levels = bidiLevels(only.text, style.direction, withBlockOverride(style, only.text.length, []));
    splitText(only, only.text, 0, levels, breakOpportunities(only.text), list, 'none');
    return { items: list.items, breakBefore: list.breakBefore, hasRtl: levels !== null, widthIndependent: true };
  }
  const c: Collect = { text: '', controls: [], pieces: [], order: [] };
  flatten(children, c, ctx);
  const levels = bidiLevels(c.text, style.direction, withBlockOverride(style, c.text.length, c.controls));
  const opportunities = breakOpportunities(c.text);
  let pieceIndex = 0;
  let offset = 0;
  let pending: Before = 'none';
  let widthIndependent = true;
  // The styles of the inline boxes open at each point, the block container's below them.
  const parents: ComputedStyle[] = [style];
  for (const entry of c.order) {
    if ('close' in entry) {
      parents.pop();
      list.push({ type: 'close', box: entry.close, edge: inlineEdges(entry.close, cbWidth).end }, 'none');
      continue;
    }
    switch (entry.kind) {
      case 'inline':
        parents.push(entry.style);
        list.push({ type: 'open', box: entry, edge: inlineEdges(entry, cbWidth).start }, pending);
        pending = 'none';
        if (hasPercentEdges(entry)) widthIndependent = false;
        break;
      case 'line-break':
        list.push({ type: 'br', style: entry.style }, pending);
        pending = 'forced';
        offset += 1;
        break;
      case 'atomic':
      case 'replaced':
        list.push(
          {
            type: 'atomic',
            box: entry,
            layout: layoutAtomicInline(entry, cbWidth, ctx, intrinsic, cbHeight),
            level: levels ? (levels[offset] ?? 0) : 0,
          },
          pending,
        );
        offset += 1;
        // Whether the line may wrap after it is up to the box it sits in (CSS Text 3 §5.1: the
        // white-space of the nearest common ancestor; Blink's auto_wrap_ there).
        pending =
          wraps(parents[parents.length - 1]!) && (opportunities[offset] ?? NO_BREAK) !== NO_BREAK ? 'allowed' : 'none';
        widthIndependent = false;
        break;
      default: {
        const piece = c.pieces[pieceIndex++]!;
        pending = splitText(piece.box, piece.text, piece.start, levels, opportunities, list, pending);
        offset = piece.start + piece.text.length;
      }
    }
  }
  return { items: list.items, breakBefore: list.breakBefore, hasRtl: levels !== null, widthIndependent };
}

/**
 * `unicode-bidi: bidi-override | isolate-override` on a block container overrides the order of
 * its own inline content (CSS Writing Modes 3 §2.2: not inside another block container), as an
 * LRO/RLO … PDF round the whole paragraph (and its inline boxes' controls, in text order) would.
 */
function withBlockOverride(
  style: ComputedStyle,
  length: number,
  controls: readonly BidiControl[],
): readonly BidiControl[] {
  if (style.unicodeBidi !== 'bidi-override' && style.unicodeBidi !== 'isolate-override') return controls;
  return [
    { at: 0, chars: style.direction === 'rtl' ? '\u202e' : '\u202d' },
    ...controls,
    { at: length, chars: '\u202c' },
  ];
}

/** The previous piece of the same text, its trailing space kerned with the next piece's first letter. */
export function kernWithNext(prev: TextItem, next: TextItem, ctx: LayoutContext): TextItem {
  if (prev.owner !== next.owner || prev.space === '' || next.word === '' || prev.level & 1 || next.level & 1)
    return prev;
  const kern = ctx.shapes.kernAfterSpace(prev.style, next.word.codePointAt(0)!);
  if (kern === 0) return prev;
  const runs = prev.shape.runs.slice();
  const last = runs[runs.length - 1];
  if (!last || last.advances.length === 0) return prev;
  const advances = last.advances.slice();
  advances[advances.length - 1]! += kern;
  runs[runs.length - 1] = { ...last, advances, width: last.width + kern };
  return { ...prev, shape: { runs, width: prev.shape.width + kern }, spaceWidth: prev.spaceWidth + kern };
}

function hasPercentEdges(box: InlineBox): boolean {
  const s = box.style;
  return (
    typeof s.paddingLeft === 'object' ||
    typeof s.paddingRight === 'object' ||
    typeof s.marginLeft === 'object' ||
    typeof s.marginRight === 'object'
  );
}

/** The text of a counter box on this page and in this pass. */
function counterText(box: CounterBox, ctx: LayoutContext): string {
  switch (box.counter) {
    case 'page':
      return String(ctx.counters.page);
    case 'pages':
      return String(ctx.counters.pages);
    case 'target-page': {
      // Before the first pass has found the pages, a one-digit stand-in; a missing target prints nothing.
      const { targets } = ctx;
      targets.wanted.add(box.target ?? '');
      if (!targets.pages) return '0';
      const page = targets.pages.get(box.target ?? '');
      return page === undefined ? '' : formatCounter(page, box.counterStyle ?? 'decimal');
    }
    // One instance, spaces kept (no break inside it): buildLine widens it to fill the line.
    case 'leader':
      return leaderText(box.leader ?? '');
  }
}

/** A leader's string as one unbreakable piece: its spaces become no-break spaces. */
export function leaderText(pattern: string): string {
  return pattern.replace(/ /g, '\u00a0');
}

function flatten(children: readonly InlineLevelBox[], c: Collect, ctx: LayoutContext): void {
  for (const child of children) {
    switch (child.kind) {
      case 'text':
        c.pieces.push({ box: child, text: child.text, start: c.text.length });
        c.text += child.text;
        c.order.push(child);
        break;
      case 'counter': {
        const text = counterText(child, ctx);
        c.pieces.push({ box: child, text, start: c.text.length });
        c.text += text;
        c.order.push(child);
        break;
      }
      case 'inline': {
        c.order.push(child);
        const [open, close] = bidiControls(child.style);
        if (open) c.controls.push({ at: c.text.length, chars: open });
        flatten(child.children, c, ctx);
        if (close) c.controls.push({ at: c.text.length, chars: close });
        c.order.push({ close: child });
        break;
      }
      case 'line-break':
        c.text += '\n';
        c.order.push(child);
        break;
      default:
        c.text += '\uFFFC';
        c.order.push(child);
    }
  }
}

/** Whether `white-space` lets the lines wrap (not nowrap or pre). */
export function wraps(style: ComputedStyle): boolean {
  return style.whiteSpace !== 'nowrap' && style.whiteSpace !== 'pre';
}

/** Cut one text box into pieces at opportunities, forced breaks and bidi level changes. */
function splitText(
  box: TextBox | CounterBox,
  text: string,
  start: number,
  levels: Uint8Array | null,
  opportunities: Uint8Array,
  list: ItemList,
  pendingIn: Before,
): Before {
  const style = box.style;
  const breakAll = style.wordBreak === 'break-all';
  const canWrap = wraps(style);
  let pending = pendingIn;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      // A preserved segment break is a forced break (CSS Text 3 §4.1.2). The empty piece
      // before it stands for the line it ends, so that blank lines keep their height.
      if (i > from) {
        pushPiece(box, text.slice(from, i), start + from, levelAt(levels, start + from), list, pending);
        pending = 'none';
      }
      pushPiece(box, '', start + i, levelAt(levels, start + i), list, pending, true);
      from = i + 1;
      pending = 'forced';
      continue;
    }
    if (i + 1 >= text.length) continue;
    const pos = start + i + 1;
    const soft = ch === 0xad && style.hyphens === 'none'; // hyphens: none ignores soft hyphens (CSS Text 3 §6.1)
    const levelChange = levels !== null && levels[pos] !== levels[pos - 1];
    const opportunity =
      canWrap && ((opportunities[pos] !== NO_BREAK && !soft) || (breakAll && isBreakAllBoundary(text, i)));
    if (!levelChange && !opportunity) continue;
    pushPiece(box, text.slice(from, i + 1), start + from, levelAt(levels, start + from), list, pending);
    pending = opportunity ? 'allowed' : 'none';
    from = i + 1;
  }
  if (text.length > from) {
    pushPiece(box, from === 0 ? text : text.slice(from), start + from, levelAt(levels, start + from), list, pending);
    pending = 'none';
  }
  if (pending === 'none' && canWrap && opportunities[start + text.length] === ALLOWED_BREAK) pending = 'allowed';
  return pending;
}

function levelAt(levels: Uint8Array | null, at: number): number {
  return levels ? (levels[at] ?? 0) : 0;
}

/** word-break: break-all allows a break between any two letters (CSS Text 3 §5.2). */
function isBreakAllBoundary(text: string, i: number): boolean {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  return a !== 32 && b !== 32 && !(b >= 0xdc00 && b <= 0xdfff);
}

function pushPiece(
  box: TextBox | CounterBox,
  text: string,
  start: number,
  level: number,
  list: ItemList,
  before: Before,
  lineEnd = false,
): void {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--; // trailing spaces (no RegExp match per piece)
  const word = end === text.length ? text : text.slice(0, end);
  const space = end === text.length ? '' : text.slice(end);
  const rtl = (level & 1) === 1;
  const shapes = list.ctx.shapes;
  list.push(
    {
      type: 'text',
      style: box.style,
      owner: box,
      decorations: box.decorations,
      start,
      word,
      space,
      shape: shapes.shape(text, box.style, rtl),
      spaceWidth: space ? shapes.shape(space, box.style, rtl).width : 0,
      level,
      lineEnd,
    },
    before,
  );
}
