import type { InlineBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import { hyphenString } from './hyphen-string.js';
import { itemWidth, wraps, type InlineItem, type Paragraph, type TextItem } from './inline-items.js';

/**
 * How far past its width a line may reach and still fit: Chromium's layout unit, 1/64 px
 * (NGLineBreaker::AvailableWidthToFit adds LayoutUnit epsilon to the available width, CSS Text 3
 * §5 leaves the fit test to the UA); a line of text measured 1/64 px wider than its box stays one line.
 */
export const LINE_FIT = 1 / 64;
/** No inline box open at a line start (most lines): one shared empty list. */
const NONE_OPEN: readonly InlineBox[] = [];

/** One line's items in logical order, before trimming and alignment. */
export interface LineSpec {
  readonly items: readonly InlineItem[];
  /** Ended by a forced break (not justified, CSS Text 3 §7.3). */
  readonly forced: boolean;
  /** Inline boxes opened on an earlier line and still open at this line's start, outermost first. */
  readonly openAtStart: readonly InlineBox[];
}

interface Filler {
  /** The current line's width (lines beside floats each have their own, src/float). */
  width: number;
  readonly next: ((spec: LineSpec) => number) | undefined;
  readonly lines: LineSpec[];
  current: InlineItem[];
  currentWidth: number;
  stack: InlineBox[];
  startStack: readonly InlineBox[];
}

/**
 * Greedy line breaking (what browsers do): take segments between break opportunities
 * while they fit; trailing spaces hang. A segment too wide for an empty line is broken
 * by character when overflow-wrap allows (CSS Text 3 §5.5), else it overflows.
 * `firstLine`, the paragraph restyled by `::first-line` (same items and opportunities), sets
 * the first line; the lines after it are set from `para` (CSS Pseudo 4 §2.2).
 * `from`: the item the first line starts with (the rest of a paragraph broken before).
 */
export function breakLines(
  para: Paragraph,
  width: number,
  indent: number,
  ctx: LayoutContext,
  next?: (spec: LineSpec) => number,
  firstLine?: Paragraph,
  from = 0,
): LineSpec[] {
  const lead = firstLine ?? para;
  if (!next && from === 0 && fitsOnOneLine(lead, width, indent))
    return [{ items: lead.items, forced: false, openAtStart: NONE_OPEN }];
  const f: Filler = { width, next, lines: [], current: [], currentWidth: indent, stack: [], startStack: NONE_OPEN };
  const { breakBefore } = para;
  const itemsNow = (): readonly InlineItem[] => (f.lines.length === 0 ? lead.items : para.items);
  let i = from;
  while (i < breakBefore.length) {
    let j = i + 1;
    while (j < breakBefore.length && breakBefore[j] === 'none') j++;
    let items = itemsNow();
    let segWidth = segmentWidth(items, i, j);
    let hang = hangingWidth(items, i, j) - hyphenWidth(items, i, j, ctx);
    if (f.current.length > 0 && f.currentWidth + segWidth - hang > f.width + LINE_FIT) {
      finishLine(f, false);
      if (items !== itemsNow()) {
        items = itemsNow();
        segWidth = segmentWidth(items, i, j);
        hang = hangingWidth(items, i, j) - hyphenWidth(items, i, j, ctx);
      }
    }
    if (f.currentWidth + segWidth - hang > f.width + LINE_FIT && canBreakWords(items, i, j)) {
      breakByCharacter(f, items, i, j, ctx);
    } else {
      for (let k = i; k < j; k++) append(f, items[k]!);
      f.currentWidth += segWidth;
    }
    if (j < breakBefore.length && breakBefore[j] === 'forced') finishLine(f, true);
    i = j;
  }
  if (f.current.length > 0 || f.lines.length === 0) finishLine(f, false);
  return f.lines;
}

function segmentWidth(items: readonly InlineItem[], from: number, to: number): number {
  let width = 0;
  for (let k = from; k < to; k++) width += itemWidth(items[k]!);
  return width;
}

/**
 * Whether greedy breaking would keep the whole paragraph on one line (most table cells),
 * decided without walking its segments. Only for plain text without forced breaks or soft
 * hyphens whose pieces are at least as wide as their trailing spaces: then every segment's
 * end lies within the paragraph's width minus its last hanging space, which is checked.
 */
function fitsOnOneLine(para: Paragraph, width: number, indent: number): boolean {
  const { items, breakBefore } = para;
  let total = indent;
  let hang = 0;
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (item.type !== 'text' || breakBefore[k] === 'forced' || item.lineEnd || item.word.endsWith('\u00ad'))
      return false;
    if (!(item.spaceWidth >= 0 && item.shape.width >= item.spaceWidth)) return false;
    total += item.shape.width;
    hang = item.style.whiteSpace === 'break-spaces' ? 0 : item.spaceWidth;
  }
  return total - hang <= width + LINE_FIT;
}

