import type { BlockLevelBox, ContainerBox, LinesBox } from '../boxes/box.js';
import type { BreakValue, ComputedStyle } from '../style.js';
import { cacheOf, memoSlot, type LayoutContext } from './context.js';
import type { ForcedBreak } from './types.js';

/**
 * Break values between siblings (CSS Fragmentation 3 §3.1, §4.1): a box's break-before
 * propagates from its first child, break-after from its last child; forced values win
 * over avoid, which wins over auto.
 */
const breaksBefore = memoSlot<BlockLevelBox, BreakValue>('render');

/**
 * Floats and positioned boxes have no forced breaks before or after them: Chromium ignores
 * `break-before/after: page` on floated address labels (measured: the next float stays beside
 * it on the same page), as breaks are between in-flow siblings (CSS Fragmentation 3 §3.1, §4.1).
 */
function outOfFlow(box: Exclude<BlockLevelBox, LinesBox>): boolean {
  return box.style.float !== 'none' || box.style.position === 'absolute' || box.style.position === 'fixed';
}
const breaksAfter = memoSlot<BlockLevelBox, BreakValue>('render');

/**
 * A box with block-size containment is monolithic (as Chromium fragments it): there are no
 * break points inside it, so its children's break values stay inside (CSS Fragmentation 3 §4.1).
 */
export function isMonolithic(style: ComputedStyle): boolean {
  return style.sizeContainment?.block === true;
}

/*
 * Only boxes whose edge children include a container are cached: the value of any other box is
 * a few property reads, and a WeakMap entry per line box and table cell cost more than that (and
 * lives until the end of the render). Chains of first children stay linear.
 */
export function breakBeforeOf(box: BlockLevelBox, ctx: LayoutContext): BreakValue {
  return edgeBreak(box, false, ctx);
}

export function breakAfterOf(box: BlockLevelBox, ctx: LayoutContext): BreakValue {
  return edgeBreak(box, true, ctx);
}

function edgeBreak(box: BlockLevelBox, end: boolean, ctx: LayoutContext): BreakValue {
  if (box.kind === 'lines') return 'auto';
  if (outOfFlow(box)) return 'auto';
  const own = end ? box.style.breakAfter : box.style.breakBefore;
  if (box.kind === 'replaced' || isMonolithic(box.style)) return own;
  const edge = edgeChildren(box, end);
  const cache = cacheOf(ctx, end ? breaksAfter : breaksBefore);
  const cached = edge.some((c) => c.kind !== 'lines' && c.kind !== 'replaced');
  let value = cached ? cache.get(box) : undefined;
  if (value !== undefined) return value;
  value = edge.reduce<BreakValue>((v, c) => strongest(v, edgeBreak(c, end, ctx)), own);
  if (cached) cache.set(box, value);
  return value;
}

const isRowGroup = (b: BlockLevelBox): boolean => b.kind === 'table-row-group';
const isRow = (b: BlockLevelBox): boolean => b.kind === 'table-row';
const isCaption = (b: BlockLevelBox): boolean => b.kind === 'table-caption';

/**
 * The children whose break-before (break-after when `end`) adjoins the box's own (CSS
 * Fragmentation 3 §4.1): its first (last) child; in a table its first (last) row group or row;
 * in a row every cell, since a row's cells are parallel flows that all start and end with it (as
 * Chromium propagates cells' break values to their row). Children that table box building wraps
 * into an anonymous row (CSS 2.1 §17.2.1) count as that row's cells.
 */
function edgeChildren(box: Exclude<BlockLevelBox, LinesBox>, end: boolean): readonly BlockLevelBox[] {
  if (box.kind === 'replaced') return [];
  if (box.kind === 'table-row') return box.children;
  if (box.kind === 'flex') return flexEdgeItems(box, end);
  const children = box.kind === 'table' ? box.children.filter((c) => !isCaption(c)) : box.children;
  const edge = end ? children[children.length - 1] : children[0];
  if (!edge) return [];
  const inRow =
    box.kind === 'table'
      ? (c: BlockLevelBox) => !isRowGroup(c) && !isRow(c)
      : box.kind === 'table-row-group'
        ? (c: BlockLevelBox) => !isRow(c)
        : null;
  if (!inRow || !inRow(edge)) return [edge];
  // The run of children at this edge that an anonymous row (and row group) wraps.
  let from = end ? children.length - 1 : 0;
  const step = end ? -1 : 1;
  const run: BlockLevelBox[] = [];
  for (; from >= 0 && from < children.length && inRow(children[from]!); from += step) run.push(children[from]!);
  return run;
}

