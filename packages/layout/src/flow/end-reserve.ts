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
 *
 * Of the breaks inside the boxes whose end does not fit, Chromium takes the last of the best
 * kind (its break appeal): a break between lines that breaks orphans or widows comes after one
 * between siblings, but before one that `break-after`/`break-before: avoid` forbids (measured: a
 * two-line paragraph after a heading in a padded box moves whole, and splits 1|1 when it is the
 * box's first child or the heading avoids the break after it). `earlierBreak` says whether such a
 * sibling break exists before the last child on this page.
 */

/** The reserve a box hands its last in-flow child; undefined when the child's end needs no room. */
export function lastChildReserve(
  used: UsedBox,
  bfc: boolean,
  outer: EndReserve | undefined,
  breakBefore: boolean,
): EndReserve | undefined {
  // A fixed height or a max-height ends the box wherever its content ends.
  if (used.height !== null || used.maxHeight !== Infinity) return undefined;
  const edges = used.border.bottom + used.padding.bottom;
  if (edges > 0 || bfc) {
    // The child's bottom margin stays inside this box: only this box's end and what follows it count.
    const spans = outer !== undefined && outer.edges > 0;
    const after = spans ? resolveMargins(addMargin(outer.margins, used.marginBottom)) + outer.edges : 0;
    const earlierBreak = breakBefore || (spans && outer.earlierBreak);
    return edges + after > 0 ? { margins: NO_MARGINS, edges: edges + after, earlierBreak } : undefined;
  }
  // No end edges: the child's bottom margin collapses with this box's (§8.3.1), both before the outer edges.
  return outer && outer.edges > 0
    ? {
        margins: addMargin(outer.margins, used.marginBottom),
        edges: outer.edges,
        earlierBreak: breakBefore || outer.earlierBreak,
      }
    : undefined;
}

/** The room needed below a box's border box that ends here with bottom margin `marginBottom`. */
export function roomNeeded(reserve: EndReserve | undefined, marginBottom: number): number {
  return reserve ? resolveMargins(addMargin(reserve.margins, marginBottom)) + reserve.edges : 0;
}

/**
 * Lines [start, end) of `total` fit on this page, the last ending at `bottom`. When the paragraph
 * ends here but the reserve does not fit below it, it ends before its last line with content
 * instead, moved back further to keep `widows` lines after the break where `orphans` still hold
 * (Chromium: five lines whose section's bottom padding does not fit break 3|2, not 4|1). A break
 * that still breaks orphans or widows (three lines 2|1, two lines 1|1) is taken only when no
 * sibling break comes before it (`earlierBreak`). Start: none of it goes here; a page with
 * nothing before it keeps the lines.
 */
export function endBeforeLastLine(
  box: LinesBox,
  start: number,
  end: number,
  total: number,
  bottom: number,
  reserve: EndReserve | undefined,
  available: number,
  pageIsEmpty: boolean,
  emptyLine: (i: number) => boolean,
): number {
  const need = roomNeeded(reserve, 0);
  if (end < total || need <= 0 || bottom + need <= available + EPSILON) return end;
  let last = end - 1;
  while (last > start && emptyLine(last)) last--;
  if (last > start) {
    const kept = applyOrphansWidows(box, total, start, last, pageIsEmpty);
    const breaks = kept > start ? kept : last;
    const keepsRules = breaks - start >= box.style.orphans && total - breaks >= box.style.widows;
    return keepsRules || !reserve!.earlierBreak || pageIsEmpty ? breaks : start;
  }
  return pageIsEmpty ? end : start;
}
