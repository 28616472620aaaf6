import type { ContainerBox } from '../boxes/box.js';
import type { ComputedStyle, TextBoxEdge } from '../style.js';
import type { UsedBox } from './box-model.js';
import { isColumnFlow } from './column-flow.js';
import type { LayoutContext } from './context.js';
import type { LineBox } from './line-box.js';
import type { Space } from './types.js';

/** `text-box-edge: auto` (CSS Inline 3 §6.2): the font's ascent and descent. */
const TEXT_EDGES: TextBoxEdge = { over: 'text', under: 'text' };

/**
 * This box's first child holds the first formatted line of a block container that trims its
 * start (CSS Inline 3 §6.1): its own `text-box-trim`, or a parent's passed on through this box
 * when no top border or padding comes between (the trimming box's own edges do not).
 */
export function trimStartFor(box: ContainerBox, used: UsedBox, space: Space): boolean {
  const trim = box.style.textBoxTrim;
  if (trim === 'trim-start' || trim === 'trim-both') return true;
  return used.border.top + used.padding.top === 0 && space.trimStart === true;
}

/**
 * The first child of this box's fragment starts with a trimmed line: at the box's start, and in
 * every column of a multicol container that trims, through the blocks going on there (a
 * continuation shows no top edges): Chromium trims each column's first line (WPT
 * text-box-trim-multicol-007 and -009).
 */
export function trimsFirstChild(box: ContainerBox, used: UsedBox, space: Space, continuation: boolean): boolean {
  if (!continuation) return trimStartFor(box, used, space);
  return isColumnFlow(box) ? trimStartFor(box, used, space) : space.trimStart === true;
}

/** The same for the last formatted line's end side, passed to the last in-flow child. */
export function trimEndFor(box: ContainerBox, used: UsedBox, space: Space): boolean {
  const trim = box.style.textBoxTrim;
  if (trim === 'trim-end' || trim === 'trim-both') return true;
  return used.border.bottom + used.padding.bottom === 0 && space.trimEnd === true;
}

/**
 * How much of a line's over side goes: from the line box top down to the root inline box's
 * over edge, by its `text-box-edge` (inherited from the line's own block) (`cap`: its cap height, `ex`: its x-height above the baseline). Negative when the
 * line box is shorter than that edge.
 */
export function overTrim(line: LineBox, style: ComputedStyle, ctx: LayoutContext): number {
  const edge = style.textBoxEdge ?? TEXT_EDGES;
  const m = ctx.shapes.metrics(style);
  const over = edge.over === 'cap' ? m.capHeight : edge.over === 'ex' ? m.xHeight : m.ascent;
  return line.baseline - over;
}

/** How much of a line's under side goes: up to the root inline box's descent, or to the baseline (`alphabetic`). */
export function underTrim(line: LineBox, style: ComputedStyle, ctx: LayoutContext): number {
  const under = (style.textBoxEdge ?? TEXT_EDGES).under === 'alphabetic' ? 0 : ctx.shapes.metrics(style).descent;
  return line.height - line.baseline - under;
}
