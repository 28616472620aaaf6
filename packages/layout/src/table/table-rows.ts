import { noteCellStyle } from '../flow/cell-percent-basis.js';
import type { ContainerBox, TableBox } from '../boxes/box.js';
import type { BoxFragment } from '../fragment.js';
import { changedFragment } from '../flow/fragments.js';
import { cacheOf, cacheSlot, memoSlot, type LayoutContext } from '../flow/context.js';
import { borderEdges, definite, paddingEdges } from '../flow/box-model.js';
import { layoutBox } from '../flow/layout-box.js';
import { withTablePartOpen } from '../positioned/containing-block.js';
import { NO_MARGINS, type LayoutResult, type Resume, type Space } from '../flow/types.js';
import { resolveLength, type Length } from '../style.js';
import type { PreparedTable } from './table-prepare.js';
import type { CellSlot } from './table-structure.js';
import type { TableGeometry } from './table-width.js';

/** A cell laid out in its column span with unlimited height. */
export interface MeasuredCell {
  readonly slot: CellSlot;
  /** The cell as laid out; its placements share its children (table-fragments' alignedCell). */
  readonly fragment: BoxFragment;
  /** The fragment's height as laid out. */
  readonly fragmentHeight: number;
  readonly height: number;
  /** First line's baseline from the border-box top, else the bottom of the content box (CSS 2.1 §17.5.3). */
  readonly baseline: number;
  /** The cell has content, so `baseline` (a first line's, else its content bottom) aligns its row. */
  readonly ownBaseline: boolean;
}

/**
 * Rows measured with unlimited height, each when pagination first needs it: the cells of a
 * long table are laid out page by page, and a row placed for good lets its cells go (release),
 * so that its fragments die with the page they were painted on.
 */
export interface MeasuredRows {
  readonly width: number;
  readonly prep: PreparedTable;
  /** The containing block's height the table's percentage heights resolved against (null: auto). */
  readonly cbBlockSize: number | null;
  /** Whether baseline-aligned cells are moved to the row's baseline (alignsCellBaselines). */
  readonly alignsBaselines: boolean;
  height(r: number): number;
  /** Baseline of row r from its top (the largest baseline of its baseline-aligned cells), null when none. */
  baseline(r: number): number | null;
  cells(r: number): readonly MeasuredCell[];
  /** Row r has a forced break inside a cell: only the fragmenting path lays it out whole. */
  forced(r: number): boolean;
  /**
   * Row r's cells were handed to the page being laid out: they live in the page's cache
   * (placedRows) and die with it, to be measured again if asked for after that.
   */
  placed(r: number): void;
}
/** Left edge of a cell: its first column's, or its last one's in an RTL table. */
export function cellX(geo: TableGeometry, slot: CellSlot): number {
  let x = Infinity;
  for (let c = slot.col; c < slot.col + slot.colSpan; c++) x = Math.min(x, geo.colX[c] ?? Infinity);
  return Number.isFinite(x) ? x : 0;
}

export function cellWidth(geo: TableGeometry, slot: CellSlot, hSpacing: number): number {
  let w = (slot.colSpan - 1) * hSpacing;
  for (let c = slot.col; c < slot.col + slot.colSpan; c++) w += geo.colW[c] ?? 0;
  return w;
}

const resolvedPaddings = memoSlot<ContainerBox, { basis: TableGeometry['cellPercentBasis']; box: ContainerBox }>(
  'render',
);
const isPercent = (l: Length): boolean => typeof l !== 'number';

/**
 * The cell box to lay out: percentage paddings resolve against the table (TableGeometry's
 * cellPercentBasis), not against the cell's own width as a block's would, so they are turned
 * into lengths here. Most cells have none and are laid out as they are.
 */
export function cellLayoutBox(slot: CellSlot, geo: TableGeometry, ctx: LayoutContext): ContainerBox {
  const box = slot.laid;
  const s = box.style;
  if (
    !isPercent(s.paddingTop) &&
    !isPercent(s.paddingRight) &&
    !isPercent(s.paddingBottom) &&
    !isPercent(s.paddingLeft)
  )
    return box;
  const basis = geo.cellPercentBasis;
  const resolvedPadding = cacheOf(ctx, resolvedPaddings);
  const known = resolvedPadding.get(box);
  if (known && known.basis.inline === basis.inline && known.basis.block === basis.block) return known.box;
  const style = {
    ...s,
    paddingTop: resolveLength(s.paddingTop, basis.block),
    paddingRight: resolveLength(s.paddingRight, basis.inline),
    paddingBottom: resolveLength(s.paddingBottom, basis.block),
    paddingLeft: resolveLength(s.paddingLeft, basis.inline),
  };
  noteCellStyle(style, s);
  const resolved = { ...box, style };
  resolvedPadding.set(box, { basis, box: resolved });
  return resolved;
}

