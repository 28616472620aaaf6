import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import { isSpannerBox } from './column-flow.js';

/** Does the box establish a block formatting context (CSS 2.1 §9.4.1)? Its margins then never collapse with its children's. */
export function establishesBfc(box: ContainerBox): boolean {
  const s = box.style;
  return (
    box.tag === 'html' ||
    box.kind !== 'block' ||
    s.display === 'flow-root' ||
    s.display === 'inline-block' ||
    s.overflow !== 'visible' ||
    s.float !== 'none' ||
    s.position === 'absolute' ||
    s.position === 'fixed' ||
    isSpannerBox(box)
  );
}

/** Body and table cells drop quirky child margins at their edges (quirks mode only: only then are margins quirky). */
export function isQuirkyContainer(box: ContainerBox): boolean {
  return box.tag === 'body' || box.kind === 'table-cell';
}

/**
 * The percentage height calculation quirk (Quirks Mode §3.5): in quirks mode a block container
 * with an auto height that is not absolutely positioned, nor a table cell, is skipped when its
 * children's percentage heights look for their containing block's height, so they resolve against
 * its own containing block's (up to the initial containing block). Chromium passes the percentage
 * basis down the same way for every percentage block size (min- and max-height too). The html
 * and body elements do not: in quirks mode they fill the viewport, and Chromium stops the walk at
 * them (BlockNode::UseParentPercentageResolutionBlockSizeForChildren, IsQuirkyAndFillsViewport),
 * so a 100%-tall image in the body keeps its natural height.
 */
export function passesPercentageBasis(box: BlockLevelBox, ctx: LayoutContext): boolean {
  if (!ctx.quirksMode || box.kind !== 'block' || box.tag === 'html' || box.tag === 'body') return false;
  const position = box.style.position;
  return position !== 'absolute' && position !== 'fixed';
}
