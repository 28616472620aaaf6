import type { ContainerBox } from '../boxes/box.js';
import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { borderEdges, marginOrZero, paddingEdges, ratioHeightAsMinimum, type UsedBox } from '../flow/box-model.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { isSizeKeyword } from '../flow/size-keywords.js';
import { hasPercentHeightDescendant } from '../items/percent-descendant.js';
import { distribute } from '../items/alignment.js';
import { collectItems, layoutItem, type ItemBox } from '../items/sized-box.js';
import type { OutOfFlowArea, Unit, UnitGeometry, UnitItem } from '../items/unit-layout.js';
import { outOfFlowLines, placeItems, type GridArea } from './grid-placement.js';
import { areaRects, axisTemplate, gapOf, trackAt, type AxisTemplate, type TrackFn } from './grid-template.js';
import { sizeTracks, type SizingItem } from './track-sizing.js';
import { alignInArea, offsetInArea, widthFromStretchedHeight, type AxisAlignment } from './grid-align.js';
import { isColumnSubgrid, lendColumns, reversedColumns, spannedColumns, subgridColumns } from './subgrid.js';

/** The grid's explicit and implicit tracks and every item's area (CSS Grid §7, §8). */
export interface GridStructure {
  readonly items: readonly ItemBox[];
  readonly areas: readonly GridArea[];
  readonly cols: readonly TrackFn[];
  readonly rows: readonly TrackFn[];
  readonly colGap: number;
  readonly rowGap: number;
  /** Empty `auto-fit` tracks: zero-sized, and their gaps collapse (§7.2.3.2). */
  readonly colCollapsed: readonly boolean[];
  readonly rowCollapsed: readonly boolean[];
  /** A subgrid's column starts, from its parent's lines (Grid 2 §9); null when the columns are its own. */
  readonly colStarts: readonly number[] | null;
  /** Column line names (explicit grid), lent to subgrids. */
  readonly colNames: ReadonlyMap<string, readonly number[]>;
  /** The templates the lines resolve against (placement of absolutely positioned children). */
  readonly colTemplate: AxisTemplate;
  readonly rowTemplate: AxisTemplate;
}

/**
 * `subgrid`: the columns lent by the grid parent, when laying out (intrinsic sizing leaves them
 * out, so a subgrid contributes to its parent like an ordinary item).
 */
export function gridStructure(
  box: ContainerBox,
  width: number | null,
  height: number | null,
  maxHeight: number | null,
  ctx: LayoutContext,
  subgrid = true,
): GridStructure {
  const s = box.style;
  const sub = subgrid ? subgridColumns(box, width, ctx) : null;
  const colGap = sub ? sub.gap : gapOf(s.columnGap, width);
  const rowGap = gapOf(s.rowGap, height);
  const areas = areaRects(s);
  const colsT = sub
    ? sub.axis
    : axisTemplate(s.gridTemplateColumns, s.gridAutoColumns, width, null, colGap, areas.cols, areas.colCount, width);
  const rowsT = axisTemplate(
    s.gridTemplateRows,
    s.gridAutoRows,
    height,
    maxHeight,
    rowGap,
    areas.rows,
    areas.rowCount,
    height,
  );
  const items = collectItems(box, ctx);
  const placed = placeItems(
    items.map((i) => i.style),
    rowsT,
    colsT,
    s.gridAutoFlow,
    { cols: sub !== null },
  );
  const nCols = Math.max(colsT.tracks.length, ...placed.map((a) => a.col + a.colSpan));
  const nRows = Math.max(rowsT.tracks.length, ...placed.map((a) => a.row + a.rowSpan));
  const cols = tracksOf(
    colsT,
    nCols,
    placed.map((a) => [a.col, a.colSpan]),
  );
  const rows = tracksOf(
    rowsT,
    nRows,
    placed.map((a) => [a.row, a.rowSpan]),
  );
  return {
    items,
    areas: placed,
    colGap,
    rowGap,
    cols: cols.fns,
    rows: rows.fns,
    colCollapsed: cols.collapsed,
    rowCollapsed: rows.collapsed,
    colStarts: sub ? sub.positions : null,
    colNames: colsT.names,
    colTemplate: colsT,
    rowTemplate: rowsT,
  };
}