/**
 * A cell's border box is its columns' width even when that is less than its borders and
 * padding (a fixed-layout column left 0 wide): the rest overflows, as in Chromium.
 */
export function toColumnWidth(fragment: BoxFragment, box: ContainerBox, width: number): BoxFragment {
  return !box.orthogonal && fragment.width > width ? changedFragment(fragment, { width }) : fragment;
}

/** Lay a cell's content out as a block container (it establishes a BFC, CSS 2.1 §17.4). */
export function layoutCell(
  box: ContainerBox,
  width: number,
  blockSize: number,
  pageIsEmpty: boolean,
  resume: Resume | null,
  ctx: LayoutContext,
): LayoutResult {
  // A cell continued after a page break: margins adjoining the break truncate (CSS Fragmentation 3 §5.2).
  const space = cellSpace(width, blockSize, pageIsEmpty);
  return layoutBox(box, resume ? { ...space, truncateMargins: true } : space, resume, ctx);
}

function cellSpace(width: number, blockSize: number, pageIsEmpty: boolean): Space {
  return {
    inlineSize: width,
    blockSize,
    pageIsEmpty,
    mode: 'layout',
    marginAbove: NO_MARGINS,
    truncateMargins: false,
    cbBlockSize: null,
  };
}

export function contentBottom(fragment: BoxFragment): number {
  return fragment.height - fragment.border.bottom - fragment.padding.bottom;
}

/** Rows are measured once per table and width, so paginating a long table stays linear. */
export function measureRows(
  table: TableBox,
  prep: PreparedTable,
  geo: TableGeometry,
  ctx: LayoutContext,
  cbBlockSize: number | null,
): MeasuredRows {
  const measuredRows = cacheOf(ctx, measuredTables);
  const cached = measuredRows.get(table);
  if (cached && cached.width === geo.width && cached.prep === prep && cached.cbBlockSize === cbBlockSize) return cached;
  const measured = new RowMeasurer(table, prep, geo, ctx, cbBlockSize);
  measuredRows.set(table, measured);
  return measured;
}

const measuredTables = cacheSlot('pass', () => new WeakMap<TableBox, MeasuredRows>());

/** The cells of the rows placed on the pages not given away yet, by table and row (MeasuredRows.placed). */
const placedRows = cacheSlot('page', () => new WeakMap<MeasuredRows, Map<number, MeasuredCell[]>>());

class RowMeasurer implements MeasuredRows {
  readonly width: number;
  readonly cbBlockSize: number | null;
  readonly alignsBaselines: boolean;
  readonly prep: PreparedTable;
  readonly #geo: TableGeometry;
  readonly #ctx: LayoutContext;
  /** NaN until measured. */
  readonly #heights: number[];
  readonly #baselines: (number | null)[];
  readonly #forced: boolean[];
  readonly #cells: (MeasuredCell[] | null)[];
  /** Cells are measured with unlimited height: one space per width (spaces are never written). */
  readonly #spaces = new Map<number, Space>();

