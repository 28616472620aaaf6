import type { BlockLevelBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import { contentSizes, type IntrinsicSizes } from './intrinsic-size.js';
import { usesWidthKeyword, type IntrinsicWidths } from './size-keywords.js';

/**
 * The lazy intrinsic widths resolveBlockBox needs for a keyword, or undefined when the box
 * uses none (the common case: no closure, no intrinsic sizing).
 */
export function keywordWidths(box: BlockLevelBox, ctx: LayoutContext): IntrinsicWidths | undefined {
  if (!usesWidthKeyword(box.style) || box.kind === 'lines' || box.kind === 'replaced') return undefined;
  // contentSizes caches per box, so asking twice costs nothing.
  return (): IntrinsicSizes => contentSizes(box, ctx);
}
