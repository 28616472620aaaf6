import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import { outerSizes, type IntrinsicSizes } from '../flow/intrinsic-size.js';
import { gridStructure } from './grid-geometry.js';
import { sizeTracks, type SizingItem } from './track-sizing.js';

/**
 * Min-/max-content inline size of a grid container's content box (CSS Grid §12.3): the sum of
 * its column tracks sized under a min-content / max-content constraint, plus the gaps.
 */
export function gridContentSizes(box: ContainerBox, ctx: LayoutContext): IntrinsicSizes {
  const g = gridStructure(box, null, null, null, ctx, false);
  const items: SizingItem[] = g.items.map((item, i) => {
    const a = g.areas[i]!;
    return {
      start: a.col,
      span: a.colSpan,
      min: () => outerSizes(item, ctx).min,
      max: () => outerSizes(item, ctx).max,
    };
  });
  const gaps = g.colGap * Math.max(0, g.colCollapsed.filter((c) => !c).length - 1);
  const sum = (sizes: number[]): number => sizes.reduce((a, b) => a + b, 0) + gaps;
  return {
    min: sum(sizeTracks(g.cols, items, null, g.colGap, false, 'min')),
    max: sum(sizeTracks(g.cols, items, null, g.colGap, false, 'max')),
  };
}
