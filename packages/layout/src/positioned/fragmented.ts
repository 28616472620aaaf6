import type { BlockLevelBox } from '../boxes/box.js';
import type { BoxFragment, Fragment, ImageFragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { LayoutContext } from '../flow/context.js';
import {
  createBoxFragment,
  identityOf,
  keepIdentity,
  NO_ATTRS,
  changedFragment,
  ZERO_EDGES,
  WHOLE,
} from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import type { Resume, Space } from '../flow/types.js';
import { absoluteLayout } from './absolute-layout.js';
import { collectingFixed, takePlaceholders } from './open-blocks.js';
import { editedFragment, type FragmentEdit, type FragmentPath } from '../flow/fragment-edits.js';
import { containsFixed, type StaticAlign } from './insets.js';
import {
  inlineContainingBlockOf,
  inlineContainingRect,
  inlineStaticShift,
  inlineFragmentsIn,
  type InlineContainingBlock,
  type Rect,
} from './inline-containing-block.js';

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

export interface Deferred {
  readonly box: LaidOutBox;
  /** The containing block: its box, the same in every fragmentainer. */
  readonly cb: object;
  /**
   * The containing block's fragment that held the placeholder, the static position being from
   * its padding-box corner; null when the static position is in flow coordinates (column-relative
   * x, offset in the row's flow of columns).
   */
  readonly cbFragment: BoxFragment | null;
  readonly staticX: number;
  readonly staticY: number;
  /** How the box aligns on its static position (Pending.staticAlign). */
  readonly staticAlign: StaticAlign;
  /** The containing block of the box's fixed descendants when it is one of this context's (CSS Transforms 1 §2). */
  readonly fixedCb: object | null;
  /**
   * The styles of the fragments from the containing block's down to the placeholder's parent: in
   * each column the box goes into the innermost of them there, as it would have replaced its
   * placeholder, so that their clipping and opacity apply to it.
   */
  readonly ancestors: readonly ComputedStyle[];
}

export interface FragmentationContext {
  readonly deferred: Deferred[];
  /** The boxes deferred: a containing block resumed in the next column may leave a placeholder again; the first counts. */
  readonly boxes: Set<LaidOutBox>;
  /** Every fragment of each containing block laid out in the context, to stitch them together. */
  readonly fragments: Map<object, BoxFragment[]>;
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
  return { deferred: [], boxes: new Set(), fragments: new Map() };
}

/** The boxes deferred to several fragmentation contexts, as one (the column sets of a multicol container). */
export function mergeFragmentations(fcs: readonly FragmentationContext[]): FragmentationContext {
  // A set may share another's context (the empty set after a last spanner): each context counts once.
  const unique = [...new Set(fcs)];
  if (unique.length === 1) return unique[0]!;
  const merged = newFragmentation();
  for (const fc of unique) {
    for (const d of fc.deferred) defer(merged, d);
    for (const [cb, list] of fc.fragments) for (const f of list) recordFragment(merged, cb, f);
  }
  return merged;
}

/** A containing block laid out in `fc` leaves an absolute box to be placed there. */
export function defer(fc: FragmentationContext, d: Deferred): void {
  if (fc.boxes.has(d.box)) return;
  fc.boxes.add(d.box);
  fc.deferred.push(d);
}

/** A containing block laid out in fc records each of its fragments, so it can be stitched whole. */
export function recordFragment(fc: FragmentationContext, cb: object, f: BoxFragment): void {
  keepIdentity(f);
  const list = fc.fragments.get(cb);
  if (list) list.push(f);
  else fc.fragments.set(cb, [f]);
}

/** Relative offsets (CSS 2 §9.4.3) move the absolute boxes inside after they are placed, not before. */
const shifts = new WeakMap<BoxFragment, readonly [number, number]>();

export function recordShift(f: BoxFragment, dx: number, dy: number): void {
  if (dx !== 0 || dy !== 0) shifts.set(f, [dx, dy]);
}

/** Where a fragment sits: its column (index in Row.slots), its border box from the column's corner, and the relative offsets that moved it there. */
interface Where {
  readonly column: number;
  readonly x: number;
  readonly y: number;
  readonly dx: number;
  readonly dy: number;
}

/** A containing block stitched from its fragments in the columns (CSS Fragmentation 3 §2). */
interface Stitched {
  readonly width: number;
  readonly height: number;
  /** Block offset of each fragment's padding box in the stitched padding box. */
  readonly consumed: Map<BoxFragment, number>;
  /** Where its padding box starts without relative offsets: column-relative x, and the offset in the flow of columns. */
  readonly x: number;
  readonly flowY: number;
  /** The relative offsets moving it, which move its absolute boxes too. */
  readonly dx: number;
  readonly dy: number;
}

const MAX_FRAGMENTAINERS = 1000;
/** Deferred boxes beyond this many are dropped (each can defer more: bounded work). */
const MAX_DEFERRED = 10000;
const EPSILON = 1 / 64;

/** A row of columns (a column set) at the origin, of one height. */
export interface ColumnRow {
  readonly columns: Fragment[];
  readonly height: number;
  /**
   * The columns' block size as fragmentainers when the set's own is less: columns filled up to
   * the page end are as tall as their content (multicol-layout.ts `shrunk`), while the absolute
   * boxes in them break at the page end (Chromium, measured).
   */
  readonly room?: number;
}

/**
 * An absolute box that reaches past the last column of a row that ends at its own fragmentainer's
 * end (a page, or an outer column): it goes on in the columns of the multicol's next fragment
 * (CSS Position 3 §3.4.1, CSS Fragmentation 3 §2: nested fragmentation), from `resume` (null:
 * from its start), `top` below their start (0 for a box broken at the row's end).
 */
export interface PendingPiece {
  readonly box: LaidOutBox;
  readonly space: Space;
  readonly resume: Resume | null;
  readonly x: number;
  readonly top: number;
  readonly dx: number;
  readonly dy: number;
}

/** The columns with the absolute boxes in them, and the boxes to go on in the next fragment. */
export interface PlacedColumns {
  readonly columns: Fragment[][];
  readonly pending: PendingPiece[];
}

/** One column of the flow: where it starts in the flow of columns (the heights of those before it). */
interface Slot {
  readonly column: Fragment;
  readonly start: number;
  readonly height: number;
}

/** The columns the deferred boxes are placed in, one after the other. */
interface Row {
  readonly slots: Slot[];
  /** The last column set, whose height added columns take. */
  readonly last: ColumnRow;
  readonly addColumn: (() => Fragment) | null;
  /** At most this many columns in all (the row's column count when the page, not overflow columns, ends it). */
  readonly cap: number;
  /** The multicol goes on in the next fragmentainer: boxes past the last column wait for it (`pending`). */
  readonly continues: boolean;
  readonly pending: PendingPiece[];
  readonly where: Map<BoxFragment, Where>;
  /** The fragments in each column of the boxes the deferred boxes' placeholders were in, with their paths there. */
  readonly byStyle: Map<ComputedStyle, Map<number, InColumn>>;
  readonly stitched: Map<object, Stitched | null>;
  /** The pieces placed, to go into the columns once all are (placedColumns). */
  readonly inserts: Insert[];
  /** Pieces whose fixed descendants' placeholders were taken out: the piece without them. */
  readonly without: Map<BoxFragment, BoxFragment>;
}

/** A fragment in a column and its path from the column's fragment (flow/fragment-edits.ts). */
interface InColumn {
  readonly f: BoxFragment;
  readonly path: FragmentPath;
}

/** A piece to put into a column: into the fragment at `path` there, at `at`, inside the wrappers `wrap` (innermost first). */
interface Insert {
  readonly column: number;
  readonly path: FragmentPath;
  readonly piece: BoxFragment | ImageFragment;
  readonly at: { readonly x: number; readonly y: number };
  readonly wrap: readonly ComputedStyle[];
}

/**
 * Place the absolute boxes deferred to column sets, their columns one sequence of fragmentainers,
 * each column's fragment at the origin. `addColumn` makes an empty column after the last one
 * (overflow columns, CSS Multicol 1 §8.2), or is null when the row cannot grow (the page ends it).
 * `carried`: the boxes that went past the multicol's previous fragment, placed first from the
 * first column's top; `continues`: the multicol goes on in the next fragmentainer, so boxes that
 * reach past the last column wait for it (`pending`) instead of overflowing that column.
 * Returns each set's columns with the boxes in them (new fragments: a column's are not written
 * to, flow/fragment-edits.ts), the columns added going to the last set.
 */
export function placeDeferred(
  fc: FragmentationContext,
  sets: readonly ColumnRow[],
  addColumn: (() => Fragment) | null,
  ctx: LayoutContext,
  carried: readonly PendingPiece[] = [],
  continues: { readonly count: number } | null = null,
): PlacedColumns {
  const last = sets[sets.length - 1];
  if ((!fc.deferred.length && !carried.length) || !last)
    return { columns: sets.map((set) => set.columns.slice()), pending: [] };
  const slots: Slot[] = [];
  let start = 0;
  for (const set of sets) {
    const height = slotHeight(set);
    for (const column of set.columns) {
      slots.push({ column, start, height });
      start += height;
    }
  }
  const row: Row = {
    slots,
    last,
    addColumn,
    // A row that goes on in the next fragmentainer gets columns up to its count, no more.
    cap: continues ? start0(sets) + continues.count : Infinity,
    continues: continues !== null,
    pending: [],
    ...locate(fc, slots),
    stitched: new Map(),
    inserts: [],
    without: new Map(),
  };
  inFragmentation(fc, () => {
    for (const p of carried) placePieces(p.box, p.space, { ...p, empty: false }, [], row, ctx, undefined, p.resume);
    // Boxes laid out here can defer their own absolute descendants to fc: the queue grows.
    for (let k = 0; k < fc.deferred.length && k < MAX_DEFERRED; k++) place(fc, fc.deferred[k]!, row, ctx);
  });
  const columns = placedColumns(row);
  let next = 0;
  const own = sets.map((set) => {
    const end = set === last ? columns.length : next + set.columns.length;
    const list = columns.slice(next, end);
    next = end;
    return list;
  });
  return { columns: own, pending: row.pending };
}

/** The columns with the pieces put into them. */
function placedColumns(row: Row): Fragment[] {
  const edits = new Map<number, FragmentEdit[]>();
  for (const { column, path, piece, at, wrap } of row.inserts) {
    const placed = changedFragment(
      (piece.kind === 'box' ? row.without.get(piece) : undefined) ?? piece,
      at as Partial<BoxFragment | ImageFragment>,
    );
    let wrapped: Fragment = placed;
    for (const s of wrap) wrapped = opacityGroup(s, wrapped);
    let list = edits.get(column);
    if (!list) edits.set(column, (list = []));
    list.push({ kind: 'append', path, child: wrapped });
  }
  return row.slots.map(({ column }, i) => {
    const list = edits.get(i);
    return list && column.kind === 'box' ? editedFragment(column, list) : column;
  });
}

function place(fc: FragmentationContext, d: Deferred, row: Row, ctx: LayoutContext): void {
  let cb = row.stitched.get(d.cb);
  if (cb === undefined) {
    cb = stitch(fc.fragments.get(d.cb) ?? [], row);
    row.stitched.set(d.cb, cb);
  }
  if (!cb) return;
  let staticX = d.staticX - cb.x;
  let staticY = d.staticY - cb.flowY;
  if (d.cbFragment) {
    const consumed = cb.consumed.get(d.cbFragment);
    if (consumed === undefined) return;
    staticX = d.staticX;
    staticY = consumed + d.staticY;
  }
  const inline = inlineContainingBlockOf(d.box);
  if (inline) {
    const [sx, sy] = inlineStaticShift(inline, cb.width);
    staticX += sx;
    staticY += sy;
  }
  // An inline with no fragment (white space only) sits where its content would: at the static position.
  const area = inline
    ? (inlineRectInStitched(inline, cb, row) ?? { x: staticX, y: staticY, width: 0, height: 0 })
    : { x: 0, y: 0, width: cb.width, height: cb.height };
  const laid = absoluteLayout(d.box, area, staticX - area.x, staticY - area.y, ctx, d.staticAlign);
  if (!laid || laid.fragment.kind === 'text') return;
  const at = {
    x: cb.x + area.x + laid.fragment.x,
    top: cb.flowY + area.y + laid.fragment.y,
    dx: cb.dx,
    dy: cb.dy,
    empty: laid.fragment.height === 0,
  };
  if (!d.fixedCb || containsFixed(d.box.style)) {
    placePieces(laid.box, laid.space, at, d.ancestors, row, ctx);
    return;
  }
  // Its fixed descendants belong to a containing block of this context laid out before: defer them there.
  const pieces: BoxFragment[] = [];
  const fixed = collectingFixed(fc, d.fixedCb, () =>
    placePieces(laid.box, laid.space, at, d.ancestors, row, ctx, pieces),
  );
  if (!fixed.length) return;
  for (const piece of pieces) {
    const w = row.where.get(identityOf(piece) as BoxFragment)!;
    const kept = takePlaceholders(piece, fixed, (box, x, y, ancestors, staticAlign) =>
      defer(fc, {
        box,
        cb: d.fixedCb!,
        cbFragment: null,
        staticX: w.x - w.dx + x,
        staticY: row.slots[w.column]!.start + w.y - w.dy + y,
        staticAlign,
        fixedCb: d.fixedCb,
        ancestors: ancestors().map((a) => a.style),
      }),
    );
    row.without.set(piece, kept);
  }
}

/**
 * Find the containing blocks' fragments in the columns, with the relative offsets of the boxes
 * around them, and the fragments of the placeholders' ancestors (by style: a box's fragments share it).
 */
function locate(fc: FragmentationContext, slots: readonly Slot[]): Pick<Row, 'where' | 'byStyle'> {
  const where = new Map<BoxFragment, Where>();
  const byStyle = new Map<ComputedStyle, Map<number, InColumn>>();
  const wanted = new Set<Fragment>([...fc.fragments.values()].flat());
  const styles = new Set<ComputedStyle>(fc.deferred.flatMap((d) => d.ancestors));
  slots.forEach(({ column }, i) => {
    if (column.kind !== 'box') return;
    // The column's own flow may be a containing block (of the absolute boxes of its positioned inlines).
    const own = identityOf(column) as BoxFragment;
    if (wanted.has(own)) where.set(own, { column: i, x: 0, y: 0, dx: 0, dy: 0 });
    const stack: { f: BoxFragment; ox: number; oy: number; dx: number; dy: number; path: FragmentPath }[] = [
      { f: column, ox: 0, oy: 0, dx: 0, dy: 0, path: [] },
    ];
    while (stack.length) {
      const { f, ox, oy, dx, dy, path } = stack.pop()!;
      for (let j = 0; j < f.children.length; j++) {
        const c = f.children[j]!;
        if (c.kind !== 'box') continue;
        // A recorded fragment may be in the columns as a moved copy (flow/fragments.ts movedFragment).
        const id = identityOf(c) as BoxFragment;
        const shift = shifts.get(id);
        const cdx = dx + (shift?.[0] ?? 0);
        const cdy = dy + (shift?.[1] ?? 0);
        const at = { column: i, x: ox + c.x, y: oy + c.y, dx: cdx, dy: cdy };
        if (wanted.has(id)) where.set(id, at);
        if (styles.has(c.style)) {
          where.set(c, at);
          let inColumns = byStyle.get(c.style);
          if (!inColumns) byStyle.set(c.style, (inColumns = new Map()));
          if (!inColumns.has(i)) inColumns.set(i, { f: c, path: [...path, j] });
        }
        if (c.children.length) stack.push({ f: c, ox: ox + c.x, oy: oy + c.y, dx: cdx, dy: cdy, path: [...path, j] });
      }
    }
  });
  return { where, byStyle };
}

/**
 * The containing block's fragments found in the columns, in flow order: its stitched padding
 * box (CSS Fragmentation 3 §2, the fragments' padding boxes one after the other) and where its
 * first fragment starts in the flow of columns.
 */
function stitch(recorded: readonly BoxFragment[], row: Row): Stitched | null {
  const { where } = row;
  const fragments = recorded
    .filter((f) => where.has(f))
    .sort((a, b) => where.get(a)!.column - where.get(b)!.column || where.get(a)!.y - where.get(b)!.y);
  const first = fragments[0];
  if (!first) return null;
  const consumed = new Map<BoxFragment, number>();
  let total = 0;
  for (const f of fragments) {
    consumed.set(f, total);
    total += Math.max(0, f.height - f.border.top - f.border.bottom);
  }
  const at = where.get(first)!;
  return {
    width: Math.max(0, first.width - first.border.left - first.border.right),
    height: total,
    consumed,
    x: at.x - at.dx + first.border.left,
    flowY: row.slots[at.column]!.start + at.y - at.dy + first.border.top,
    dx: at.dx,
    dy: at.dy,
  };
}

/**
 * An inline containing block (CSS 2.1 §10.1 item 4.1) laid out in the columns, in the stitched
 * block containing block's padding box (its fragments one after the other, as Chromium stacks
 * them): each of the inline's fragments is taken from the block's fragment in the same column.
 */
function inlineRectInStitched(inline: InlineContainingBlock, cb: Stitched, row: Row): Rect | null {
  const inColumn = new Map<number, { x: number; y: number; consumed: number }>();
  for (const [f, consumed] of cb.consumed) {
    const w = row.where.get(f)!;
    if (!inColumn.has(w.column)) inColumn.set(w.column, { x: w.x + f.border.left, y: w.y + f.border.top, consumed });
  }
  const rects: Rect[] = [];
  row.slots.forEach(({ column }, i) => {
    const block = inColumn.get(i);
    if (!block || column.kind !== 'box') return;
    for (const r of inlineFragmentsIn(column, inline))
      rects.push({ ...r, x: r.x - block.x, y: r.y - block.y + block.consumed });
  });
  return inlineContainingRect(rects, inline.style);
}

/**
 * Lay the box out from flow offset `top` on: the column its top falls into, broken at each column
 * end and continued at the top of the next (CSS Position 3 §3.4.1), columns added as needed.
 * The pieces are moved by the containing block's relative offsets; `pieces` collects them.
 */
function placePieces(
  box: LaidOutBox,
  space: Space,
  at: { x: number; top: number; dx: number; dy: number; empty: boolean },
  ancestors: readonly ComputedStyle[],
  row: Row,
  ctx: LayoutContext,
  pieces?: BoxFragment[],
  from: Resume | null = null,
): void {
  const { slots } = row;
  let column = slotAt(row, at.top, at.empty);
  let y = at.top - slots[column]!.start;
  let resume: Resume | null = from;
  const wait = (top: number, dy: number): void => {
    row.pending.push({ box, space, resume, x: at.x, top, dx: at.dx, dy });
  };
  for (let n = 0; n < MAX_FRAGMENTAINERS; n++) {
    while (column >= slots.length && canGrow(row)) addSlot(row);
    column = Math.min(column, slots.length - 1);
    const { column: target, height } = slots[column]!;
    if (target.kind !== 'box') return;
    const lastColumn = column === slots.length - 1 && !canGrow(row);
    // Past the end of a row that goes on in the next fragmentainer: the box starts there.
    if (lastColumn && row.continues && height > 0 && y >= height - EPSILON && !(at.empty && y <= height)) {
      wait(y - height, at.dy);
      return;
    }
    // The last column of a row that cannot grow, or columns of no height, take the rest whole.
    const room = (lastColumn && !row.continues) || height <= 0 ? Infinity : height - y;
    const r = layoutBox(box, { ...space, blockSize: room, pageIsEmpty: true }, resume, ctx);
    const f = r.fragment;
    if (f && f.kind !== 'text') {
      const x = at.x + at.dx;
      const top = y + at.dy;
      // The piece goes into the columns as a moved copy, found as `f` (a containing block recorded by this
      // context: as the fragment recorded, when `f` is a copy of it without the placeholders it deferred).
      keepIdentity(f);
      insert(f, { x: f.x + (x - f.x), y: f.y + (top - f.y) }, column, ancestors, row);
      if (f.kind === 'box') {
        row.where.set(identityOf(f) as BoxFragment, { column, x, y: top, dx: at.dx, dy: at.dy });
        pieces?.push(f);
      }
      resume = r.resume;
    } else if (y <= 0) return;
    if (!resume && f) return;
    // The rest goes on in the multicol's next fragment, from its columns' top.
    if (lastColumn && row.continues) return wait(0, 0);
    column++;
    y = 0;
  }
}

/**
 * The column a box starting at `top` in the flow of columns starts in (columns are added up to it
 * when the row can grow). A box of no height at a column's end stays there (Chromium); any other
 * starts the next column.
 */
function slotAt(row: Row, top: number, empty: boolean): number {
  for (let i = 0; ; i++) {
    if (i >= row.slots.length) {
      if (!canGrow(row) || i >= MAX_FRAGMENTAINERS || slotHeight(row.last) <= 0) return row.slots.length - 1;
      addSlot(row);
    }
    const slot = row.slots[i]!;
    const end = slot.start + slot.height;
    if (empty ? top <= end + EPSILON : top < end - EPSILON) return i;
  }
}

function addSlot(row: Row): void {
  const column = row.addColumn!();
  const prev = row.slots[row.slots.length - 1]!;
  row.slots.push({ column, start: prev.start + prev.height, height: slotHeight(row.last) });
}

const canGrow = (row: Row): boolean => row.addColumn !== null && row.slots.length < row.cap;

/** A set's columns' height as fragmentainers. */
const slotHeight = (set: ColumnRow): number => Math.max(set.height, set.room ?? 0);

/** The columns of the sets before the last. */
const start0 = (sets: readonly ColumnRow[]): number => sets.slice(0, -1).reduce((n, set) => n + set.columns.length, 0);

/**
 * Put a copy of a piece at `at` (column-relative) into the innermost fragment of its placeholder's
 * ancestors in that column, or the column; the ancestors deeper than that one with an opacity are
 * kept around it (CSS Color 4 §4.1: the element and its descendants are drawn as a group). Noted
 * in the row, made once all are placed (placedColumns).
 */
function insert<F extends BoxFragment | ImageFragment>(
  piece: F,
  at: { readonly x: number; readonly y: number },
  column: number,
  ancestors: readonly ComputedStyle[],
  row: Row,
): void {
  let parent: InColumn = { f: row.slots[column]!.column as BoxFragment, path: [] };
  let origin = { x: 0, y: 0 };
  let k = ancestors.length - 1;
  for (; k >= 0; k--) {
    const found = row.byStyle.get(ancestors[k]!)?.get(column);
    if (!found) continue;
    origin = row.where.get(found.f)!;
    parent = found;
    break;
  }
  const wrap: ComputedStyle[] = [];
  for (let j = ancestors.length - 1; j > k; j--) if (ancestors[j]!.opacity < 1) wrap.push(ancestors[j]!);
  row.inserts.push({ column, path: parent.path, piece, at: { x: at.x - origin.x, y: at.y - origin.y }, wrap });
}

/** An anonymous box drawing `child` as a group with the opacity of `s`. */
function opacityGroup(s: ComputedStyle, child: Fragment): BoxFragment {
  const style: ComputedStyle = { ...anonymousStyle(s), opacity: s.opacity };
  return createBoxFragment(
    style,
    '',
    NO_ATTRS,
    { x: 0, y: 0, width: 0, height: 0, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
    [child],
  );
}

/** An empty column of the flow of style `style` (as its fragment in one column). */
export function emptyColumn(style: ComputedStyle, width: number, height: number): BoxFragment {
  return createBoxFragment(
    style,
    '',
    NO_ATTRS,
    { x: 0, y: 0, width, height, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
    [],
  );
}
