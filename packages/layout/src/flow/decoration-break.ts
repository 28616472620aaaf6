import type { Edges } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import type { UsedBox } from './box-model.js';

/**
 * `box-decoration-break` (CSS Fragmentation 3 §5.4): with `slice` (the initial value) a break
 * cuts the box's block-start and block-end border and padding off the fragments it separates;
 * with `clone` every fragment has them, and the content room on each page is what they leave.
 */
export function clonesDecorations(style: ComputedStyle): boolean {
  return style.boxDecorationBreak === 'clone';
}

/** Border and padding above the content of a fragment (none on a sliced continuation). */
export function topEdgesOf(used: UsedBox, style: ComputedStyle, continuation: boolean): number {
  return continuation && !clonesDecorations(style) ? 0 : used.border.top + used.padding.top;
}

/** Border and padding a fragment that breaks keeps below its content (cloned ones only). */
export function reservedBottomEdges(used: UsedBox, style: ComputedStyle): number {
  return clonesDecorations(style) ? used.border.bottom + used.padding.bottom : 0;
}

/** The used border and padding of one fragment: the sides at a break sliced off unless cloned. */
export function fragmentEdges(
  used: UsedBox,
  style: ComputedStyle,
  continuation: boolean,
  last: boolean,
): { border: Edges; padding: Edges } {
  if ((!continuation && last) || clonesDecorations(style)) return { border: used.border, padding: used.padding };
  return {
    border: { ...used.border, top: continuation ? 0 : used.border.top, bottom: last ? used.border.bottom : 0 },
    padding: { ...used.padding, top: continuation ? 0 : used.padding.top, bottom: last ? used.padding.bottom : 0 },
  };
}

/**
 * The cloned edges of this fragment that a sliced box would not have, when they count against
 * a `box-sizing: border-box` height: Chromium makes the fragments' border boxes add up to it
 * (measured: height 200px with 10px cloned borders in 100px columns gives two 100px fragments).
 */
export function repeatedEdges(used: UsedBox, style: ComputedStyle, continuation: boolean, broken: boolean): number {
  if (!clonesDecorations(style) || style.boxSizing !== 'border-box') return 0;
  return (
    (continuation ? used.border.top + used.padding.top : 0) + (broken ? used.border.bottom + used.padding.bottom : 0)
  );
}
