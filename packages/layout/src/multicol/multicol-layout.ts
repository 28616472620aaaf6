import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { Fragment } from '../fragment.js';
import { collapsingModelSide, resolveLength, type ComputedStyle } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { resolveBlockBox, type UsedBox } from '../flow/box-model.js';
import { keywordWidths } from '../flow/keyword-widths.js';
import { createBoxFragment, movedFragment, NO_ATTRS, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import {
  addMargin,
  NO_MARGINS,
  resolveMargins,
  type LayoutResult,
  type MarginSet,
  type Resume,
  type Space,
} from '../flow/types.js';
import { pieceFragment, reservedBottomEdges, topEdgesOf } from '../flow/decoration-break.js';
import { balanceColumns, columnGeometry, segmentsOf, sizedFlow, type ColumnSet } from './columns.js';
import { layoutBox } from '../flow/layout-box.js';
import { isAvoid } from '../flow/breaks.js';
import {
  emptyColumn,
  mergeFragmentations,
  newFragmentation,
  placeDeferred,
  type PendingPiece,
} from '../positioned/fragmented.js';

/** The absolute boxes a multicol's fragment left to its next one, by the resume that continues it. */
const carriedPieces = new WeakMap<Resume, readonly PendingPiece[]>();

/**
 * Multi-column layout (CSS Multicol 1 §3–§8): the content flows through N columns of equal
 * width; with `column-fill: balance` (the initial value) the column height is the least that
 * fits the content; when the content does not fit the room left on the page, the columns are
 * filled to the page end and the flow continues in a new row of columns on the next page.
 * `column-span: all` children cut the flow into column sets with the spanner between them.
 */
export function layoutMulticol(
  box: ContainerBox,
  space: Space,
  resume: Resume | null,
  ctx: LayoutContext,
): LayoutResult {
  const used = resolveBlockBox(
    box.style,
    space.inlineSize,
    space.cbBlockSize,
    space.cbDirection ?? 'ltr',
    undefined,
    keywordWidths(box, ctx, space.inlineSize, space.cbBlockSize),
  );
  // The resume says which segment (column set or spanner) to continue and where inside it.
  const at = resume?.kind === 'multicol' && resume.inner.kind === 'block' ? resume.inner : null;
  const continuation = resume !== null;
  const marginTop: MarginSet =
    continuation || space.truncateMargins ? space.marginAbove : addMargin(space.marginAbove, used.marginTop);
  const topEdges = topEdgesOf(used, box.style, continuation);
  const bottomEdges = used.border.bottom + used.padding.bottom;
  const paging = space.mode === 'layout' && Number.isFinite(space.blockSize);
  // Cloned decorations (flow/decoration-break.ts): the columns end above the bottom border and padding.
  const reserve = paging ? reservedBottomEdges(used, box.style) : 0;
  const room = paging ? space.blockSize - resolveMargins(marginTop) - topEdges - reserve : Infinity;
  if (paging && room <= 0 && !space.pageIsEmpty) return pushed(marginTop);
  const rows = columnRows(box.style, used);
  const carried = (resume && carriedPieces.get(resume)) ?? [];
  const run = rows
    ? runRows(box, used, at, room, rows, space, ctx)
    : runSegments(box, used, at, frameOf(box, used, room), space, ctx, carried);
  if (run.pushed && !continuation && !space.pageIsEmpty) return pushed(marginTop);
  const children = run.children.map((f) => movedFragment(f, used.border.left + used.padding.left, topEdges));
  // A definite height is consumed fragment by fragment (CSS Fragmentation 3 §4.2): what is left
  // of it past the content's end breaks at the page's end too, the container going on empty.
  const consumed = at?.consumed ?? 0;
  const rest = used.height === null ? null : Math.max(0, used.height - consumed);
  const pastEnd =
    run.resume === null && rest !== null && paging && rest > room + EPSILON && room > 0
      ? { kind: 'block' as const, child: segmentsOf(box, ctx).length, inner: null, consumed: 0 }
      : null;
  const next = run.resume ?? pastEnd;
  const done = next === null;
  const contentHeight = rest ?? Math.max(used.minHeight, Math.min(used.maxHeight, run.height));
  // Only absolute boxes going on past the columns: the container keeps its content's height (Chromium, measured).
  const onlyPending = run.resume !== null && run.pending.length > 0 && run.contentDone;
  const fillsPage = Number.isFinite(space.blockSize) && !onlyPending ? space.blockSize - resolveMargins(marginTop) : 0;
  const height = done ? topEdges + contentHeight + bottomEdges : Math.max(topEdges + run.height + reserve, fillsPage);
  const fragment = pieceFragment(box, used, height, children, continuation, done);
  const nextResume: Resume | null = next && {
    kind: 'multicol',
    inner: withConsumed(next, consumed + height - topEdges - reserve),
  };
  if (nextResume && run.pending.length) carriedPieces.set(nextResume, run.pending);
  return {
    fragment,
    resume: nextResume,
    marginTop,
    marginBottom: done ? addMargin(NO_MARGINS, used.marginBottom) : NO_MARGINS,
    collapsesThrough: false,
    height,
    baseline: run.baseline === null ? null : topEdges + run.baseline,
    lastBaseline: null,
  };
}

/** The resume of a multicol's segments, carrying the block size its fragments took so far. */
const withConsumed = (next: Resume, consumed: number): Resume => (next.kind === 'block' ? { ...next, consumed } : next);

interface SegmentsRun {
  readonly children: Fragment[];
  readonly height: number;
  readonly resume: Resume | null;
  readonly pushed: boolean;
  readonly baseline: number | null;
  /** Absolute boxes that go on in the container's next fragment (positioned/fragmented.ts). */
  readonly pending: readonly PendingPiece[];
  /** The content ended: only `pending` goes on. */
  readonly contentDone?: boolean;
}

/** Where the column sets and spanners of one run go. */
interface Frame {
  /** The room for them: the page's, the columns' height or the row's. */
  readonly limit: number;
  /** The page (or row), not the columns' height, ends the columns: the flow continues after it. */
  readonly pageBound: boolean;
  /** Columns are filled, not balanced, when column-fill says so and a height bounds them. */
  readonly balance: boolean;
  /** Rows of columns (CSS Multicol 2 §3.4): spanners are monolithic, `rowStart` says the run starts a row. */
  readonly row?: { readonly rowStart: boolean };
}

/**
 * One run in the room on the page: the columns' height is the container's, or `column-height`
 * (CSS Multicol 2 §3.3) when the columns do not wrap into rows (overflow columns go beside them).
 */
function frameOf(box: ContainerBox, used: UsedBox, room: number): Frame {
  const { columnHeight } = box.style;
  const height = columnHeight === 'auto' ? used.height : columnHeight;
  return {
    limit: height === null ? room : Math.min(room, Math.max(0, height)),
    pageBound: Number.isFinite(room) && (height === null || height > room),
    // `column-fill: auto` fills the columns one by one also when the page, not a height, bounds them.
    balance: box.style.columnFill === 'balance' || (height === null && !Number.isFinite(room)),
  };
}

/** Column sets and spanners one below the other (§6.1), until the room on the page runs out. */
function runSegments(
  box: ContainerBox,
  used: UsedBox,
  at: { child: number; inner: Resume | null } | null,
  frame: Frame,
  space: Space,
  ctx: LayoutContext,
  carried: readonly PendingPiece[] = [],
): SegmentsRun {
  const segments = segmentsOf(box, ctx);
  const geo = columnGeometry(box.style, used.width);
  const { limit, pageBound, balance } = frame;
  // Column sets are placed once the absolute boxes deferred to them are (they may add columns).
  const parts: (Fragment | { set: ColumnSet; top: number })[] = [];
  let y = 0;
  let baseline: number | null = null;
  const done = (resume: Resume | null): SegmentsRun => {
    // The last columns of a container of definite height reach its content end (as Chromium
    // draws their rules, CSS Multicol 1 §4.2); those of a row reach the row's end.
    if (frame.row || (resume === null && used.height !== null)) y = endRow(parts, y, limit);
    // Absolute boxes left by the last fragment go on in columns of their own when no content is left.
    const flow = segments.find((s) => s.kind === 'columns');
    if (carried.length && flow && !parts.some((p) => 'set' in p))
      parts.push({ set: emptySet(flow.flow.style, geo, Math.max(0, limit - y)), top: y });
    // Columns filled up to the page end go on in the next fragmentainer, and so do their absolute boxes.
    const continues = pageBound && !balance && !frame.row ? { count: geo.count } : null;
    const finished = finishSets(parts, box.style, used, y, Math.max(0, limit - y), ctx, carried, continues);
    const waiting = finished.pending.length > 0;
    return {
      children: finished.children,
      height: y,
      resume: resume ?? (waiting ? { kind: 'block', child: segments.length, inner: null, consumed: 0 } : null),
      pushed: false,
      baseline,
      pending: finished.pending,
      contentDone: resume === null,
    };
  };
  const stop = (seg: number, inner: Resume | null): SegmentsRun =>
    done({ kind: 'block', child: seg, inner, consumed: 0 });
  for (let k = at?.child ?? 0; k < segments.length; k++) {
    const seg = segments[k]!;
    const start = at && k === at.child ? at.inner : null;
    if (seg.kind === 'columns') {
      // A column set followed by a spanner is balanced whatever column-fill says (CSS Multicol 1 §7.1, as Chromium).
      const balanced = balance || k < segments.length - 1;
      // Rows of columns (runRows) are their own fragmentainers: what overflows one goes on in the next.
      const moreRoomNext = pageBound && !frame.row && !(space.pageIsEmpty && parts.length === 0);
      const columns = (more: boolean): ColumnSet =>
        balanceColumns(
          sizedFlow(seg.flow, geo.width, ctx),
          geo,
          start,
          limit - y,
          balanced,
          ctx,
          { cbHeight: used.height, moreRoomNext: more },
          !pageBound,
        );
      let set = columns(moreRoomNext);
      if (set.columns.length === 0 && parts.length === 0 && moreRoomNext) {
        // Nothing fitted the first columns: the container moves to the next fragmentainer whole,
        // unless a break before it is avoided; then the columns break against their content's
        // rules instead, the lesser violation (CSS Fragmentation 3 §4.4, as Chromium).
        if (!isAvoid(box.style.breakBefore)) return pushedRun(baseline);
        set = columns(false);
      }
      if (!balanced && used.height === null && set.resume === null) set = shrunk(set);
      parts.push({ set, top: y });
      if (baseline === null && set.baseline !== null) baseline = y + set.baseline;
      y += set.height;
      if (set.resume) return stop(k, set.resume);
      continue;
    }
    if (frame.row) {
      const placed = spannerInRow(
        seg.box,
        used,
        limit - y,
        frame.row.rowStart && parts.length === 0,
        box.style.direction,
        space,
        ctx,
      );
      if (!placed) return stop(k, start);
      parts.push(movedFragment(placed.fragment, 0, y));
      y += placed.height;
      // A spanner reaching the row's end ends the row (past it, it overflows into the row gap).
      if (y >= limit - UNIT_PX) return k + 1 < segments.length ? stop(k + 1, null) : done(null);
      continue;
    }
    const r = layoutBox(
      seg.box,
      {
        inlineSize: used.width,
        blockSize: limit - y,
        pageIsEmpty: space.pageIsEmpty && parts.length === 0,
        mode: space.mode,
        marginAbove: NO_MARGINS,
        truncateMargins: start !== null,
        cbBlockSize: used.height,
        cbDirection: box.style.direction,
      },
      start,
      ctx,
    );
    if (!r.fragment) {
      if (parts.length === 0) return pushedRun(baseline);
      return stop(k, null);
    }
    const top = y + resolveMargins(r.marginTop);
    parts.push(movedFragment(r.fragment, 0, top));
    y = top + r.height + (r.resume ? 0 : resolveMargins(r.marginBottom));
    if (r.resume) return stop(k, r.resume);
  }
  return done(null);
}

/**
 * Columns filled one by one up to the page's end, their content ending on this page: a container
 * of auto height is as tall as its tallest column's content (CSS Multicol 1 §7.1, measured:
 * Chromium prints a `column-fill: auto` container holding 100px in its first column 100px tall).
 */
function shrunk(set: ColumnSet): ColumnSet {
  const ends = set.columns.map((c) => (c.kind === 'box' ? bottomOf(c) - c.y : 0));
  // Their absolute boxes still break at the page end (Chromium, measured: an absolute box 500px
  // tall in the first of two such columns on a page with 250px left goes 250px into each).
  return { ...set, height: Math.min(set.height, Math.max(0, ...ends)), room: set.height };
}

/** A row of empty columns, `room` tall as fragmentainers, for absolute boxes only. */
function emptySet(style: ComputedStyle, geo: ReturnType<typeof columnGeometry>, room: number): ColumnSet {
  return {
    columns: Array.from({ length: Math.max(1, geo.count) }, () => emptyColumn(style, geo.width, 0)),
    height: 0,
    room,
    width: geo.width,
    gap: geo.gap,
    resume: null,
    baseline: null,
    lastBaseline: null,
    fc: newFragmentation(),
    grows: false,
  };
}

/** Where a fragment's boxes end, content overflowing them included (a column's content height). */
function bottomOf(f: Fragment): number {
  if (f.kind !== 'box') return -Infinity;
  return f.children.reduce((end, c) => Math.max(end, bottomOf(c)), f.y + f.height);
}

const pushedRun = (baseline: number | null): SegmentsRun => ({
  children: [],
  height: 0,
  resume: null,
  pushed: true,
  baseline,
  pending: [],
});

/** Chromium's layout unit (1/64 px): a spanner this close to a row's end fits it, and ends it. */
const UNIT_PX = 1 / 64;

const EPSILON = 1e-6;

/** The rows of columns of a `column-wrap` container: their height and the gap between them. */
interface Rows {
  readonly height: number;
  readonly gap: number;
}

/**
 * CSS Multicol 2 §3.4: with `column-wrap: wrap` (`auto` when `column-height` is set), the columns
 * that do not fit a row go into a new row below, `row-gap` (`normal`: 1em, as Chromium) apart.
 * A row is `column-height` tall, else as tall as the container; with neither, there is one row.
 */
function columnRows(style: ComputedStyle, used: UsedBox): Rows | null {
  const wrap = style.columnWrap === 'wrap' || (style.columnWrap === 'auto' && style.columnHeight !== 'auto');
  const height = style.columnHeight === 'auto' ? used.height : style.columnHeight;
  if (!wrap || height === null) return null;
  const gap = style.rowGap === 'normal' ? style.fontSize : resolveLength(style.rowGap, used.height ?? 0);
  return { height: Math.max(0, height), gap };
}

/** Bound on the rows of one container per page (each row takes at least one piece of content). */
const MAX_ROWS = 1000;

/**
 * Rows of columns (CSS Multicol 2 §3.4), each like a fragmentainer: column sets and spanners flow
 * from row to row, a spanner moves whole to the next row when it does not fit the rest of one
 * and overflows a row it starts (as Chromium). Content after a spanner that ends inside a row
 * continues in that row; after one ending in a gap or at a row's end, in the next row.
 */
function runRows(
  box: ContainerBox,
  used: UsedBox,
  at: { child: number; inner: Resume | null } | null,
  room: number,
  rows: Rows,
  space: Space,
  ctx: LayoutContext,
): SegmentsRun {
  const children: Fragment[] = [];
  const balance = box.style.columnFill === 'balance';
  let baseline: number | null = null;
  let rowTop = 0;
  let y = 0;
  let cursor = at;
  for (let n = 0; ; n++) {
    const rowEnd = n < MAX_ROWS ? rowTop + rows.height : Infinity;
    const limit = Math.min(rowEnd, room) - y;
    const frame: Frame = { limit, pageBound: true, balance, row: { rowStart: y === rowTop } };
    const run = runSegments(box, used, cursor, frame, space, ctx);
    children.push(...run.children.map((f) => movedFragment(f, 0, y)));
    if (baseline === null && run.baseline !== null) baseline = y + run.baseline;
    const end = y + run.height;
    if (run.resume === null || run.resume.kind !== 'block' || rowEnd >= room)
      return { children, height: end, resume: run.resume, pushed: false, baseline, pending: [] };
    cursor = run.resume;
    // The next row: the first after this one that ends below the content so far.
    const step = rows.height + rows.gap;
    rowTop += step;
    while (rowTop + rows.height <= end && step > 0) rowTop += step;
    y = Math.max(end, rowTop);
  }
}

/**
 * A column set that ends a row's content fills the row (its rules run to the row's end, as
 * Chromium draws them), also in the last row, which the container's height counts whole.
 */
function endRow(parts: (Fragment | { set: ColumnSet; top: number })[], y: number, limit: number): number {
  const last = parts[parts.length - 1];
  if (!last || !('set' in last) || !Number.isFinite(limit) || limit <= y) return y;
  parts[parts.length - 1] = { set: { ...last.set, height: limit - last.top }, top: last.top };
  return limit;
}

/**
 * A spanner in a row of columns: laid out whole (rows do not fragment it), or null when it does
 * not fit the room left in the row and does not start the row.
 */
function spannerInRow(
  spanner: BlockLevelBox,
  used: UsedBox,
  room: number,
  rowStart: boolean,
  direction: 'ltr' | 'rtl',
  space: Space,
  ctx: LayoutContext,
): { fragment: Fragment; height: number } | null {
  const r = layoutBox(
    spanner,
    {
      inlineSize: used.width,
      blockSize: Infinity,
      pageIsEmpty: rowStart,
      mode: space.mode,
      marginAbove: NO_MARGINS,
      truncateMargins: false,
      cbBlockSize: used.height,
      cbDirection: direction,
    },
    null,
    ctx,
  );
  if (!r.fragment) return null;
  const top = resolveMargins(r.marginTop);
  const height = top + r.height + resolveMargins(r.marginBottom);
  if (height > room + UNIT_PX && !rowStart) return null;
  return { fragment: movedFragment(r.fragment, 0, top), height };
}

/**
 * Place the absolute boxes of the column sets' containing blocks (positioned/fragmented.ts): the
 * sets' columns are one sequence of fragmentainers, a spanner between two sets taking no part in
 * it (CSS Position 3 §3.4.1); then the sets' columns and rules go beside the spanners.
 */
function finishSets(
  parts: (Fragment | { set: ColumnSet; top: number })[],
  style: ComputedStyle,
  used: UsedBox,
  end: number,
  room: number,
  ctx: LayoutContext,
  carried: readonly PendingPiece[],
  continues: { readonly count: number } | null,
): { children: Fragment[]; pending: readonly PendingPiece[] } {
  const sets = parts.filter((p): p is { set: ColumnSet; top: number } => 'set' in p).map((p) => p.set);
  const lastPart = parts[parts.length - 1];
  if (sets.length && lastPart && !('set' in lastPart) && room > 0) {
    // After a last spanner, the room left holds an empty column set for absolute boxes that go on past it (as Chromium).
    const set: ColumnSet = {
      ...sets[sets.length - 1]!,
      columns: [],
      height: room,
      room,
      resume: null,
      baseline: null,
      lastBaseline: null,
    };
    sets.push(set);
    parts.push({ set, top: end });
  }
  const last = sets[sets.length - 1];
  if (!last) return { children: parts.flatMap((p) => ('set' in p ? [] : [p])), pending: [] };
  const model = sets.find((s) => s.columns.length)?.columns[0];
  const style0 = model?.kind === 'box' ? model.style : null;
  const grows = last.grows || continues !== null;
  const add = grows && style0 ? () => emptyColumn(style0, last.width, last.height) : null;
  const fc = mergeFragmentations(sets.map((s) => s.fc));
  const placed = placeDeferred(fc, sets, add, ctx, carried, last.grows ? null : continues);
  const columnsOf = new Map(sets.map((set, i) => [set, placed.columns[i]!]));
  const children = parts.flatMap((p) =>
    'set' in p ? placeColumns({ ...p.set, columns: columnsOf.get(p.set)! }, style, used, p.top) : [p],
  );
  return { children, pending: placed.pending };
}

function pushed(marginTop: MarginSet): LayoutResult {
  return {
    fragment: null,
    resume: null,
    marginTop,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height: 0,
    baseline: null,
    lastBaseline: null,
  };
}

/** The rules between used columns (§4) and the column fragments side by side (right to left in rtl). */
function placeColumns(set: ColumnSet, style: ComputedStyle, used: UsedBox, top: number): Fragment[] {
  const out: Fragment[] = [];
  const left = 0;
  const rtl = style.direction === 'rtl';
  const rule = style.columnRule;
  if (rule.width > 0 && rule.style !== 'none' && rule.style !== 'hidden') {
    // A rule sits in the middle of each gap between two columns that have content (§4.1), its
    // style drawn as in the collapsing border model (§4.3).
    const ruleStyle: ComputedStyle = { ...anonymousStyle(style), borderLeft: collapsingModelSide(rule) };
    for (let i = 1; i < set.columns.length; i++) {
      const gapStart = rtl ? used.width - i * (set.width + set.gap) : i * set.width + (i - 1) * set.gap;
      const x = left + gapStart + (set.gap - rule.width) / 2;
      out.push(
        createBoxFragment(
          ruleStyle,
          '',
          NO_ATTRS,
          {
            x,
            y: top,
            width: rule.width,
            height: set.height,
            border: { ...ZERO_EDGES, left: rule.width },
            padding: ZERO_EDGES,
            part: WHOLE,
          },
          [],
        ),
      );
    }
  }
  // The rules are painted with the container's background, below the columns' content (§4.1, as Chromium).
  set.columns.forEach((f, i) => {
    const x = rtl ? used.width - (i + 1) * set.width - i * set.gap : i * (set.width + set.gap);
    out.push(movedFragment(f, left + x, top));
  });
  return out;
}