/**
 * The items of a flex container whose break values adjoin its own (CSS Flexbox §12: break-before
 * on the items of the first line, break-after on those of the last line propagate to the
 * container): a single-line row container's items all sit in its one line (parallel flows, as
 * a table row's cells); a column container's first or last item, at the block-start or -end
 * edge (column-reverse puts the last item first). A wrapping row keeps its first or last item,
 * the one item sure to be in that line. Out-of-flow children are not items.
 */
function flexEdgeItems(box: ContainerBox, end: boolean): readonly BlockLevelBox[] {
  const items = box.children.filter((c) => c.kind === 'lines' || !outOfFlow(c));
  const { flexDirection, flexWrap } = box.style;
  if (flexDirection.startsWith('row') && flexWrap === 'nowrap') return items;
  const last = end !== (flexDirection === 'column-reverse');
  const edge = last ? items[items.length - 1] : items[0];
  return edge ? [edge] : [];
}

/**
 * The kind of fragmentainer being filled: `column` values force or avoid breaks only between
 * the columns of a multi-column container, `page` values only between pages (CSS Fragmentation 3
 * §3.1, §3.2; Chromium keys them on the innermost fragmentation context the same way).
 */
let fragmentainer: 'page' | 'column' = 'page';

/** Run a layout whose fragmentainers are the columns of a multi-column container (CSS Multicol 1 §8.1). */
export function inColumns<T>(run: () => T): T {
  const outer = fragmentainer;
  fragmentainer = 'column';
  try {
    return run();
  } finally {
    fragmentainer = outer;
  }
}

/**
 * The break a value forces in the current fragmentainer: inside a multicol's columns, the
 * innermost fragmentation context, only `column` forces one; page breaks (page, left, right,
 * recto, verso) are not forced there at all, and `column` is not forced between pages.
 */
export function forcedBreak(value: BreakValue): ForcedBreak | null {
  if (fragmentainer === 'column') return value === 'column' ? 'column' : null;
  switch (value) {
    case 'page':
      return 'page';
    case 'left':
    case 'verso':
      return 'left';
    case 'right':
    case 'recto':
      return 'right';
    default:
      return null;
  }
}

/** The break forced between two siblings: in columns, either side's `column`; between pages the stronger value's. */
export function forcedBreakBetween(after: BreakValue, before: BreakValue): ForcedBreak | null {
  if (fragmentainer === 'column') return after === 'column' || before === 'column' ? 'column' : null;
  return forcedBreak(combineBreaks(after, before));
}

/** `break-inside: avoid | avoid-page` (CSS Fragmentation 3 §3.2): a page break inside the box is avoided. */
export function avoidsBreakInside(style: ComputedStyle): boolean {
  return isAvoid(style.breakInside);
}

export function isAvoid(value: BreakValue): boolean {
  if (value === 'avoid') return true;
  return value === (fragmentainer === 'column' ? 'avoid-column' : 'avoid-page');
}

/** The break between two siblings: the forced one if any (§4.1: left/right beat page), else avoid, else auto. */
export function combineBreaks(after: BreakValue, before: BreakValue): BreakValue {
  return strongest(after, before);
}

/** Forced values over avoid values over auto; the order does not depend on the fragmentainer (values are cached). */
function rank(v: BreakValue): number {
  if (v === 'left' || v === 'right' || v === 'recto' || v === 'verso') return 5;
  if (v === 'page') return 4;
  if (v === 'column') return 3;
  if (v === 'avoid' || v === 'avoid-page' || v === 'avoid-column') return 2;
  return 0;
}

function strongest(a: BreakValue, b: BreakValue): BreakValue {
  return rank(b) > rank(a) ? b : a;
}

/**
 * Move the break so that at least `orphans` lines stay before it and `widows` go after it
 * (CSS Fragmentation 3 §3.3). When both cannot hold, widows give way to orphans, as in
 * Chromium (measured: 3 lines, room for 2, orphans 2 widows 2 breaks 2|1 rather than moving
 * the paragraph; orphans 1 widows 3 breaks 1|2); too few lines for orphans move it on.
 * `before`: lines of the same paragraph already on the page (Space.linesBefore).
 */
export function applyOrphansWidows(
  box: LinesBox,
  total: number,
  start: number,
  end: number,
  pageIsEmpty: boolean,
  before = 0,
): number {
  const orphans = Math.max(1, box.style.orphans - before);
  const widows = Math.max(1, box.style.widows);
  const fits = end - start;
  // No line fits (the first one only when the page is empty, fitLines): the paragraph moves on.
  if (fits === 0 || (fits < orphans && !pageIsEmpty)) return start;
  const remaining = total - end;
  const count = remaining < widows ? Math.min(fits, Math.max(orphans, fits - (widows - remaining))) : fits;
  return start + Math.max(count, 1);
}
