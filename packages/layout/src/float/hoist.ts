import type { BlockLevelBox } from '../boxes/box.js';
import type { Item } from '../boxes/anonymous-boxes.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';

/** A float or absolutely positioned box (out of flow, CSS 2.1 §9.3). */
export function isOutOfFlowBlock(box: BlockLevelBox): boolean {
  return box.kind !== 'lines' && (box.style.float !== 'none' || isOutOfFlowStyle(box.style));
}

/**
 * An out-of-flow box in the middle of inline content (inline content before it in the run and
 * after it before the next in-flow block) must not break the paragraph: it goes before the
 * paragraph's lines instead, so that it is placed at the paragraph's top and the text flows on
 * around it. Chromium places a float at its own line; the two agree when that is the first
 * line. Absolute boxes move only when their vertical static position is not used.
 */
export function hoistsOutOfFlow(item: BlockLevelBox, items: readonly Item[], from: number): boolean {
  if (!isOutOfFlowBlock(item)) return false;
  // An absolute box whose top comes from its static position (below the current line) keeps its place.
  const s = item.kind === 'lines' ? null : item.style;
  if (s && isOutOfFlowStyle(s) && s.top === 'auto' && s.bottom === 'auto') return false;
  for (let k = from; k < items.length; k++) {
    const next = items[k]!;
    switch (next.kind) {
      case 'text':
        if (/[^ \n\t]/.test(next.text)) return true;
        continue;
      case 'inline':
        if (hasContent(next.children)) return true;
        continue;
      case 'line-break':
        continue;
      case 'atomic': case 'counter':
        return true;
      case 'replaced':
        if (next.style.display.startsWith('inline')) return true;
        if (isOutOfFlowBlock(next)) continue;
        return false;
      default:
        if (isOutOfFlowBlock(next)) continue;
        return false;
    }
  }
  return false;
}

function hasContent(items: readonly Item[]): boolean {
  return items.some((c) => (c.kind === 'text' ? /[^ \n\t]/.test(c.text) : c.kind === 'inline' ? hasContent(c.children) : c.kind !== 'line-break'));
}
