import type { BlockLevelBox } from '../boxes/box.js';
import type { IntrinsicSizes } from '../flow/intrinsic-size.js';
import { establishesBfc } from '../flow/formatting-context.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';
import { inlineFloatsOf } from '../boxes/hoist.js';

/**
 * Min/max-content of a block container's children with floats (CSS Sizing 3 §5.1, as Chromium
 * computes them): floats side by side add up for max-content; content after them (a paragraph,
 * a formatting-context root) goes beside them, so it adds to their widths; other blocks and
 * `clear` start a new row. Absolutely positioned children contribute nothing.
 */
export function blockChildrenSizes(
  children: readonly BlockLevelBox[],
  outer: (child: BlockLevelBox) => IntrinsicSizes,
): IntrinsicSizes {
  const only = children.length === 1 ? children[0]! : null;
  if (only?.kind === 'lines' && inlineFloatsOf(only).length === 0) {
    // A lone paragraph (every table cell of a long table): its own sizes, when the general sum
    // below would give the same numbers (no object per box kept with the sizes).
    const c = outer(only);
    if (c.min > 0 && c.max > 0) return c;
  }
  let min = 0;
  let max = 0;
  let left = 0;
  let right = 0;
  for (const child of children) {
    if (child.kind !== 'lines' && isOutOfFlowStyle(child.style)) continue;
    const c = outer(child);
    min = Math.max(min, c.min);
    const clear = child.kind === 'lines' ? 'none' : child.style.clear;
    if (clear === 'left' || clear === 'both') {
      max = Math.max(max, left + right);
      left = 0;
    }
    if (clear === 'right' || clear === 'both') {
      max = Math.max(max, left + right);
      right = 0;
    }
    // Floats amid a paragraph sit on its lines: they add to its max-content like floats before it.
    if (child.kind === 'lines') {
      for (const f of inlineFloatsOf(child)) {
        if (isOutOfFlowStyle(f.box.style)) continue;
        const w = outer(f.box);
        min = Math.max(min, w.min);
        if (f.box.style.float === 'right') right += w.max;
        else left += w.max;
      }
    }
    const float = child.kind === 'lines' ? 'none' : child.style.float;
    if (float === 'left') left += c.max;
    else if (float === 'right') right += c.max;
    else if (child.kind === 'lines' || child.kind === 'replaced' || establishesBfc(child))
      max = Math.max(max, left + right + c.max);
    else {
      max = Math.max(max, left + right, c.max);
      left = 0;
      right = 0;
    }
  }
  return { min, max: Math.max(max, left + right) };
}