/** Track functions for `n` tracks; empty `auto-fit` repetitions collapse to zero (§7.2.3.2). */
function tracksOf(
  axis: AxisTemplate,
  n: number,
  spans: readonly (readonly [number, number])[],
): { fns: TrackFn[]; collapsed: boolean[] } {
  const fns: TrackFn[] = [];
  const collapsed: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const fit = axis.autoFit;
    const empty = fit !== null && i >= fit.start && i < fit.end && !spans.some(([s, k]) => i >= s && i < s + k);
    fns.push(empty ? { min: { kind: 'fixed', value: 0 }, max: { kind: 'fixed', value: 0 } } : trackAt(axis, i));
    collapsed.push(empty);
  }
  return { fns, collapsed };
}

/** Gaps between the tracks that are not collapsed. */
export function gapTotal(gap: number, collapsed: readonly boolean[]): number {
  return gap * Math.max(0, collapsed.filter((c) => !c).length - 1);
}

/** Track start offsets with gaps, after justify/align-content distribution (§10.5); collapsed tracks take no gap. */
export function trackPositions(
  sizes: readonly number[],
  gap: number,
  available: number,
  content: string,
  collapsed: readonly boolean[],
): number[] {
  const used = sizes.reduce((a, b) => a + b, 0) + gapTotal(gap, collapsed);
  const live = collapsed.filter((c) => !c).length;
  const d = distribute(content, available - used, live, false);
  const out: number[] = [];
  let pos = d.start;
  let seen = 0;
  sizes.forEach((size, i) => {
    out.push(pos);
    if (collapsed[i]) return;
    seen++;
    pos += size + (seen < live ? gap + d.between : 0);
  });
  return out;
}

/** A grid's geometry; `lendSubgrids` gives its subgrid items their columns again before they are laid out from a cached geometry. */
export interface GridGeometry extends UnitGeometry {
  readonly lendSubgrids: () => void;
}

const span = (pos: readonly number[], sizes: readonly number[], start: number, n: number): number =>
  pos[start + n - 1]! + sizes[start + n - 1]! - pos[start]!;

const stretchy = (v: string): boolean => v === 'normal' || v === 'stretch';

/**
 * The minimum contribution of a grid item that is a scroll container with `width: auto`: its
 * margins, borders and padding around its `min-width` (0 when auto), as it has no content-based
 * minimum (CSS Grid §6.6, §12.3; Chromium gives a `1fr` column holding an `overflow:hidden` item
 * of long nowrap text its share, not the text's width). Null for other items.
 */
function scrollContainerMinimum(s: ComputedStyle, cbWidth: number): number | null {
  if (s.overflow === 'visible' || s.overflow === 'clip' || s.width !== 'auto') return null;
  if (s.minWidth !== 'auto' && typeof s.minWidth !== 'number') return null;
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  const edges = b.left + b.right + p.left + p.right;
  const min = s.minWidth === 'auto' ? 0 : s.boxSizing === 'border-box' ? Math.max(0, s.minWidth - edges) : s.minWidth;
  return marginOrZero(s.marginLeft, cbWidth) + marginOrZero(s.marginRight, cbWidth) + edges + min;
}

/**
 * Grid layout (CSS Grid §11–12): columns are sized from the items' inline contributions,
 * then every item is laid out at its column area width to size the rows, then items are
 * aligned in their areas (§11 alignment, §10 justify/align-self). Rows are the break units.
 */
