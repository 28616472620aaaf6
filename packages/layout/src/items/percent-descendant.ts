import type { BlockLevelBox } from '../boxes/box.js';
import { memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import type { Calc } from '../style.js';

const percentDescendants = memoSlot<BlockLevelBox, boolean>('render');

/**
 * Does a descendant's height depend on the item's (a percentage)? Such a flex or grid item keeps
 * its height when it breaks (Chromium: growing would change what the percentage resolves against,
 * and grow again).
 */
export function hasPercentHeightDescendant(box: BlockLevelBox, ctx: LayoutContext): boolean {
  if (box.kind === 'lines' || box.kind === 'replaced') return false;
  return memoized(ctx, percentDescendants, box, () =>
    box.children.some(
      (c) =>
        c.kind !== 'lines' &&
        (isPercent(c.style.height) ||
          isPercent(c.style.minHeight) ||
          isPercent(c.style.maxHeight) ||
          hasPercentHeightDescendant(c, ctx)),
    ),
  );
}

function isPercent(v: unknown): boolean {
  return typeof v === 'object' && v !== null && 'pct' in v && (v as Calc).pct !== 0;
}