  constructor(
    table: TableBox,
    prep: PreparedTable,
    geo: TableGeometry,
    ctx: LayoutContext,
    cbBlockSize: number | null,
  ) {
    this.width = geo.width;
    this.cbBlockSize = cbBlockSize;
    this.alignsBaselines = alignsCellBaselines(table);
    this.prep = prep;
    this.#geo = geo;
    this.#ctx = ctx;
    const rows = prep.structure.rows;
    this.#heights = rows.map(() => NaN);
    this.#baselines = rows.map(() => null);
    this.#forced = rows.map(() => false);
    this.#cells = rows.map(() => null);
    // Row-spanning cells and a table height make row heights depend on each other: measure all now.
    const groupHeights = prep.structure.groups.some((g) => definite(g.box.style.height, null) !== null);
    if (
      tableBorderBoxHeight(table, prep, cbBlockSize) === null &&
      !groupHeights &&
      !rows.some((row) => row.cells.some((slot) => slot.rowSpan > 1))
    )
      return;
    // Orthogonal cells are stretched once the heights are final (below), not at their row's own.
    for (let r = 0; r < rows.length; r++) this.#layOutRow(r);
    spreadRowSpans(this.#cells as MeasuredCell[][], this.#heights, prep.vSpacing);
    if (groupHeights) spreadGroupHeights(prep, this.#heights);
    spreadTableHeight(table, prep, cbBlockSize, this.#heights);
    for (let r = 0; r < rows.length; r++) this.#stretchOrthogonal(r, this.#cells[r]!);
  }

  height(r: number): number {
    if (Number.isNaN(this.#heights[r])) this.#measure(r);
    return this.#heights[r]!;
  }

  baseline(r: number): number | null {
    if (Number.isNaN(this.#heights[r])) this.#measure(r);
    return this.#baselines[r]!;
  }

  forced(r: number): boolean {
    if (Number.isNaN(this.#heights[r])) this.#measure(r);
    return this.#forced[r]!;
  }

  cells(r: number): readonly MeasuredCell[] {
    return this.#cells[r] ?? cacheOf(this.#ctx, placedRows).get(this)?.get(r) ?? this.#measure(r);
  }

  placed(r: number): void {
    const onPages = cacheOf(this.#ctx, placedRows);
    let placed = onPages.get(this);
    if (!placed) onPages.set(this, (placed = new Map()));
    if (placed.has(r)) return;
    placed.set(r, this.#cells[r] ?? this.#measure(r));
    this.#cells[r] = null;
  }

  /** Lay row r's cells out at their row's height. */
  #measure(r: number): MeasuredCell[] {
    const list = this.#layOutRow(r);
    this.#stretchOrthogonal(r, list);
    return list;
  }

  /** Lay row r's cells out; its height, baseline and break are kept from the first time (spread rows keep theirs). */
  #layOutRow(r: number): MeasuredCell[] {
    const row = this.prep.structure.rows[r]!;
    const list: MeasuredCell[] = [];
    let broken = false;
    for (const slot of row.cells) {
      const box = cellLayoutBox(slot, this.#geo, this.#ctx);
      const width = cellWidth(this.#geo, slot, this.prep.hSpacing);
      let space = this.#spaces.get(width);
      if (!space) this.#spaces.set(width, (space = cellSpace(width, Infinity, true)));
      const res = inRowPart(this.prep, slot, this.#ctx, () => layoutBox(box, space!, null, this.#ctx));
      if (res.resume) broken = true;
      const fragment = toColumnWidth(res.fragment as BoxFragment, box, width);
      const natural = Math.max(res.height, specifiedHeight(slot.box, box, this.#ctx.quirksMode));
      list.push({
        slot,
        fragment,
        fragmentHeight: fragment.height,
        height: natural,
        baseline: res.baseline ?? contentBottom(fragment),
        // Chromium's HasDescendantsForTablePart: a cell with content but no line (a sized empty
        // div) aligns at its content bottom; only a cell without children has no baseline.
        ownBaseline: res.baseline !== null || slot.box.children.length > 0,
      });
    }
    this.#cells[r] = list;
    if (Number.isNaN(this.#heights[r])) {
      const { height, baseline } = rowHeight(row.box, list);
      this.#heights[r] = height;
      this.#baselines[r] = baseline;
      this.#forced[r] = broken;
    }
    return list;
  }

  /**
   * Cells in a vertical writing mode are laid out again at their row's height, which is their
   * inline size (CSS Writing Modes 4 §7.3, as Chromium lays out cells at their row's block size):
   * lines align in it (text-align), vertical-align works across (src/writing-mode).
   */
  #stretchOrthogonal(r: number, list: MeasuredCell[]): void {
    const height = this.#heights[r]!;
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      if (!c.slot.laid.orthogonal || c.slot.rowSpan !== 1 || c.fragmentHeight === height) continue;
      const width = cellWidth(this.#geo, c.slot, this.prep.hSpacing);
      const res = inRowPart(this.prep, c.slot, this.#ctx, () =>
        layoutBox(
          cellLayoutBox(c.slot, this.#geo, this.#ctx),
          { ...cellSpace(width, Infinity, true), stretchHeight: height },
          null,
          this.#ctx,
        ),
      );
      const fragment = res.fragment as BoxFragment;
      list[i] = {
        ...c,
        fragment,
        fragmentHeight: fragment.height,
        baseline: contentBottom(fragment),
        ownBaseline: false,
      };
    }
  }
}

/**
 * The relatively positioned row or row group whose fragment holds a cell, whose absolute boxes it
 * contains (the row first; a row-spanning cell is in its group's fragment when that moves too,
 * table-fragments.ts groupFragments), if any.
 */
function cellsContainingBlock(prep: PreparedTable, slot: CellSlot): ContainerBox | null {
  const row = prep.structure.rows[slot.row]!;
  const group = prep.structure.groups[row.group]!.box;
  const groupMoves = group.style.position === 'relative';
  if (row.box.style.position === 'relative' && !(groupMoves && slot.rowSpan > 1)) return row.box;
  return groupMoves ? group : null;
}

/** Lay out a cell (`run`) with the row or row group that contains its absolute boxes open. */
export function inRowPart<T>(prep: PreparedTable, slot: CellSlot, ctx: LayoutContext, run: () => T): T {
  return withTablePartOpen(cellsContainingBlock(prep, slot), ctx, run);
}

/** A cell's `height` is a minimum for its border box (CSS 2.1 §17.5.3). */
/**
 * A cell's height as the border-box minimum of its row (CSS 2.1 §17.5.3). In quirks mode
 * Chromium takes a cell's height as its border-box height whatever its box-sizing (measured:
 * `<td style="height: 60px; padding: 10px">` is 60px tall there, 80px with a doctype; not in
 * limited-quirks mode).
 */
function specifiedHeight(original: ContainerBox, laid: ContainerBox, quirksMode: boolean): number {
  const s = original.style;
  const h = definite(s.height, null);
  if (h === null) return 0;
  if (s.boxSizing === 'border-box' || quirksMode) return h;
  const b = borderEdges(laid.style);
  const p = paddingEdges(laid.style, 0);
  return h + b.top + b.bottom + p.top + p.bottom;
}

export const isBaselineAligned = (c: MeasuredCell): boolean => {
  // A cell in a vertical writing mode has no baseline in the row's direction: aligned along its own block axis instead.
  if (c.slot.laid.orthogonal) return false;
  const v = c.slot.box.style.verticalAlign;
  return v !== 'top' && v !== 'middle' && v !== 'bottom';
};

/**
 * Chromium prints a table that may break across pages (a block-level one) without moving its
 * `vertical-align: baseline` cells to the row's baseline: they stay at the top of the row, which
 * is still as tall as their aligned ascent + descent (CSS 2.1 §17.5.3). Only an inline-level
 * table, which does not break, moves them, as Chromium's print shows.
 */
export function alignsCellBaselines(table: TableBox): boolean {
  return table.style.display === 'inline-table';
}

/**
 * A collapsed row (its own `visibility: collapse` or its row group's, inherited) is removed from
 * the display (CSS 2.1 §17.5.5): no `height` of the row or its cells counts and nothing of it
 * paints, its cells still count for the column widths. Chromium's print keeps the cells' own
 * height, content, padding and borders (measured: an empty cell with 3px padding and 1px borders
 * leaves 8px, a row of empty borderless cells nothing), so that is the row's height.
 */
function collapsedRowHeight(cells: readonly MeasuredCell[]): number {
  let height = 0;
  for (const c of cells) if (c.slot.rowSpan === 1) height = Math.max(height, c.fragmentHeight);
  return height;
}

/** Row height (CSS 2.1 §17.5.3): its `height`, its single-row cells' heights, and baseline-aligned cells' ascent + descent. */
function rowHeight(row: ContainerBox, cells: readonly MeasuredCell[]): { height: number; baseline: number | null } {
  if (row.style.visibility === 'collapse') return { height: collapsedRowHeight(cells), baseline: null };
  let height = definite(row.style.height, null) ?? 0;
  let ascent: number | null = null;
  let descent = 0;
  for (const c of cells) {
    // Only a cell with a baseline of its own aligns the row's (CSS Tables 3 §3.10.1 row layout:
    // Chromium's RowBaselineTabulator); an empty cell's content bottom does not.
    if (isBaselineAligned(c) && c.ownBaseline) {
      ascent = Math.max(ascent ?? 0, c.baseline);
      if (c.slot.rowSpan === 1) descent = Math.max(descent, c.height - c.baseline);
    }
    if (c.slot.rowSpan === 1) height = Math.max(height, c.height);
  }
  if (ascent !== null) height = Math.max(height, ascent + descent);
  return { height, baseline: ascent };
}

/** A row-spanning cell taller than its rows grows them in proportion to their heights, else the last one. */
function spreadRowSpans(cells: readonly MeasuredCell[][], heights: number[], vSpacing: number): void {
  const spanning: MeasuredCell[] = [];
  for (const row of cells) for (const c of row) if (c.slot.rowSpan > 1) spanning.push(c);
  if (spanning.length === 0) return;
  spanning.sort((a, b) => a.slot.rowSpan - b.slot.rowSpan);
  for (const c of spanning) {
    const { row, rowSpan } = c.slot;
    let sum = (rowSpan - 1) * vSpacing;
    for (let r = row; r < row + rowSpan; r++) sum += heights[r]!;
    const extra = c.height - sum;
    if (extra <= 0) continue;
    const rowsSum = sum - (rowSpan - 1) * vSpacing;
    if (rowsSum <= 0) {
      heights[row + rowSpan - 1]! += extra;
      continue;
    }
    for (let r = row; r < row + rowSpan; r++) heights[r]! += (extra * heights[r]!) / rowsSum;
  }
}

/**
 * A row group's `height` is a minimum for its rows and the spacing between them (Chromium):
 * the extra grows its rows without a `height` of their own in proportion to their heights,
 * else those rows equally, else all its rows in proportion.
 */
function spreadGroupHeights(prep: PreparedTable, heights: number[]): void {
  const rows = prep.structure.rows;
  for (const g of prep.structure.groups) {
    const h = definite(g.box.style.height, null);
    if (h === null || g.rowCount === 0) continue;
    const span = Array.from({ length: g.rowCount }, (_, i) => g.firstRow + i);
    const sum = span.reduce((a, r) => a + heights[r]!, 0) + (g.rowCount - 1) * prep.vSpacing;
    if (h > sum) grow(heights, growableRows(span, rows, heights), h - sum);
  }
}

/** Rows that take extra height: those without a `height` and not empty, else those without a `height`, else all. */
function growableRows(
  span: readonly number[],
  rows: PreparedTable['structure']['rows'],
  heights: readonly number[],
): number[] {
  const auto = span.filter((r) => definite(rows[r]!.box.style.height, null) === null);
  const nonEmpty = auto.filter((r) => heights[r]! > 0);
  return nonEmpty.length ? nonEmpty : auto.length ? auto : [...span];
}

/** Share `extra` over `rows` in proportion to their heights (equally when all are 0). */
function grow(heights: number[], rows: readonly number[], extra: number): void {
  const sum = rows.reduce((a, r) => a + heights[r]!, 0);
  for (const r of rows) heights[r]! += sum > 0 ? (extra * heights[r]!) / sum : extra / rows.length;
}

/**
 * The border-box height the table's `height`, `min-height` and `max-height` ask for (they follow
 * box-sizing; the UA sheet makes HTML tables border-box), or null for none: Chromium applies
 * min- and max-height to tables too, as a minimum for the rows (CSS 2.1 §17.5.3 leaves it open).
 */
export function tableBorderBoxHeight(table: TableBox, prep: PreparedTable, cbBlockSize: number | null): number | null {
  const s = table.style;
  const edges =
    s.boxSizing === 'border-box' ? 0 : prep.border.top + prep.border.bottom + prep.padding.top + prep.padding.bottom;
  const border = (length: number | null): number | null => (length === null ? null : length + edges);
  // Percentages resolve against the containing block's height when it is definite (CSS 2.1 §10.5).
  const max = border(definite(s.maxHeight, cbBlockSize));
  let h = border(definite(s.height, cbBlockSize));
  if (h !== null && max !== null) h = Math.min(h, max);
  const min = border(definite(s.minHeight, cbBlockSize));
  return min !== null && min > 0 ? Math.max(h ?? 0, min) : h;
}

/**
 * A table `height` larger than its rows grows the rows in proportion (CSS 2.1 §17.5.3 leaves it
 * open; Chromium does this), those of row groups without a `height` of their own when there are any.
 */
function spreadTableHeight(table: TableBox, prep: PreparedTable, cbBlockSize: number | null, heights: number[]): void {
  const h = tableBorderBoxHeight(table, prep, cbBlockSize);
  if (h === null || heights.length === 0) return;
  const b = prep.border;
  const p = prep.padding;
  const edges = b.top + b.bottom + p.top + p.bottom + (heights.length + 1) * prep.vSpacing;
  const sum = heights.reduce((a, x) => a + x, 0);
  const extra = h - edges - sum;
  if (extra <= 0) return;
  const free: number[] = [];
  for (const g of prep.structure.groups) {
    if (definite(g.box.style.height, null) === null) for (let i = 0; i < g.rowCount; i++) free.push(g.firstRow + i);
  }
  grow(heights, free.length ? free : heights.map((_, r) => r), extra);
}