export function computeGridGeometry(box: ContainerBox, usedBox: UsedBox, ctx: LayoutContext): GridGeometry {
  const s = box.style;
  const used = ratioHeightAsMinimum(usedBox);
  const finiteMax = Number.isFinite(used.maxHeight) ? used.maxHeight : null;
  const g = gridStructure(box, used.width, used.height, finiteMax, ctx);
  const colItems: SizingItem[] = g.items.map((item, i) => {
    const a = g.areas[i]!;
    const minimum = scrollContainerMinimum(item.style, used.width);
    return {
      start: a.col,
      span: a.colSpan,
      min: () => outerSizes(item, ctx).min,
      max: () => outerSizes(item, ctx).max,
      ...(minimum === null ? {} : { minimum: () => Math.min(minimum, outerSizes(item, ctx).min) }),
    };
  });
  const colSlack = g.colGap * Math.max(0, g.cols.length - 1) - gapTotal(g.colGap, g.colCollapsed);
  const colSizes = sizeTracks(g.cols, colItems, used.width + colSlack, g.colGap, stretchy(s.justifyContent));
  const colPos =
    g.colStarts && g.colStarts.length === colSizes.length
      ? [...g.colStarts]
      : trackPositions(colSizes, g.colGap, used.width, s.justifyContent, g.colCollapsed);
  // Columns go from the right in an rtl grid (CSS Grid §7.1, Writing Modes 4 §2.1): the left edge of an area.
  const rtl = s.direction === 'rtl';
  const areaLeft = (a: GridArea): number =>
    rtl ? used.width - colPos[a.col]! - span(colPos, colSizes, a.col, a.colSpan) : colPos[a.col]!;
  const lendSubgrids = lenderToSubgrids(g, colSizes, colPos, ctx, s.direction);
  lendSubgrids();
  const horizontal = g.items.map((item, i) => {
    const a = g.areas[i]!;
    const area = span(colPos, colSizes, a.col, a.colSpan);
    return { area, ...alignInArea(item, 'x', area, justifyOf(item.style, s), area, ctx) };
  });
  const { outerHeight, shift } = measureRows(g, horizontal, s, ctx);
  const contribution = (i: number): number => outerHeight(i) + shift(i);
  const rowItems: SizingItem[] = g.items.map((_, i) => ({
    start: g.areas[i]!.row,
    span: g.areas[i]!.rowSpan,
    min: () => contribution(i),
    max: () => contribution(i),
  }));
  let rowSizes = sizeTracks(g.rows, rowItems, used.height, g.rowGap, stretchy(s.alignContent));
  const total = rowSizes.reduce((a, b) => a + b, 0) + gapTotal(g.rowGap, g.rowCollapsed);
  if (used.height === null && total < used.minHeight) {
    // §12.7.1: fr rows of an auto-height grid fill its min-height; with align-content normal or
    // stretch so do auto rows (§12.8; Chromium: a table in a grid with min-height 150px gets 150px rows).
    rowSizes = sizeTracks(g.rows, rowItems, used.minHeight, g.rowGap, stretchy(s.alignContent));
  }
  const usedRows = rowSizes.reduce((a, b) => a + b, 0) + gapTotal(g.rowGap, g.rowCollapsed);
  const contentHeight = used.height ?? Math.max(used.minHeight, Math.min(used.maxHeight, usedRows));
  const rowPos = trackPositions(rowSizes, g.rowGap, contentHeight, s.alignContent, g.rowCollapsed);
  const placed: UnitItem[] = g.items.map((item, i) => {
    const a = g.areas[i]!;
    const h = horizontal[i]!;
    const areaHeight = span(rowPos, rowSizes, a.row, a.rowSpan);
    const v = alignInArea(item, 'y', areaHeight, alignOf(item.style, s), h.area, ctx, outerHeight(i));
    const baseline = isBaseline(item.style, s);
    const offset = baseline ? marginOrZero(item.style.marginTop, h.area) + shift(i) : v.offset;
    const grows = growsWithRow(item, a, g.rows, s.height === 'auto' || isSizeKeyword(s.height), ctx);
    const ratioWidth = v.stretched ? widthFromStretchedHeight(item, v.size, justifyOf(item.style, s), h.area) : null;
    const x =
      ratioWidth === null ? h.offset : offsetInArea(item, 'x', h.area, ratioWidth, justifyOf(item.style, s), h.area);
    return {
      box: item,
      x: areaLeft(a) + x,
      y: rowPos[a.row]! + offset,
      width: ratioWidth ?? h.size,
      height: v.size,
      pinHeight: v.stretched ? v.size : null,
      grows,
      ...(grows && v.stretched ? { endsWithRow: true } : {}),
      baselineAligned: baseline,
      cbWidth: h.area,
      cbHeight: areaHeight,
    };
  });
  const outOfFlowArea = (child: ComputedStyle): OutOfFlowArea => {
    const c = outOfFlowLines(child.gridColumnStart, child.gridColumnEnd, g.colTemplate, g.cols.length);
    const r = outOfFlowLines(child.gridRowStart, child.gridRowEnd, g.rowTemplate, g.rows.length);
    const [padStart, padEnd] = rtl ? [used.padding.right, used.padding.left] : [used.padding.left, used.padding.right];
    const logicalX = areaEdges(colPos, colSizes, c, -padStart, used.width + padEnd);
    const x: [number, number] = rtl ? [used.width - logicalX[1], used.width - logicalX[0]] : logicalX;
    const y = areaEdges(rowPos, rowSizes, r, -used.padding.top, contentHeight + used.padding.bottom);
    return { x: x[0], y: y[0], width: Math.max(0, x[1] - x[0]), height: Math.max(0, y[1] - y[0]) };
  };
  return {
    units: rowUnits(placed, g.areas, rowPos, rowSizes),
    contentHeight,
    lendSubgrids,
    waitersRestartAtTop: true,
    outOfFlowArea,
  };
}

