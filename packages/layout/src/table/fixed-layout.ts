import { resolveLength, type LengthOrAuto, type SizeKeyword } from '../style.js';
import { toUnit } from './distribute.js';
import type { PreparedTable } from './table-prepare.js';

/**
 * `table-layout: fixed` (CSS 2.1 §17.5.2.1) as Chromium's TablesNG does it: each column's width
 * comes from its `col`, else from the first row's cell over it; the rest of the table's width
 * is shared out without looking at any content.
 */
export type FixedColumn =
  /** A length: the border-box width it asks for. */
  | { readonly kind: 'fixed'; readonly width: number }
  /** A percentage of the grid's assignable width, plus the cell's own borders and padding when it asked for a content-box width. */
  | { readonly kind: 'percent'; readonly percent: number; readonly edges: number }
  | { readonly kind: 'auto' };

const AUTO: FixedColumn = { kind: 'auto' };

/** The width each column asks for. */
export function fixedColumns(prep: PreparedTable): FixedColumn[] {
  const t = prep.structure;
  const cols: FixedColumn[] = [];
  const firstRow = t.rows[0];
  for (let c = 0; c < t.columnCount; c++) {
    const src = t.columns[c];
    // A `colgroup` width counts only for the columns of a group without `col` children (Chromium).
    const colStyle = src?.col ? src.col.style : (src?.group?.style ?? null);
    const fromCol = colStyle && colStyle.width !== 'auto' ? columnWidth(colStyle.width, 0, 1, 0, true) : null;
    const cell =
      fromCol === null && firstRow ? firstRow.cells.find((x) => x.col <= c && c < x.col + x.colSpan) : undefined;
    if (fromCol) cols.push(fromCol);
    else if (cell && cell.box.style.width !== 'auto') {
      const s = cell.box.style;
      // Borders as laid out: half the collapsed ones in the collapsing model.
      const laid = cell.laid.style;
      const edges =
        laid.borderLeft.width +
        laid.borderRight.width +
        resolveLength(s.paddingLeft, 0) +
        resolveLength(s.paddingRight, 0);
      cols.push(columnWidth(s.width, edges, cell.colSpan, prep.hSpacing, s.boxSizing === 'border-box') ?? AUTO);
    } else cols.push(AUTO);
  }
  return cols;
}

/**
 * One column's share of a width: a spanning cell's length is divided over its columns after
 * the spacing between them, its percentage without its borders and padding (as in Chromium).
 */
function columnWidth(
  w: LengthOrAuto | SizeKeyword,
  edges: number,
  span: number,
  hSpacing: number,
  borderBox: boolean,
): FixedColumn | null {
  if (typeof w === 'number')
    return { kind: 'fixed', width: Math.max(0, (w + (borderBox ? 0 : edges) - (span - 1) * hSpacing) / span) };
  if (typeof w === 'object' && w.px === 0)
    return { kind: 'percent', percent: w.pct / span, edges: span === 1 && !borderBox ? edges : 0 };
  return null;
}

/** The width the fixed columns need: the table is never narrower (its percentages give way first). */
export function fixedColumnsWidth(cols: readonly FixedColumn[]): number {
  let sum = 0;
  for (const c of cols) if (c.kind === 'fixed') sum += c.width;
  return sum;
}

/**
 * Column widths for an assignable width: fixed and percentage columns get what they ask for,
 * auto columns share what is left equally; with no auto column the fixed columns grow in
 * proportion to their widths, else the percentage ones. When the asked widths do not fit, the
 * percentage columns share what the fixed ones leave, in proportion.
 */
export function distributeFixed(target: number, cols: readonly FixedColumn[]): number[] {
  const base = cols.map((c) =>
    c.kind === 'fixed' ? c.width : c.kind === 'percent' ? toUnit((c.percent * target) / 100) + c.edges : 0,
  );
  const sumOf = (kind: FixedColumn['kind']): number =>
    cols.reduce((a, c, i) => (c.kind === kind ? a + base[i]! : a), 0);
  const fixed = sumOf('fixed');
  const percent = sumOf('percent');
  const excess = target - fixed - percent;
  if (excess < 0) {
    const room = Math.max(0, target - fixed);
    return cols.map((c, i) =>
      c.kind === 'percent' ? (percent > 0 ? toUnit((base[i]! * room) / percent) : 0) : base[i]!,
    );
  }
  const kind = (['auto', 'fixed', 'percent'] as const).find((k) => cols.some((c) => c.kind === k));
  if (kind === undefined) return base;
  const growing = cols.flatMap((c, i) => (c.kind === kind ? [i] : []));
  const total = sumOf(kind);
  const out = [...base];
  for (const i of growing) out[i]! += total > 0 ? toUnit((excess * base[i]!) / total) : toUnit(excess / growing.length);
  // Rounding leftovers go to the last growing column.
  out[growing[growing.length - 1]!]! += target - out.reduce((a, b) => a + b, 0);
  return out;
}
