import type { BlockLevelBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import type { LayoutContext } from '../flow/context.js';
import { createBoxFragment, NO_ATTRS, offsetFragment, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import type { Resume, Space } from '../flow/types.js';
import { absoluteLayout } from './absolute-layout.js';

/**
 * Absolutely positioned boxes in a fragmentation context (CSS Position 3 §3.4.1 "Fragmenting
 * Absolutely-positioned Elements", CSS Fragmentation 3 §2): a box whose containing block lies
 * in a fragmented flow is laid out against the whole containing block (its fragments stitched
 * together), its offsets continue from fragmentainer to fragmentainer, and the box itself breaks
 * across them, as Chromium does (LayoutNG's out-of-flow fragmentation: the box is placed once
 * the fragmentation context is laid out, in the fragmentainer its top falls into, and empty
 * fragmentainers are added after the last when it reaches beyond them).
 *
 * The fragmentation context here is a row of columns (multicol/columns.ts): containing blocks
 * laid out in its columns defer their absolute descendants to it (containing-block.ts), and the
 * row places them once its columns are final.
 */
type LaidOutBox = Exclude<BlockLevelBox, { kind: 'lines' }>;

interface Deferred {
  readonly box: LaidOutBox;
  /** The containing block (its box: the same in every fragmentainer) and the fragment holding the placeholder. */
  readonly cb: object;
  readonly cbFragment: BoxFragment;
  /** Static position from that fragment's padding-box corner. */
  readonly staticX: number;
  readonly staticY: number;
}

export interface FragmentationContext {
  readonly deferred: Deferred[];
}

const contexts: FragmentationContext[] = [];

/** The innermost fragmentation context being laid out, if any. */
export function currentFragmentation(): FragmentationContext | null {
  return contexts[contexts.length - 1] ?? null;
}

/** Run a layout inside a fragmentation context: the absolute boxes deferred to it are in `fc`. */
export function inFragmentation<T>(fc: FragmentationContext, run: () => T): T {
  contexts.push(fc);
  try {
    return run();
  } finally {
    contexts.pop();
  }
}

export function newFragmentation(): FragmentationContext {
  return { deferred: [] };
}

/** A containing block laid out in `fc` leaves its absolute box to be placed there. */
export function defer(fc: FragmentationContext, box: LaidOutBox, cb: object, cbFragment: BoxFragment, staticX: number, staticY: number): void {
  fc.deferred.push({ box, cb, cbFragment, staticX, staticY });
}

/** Where a fragment sits: its column and its border box from the column's corner. */
interface Where {
  readonly column: number;
  readonly x: number;
  readonly y: number;
}

/** A containing block stitched from its fragments in the columns (CSS Fragmentation 3 §2). */
interface Stitched {
  readonly width: number;
  readonly height: number;
  /** Block offset of each fragment's padding box in the stitched padding box. */
  readonly consumed: Map<BoxFragment, number>;
  /** Where its padding box starts: column-relative x, and the flow offset (column index × height + y). */
  readonly x: number;
  readonly flowY: number;
}

const MAX_FRAGMENTAINERS = 1000;
const EPSILON = 1 / 64;

/**
 * Place the absolute boxes deferred to a row of columns of height `height`, each column's fragment
 * at the origin. `addColumn` makes an empty column after the last one (overflow columns, CSS
 * Multicol 1 §8.2), or is null when the row cannot grow (the page ends it).
 */
export function placeDeferred(fc: FragmentationContext, columns: Fragment[], height: number, addColumn: (() => Fragment) | null, ctx: LayoutContext): void {
  if (!fc.deferred.length) return;
  const where = new Map<BoxFragment, Where>();
  locate(fc, columns, where);
  const stitched = new Map<object, Stitched | null>();
  inFragmentation(fc, () => {
    // Boxes laid out here can defer their own absolute descendants to fc: the queue grows.
    for (let k = 0; k < fc.deferred.length && k < MAX_DEFERRED; k++) {
      const d = fc.deferred[k]!;
      let cb = stitched.get(d.cb);
      if (cb === undefined) {
        cb = stitch(fc, d.cb, where, height);
        stitched.set(d.cb, cb);
      }
      if (!cb || !where.has(d.cbFragment)) continue;
      const staticY = cb.consumed.get(d.cbFragment)! + d.staticY;
      const laid = absoluteLayout(d.box, { width: cb.width, height: cb.height }, d.staticX, staticY, ctx);
      if (!laid || laid.fragment.kind === 'text') continue;
      const x = cb.x + laid.fragment.x;
      const top = cb.flowY + laid.fragment.y;
      placePieces(laid.box, laid.space, x, top, laid.fragment.height === 0, columns, height, addColumn, where, ctx);
    }
  });
}

/** Deferred boxes beyond this many are dropped (each can defer more: bounded work). */
const MAX_DEFERRED = 10000;

/** Find the containing blocks' fragments in the columns. */
function locate(fc: FragmentationContext, columns: Fragment[], where: Map<BoxFragment, Where>): void {
  const wanted = new Set<Fragment>(fc.deferred.flatMap((d) => fragmentsOf(fc, d.cb)));
  columns.forEach((column, i) => {
    if (column.kind !== 'box') return;
    const stack: { f: BoxFragment; ox: number; oy: number }[] = [{ f: column, ox: 0, oy: 0 }];
    while (stack.length && where.size < wanted.size) {
      const { f, ox, oy } = stack.pop()!;
      for (const c of f.children) {
        if (c.kind !== 'box') continue;
        if (wanted.has(c)) where.set(c, { column: i, x: ox + c.x, y: oy + c.y });
        if (c.children.length) stack.push({ f: c, ox: ox + c.x, oy: oy + c.y });
      }
    }
  });
}

/**
 * The containing block's fragments found in the columns, in flow order: its stitched padding
 * box (CSS Fragmentation 3 §2, the fragments' padding boxes one after the other) and where its
 * first fragment starts in the flow of columns.
 */
function stitch(fc: FragmentationContext, cb: object, where: Map<BoxFragment, Where>, height: number): Stitched | null {
  const fragments = fragmentsOf(fc, cb)
    .filter((f) => where.has(f))
    .sort((a, b) => where.get(a)!.column - where.get(b)!.column || where.get(a)!.y - where.get(b)!.y);
  const first = fragments[0];
  if (!first) return null;
  const consumed = new Map<BoxFragment, number>();
  let total = 0;
  for (const f of fragments) {
    consumed.set(f, total);
    total += paddingHeight(f);
  }
  const at = where.get(first)!;
  return {
    width: Math.max(0, first.width - first.border.left - first.border.right), height: total, consumed,
    x: at.x + first.border.left, flowY: at.column * height + at.y + first.border.top,
  };
}

/** Every fragment a containing block recorded in fc (also those whose placeholders were in other fragments). */
const cbFragments = new WeakMap<FragmentationContext, Map<object, BoxFragment[]>>();

/** A containing block laid out in fc records each of its fragments, so it can be stitched whole. */
export function recordFragment(fc: FragmentationContext, cb: object, f: BoxFragment): void {
  let byCb = cbFragments.get(fc);
  if (!byCb) cbFragments.set(fc, (byCb = new Map()));
  const list = byCb.get(cb);
  if (list) list.push(f);
  else byCb.set(cb, [f]);
}

function fragmentsOf(fc: FragmentationContext, cb: object): BoxFragment[] {
  return cbFragments.get(fc)?.get(cb) ?? [];
}

function paddingHeight(f: BoxFragment): number {
  return Math.max(0, f.height - f.border.top - f.border.bottom);
}

/**
 * Lay the box out from flow offset `top` on: the column its top falls into, broken at each column
 * end and continued at the top of the next (CSS Position 3 §3.4.1), columns added as needed.
 */
function placePieces(
  box: LaidOutBox, space: Space, x: number, top: number, empty: boolean, columns: Fragment[], height: number,
  addColumn: (() => Fragment) | null, where: Map<BoxFragment, Where>, ctx: LayoutContext,
): void {
  // A box of no height at a column's end stays there (Chromium); any other starts the next column.
  let column = height > 0 ? Math.max(0, Math.floor((top + (empty ? -EPSILON : EPSILON)) / height)) : 0;
  let y = top - column * height;
  let resume: Resume | null = null;
  for (let n = 0; n < MAX_FRAGMENTAINERS; n++) {
    while (column >= columns.length && addColumn) columns.push(addColumn());
    const last = column >= columns.length - 1 && !addColumn;
    column = Math.min(column, columns.length - 1);
    const target = columns[column];
    if (!target || target.kind !== 'box') return;
    // The last column of a row that cannot grow, or columns of no height, take the rest whole.
    const room = last || height <= 0 ? Infinity : height - y;
    const r = layoutBox(box, { ...space, blockSize: room, pageIsEmpty: true }, resume, ctx);
    const f = r.fragment;
    if (f && f.kind !== 'text') {
      offsetFragment(f, x - f.x, y - f.y);
      (target.children as Fragment[]).push(f);
      if (f.kind === 'box') where.set(f, { column, x, y });
      resume = r.resume;
    } else if (y <= 0) return;
    if (!resume && r.fragment) return;
    column++;
    y = 0;
  }
}

/** An empty column like `model` (the flow's fragment in one column). */
export function emptyColumn(model: BoxFragment, width: number, height: number): BoxFragment {
  return createBoxFragment(model.style, '', NO_ATTRS, { x: 0, y: 0, width, height, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE }, []);
}