/**
 * Start and end of an absolutely positioned child's area on one axis (CSS Grid 2 §10.1), from the
 * content-box start: a line is its track's start edge (the end line its last track's end edge,
 * gaps left out), a missing line the padding edge (`padStart`, `padEnd`).
 */
function areaEdges(
  pos: readonly number[],
  sizes: readonly number[],
  lines: { start: number | null; end: number | null },
  padStart: number,
  padEnd: number,
): [number, number] {
  const n = sizes.length;
  const edge = (line: number, side: 'start' | 'end'): number => {
    if (n === 0) return 0;
    if (side === 'start' ? line < n : line === 0) return pos[line]!;
    return side === 'start' ? pos[n - 1]! + sizes[n - 1]! : pos[line - 1]! + sizes[line - 1]!;
  };
  return [
    lines.start === null ? padStart : edge(lines.start, 'start'),
    lines.end === null ? padEnd : edge(lines.end, 'end'),
  ];
}

/**
 * Does the item grow when it breaks across fragmentainers, and its row with it (CSS Fragmentation
 * 3 §5.2: the space a break leaves unused is consumed by the box)? Chromium grows an item whose
 * height comes from its content when it spans one row sized by content (Blink's
 * GridLayoutAlgorithm MinBlockSizeShouldEncompassIntrinsicSize): not when a descendant's height is
 * a percentage of the item's (it would grow again), nor in a row of fixed min and max, nor in a
 * row of fixed min when the grid's height is definite (WPT grid-item-fragmentation-014); items
 * spanning several rows or of definite heights keep their size (test/grid/fragment-growth-cases.json).
 */
function growsWithRow(
  item: ItemBox,
  area: GridArea,
  rows: readonly TrackFn[],
  autoHeight: boolean,
  ctx: LayoutContext,
): boolean {
  if (item.kind === 'replaced' || area.rowSpan !== 1) return false;
  const h = item.style.height;
  if (h !== 'auto' && !isSizeKeyword(h)) return false;
  if (hasPercentHeightDescendant(item, ctx)) return false;
  const row = rows[area.row]!;
  if (row.min.kind !== 'fixed') return true;
  return row.max.kind !== 'fixed' && autoHeight;
}

/**
 * Subgridded items take the parent's tracks they span (CSS Grid 2 §9); the gap lent is the
 * distance between the tracks, so distributed free space (justify-content) is kept.
 */
function lenderToSubgrids(
  g: GridStructure,
  sizes: readonly number[],
  pos: readonly number[],
  ctx: LayoutContext,
  direction: ComputedStyle['direction'],
): () => void {
  const loans = g.items.flatMap((item, i) => {
    if (item.kind !== 'grid' || !isColumnSubgrid(item.style)) return [];
    const a = g.areas[i]!;
    const gap = a.colSpan > 1 ? pos[a.col + 1]! - pos[a.col]! - sizes[a.col]! : g.colGap;
    const area = span(pos, sizes, a.col, a.colSpan);
    const margins = [marginOrZero(item.style.marginLeft, area), marginOrZero(item.style.marginRight, area)] as const;
    const columns = { ...spannedColumns(sizes, gap, g.colNames, a.col, a.colSpan), margins };
    // A subgrid of the other direction numbers the tracks from the other side (CSS Grid 2 §9.1).
    return [{ item, columns: item.style.direction === direction ? columns : reversedColumns(columns) }];
  });
  return () => {
    for (const l of loans) lendColumns(l.item, l.columns, ctx);
  };
}

