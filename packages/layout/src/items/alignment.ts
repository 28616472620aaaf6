import type { ComputedStyle } from '../style.js';
import type { StaticAlign } from '../positioned/insets.js';

/**
 * Distribution of free space along an axis (CSS Box Alignment §5.3 / CSS Flexbox §8.2, §8.4):
 * the offset of the first subject and the extra space between subjects.
 */
export interface Distribution {
  readonly start: number;
  readonly between: number;
}

/**
 * The keyword an alignment value aligns by (CSS Box Alignment §4.4): a `safe` one whose subject
 * overflows its container (`free` < 0) aligns as `start`; `unsafe` is the same as none.
 */
export function overflowAlign(value: string, free: number): string {
  if (value.startsWith('safe ')) return free < 0 ? 'start' : value.slice(5);
  return value.startsWith('unsafe ') ? value.slice(7) : value;
}

/**
 * `justify-content: left | right` in a flex container (CSS Box Alignment §5.1): a physical side,
 * as flex-start or flex-end, `mainStartIsLeft` telling which one is left (mainStartIsLeft());
 * `start` where it is null.
 */
export function sidedJustify(value: string, mainStartIsLeft: boolean | null): string {
  const m = /^(safe )?(left|right)$/.exec(value);
  if (!m) return value;
  const side = mainStartIsLeft === null ? 'start' : (m[2] === 'left') === mainStartIsLeft ? 'flex-start' : 'flex-end';
  return (m[1] ?? '') + side;
}

/**
 * Whether a flex container's main-start edge is its left one: along a row, the line-left edge
 * (the logical left of a vertical container's frame); along a vertical container's column, the
 * physical left. Null along a column of a horizontal container, where `left` and `right` are
 * not on the inline axis and mean `start` (as Chromium resolves them).
 */
export function mainStartIsLeft(style: ComputedStyle): boolean | null {
  const reverse = style.flexDirection.endsWith('reverse');
  if (style.flexDirection.startsWith('row')) return reverse === (style.direction === 'rtl');
  if (style.writingMode === undefined) return null;
  return style.writingMode.endsWith('-lr') !== reverse;
}

/** justify-content / align-content for `count` subjects and `free` space; `reverse`: the writing-mode start is on the flex-end side. */
export function distribute(value: string, free: number, count: number, reverse: boolean): Distribution {
  const v = overflowAlign(value, free);
  switch (v) {
    case 'space-between':
      // Negative free space or one subject: behaves as flex-start.
      if (free <= 0 || count < 2) return fromStart('flex-start', free, reverse);
      return { start: 0, between: free / (count - 1) };
    // Negative free space: the fallback `safe center` (§5.3, CSS Flexbox §8.2), so `start`.
    case 'space-around':
      if (free < 0) return fromStart('start', free, reverse);
      if (count < 1) return { start: free / 2, between: 0 };
      return { start: free / count / 2, between: free / count };
    case 'space-evenly':
      if (free < 0) return fromStart('start', free, reverse);
      if (count < 1) return { start: free / 2, between: 0 };
      return { start: free / (count + 1), between: free / (count + 1) };
    default:
      return fromStart(v, free, reverse);
  }
}

/**
 * Offset of a subject inside `free` space, measured from the axis' flex-start side (`normal`
 * and `stretch` act as flex-start in flex layout). `reverse`: the writing-mode start is on the flex-end side (row-reverse,
 * wrap-reverse), so those keywords align to the far side.
 */
function fromStart(v: string, free: number, reverse: boolean): Distribution {
  return { start: alignOffset(v, free, reverse), between: 0 };
}

/** align-self/align-items for one item within its line (§8.3), or a positional justify/align-content value. */
export function alignOffset(value: string, free: number, reverse: boolean): number {
  const v = overflowAlign(value, free);
  switch (v) {
    case 'center':
      return free / 2;
    case 'flex-end':
      return free;
    case 'flex-start':
    case 'normal':
    case 'stretch':
    case 'baseline':
    case 'first baseline':
      return 0;
    case 'end':
    case 'right':
    case 'self-end':
    case 'last baseline':
      return reverse ? 0 : free;
    default:
      return reverse ? free : 0; // start, left, self-start
  }
}

/**
 * Where an absolutely positioned child of a flex or grid container sits on its static-position
 * rectangle, as the sole item would (CSS Flexbox 1 §4.1, CSS Grid 1 §10.1, CSS Position 3 §4.1):
 * 0 at the left/top, 0.5 centred, 1 at the right/bottom.
 */
export function staticAlignOf(grid: boolean, container: ComputedStyle, child: ComputedStyle): StaticAlign {
  return { x: staticInlineAlign(grid, container, child), y: staticBlockAlign(grid, container, child) };
}

/**
 * Vertically: align-self in a grid area that is the padding box (CSS Grid 1 §10.1), align-self
 * in a flex row's line (flipped by wrap-reverse; a sole item's line is the container's content
 * box, whatever align-content says, as in Chromium), justify-content in a flex column.
 */
function staticBlockAlign(grid: boolean, container: ComputedStyle, child: ComputedStyle): number {
  const self = child.alignSelf === 'auto' ? container.alignItems : child.alignSelf;
  if (grid) return alignOffset(self, 1, false);
  const column = container.flexDirection === 'column' || container.flexDirection === 'column-reverse';
  if (column) {
    const reverse = container.flexDirection === 'column-reverse';
    const f = distribute(sidedJustify(container.justifyContent, mainStartIsLeft(container)), 1, 1, reverse).start;
    return reverse ? 1 - f : f;
  }
  const reverse = container.flexWrap === 'wrap-reverse';
  const f = alignOffset(self, 1, reverse);
  return reverse ? 1 - f : f;
}

/**
 * Horizontally: justify-content in a flex row, align-self in a flex column, justify-self in a
 * grid area that is the padding box.
 */
function staticInlineAlign(grid: boolean, container: ComputedStyle, child: ComputedStyle): number {
  const rtl = container.direction === 'rtl';
  if (grid) {
    const self = child.justifySelf === 'auto' ? container.justifyItems : child.justifySelf;
    const value = self.replace(/^legacy ?/, '') || 'start';
    if (value === 'left' || value === 'right') return value === 'right' ? 1 : 0;
    const f = alignOffset(value, 1, false);
    return rtl ? 1 - f : f;
  }
  const row = container.flexDirection === 'row' || container.flexDirection === 'row-reverse';
  if (row) {
    // Measured from the main-start side, which is the right in row-reverse (or in rtl).
    const reverse = container.flexDirection === 'row-reverse';
    const f = distribute(sidedJustify(container.justifyContent, mainStartIsLeft(container)), 1, 1, reverse).start;
    return reverse !== rtl ? 1 - f : f;
  }
  const self = child.alignSelf === 'auto' ? container.alignItems : child.alignSelf;
  const reverse = container.flexWrap === 'wrap-reverse';
  const f = alignOffset(self, 1, reverse);
  return reverse !== rtl ? 1 - f : f;
}
