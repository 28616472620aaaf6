import type { ComputedStyle } from '../style.js';
import type { BlockLevelBox } from './box.js';
import { isOutOfFlowBlock, keepInlineFloats } from './hoist.js';

/**
 * Give a block container's first formatted line its `::first-line` style (CSS Pseudo 4 §2.2):
 * the lines box of the first in-flow child, or, when that child is a block, its own first
 * formatted line, unless it has a `::first-line` of its own. Returns the children with that
 * one lines box replaced (the same array when there is none).
 */
export function withFirstLine(children: readonly BlockLevelBox[], firstLine: ComputedStyle): readonly BlockLevelBox[] {
  const i = children.findIndex((child) => !isOutOfFlowBlock(child));
  const child = children[i];
  if (!child) return children;
  let replaced: BlockLevelBox;
  if (child.kind === 'lines') {
    if (child.firstLine || !child.indent) return children;
    replaced = keepInlineFloats(child, { ...child, firstLine });
  } else if (child.kind === 'block') {
    const inner = withFirstLine(child.children, firstLine);
    if (inner === child.children) return children;
    replaced = { ...child, children: inner };
  } else {
    return children;
  }
  const out = children.slice();
  out[i] = replaced;
  return out;
}
