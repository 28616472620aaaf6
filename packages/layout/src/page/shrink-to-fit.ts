import type { Fragment } from '../fragment.js';
import { turnedRight } from '../flow/fragments.js';
import { transformedRight } from '../flow/transformed-overflow.js';

/**
 * Chromium prints content wider than the page "shrunk to fit" (LocalFrameView::
 * ForceLayoutForPagination): when the document's scrollable overflow is wider than the page
 * area it lays the document out again on a page area that much wider (and proportionally
 * taller), then scales the result down onto the paper, by at most 1 / 1.5
 * (kPrintingMaximumShrinkFactor / kPrintingMinimumShrinkFactor).
 * Measured with headless Chromium on an A4 page with a block 1.0107, 1.02, 1.05, 1.1, 1.3 and
 * 2.5 times the page area wide: text scaled by 0.9896, 0.9805, 0.9524, 0.9091, 0.7694, 0.6667.
 */
export const MAX_SHRINK = 1.5;

/** The factor (≤ 1) the page content is scaled by, given its right edge and the area width. */
export function shrinkFactor(contentRight: number, areaWidth: number): number {
  if (!(areaWidth > 0) || contentRight <= areaWidth + 0.5) return 1;
  return areaWidth / Math.min(contentRight, areaWidth * MAX_SHRINK);
}

/**
 * The right edge of a page body's scrollable overflow (CSS Overflow 3 §2.2), relative to the
 * page area: border boxes and text, not looking inside boxes that clip their overflow, transformed
 * boxes by their transformed bounding box (transformedRight).
 * `body` is placed relative to the page area, its descendants relative to their parent.
 */
export function overflowRight(body: Fragment, originX: number): number {
  let right = -Infinity;
  // Fragments to visit and their parents' x, in parallel (no object per fragment).
  const frags: Fragment[] = [body];
  const origins: number[] = [-originX];
  while (frags.length) {
    const f = frags.pop()!;
    const ox = origins.pop()!;
    if (f.kind === 'text') {
      right = Math.max(right, ox + f.x + (f.rotation === undefined ? f.width : turnedRight(f)));
      continue;
    }
    if (f.kind === 'image') {
      right = Math.max(right, ox + f.clip.x + f.clip.width);
      continue;
    }
    if (f.style.transform.length > 0) {
      right = Math.max(right, ox + transformedRight(f));
      continue;
    }
    right = Math.max(right, ox + f.x + f.width);
    if (f.style.overflow !== 'visible') continue;
    for (const child of f.children) {
      frags.push(child);
      origins.push(ox + f.x);
    }
  }
  return right;
}

/** The piece of an absolutely positioned box that goes on below its page. */
export interface ContinuedBox {
  /** Its right edge from the page area's left (as overflowRight measures it). */
  readonly right: number;
  /** How far it reaches below the page area's end. */
  readonly rest: number;
}

function isAbsolute(f: Fragment): boolean {
  return f.kind === 'box' && f.style.position === 'absolute';
}

/**
 * The absolutely positioned boxes of a page body that reach below `end` (the page area's bottom,
 * page coordinates). Chromium breaks such a box across pages (CSS Position 3 §3.4.1, LayoutNG's
 * out-of-flow fragmentation): its layout box, placed without its containing blocks' transforms,
 * goes on at the top of the next page area at the same inline offset, and shrink to fit measures
 * it there against that page's width (measured: a 132 mm box ending 231 mm into page 1's 210 mm
 * area and 43 mm below it shrinks the document by 180/231 when later pages are 180 mm wide,
 * by 210/231 when it ends on page 1). `body` is placed on the page, descendants relative to it.
 */
export function continuedBelow(body: Fragment, originX: number, end: number): ContinuedBox[] {
  const found: ContinuedBox[] = [];
  const frags: Fragment[] = [body];
  // Each fragment's parent origin (x, y), untransformed.
  const origins: number[] = [-originX, 0];
  while (frags.length) {
    const f = frags.pop()!;
    const oy = origins.pop()!;
    const ox = origins.pop()!;
    if (f.kind !== 'box' || f.style.overflow !== 'visible') continue;
    const rest = oy + f.y + f.height - end;
    if (f !== body && isAbsolute(f) && rest > 0.5) found.push({ right: ox + transformedRight(f), rest });
    for (const child of f.children) {
      frags.push(child);
      origins.push(ox + f.x, oy + f.y);
    }
  }
  return found;
}
