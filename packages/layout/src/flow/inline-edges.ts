import type { InlineBox } from '../boxes/box.js';
import { resolveLength } from '../style.js';

/**
 * Inline-axis margin + border + padding at the start and end of an inline box
 * (CSS 2.1 §10.3.1: auto margins are 0). A box split around a block has its start
 * edge on the first part only and its end edge on the last part only.
 */
export function inlineEdges(box: InlineBox, cbWidth: number): { start: number; end: number } {
  const s = box.style;
  const left =
    (s.marginLeft === 'auto' ? 0 : resolveLength(s.marginLeft, cbWidth)) +
    s.borderLeft.width +
    resolveLength(s.paddingLeft, cbWidth);
  const right =
    (s.marginRight === 'auto' ? 0 : resolveLength(s.marginRight, cbWidth)) +
    s.borderRight.width +
    resolveLength(s.paddingRight, cbWidth);
  const [start, end] = s.direction === 'rtl' ? [right, left] : [left, right];
  return { start: box.isFirstPart ? start : 0, end: box.isLastPart ? end : 0 };
}
