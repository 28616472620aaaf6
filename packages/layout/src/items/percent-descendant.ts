import type { BlockLevelBox } from '../boxes/box.js';
import { memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';
import { hasPercent } from '../style.js';

const percentDescendants = memoSlot<BlockLevelBox, boolean>('render');

/**
 * Does the item's layout depend on its own height through a percentage (Chromium's
 * HasDescendantThatDependsOnPercentageBlockSize)? Such a flex or grid item keeps its height when
 * it breaks: growing would change what the percentage resolves against, and grow again. Only
 * the item's in-flow children resolve percentages against it (CSS 2 §10.5): a child whose
 * height, min-height or max-height is a percentage, or that is relatively positioned by a
 * percentage `top`/`bottom`, and the children of an anonymous block, which resolve theirs
 * against the item as well. An out-of-flow child resolves against the item's final size, and a
 * grandchild's percentage against its own parent (measured in Chromium: both items grow).
 */
export function hasPercentHeightDescendant(box: BlockLevelBox, ctx: LayoutContext): boolean {
  if (box.kind === 'lines' || box.kind === 'replaced') return false;
  return memoized(ctx, percentDescendants, box, () => box.children.some((c) => dependsOnPercentHeight(c, ctx)));
}

function dependsOnPercentHeight(child: BlockLevelBox, ctx: LayoutContext): boolean {
  if (child.kind === 'lines') return false;
  const s = child.style;
  if (isOutOfFlowStyle(s)) return false;
  if (hasPercent(s.height) || hasPercent(s.minHeight) || hasPercent(s.maxHeight)) return true;
  if (s.position === 'relative' && (hasPercent(s.top) || hasPercent(s.bottom))) return true;
  return child.tag === '' && hasPercentHeightDescendant(child, ctx);
}
