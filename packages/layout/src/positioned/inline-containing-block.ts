import type { BlockLevelBox } from '../boxes/box.js';
import type { BoxFragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { inlineOfMover } from '../boxes/anonymous-boxes.js';
import type { FragmentPath } from '../flow/fragment-edits.js';
import { relativeOffset } from './relative.js';

/**
 * Inline containing blocks (CSS 2.1 §10.1 item 4.1): when the nearest positioned ancestor of an
 * absolutely positioned box is an inline box, the containing block runs from the top-left padding
 * edge of the inline's first box to the bottom-right padding edge of its last box. The inline's
 * fragments are known by its element's attributes (one object per element, which its fragments
 * carry; styles may be shared); the boxes are noted while the box tree is built.
 */
export interface InlineContainingBlock {
  readonly style: ComputedStyle;
  readonly attrs: object;
}

const inlineContainingBlocks = new WeakMap<BlockLevelBox, InlineContainingBlock>();
/** The boxes' tree order (hoisting takes some out of their paragraph: the order paints them, Appendix E). */
const treeOrder = new WeakMap<BlockLevelBox, number>();
let boxesNoted = 0;

export function setInlineContainingBlock(box: BlockLevelBox, inline: InlineContainingBlock): void {
  inlineContainingBlocks.set(box, inline);
  treeOrder.set(box, boxesNoted++);
}

export const treeOrderOf = (box: BlockLevelBox): number => treeOrder.get(box) ?? 0;

/**
 * The block containers holding a positioned inline that contains absolute boxes: such a block
 * collects them and places them against the inline once its lines are laid out (containing-block.ts).
 */
const hosts = new WeakSet<BlockLevelBox>();

export function markInlineCbHost(box: BlockLevelBox): void {
  hosts.add(box);
}

export const isInlineCbHost = (box: BlockLevelBox): boolean => hosts.has(box);

/** The positioned inline that is this absolute box's containing block, if one is. */
export function inlineContainingBlockOf(box: BlockLevelBox): InlineContainingBlock | undefined {
  return inlineContainingBlocks.get(box);
}

/**
 * How far a relatively positioned inline containing block moves the static position of its
 * absolute boxes: their placeholders are its content, which its offsets move (CSS 2.1 §9.4.3,
 * §10.3.7; Chromium places them so).
 */
export function inlineStaticShift(inline: InlineContainingBlock, cbWidth: number): [number, number] {
  return inline.style.position === 'relative'
    ? relativeOffset(inline.style, cbWidth, null, inline.style.direction)
    : [0, 0];
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The containing block of an inline from its fragments' border boxes, in line order: the union of
 * those on its first line and of those on its last, their borders taken off, as Chromium computes
 * it (a last line ending left of where the first starts gives a width of 0).
 */
export function inlineContainingRect(fragments: readonly Rect[], style: ComputedStyle): Rect | null {
  const first = fragments[0];
  const last = fragments[fragments.length - 1];
  if (!first || !last) return null;
  // A block inside the inline is a line of its own, whatever its top.
  const lines = fragments.filter((f) => !isBlockPart(f));
  const start = isBlockPart(first) ? first : unionOnLine(lines, first.y);
  const end = isBlockPart(last) ? last : unionOnLine(lines, last.y);
  const left = start.x + style.borderLeft.width;
  const top = start.y + style.borderTop.width;
  const right = Math.max(left, end.x + end.width - style.borderRight.width);
  const bottom = Math.max(top, end.y + end.height - style.borderBottom.width);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The union of the fragments on the line at `y` (an inline's fragments on one line share their top). */
function unionOnLine(fragments: readonly Rect[], y: number): Rect {
  const on = fragments.filter((f) => Math.abs(f.y - y) < 1 / 64);
  const x = Math.min(...on.map((f) => f.x));
  const right = Math.max(...on.map((f) => f.x + f.width));
  const bottom = Math.max(...on.map((f) => f.y + f.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** A fragment of an inline, its border box from some fragment's corner and its path from that one. */
export interface InlineFragment extends Rect {
  readonly fragment: BoxFragment;
  readonly path: FragmentPath;
  /** The anonymous block around a block inside the inline (CSS 2.1 §9.2.1.1), not a box on a line. */
  readonly blockPart?: boolean;
}

const isBlockPart = (r: Rect): boolean => 'blockPart' in r && r.blockPart === true;

/** The fragments of the inline under `root`, in tree order, from root's corner. */
export function inlineFragmentsIn(root: BoxFragment, inline: InlineContainingBlock): InlineFragment[] {
  const out: InlineFragment[] = [];
  const path: number[] = [];
  const visit = (f: BoxFragment, ox: number, oy: number): void => {
    const children = f.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.kind !== 'box') continue;
      path.push(i);
      if (c.attrs === inline.attrs)
        out.push({ fragment: c, x: ox + c.x, y: oy + c.y, width: c.width, height: c.height, path: path.slice() });
      else if (inlineOfMover(c.attrs) === inline.attrs) {
        const rect = { x: ox + c.x, y: oy + c.y, width: c.width, height: c.height };
        out.push({ fragment: c, ...rect, path: path.slice(), blockPart: true });
      }
      if (c.children.length) visit(c, ox + c.x, oy + c.y);
      path.pop();
    }
  };
  visit(root, 0, 0);
  return out;
}
