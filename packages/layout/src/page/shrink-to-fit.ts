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
