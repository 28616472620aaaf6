import type { BlockLevelBox, ContainerBox, InlineLevelBox, Item, LinesBox, ReplacedBox } from './box.js';
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
 * line. Absolute boxes whose vertical static position is used stay on their line (see attachHoisted).
 */
export function hoistsOutOfFlow(item: BlockLevelBox, items: readonly Item[], from: number): boolean {
  if (!isOutOfFlowBlock(item)) return false;
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
      case 'atomic':
      case 'counter':
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

/**
 * An absolute box that was inline-level, after a paragraph's last inline content: it stays in
 * that paragraph, whose last line gives its static position (CSS 2 §10.3.7, as Chromium).
 */
export function endsInlineRun(item: BlockLevelBox): boolean {
  return item.kind !== 'lines' && item.style.inlineStatic === true && isOutOfFlowStyle(item.style);
}

function hasContent(items: readonly Item[]): boolean {
  return items.some((c) =>
    c.kind === 'text'
      ? /[^ \n\t]/.test(c.text)
      : c.kind === 'inline'
        ? hasContent(c.children)
        : c.kind !== 'line-break',
  );
}

/**
 * A float (or an absolute box placed from its static position) met amid a paragraph's inline
 * content, and the inline box that follows it there; null after the paragraph's last content.
 */
export interface InlineFloat {
  readonly box: ContainerBox | ReplacedBox;
  readonly anchor: InlineLevelBox | null;
}

const inlineFloats = new WeakMap<LinesBox, readonly InlineFloat[]>();
const NO_FLOATS: readonly InlineFloat[] = [];

/** The floats a paragraph places at their own lines (src/float/lines-around-floats.ts). */
export function inlineFloatsOf(lines: LinesBox): readonly InlineFloat[] {
  return inlineFloats.get(lines) ?? NO_FLOATS;
}

/**
 * Out-of-flow boxes taken out of a run of inline content (`at`: how many run items preceded
 * each): floats go with the paragraph, which places each at the line of the inline box that
 * followed it (CSS 2.1 §9.5.1: at the current line when it fits); the others go before it.
 */
export function attachHoisted(
  hoisted: readonly { readonly item: BlockLevelBox; readonly at: number }[],
  run: readonly InlineLevelBox[],
  lines: LinesBox | null,
): BlockLevelBox[] {
  const before: BlockLevelBox[] = [];
  const attached: InlineFloat[] = [];
  for (const h of hoisted) {
    const anchor = run[h.at] ?? null;
    const box = h.item;
    // An absolute box with both vertical insets auto takes its static position from its line.
    const staticTop =
      box.kind !== 'lines' && isOutOfFlowStyle(box.style) && box.style.top === 'auto' && box.style.bottom === 'auto';
    if (lines && (anchor || staticTop) && box.kind !== 'lines' && (staticTop || box.style.float !== 'none')) {
      attached.push({ box, anchor });
    } else {
      before.push(box);
    }
  }
  if (lines && attached.length) inlineFloats.set(lines, attached);
  return before;
}
