import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import { outerSizes, type IntrinsicSizes } from '../flow/intrinsic-size.js';
import { resolveLength } from '../style.js';

/**
 * Min-/max-content inline size of a multi-column container (as Chromium computes it, measured
 * with inline-blocks): a column is as wide as the content's min/max (a column-width widens the
 * max); max-content is count columns plus gaps; min-content is count columns plus gaps with
 * only column-count, a single column (no wider than column-width) when column-width is set.
 */
export function multicolContentSizes(box: ContainerBox, ctx: LayoutContext, basis: number | null): IntrinsicSizes {
  let min = 0;
  let max = 0;
  for (const child of box.children) {
    const c = outerSizes(child, ctx, basis);
    min = Math.max(min, c.min);
    max = Math.max(max, c.max);
  }
  const s = box.style;
  const count = s.columnCount === 'auto' ? 1 : s.columnCount;
  const gap = s.columnGap === 'normal' ? s.fontSize : resolveLength(s.columnGap, 0);
  const gaps = gap * (count - 1);
  if (s.columnWidth !== 'auto') {
    return { min: Math.min(s.columnWidth, min), max: count * Math.max(max, s.columnWidth) + gaps };
  }
  return { min: count * min + gaps, max: count * max + gaps };
}