function isBaseline(item: ComputedStyle, container: ComputedStyle): boolean {
  const v = item.alignSelf === 'auto' ? container.alignItems : item.alignSelf;
  return (v === 'baseline' || v === 'first baseline') && item.marginTop !== 'auto' && item.marginBottom !== 'auto';
}

/**
 * Items' outer heights at their column widths, and baseline alignment (CSS Grid §10.6, Box
 * Alignment §9): baseline-aligned items of a row (spanning one row) are shifted down so that
 * their first baselines line up; the shift adds to their row contribution.
 */
function measureRows(
  g: GridStructure,
  horizontal: readonly { area: number; size: number }[],
  s: ComputedStyle,
  ctx: LayoutContext,
): { outerHeight: (i: number) => number; shift: (i: number) => number } {
  const heights = new Map<number, { outer: number; ascent: number }>();
  const measure = (i: number): { outer: number; ascent: number } => {
    let m = heights.get(i);
    if (!m) {
      const item = g.items[i]!;
      const cb = horizontal[i]!.area;
      const r = layoutItem(item, { width: horizontal[i]!.size, height: null }, cb, null, ctx);
      const top = marginOrZero(item.style.marginTop, cb);
      m = { outer: r.height + top + marginOrZero(item.style.marginBottom, cb), ascent: top + (r.baseline ?? r.height) };
      heights.set(i, m);
    }
    return m;
  };
  const rowAscent = new Map<number, number>();
  const shifts = g.items.map((item, i) => {
    const a = g.areas[i]!;
    if (a.rowSpan !== 1 || !isBaseline(item.style, s)) return 0;
    rowAscent.set(a.row, Math.max(rowAscent.get(a.row) ?? 0, measure(i).ascent));
    return -1;
  });
  return {
    outerHeight: (i) => measure(i).outer,
    shift: (i) => (shifts[i] === 0 ? 0 : (rowAscent.get(g.areas[i]!.row) ?? 0) - measure(i).ascent),
  };
}

function justifyOf(item: ComputedStyle, container: ComputedStyle): AxisAlignment {
  return {
    value: item.justifySelf === 'auto' ? container.justifyItems : item.justifySelf,
    autoStart: item.marginLeft === 'auto',
    autoEnd: item.marginRight === 'auto',
    rightToLeft: container.direction === 'rtl',
  };
}
function alignOf(item: ComputedStyle, container: ComputedStyle): AxisAlignment {
  return {
    value: item.alignSelf === 'auto' ? container.alignItems : item.alignSelf,
    autoStart: item.marginTop === 'auto',
    autoEnd: item.marginBottom === 'auto',
  };
}

/**
 * Break units: rows, with the items that start in them (CSS Fragmentation: grid rows are break
 * units); rows bridged by a row-spanning item form one unit, broken in parallel.
 */
function rowUnits(
  items: readonly UnitItem[],
  areas: readonly GridArea[],
  rowPos: readonly number[],
  rowSizes: readonly number[],
): Unit[] {
  const bridged = (b: number): boolean => areas.some((a) => a.row < b && b < a.row + a.rowSpan);
  const units: Unit[] = [];
  let first = 0;
  for (let r = 0; r < rowSizes.length; r++) {
    if (r + 1 < rowSizes.length && bridged(r + 1)) continue;
    const mine = items.filter((_, i) => areas[i]!.row >= first && areas[i]!.row <= r);
    const bottom = Math.max(rowPos[r]! + rowSizes[r]!, ...mine.map((p) => p.y + p.height));
    if (mine.length > 0 || bottom > rowPos[first]!) units.push({ top: rowPos[first]!, bottom, items: mine });
    first = r + 1;
  }
  return units;
}