function append(f: Filler, item: InlineItem): void {
  f.current.push(item);
  if (item.type === 'open') f.stack.push(item.box);
  else if (item.type === 'close') {
    const at = f.stack.lastIndexOf(item.box);
    if (at >= 0) f.stack.splice(at, 1);
  }
}

function finishLine(f: Filler, forced: boolean): void {
  const spec: LineSpec = { items: f.current, forced, openAtStart: f.startStack };
  f.lines.push(spec);
  if (f.next) f.width = f.next(spec);
  f.current = [];
  f.currentWidth = 0;
  f.startStack = f.stack.length ? f.stack.slice() : NONE_OPEN;
}

/**
 * Width of the white space ending the segment, which may hang past the line end (CSS Text 3
 * §4.1.3), also when a `br` ends it: the space before a forced break ends its line too.
 */
export function hangingWidth(items: readonly InlineItem[], from: number, to: number): number {
  for (let k = to - 1; k >= from; k--) {
    const item = items[k]!;
    if (item.type === 'close' || item.type === 'br') continue;
    if (item.type !== 'text') return 0;
    return item.style.whiteSpace === 'break-spaces' ? 0 : item.spaceWidth;
  }
  return 0;
}

/** A line may end at a soft hyphen only if the hyphen it then shows fits too (CSS Text 3 §6.1). */
export function hyphenWidth(items: readonly InlineItem[], from: number, to: number, ctx: LayoutContext): number {
  for (let k = to - 1; k >= from; k--) {
    const item = items[k]!;
    if (item.type === 'close') continue;
    if (item.type !== 'text' || item.space !== '' || !item.word.endsWith('\u00ad') || item.style.hyphens === 'none')
      return 0;
    return ctx.shapes.shape(hyphenString(item.style, ctx.shapes), item.style, (item.level & 1) === 1).width;
  }
  return 0;
}

/**
 * overflow-wrap (and word-break: break-word) break a word only where lines may wrap at all
 * (CSS Text 3 §5.5): never in `pre` or `nowrap` text (Chromium lets such a word overflow).
 */
function canBreakWords(items: readonly InlineItem[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const item = items[k]!;
    if (item.type === 'text') {
      const s = item.style;
      return (s.overflowWrap !== 'normal' || s.wordBreak === 'break-word') && wraps(s);
    }
  }
  return false;
}

/** Emergency breaking inside a word, one character (code point) at a time. */
function breakByCharacter(f: Filler, items: readonly InlineItem[], from: number, to: number, ctx: LayoutContext): void {
  for (let k = from; k < to; k++) {
    const item = items[k]!;
    if (item.type !== 'text') {
      append(f, item);
      f.currentWidth += itemWidth(item);
      continue;
    }
    let chunk = '';
    for (const ch of item.word) {
      const w = ctx.shapes.shape(ch, item.style).width;
      if (f.currentWidth + w > f.width + LINE_FIT && (f.current.length > 0 || chunk !== '')) {
        if (chunk) append(f, slice(item, chunk, '', ctx));
        finishLine(f, false);
        chunk = '';
      }
      chunk += ch;
      f.currentWidth += w;
    }
    const last = slice(item, chunk, item.space, ctx);
    append(f, last);
    f.currentWidth += last.shape.width - ctx.shapes.shape(last.word, last.style, (last.level & 1) === 1).width;
  }
}

function slice(item: TextItem, word: string, space: string, ctx: LayoutContext): TextItem {
  const rtl = (item.level & 1) === 1;
  return {
    ...item,
    word,
    space,
    shape: ctx.shapes.shape(word + space, item.style, rtl),
    spaceWidth: space ? ctx.shapes.shape(space, item.style, rtl).width : 0,
  };
}

const itemIndexes = new WeakMap<Paragraph, Map<InlineItem, number>>();

/**
 * The index of the first item of `line` in the paragraph (where the rest of it starts), or null
 * when that item is a piece of a broken word. Items are indexed once per paragraph: a paragraph
 * continued on many pages is not searched from its start on each.
 */
export function tailOf(para: Paragraph, line: LineSpec | undefined): number | null {
  const first = line?.items[0];
  if (!first) return null;
  let indexes = itemIndexes.get(para);
  if (!indexes) itemIndexes.set(para, (indexes = new Map(para.items.map((item, i) => [item, i]))));
  return indexes.get(first) ?? null;
}

/** Inline boxes open where the tail starts stay open on its lines until their end item. */
export function withOpenBoxes(specs: readonly LineSpec[], open: readonly InlineBox[]): LineSpec[] {
  if (!open.length) return specs.slice();
  let still = open.slice();
  return specs.map((spec) => {
    const out = { ...spec, openAtStart: [...still, ...spec.openAtStart] };
    for (const item of spec.items) if (item.type === 'close') still = still.filter((b) => b !== item.box);
    return out;
  });
}
