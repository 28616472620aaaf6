import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import { outerSizes, type IntrinsicSizes } from '../flow/intrinsic-size.js';
import { collectItems } from '../items/sized-box.js';
import { rowItemAsMeasured } from './flex-items.js';

/**
 * Min-/max-content inline size of a flex container's content box (CSS Flexbox §9.9.1, as
 * Chromium computes it): a row container's items sit side by side (max-content = sum of the
 * items' max-content contributions plus gaps; min-content the sum of min-content
 * contributions when single-line, the largest when it wraps); a column container is as
 * wide as its widest item.
 */
export function flexContentSizes(box: ContainerBox, ctx: LayoutContext, basis: number | null): IntrinsicSizes {
  const items = collectItems(box, ctx);
  const row = box.style.flexDirection === 'row' || box.style.flexDirection === 'row-reverse';
  // A stretched row item takes the container's definite height, and with a ratio its width from it.
  const sizes = items.map((item) => outerSizes(row ? rowItemAsMeasured(item, box, 0, basis).box : item, ctx, basis));
  if (!row) {
    return { min: Math.max(0, ...sizes.map((s) => s.min)), max: Math.max(0, ...sizes.map((s) => s.max)) };
  }
  // Percentage gaps resolve against an indefinite size here: they count as zero (CSS Box Alignment §8.3).
  const g = box.style.columnGap;
  const gap = g === 'normal' ? 0 : typeof g === 'number' ? g : g.px;
  const gaps = gap * Math.max(0, items.length - 1);
  const max = sizes.reduce((s, c) => s + c.max, 0) + gaps;
  const min =
    box.style.flexWrap === 'nowrap'
      ? sizes.reduce((s, c) => s + c.min, 0) + gaps
      : Math.max(0, ...sizes.map((s) => s.min));
  return { min, max };
}
