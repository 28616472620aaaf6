import { noteCellStyle } from '../flow/cell-percent-basis.js';
import type { ContainerBox, TableBox } from '../boxes/box.js';
import type { Edges } from '../fragment.js';
import { cacheOf, memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { borderEdges, definite, paddingEdges } from '../flow/box-model.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { resolveLength, type BorderSide, type ComputedStyle, type LengthOrAuto, type SizeKeyword } from '../style.js';
import { cellHalfBorders, collapseBorders, tableHalfBorders, type CollapsedBorders } from './collapsed-borders.js';
import { distributeWidths, toUnit, type ColumnConstraint } from './distribute.js';
import { tableStructure, type CellSlot, type TableStructure } from './table-structure.js';

/** Everything about a table that does not depend on its width; computed once per table box. */
export interface PreparedTable {
  readonly structure: TableStructure;
  readonly collapse: CollapsedBorders | null;
  readonly hSpacing: number;
  readonly vSpacing: number;
  /** Table border + padding (separate), or half the outer collapsed borders (collapse: padding is ignored). */
  readonly border: Edges;
  readonly padding: Edges;
  /** Column constraints after spanning cells were distributed (CSS Tables 3 §3.9.2). */
  readonly columns: readonly ColumnConstraint[];
  /** Min/max widths of the grid alone (columns + spacing), without table borders/padding. */
  readonly gridMin: number;
  readonly gridMax: number;
  /** The max width before percentage columns widen it (see gridMaxWidth). */
  readonly gridMaxUnscaled: number;
}

const prepared = memoSlot<TableBox, PreparedTable>('render');
const NO_SIDE = (w: number, s: BorderSide): BorderSide => ({ width: w, style: 'none', color: s.color });
const ZERO: Edges = { top: 0, right: 0, bottom: 0, left: 0 };

export function prepareTable(table: TableBox, ctx: LayoutContext): PreparedTable {
  return memoized(ctx, prepared, table, () => prepare(table, ctx));
}

const withPadding = memoSlot<TableBox, { cb: number; prep: PreparedTable }>('render');

/**
 * The prepared table for a layout in a containing block `cb` wide: its own percentage paddings
 * resolve against `cb` like any block's (CSS 2.1 §8.4); prepareTable took them as 0, as
 * intrinsic sizing does. The same object for the same width, so that rows measured stay valid.
 */
export function prepareTableIn(table: TableBox, cb: number, ctx: LayoutContext): PreparedTable {
  const prep = prepareTable(table, ctx);
  const s = table.style;
  const percent = [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].some((l) => typeof l !== 'number');
  if (prep.collapse || !percent || !Number.isFinite(cb)) return prep;
  const padded = cacheOf(ctx, withPadding);
  const known = padded.get(table);
  if (known && known.cb === cb) return known.prep;
  const resolved = { ...prep, padding: paddingEdges(s, cb) };
  padded.set(table, { cb, prep: resolved });
  return resolved;
}

function prepare(table: TableBox, ctx: LayoutContext): PreparedTable {
  const structure = tableStructure(table, ctx);
  const s = table.style;
  const collapse = s.borderCollapse === 'collapse' ? collapseBorders(structure) : null;
  const hSpacing = collapse ? 0 : s.borderSpacing[0];
  // No columns (no cells, nor a sized or fixed-layout column): no spacing either way, also
  // between rows and at the table's edges (CSS Tables 3 §3.8.1, measured in Chromium: a table
  // of empty rows is as tall as the rows alone).
  const vSpacing = collapse || structure.columnCount === 0 ? 0 : s.borderSpacing[1];
  // Cell boxes as laid out inside the grid (CellSlot.laid).
  for (const row of structure.rows)
    for (const cell of row.cells) cell.laid = cellBox(cell, collapse, s.direction === 'rtl');
  const columns = columnConstraints(structure, hSpacing, ctx);
  const n = structure.columnCount;
  const spacing = n > 0 ? (n + 1) * hSpacing : 0;
  return {
    structure,
    collapse,
    hSpacing,
    vSpacing,
    border: collapse ? tableHalfBorders(collapse, s.direction === 'rtl') : borderEdges(s),
    padding: collapse ? ZERO : paddingEdges(s, 0),
    columns,
    gridMin: columns.reduce((a, c) => a + c.min, 0) + spacing,
    gridMax: gridMaxWidth(columns) + spacing,
    gridMaxUnscaled: columns.reduce((a, c) => a + c.max, 0) + spacing,
  };
}

/** The cell as a block container inside its grid area: the table decides its width, height and position. */
/** Nothing for the table to neutralise: the cell box can be laid out as it is (no style copy per cell). */
function neutral(s: ComputedStyle): boolean {
  return (
    s.width === 'auto' &&
    s.minWidth === 'auto' &&
    s.maxWidth === 'none' &&
    s.height === 'auto' &&
    s.minHeight === 'auto' &&
    s.maxHeight === 'none' &&
    s.marginTop === 0 &&
    s.marginRight === 0 &&
    s.marginBottom === 0 &&
    s.marginLeft === 0 &&
    s.float === 'none' &&
    (s.position === 'static' || s.position === 'relative')
  );
}

/**
 * Cell styles the table derives, per original style and collapsed half borders: most cells of
 * a table share both, and a copy of a ComputedStyle per cell was the largest allocation of a
 * long table's layout. Styles are immutable, so sharing them changes nothing downstream.
 * A short list per original style (a table has a handful of border combinations), searched by
 * value: a string key per cell cost more than the search.
 */
interface DerivedStyle {
  /** The half borders it was made with; top < 0 when none (separate borders). */
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
  readonly hideEmpty: boolean;
  readonly style: ComputedStyle;
}
const cellStyles = new WeakMap<ComputedStyle, DerivedStyle[]>();

function derivedStyle(s: ComputedStyle, half: Edges | null, hideEmpty: boolean): ComputedStyle {
  let list = cellStyles.get(s);
  if (!list) cellStyles.set(s, (list = []));
  const top = half ? half.top : -1;
  const right = half ? half.right : 0;
  const bottom = half ? half.bottom : 0;
  const left = half ? half.left : 0;
  for (const d of list) {
    if (d.top === top && d.right === right && d.bottom === bottom && d.left === left && d.hideEmpty === hideEmpty)
      return d.style;
  }
  const style = cellStyle(s, half, hideEmpty);
  noteCellStyle(style, s);
  list.push({ top, right, bottom, left, hideEmpty, style });
  return style;
}

function cellBox(cell: CellSlot, collapse: CollapsedBorders | null, rtl: boolean): ContainerBox {
  const s = cell.box.style;
  const hideEmpty = s.emptyCells === 'hide' && cell.box.children.length === 0;
  if (!collapse && !hideEmpty && neutral(s)) return cell.box;
  const half = collapse ? cellHalfBorders(collapse, cell, rtl) : null;
  // With collapsed borders the empty-cells property does not apply (CSS 2.1 §17.6.1.1).
  return { ...cell.box, kind: 'table-cell', style: derivedStyle(s, half, half ? false : hideEmpty) };
}

function cellStyle(s: ComputedStyle, half: Edges | null, hideEmpty: boolean): ComputedStyle {
  let style: ComputedStyle = {
    ...s,
    width: 'auto',
    minWidth: 'auto',
    maxWidth: 'none',
    height: 'auto',
    minHeight: 'auto',
    maxHeight: 'none',
    marginTop: 0,
    marginRight: 0,
    marginBottom: 0,
    marginLeft: 0,
    position: s.position === 'relative' ? s.position : 'static',
    float: 'none',
  };
  if (half) {
    style = {
      ...style,
      borderTop: NO_SIDE(half.top, s.borderTop),
      borderRight: NO_SIDE(half.right, s.borderRight),
      borderBottom: NO_SIDE(half.bottom, s.borderBottom),
      borderLeft: NO_SIDE(half.left, s.borderLeft),
    };
  } else if (hideEmpty) {
    // empty-cells: hide (CSS 2.1 §17.6.1.1): no borders or backgrounds around an empty cell.
    const hide = (b: BorderSide): BorderSide => NO_SIDE(b.width, b);
    style = {
      ...style,
      backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
      backgroundLayers: [],
      borderTop: hide(s.borderTop),
      borderRight: hide(s.borderRight),
      borderBottom: hide(s.borderBottom),
      borderLeft: hide(s.borderLeft),
    };
  }
  return style;
}

/** A specified width as a fixed border-box size or a percentage (null: auto or unresolvable calc). */
function widthSpec(
  w: LengthOrAuto | SizeKeyword,
  style: ComputedStyle,
  edges: number,
): { fixed: number } | { percent: number } | null {
  if (typeof w === 'string') return null;
  if (typeof w === 'number') return { fixed: style.boxSizing === 'border-box' ? w : w + edges };
  if (w.px === 0) return { percent: w.pct };
  return null;
}

/** Chromium keeps intrinsic inline sizes in LayoutUnits rounded up (FromFloatCeil), so content always fits its column. */
const ceilUnit = (v: number): number => Math.ceil(v * 64 - 1e-7) / 64;

function cellConstraint(cell: ContainerBox, original: ComputedStyle, ctx: LayoutContext): ColumnConstraint {
  const outer = outerSizes(cell, ctx);
  const s = cell.style;
  // Horizontal borders + padding (percentages against 0, as in intrinsic sizing), summed as
  // borderEdges + paddingEdges would be, without two objects per cell.
  const edges =
    s.borderLeft.width + s.borderRight.width + resolveLength(s.paddingLeft, 0) + resolveLength(s.paddingRight, 0);
  const minW = definite(original.minWidth, null);
  const min = Math.max(
    ceilUnit(outer.min),
    minW === null ? 0 : minW + (original.boxSizing === 'border-box' ? 0 : edges),
  );
  // Auto width, the usual case: no spec object either.
  const spec = original.width === 'auto' ? null : widthSpec(original.width, original, edges);
  // CSS Tables 3 §3.9.1: a fixed width makes the max-content width max(min, width) and constrains the column.
  if (spec && 'fixed' in spec) return { min, max: Math.max(min, spec.fixed), percent: null, constrained: true };
  return { min, max: Math.max(min, ceilUnit(outer.max)), percent: spec ? spec.percent : null, constrained: false };
}

/** Chromium's Column::Encompass: constrained columns keep their size type; widths take the largest. */
function encompass(col: ColumnConstraint, c: ColumnConstraint): void {
  col.min = Math.max(col.min, c.min);
  if (c.percent !== null) col.percent = Math.max(col.percent ?? 0, c.percent);
  if (col.constrained && !c.constrained) {
    col.max = Math.max(col.max, col.min);
  } else if (!col.constrained && c.constrained) {
    col.constrained = true;
    col.max = Math.max(col.min, c.max);
  } else {
    col.max = Math.max(col.max, c.max);
  }
}

function columnConstraints(t: TableStructure, hSpacing: number, ctx: LayoutContext): ColumnConstraint[] {
  const cols: ColumnConstraint[] = [];
  for (let c = 0; c < t.columnCount; c++) {
    const col: ColumnConstraint = { min: 0, max: 0, percent: null, constrained: false };
    const src = t.columns[c];
    // A `col` width, else its `colgroup`'s, constrains the column like a cell's would.
    const w = src?.col && src.col.style.width !== 'auto' ? src.col.style : src?.group?.style;
    const spec = w ? widthSpec(w.width, w, 0) : null;
    if (spec)
      encompass(
        col,
        'fixed' in spec
          ? { min: 0, max: spec.fixed, percent: null, constrained: true }
          : { min: 0, max: 0, percent: spec.percent, constrained: false },
      );
    cols.push(col);
  }
  const spanning: { cell: CellSlot; c: ColumnConstraint }[] = [];
  for (const row of t.rows) {
    for (const cell of row.cells) {
      const c = cellConstraint(cell.laid, cell.box.style, ctx);
      if (cell.colSpan === 1) encompass(cols[cell.col]!, c);
      else spanning.push({ cell, c });
    }
  }
  spanning.sort((a, b) => a.cell.colSpan - b.cell.colSpan);
  for (const { cell, c } of spanning) distributeSpanning(cols.slice(cell.col, cell.col + cell.colSpan), c, hSpacing);
  clampPercentages(cols);
  return cols;
}

/**
 * Percentage columns share at most 100 % of the table: what a column asks beyond what the columns
 * before it left is cut (Chromium's column constraints; measured: cells of 15 %, 35 % and 55 % get
 * 15 %, 35 % and 50 % of the table, not the three scaled down to fit).
 */
function clampPercentages(cols: ColumnConstraint[]): void {
  let left = 100;
  for (const col of cols) {
    if (col.percent === null) continue;
    col.percent = Math.max(0, Math.min(col.percent, left));
    left -= col.percent;
  }
}

/** Chromium's DistributeColspanCellToColumns: surplus percent, then min and max spread with the width distribution algorithm. */
function distributeSpanning(cols: ColumnConstraint[], c: ColumnConstraint, hSpacing: number): void {
  const inner = hSpacing * (cols.length - 1);
  if (c.percent !== null) {
    const pctSum = cols.reduce((a, col) => a + (col.percent ?? 0), 0);
    const others = cols.filter((col) => col.percent === null);
    const surplus = c.percent - pctSum;
    const othersMax = others.reduce((a, col) => a + col.max, 0);
    if (surplus > 0)
      for (const col of others) col.percent = othersMax > 0 ? (surplus * col.max) / othersMax : surplus / others.length;
  }
  const mins = distributeWidths(Math.max(0, c.min - inner), cols, true);
  cols.forEach((col, i) => {
    col.min = Math.max(col.min, mins[i]!);
  });
  const maxes = distributeWidths(Math.max(0, c.max - inner), cols, c.constrained);
  cols.forEach((col, i) => {
    col.max = Math.max(col.min, col.max, maxes[i]!);
  });
}

/** The grid's max-content width, large enough that percentage columns get their share (Chromium's ComputeGridInlineMinMax). */
function gridMaxWidth(cols: readonly ColumnConstraint[]): number {
  let max = 0,
    nonPercent = 0,
    totalPercent = 0,
    estimate = 0;
  for (const c of cols) {
    max += c.max;
    if (c.percent !== null) {
      totalPercent += c.percent;
      if (c.percent > 0 && c.max > 0) estimate = Math.max(estimate, toUnit((100 / c.percent) * c.max));
    } else {
      nonPercent += c.max;
    }
  }
  if (totalPercent > 0) {
    estimate = Math.max(
      estimate,
      totalPercent < 100 ? toUnit((nonPercent * 100) / (100 - totalPercent)) : nonPercent > 0 ? Infinity : 0,
    );
    if (Number.isFinite(estimate)) max = Math.max(max, estimate);
  }
  return max;
}
