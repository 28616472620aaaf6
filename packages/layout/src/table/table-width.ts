import type { ContainerBox, TableBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import { definite, marginOrZero, placeInline } from '../flow/box-model.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { keywordContribution, keywordWidth } from '../flow/size-keywords.js';
import { hasPercent, type LengthOrAuto, type LengthOrNone, type SizeKeyword } from '../style.js';
import { distributeWidths } from './distribute.js';
import { distributeFixed, fixedColumns, fixedColumnsWidth } from './fixed-layout.js';
import { prepareTable, type PreparedTable } from './table-prepare.js';

/** The table's used width and its columns (CSS 2.1 §17.5.2). */
export interface TableGeometry {
  /** Border-box width of the table grid box. */
  readonly width: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  /** Left edge of each column from the table's border-box left, and its width. */
  readonly colX: readonly number[];
  readonly colW: readonly number[];
  /**
   * What cells' percentage paddings resolve against, as measured in Chromium (the columns were
   * sized with them as 0): left and right ones against the table's content width less the
   * spacing at its two edges, top and bottom ones against the content width.
   */
  readonly cellPercentBasis: { readonly inline: number; readonly block: number };
}

/**
 * Min/max-content widths of the table box (grid + borders/padding, at least its captions' min).
 * `scalePercent` false: the max is not widened so that percentage columns get their share.
 */
export function tableIntrinsic(
  box: TableBox,
  prep: PreparedTable,
  ctx: LayoutContext,
  scalePercent = true,
): { min: number; max: number } {
  const edges = edgesOf(prep);
  let captionMin = 0;
  for (const c of prep.structure.captions) captionMin = Math.max(captionMin, outerSizes(c, ctx).min);
  if (isFixedLayout(box)) {
    // Fixed layout looks at no content: the fixed columns (and a length width) are the size.
    const own = fixedColumnsWidth(fixedColumns(prep)) + spacingOf(prep) + edges;
    const w = Math.max(own, specifiedWidth(box.style.width, box, prep, null) ?? 0, captionMin);
    // A percentage width asks for all the room there is: Chromium's max-content is then its
    // kTableMaxInlineSize (TableLayoutAlgorithm::ComputeMinMaxSizes), so shrink-to-fit boxes around it fill their container.
    return { min: w, max: hasPercent(box.style.width) ? Math.max(w, TABLE_MAX_INLINE_SIZE) : w };
  }
  const min = Math.max(prep.gridMin + edges, captionMin);
  return { min, max: Math.max(min, (scalePercent ? prep.gridMax : prep.gridMaxUnscaled) + edges) };
}

const TABLE_MAX_INLINE_SIZE = 1_000_000;

/** `table-layout: fixed` applies only when the table's width is not auto (CSS 2.1 §17.5.2.1; a percentage counts). */
const isFixedLayout = (box: TableBox): boolean => box.style.tableLayout === 'fixed' && box.style.width !== 'auto';

/** A definite `width` / `min-width` / `max-width` as a border-box width. */
function specifiedWidth(
  w: LengthOrNone | LengthOrAuto | SizeKeyword,
  box: TableBox,
  prep: PreparedTable,
  cb: number | null,
): number | null {
  const v = definite(w, cb);
  return v === null || box.style.boxSizing === 'border-box' ? v : v + edgesOf(prep);
}

const spacingOf = (p: PreparedTable): number =>
  p.structure.columnCount > 0 ? (p.structure.columnCount + 1) * p.hSpacing : 0;
const edgesOf = (p: PreparedTable): number => p.border.left + p.border.right + p.padding.left + p.padding.right;

export function tableGeometry(
  box: TableBox,
  prep: PreparedTable,
  cbWidth: number,
  ctx: LayoutContext,
  legacyAlign?: 'left' | 'right' | 'center',
  cbDirection: 'ltr' | 'rtl' = 'ltr',
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
  let width =
    spec ?? keywordWidth(s.width, intrinsic, avail) ?? Math.min(Math.max(intrinsic.min, avail), intrinsic.max);
  const maxW = specifiedWidth(s.maxWidth, box, prep, cb) ?? keywordWidth(s.maxWidth, intrinsic, avail);
  if (maxW !== null) width = Math.min(width, maxW);
  const minW = specifiedWidth(s.minWidth, box, prep, cb) ?? keywordWidth(s.minWidth, intrinsic, avail);
  if (minW !== null) width = Math.max(width, minW);
  width = Math.max(width, intrinsic.min);
  const assignable = Math.max(0, width - edgesOf(prep) - spacingOf(prep));
  const colW =
    prep.structure.columnCount === 0
      ? []
      : isFixedLayout(box)
        ? distributeFixed(assignable, fixedColumns(prep))
        : distributeWidths(assignable, prep.columns, true);
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
  const content = Math.max(0, width - edgesOf(prep));
  const cellPercentBasis = { inline: Math.max(0, content - 2 * prep.hSpacing), block: content };
  return { width, marginLeft: m.left, marginRight: m.right, colX, colW, cellPercentBasis };
}

/** A table's contribution to its container's intrinsic sizes (margin box); a fixed width wins over max-content but not min. */
export function tableOuterSizes(box: ContainerBox, ctx: LayoutContext): { min: number; max: number } {
  const table = box.kind === 'table' ? box : null;
  if (!table) return { min: 0, max: 0 };
  const prep = prepareTable(table, ctx);
  // Asked by a table cell, flex or grid container around it, percentage columns do not widen
  // the table's max-content (Chromium's TableNode::AllowColumnPercentages; measured: a 300 px
  // column between two 10% ones gives 330 px, not 387.5 px, in an auto cell, a flex or grid
  // item); an inline-block or float elsewhere gets 387.5 px, as the table laid out does.
  const sizes = tableIntrinsic(table, prep, ctx, !table.inSizingContainer);
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
