import type { BoxFragment, Edges, Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import type { UsedBox } from './box-model.js';
import { createBoxFragment, partOf } from './fragments.js';

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
 * One fragment of a box laid out in pieces (block flow, multicol, flex and grid items): its
 * border box at the used margin, `height` tall, with the edges fragmentEdges gives it.
 */
export function pieceFragment(
  box: { readonly style: ComputedStyle; readonly tag: string; readonly attrs: Readonly<Record<string, string>> },
  used: UsedBox,
  height: number,
  children: readonly Fragment[],
  continuation: boolean,
  last: boolean,
): BoxFragment {
  const { border, padding } = fragmentEdges(used, box.style, continuation, last);
  const width = used.width + used.border.left + used.border.right + used.padding.left + used.padding.right;
  const geometry = { x: used.marginLeft, y: 0, width, height, border, padding, part: partOf(!continuation, last) };
  return createBoxFragment(box.style, box.tag, box.attrs, geometry, children);
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
