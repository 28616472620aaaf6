import type { LinesBox } from '../boxes/box.js';
import type { UsedBox } from './box-model.js';
import { applyOrphansWidows } from './breaks.js';
import { addMargin, NO_MARGINS, resolveMargins, type EndReserve } from './types.js';

const EPSILON = 1e-6;

/*
 * A box's bottom padding and border stay with its last piece of content (CSS Fragmentation 3 §4,
 * box-decoration-break: slice): when they do not fit below it at the end of a page, Chromium
 * breaks before the box's last line, or its last child when that cannot break, and that piece
 * takes them to the next page; a break between lines keeps orphans and widows (§3.3). The end edges are handed down to the
 * last in-flow child as an EndReserve, each level adding its own.
 */

/** The reserve a box hands its last in-flow child; undefined when the child's end needs no room. */
export function lastChildReserve(used: UsedBox, bfc: boolean, outer: EndReserve | undefined): EndReserve | undefined {
  // A fixed height or a max-height ends the box wherever its content ends.
  if (used.height !== null || used.maxHeight !== Infinity) return undefined;
  const edges = used.border.bottom + used.padding.bottom;
  if (edges > 0 || bfc) {
    // The child's bottom margin stays inside this box: only this box's end and what follows it count.
    const after =
      outer && outer.edges > 0 ? resolveMargins(addMargin(outer.margins, used.marginBottom)) + outer.edges : 0;
    return edges + after > 0 ? { margins: NO_MARGINS, edges: edges + after } : undefined;
  }
  // No end edges: the child's bottom margin collapses with this box's (§8.3.1), both before the outer edges.
  return outer && outer.edges > 0
    ? { margins: addMargin(outer.margins, used.marginBottom), edges: outer.edges }
    : undefined;
}

/** The room needed below a box's border box that ends here with bottom margin `marginBottom`. */
export function roomNeeded(reserve: EndReserve | undefined, marginBottom: number): number {
  return reserve ? resolveMargins(addMargin(reserve.margins, marginBottom)) + reserve.edges : 0;
}

/**
 * Lines [start, end) of `total` fit on this page, the last ending at `bottom`. When the paragraph
 * ends here but `need` does not fit below it, it ends before its last line with content instead,
 * moved back further to keep `widows` lines after the break where `orphans` still hold (Chromium:
 * five lines whose section's bottom padding does not fit break 3|2, not 4|1; two lines still 1|1);
 * start: none of it goes here; a page with nothing before it keeps the lines.
 */
export function endBeforeLastLine(
  box: LinesBox,
  start: number,
  end: number,
  total: number,
  bottom: number,
  need: number,
  available: number,
  pageIsEmpty: boolean,
  emptyLine: (i: number) => boolean,
): number {
  if (end < total || need <= 0 || bottom + need <= available + EPSILON) return end;
  let last = end - 1;
  while (last > start && emptyLine(last)) last--;
  if (last > start) {
    const kept = applyOrphansWidows(box, total, start, last, pageIsEmpty);
    return kept > start ? kept : last;
  }
  return pageIsEmpty ? end : start;
}
