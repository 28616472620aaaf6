import type { ContainerBox, TableBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import { definite, marginOrZero, placeInline } from '../flow/box-model.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { keywordContribution, keywordWidth } from '../flow/size-keywords.js';
import { resolveLength, type LengthOrAuto, type LengthOrNone, type SizeKeyword } from '../style.js';
import { distributeWidths, type ColumnConstraint } from './distribute.js';
import { prepareTable, widthSpec, type PreparedTable } from './table-prepare.js';

/** The table's used width and its columns (CSS 2.1 §17.5.2). */
export interface TableGeometry {
  /** Border-box width of the table grid box. */
  readonly width: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  /** Left edge of each column from the table's border-box left, and its width. */
  readonly colX: readonly number[];
  readonly colW: readonly number[];
}

/** Min/max-content widths of the table box (grid + borders/padding, at least its captions' min). */
export function tableIntrinsic(box: TableBox, prep: PreparedTable, ctx: LayoutContext): { min: number; max: number } {
  const edges = prep.border.left + prep.border.right + prep.padding.left + prep.padding.right;
  let captionMin = 0;
  for (const c of prep.structure.captions) captionMin = Math.max(captionMin, outerSizes(c, ctx).min);
  const min = Math.max(prep.gridMin + edges, captionMin);
  const fixed = fixedLayoutWidth(box, prep);
  if (fixed !== null) return { min: fixed, max: fixed };
  return { min, max: Math.max(min, prep.gridMax + edges) };
}

/** `table-layout: fixed` applies only with a non-auto width (CSS 2.1 §17.5.2.1). */
function fixedLayoutWidth(box: TableBox, prep: PreparedTable): number | null {
  if (box.style.tableLayout !== 'fixed' || box.style.width === 'auto') return null;
  const w = specifiedWidth(box.style.width, box, prep, null);
  return w === null ? null : Math.max(w, fixedColumns(prep).reduce((a, c) => a + c.max, 0) + spacingOf(prep) + edgesOf(prep));
}

/** A definite `width` / `min-width` / `max-width` as a border-box width. */
function specifiedWidth(w: LengthOrNone | LengthOrAuto | SizeKeyword, box: TableBox, prep: PreparedTable, cb: number | null): number | null {
  const v = definite(w, cb);
  return v === null || box.style.boxSizing === 'border-box' ? v : v + edgesOf(prep);
}

const spacingOf = (p: PreparedTable): number => (p.structure.columnCount > 0 ? (p.structure.columnCount + 1) * p.hSpacing : 0);
const edgesOf = (p: PreparedTable): number => p.border.left + p.border.right + p.padding.left + p.padding.right;

/** Fixed layout columns (CSS 2.1 §17.5.2.1): widths from `col`s, else from the first row's cells; the rest share what is left. */
function fixedColumns(prep: PreparedTable): ColumnConstraint[] {
  const t = prep.structure;
  const cols: ColumnConstraint[] = [];
  const firstRow = t.rows[0];
  for (let c = 0; c < t.columnCount; c++) {
    const src = t.columns[c];
    const colStyle = src?.col && src.col.style.width !== 'auto' ? src.col.style : src?.group?.style ?? null;
    let spec = colStyle ? widthSpec(colStyle.width, colStyle, 0) : null;
    if (!spec && firstRow) {
      const cell = firstRow.cells.find((x) => x.col <= c && c < x.col + x.colSpan);
      if (cell) {
        const s = cell.box.style;
        const edges = s.borderLeft.width + s.borderRight.width + resolveLength(s.paddingLeft, 0) + resolveLength(s.paddingRight, 0);
        spec = widthSpec(s.width, s, edges);
        if (spec && 'fixed' in spec) spec = { fixed: spec.fixed / cell.colSpan };
      }
    }
    if (spec && 'fixed' in spec) cols.push({ min: 0, max: spec.fixed, percent: null, constrained: true });
    else cols.push({ min: 0, max: 0, percent: spec ? spec.percent : null, constrained: false });
  }
  return cols;
}

export function tableGeometry(
  box: TableBox, prep: PreparedTable, cbWidth: number, ctx: LayoutContext, legacyAlign?: 'left' | 'right' | 'center', cbDirection: 'ltr' | 'rtl' = 'ltr',
): TableGeometry {
  const s = box.style;
  const intrinsic = tableIntrinsic(box, prep, ctx);
  // Percentages need a definite containing block (in intrinsic sizing there is none).
  const cb = Number.isFinite(cbWidth) ? cbWidth : null;
  const ml = marginOrZero(s.marginLeft, cb ?? 0);
  const mr = marginOrZero(s.marginRight, cb ?? 0);
  const avail = Math.max(0, cbWidth - ml - mr);
  // `width` follows box-sizing (the UA sheet makes tables border-box, HTML §15.3.8).
  const spec = specifiedWidth(s.width, box, prep, cb);
  // Intrinsic size keywords pick among the table's own min/max-content widths (CSS Sizing 3 §3.2).
  let width = spec ?? keywordWidth(s.width, intrinsic, avail) ?? Math.min(Math.max(intrinsic.min, avail), intrinsic.max);
  const maxW = specifiedWidth(s.maxWidth, box, prep, cb) ?? keywordWidth(s.maxWidth, intrinsic, avail);
  if (maxW !== null) width = Math.min(width, maxW);
  const minW = specifiedWidth(s.minWidth, box, prep, cb) ?? keywordWidth(s.minWidth, intrinsic, avail);
  if (minW !== null) width = Math.max(width, minW);
  width = Math.max(width, intrinsic.min);
  const fixed = fixedLayoutWidth(box, prep) !== null;
  const assignable = Math.max(0, width - edgesOf(prep) - spacingOf(prep));
  const colW = prep.structure.columnCount === 0 ? [] : distributeWidths(assignable, fixed ? fixedColumns(prep) : prep.columns, true);
  const colX: number[] = [];
  const rtl = s.direction === 'rtl';
  let x = (rtl ? prep.border.right + prep.padding.right : prep.border.left + prep.padding.left) + prep.hSpacing;
  for (const w of colW) {
    colX.push(x);
    x += w + prep.hSpacing;
  }
  // Columns run from the inline start: right to left in an RTL table (CSS 2.1 §17.5).
  if (rtl) for (let c = 0; c < colX.length; c++) colX[c] = width - colX[c]! - colW[c]!;
  // Auto margins centre the table, an over-constrained end margin gives way (CSS 2.1 §10.3.3),
  // the parent's `-webkit-*` alignment moves it. With no definite containing block (intrinsic
  // sizing) there is nothing to place it in.
  const m = cb === null ? { left: ml, right: mr } : placeInline(s, cb, width, cbDirection === 'rtl', legacyAlign);
  return { width, marginLeft: m.left, marginRight: m.right, colX, colW };
}

/** A table's contribution to its container's intrinsic sizes (margin box); a fixed width wins over max-content but not min. */
export function tableOuterSizes(box: ContainerBox, ctx: LayoutContext): { min: number; max: number } {
  const table = box.kind === 'table' ? box : null;
  if (!table) return { min: 0, max: 0 };
  const prep = prepareTable(table, ctx);
  const sizes = tableIntrinsic(table, prep, ctx);
  const s = table.style;
  const margins = marginOrZero(s.marginLeft, 0) + marginOrZero(s.marginRight, 0);
  const w = specifiedWidth(s.width, table, prep, null);
  if (w !== null) {
    const used = Math.max(w, sizes.min);
    return { min: used + margins, max: used + margins };
  }
  const own = keywordContribution(s, sizes);
  return { min: own.min + margins, max: own.max + margins };
}
