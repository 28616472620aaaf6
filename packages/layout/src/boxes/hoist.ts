import type { BlockLevelBox, ContainerBox, InlineBox, InlineLevelBox, Item, LinesBox, ReplacedBox } from './box.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';
import type { LengthOrAuto } from '../style.js';

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
        if (showsEdges(next) || hasContent(next.children)) return true;
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
        ? showsEdges(c) || hasContent(c.children)
        : c.kind !== 'line-break',
  );
}

/**
 * The inline box (or part of one split around a block) has a margin, border or padding on a
 * side it shows: its start side on its first part, its end side on its last. Such a box keeps
 * its line box from being empty (CSS 2.1 §9.4.2), so the rest of an inline after a float at its
 * end (`<a>…<span style="float:right">12</span></a>` with `a { padding-right: .33em }`) stays on
 * the float's line (Chromium, measured) rather than making a line of its own.
 */
export function showsEdges(b: InlineBox): boolean {
  const s = b.style;
  const set = (v: LengthOrAuto): boolean => v !== 0 && v !== 'auto';
  const left = set(s.paddingLeft) || s.borderLeft.width !== 0 || set(s.marginLeft);
  const right = set(s.paddingRight) || s.borderRight.width !== 0 || set(s.marginRight);
  const [start, end] = s.direction === 'rtl' ? [right, left] : [left, right];
  return (b.isFirstPart && start) || (b.isLastPart && end);
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

/** A copy of a paragraph's lines box (another style for its first line…) keeps the paragraph's floats. */
export function keepInlineFloats(from: LinesBox, copy: LinesBox): LinesBox {
  const floats = inlineFloats.get(from);
  if (floats) inlineFloats.set(copy, floats);
  return copy;
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
