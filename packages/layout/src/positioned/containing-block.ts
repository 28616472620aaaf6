import { movesWithInline } from '../boxes/anonymous-boxes.js';
import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import type { LayoutContext } from '../flow/context.js';
import { movedFragment } from '../flow/fragments.js';
import type { LayoutResult, Space } from '../flow/types.js';
import { layoutAbsolute, type PaddingBox } from './absolute-layout.js';
import { placeFixed, placeOnPage, recordPage } from './printed-root.js';
import { containsFixed } from './insets.js';
import { forEachPlaceholder, open, pageRoots, takePlaceholders, type Pending } from './open-blocks.js';
import { relativeOffset } from './relative.js';
import {
  inlineContainingBlockOf,
  inlineContainingRect,
  inlineFragmentsIn,
  isInlineCbHost,
  treeOrderOf,
  type InlineContainingBlock,
  type InlineFragment,
  type Rect,
} from './inline-containing-block.js';
import { currentFragmentation, defer, recordFragment, recordShift, type FragmentationContext } from './fragmented.js';

/**
 * Containing blocks of out-of-flow positioned boxes (CSS 2.1 §9.6, §10.1): the dispatcher's
 * wrapper opens one for each (open-blocks.ts), and once its size is known replaces the
 * placeholders its absolute descendants left with the laid-out boxes.
 */

/**
 * A box with position other than static is a containing block for absolute descendants (§10.1
 * item 4); a transformed box is one for absolute and fixed descendants (CSS Transforms 1 §2).
 */
function isContainingBlock(box: BlockLevelBox): boolean {
  return isBlockContainingBlock(box) || isInlineCbHost(box);
}

function isBlockContainingBlock(box: BlockLevelBox): boolean {
  return (
    box.kind !== 'lines' &&
    (box.style.position !== 'static' || isTransformed(box) || box.tag === 'html' || open.length === 0)
  );
}

function isTransformed(box: BlockLevelBox): boolean {
  return box.kind !== 'lines' && containsFixed(box.style);
}

/** Whether the dispatcher must wrap this box's layout (most boxes: no, which keeps the stack shallow). */
export function needsPositioning(box: BlockLevelBox): boolean {
  return isContainingBlock(box);
}

/** The dispatcher's wrapper: containing blocks place their absolute descendants, relative boxes shift (§9.4.3). */
export function withPositioning(
  box: BlockLevelBox,
  space: Space,
  ctx: LayoutContext,
  run: () => LayoutResult,
): LayoutResult {
  if (!isContainingBlock(box)) return run();
  // The anonymous block that moves a block with its relatively positioned inline (CSS 2.1 §9.2.1.1)
  // only moves: the absolute boxes inside belong to the inline (§10.1 item 4.1), placed by its host.
  // In a fragmented flow the containing block's absolute boxes are placed by the fragmentation context (fragmented.ts).
  const fc = space.mode === 'layout' && Number.isFinite(space.blockSize) ? currentFragmentation() : null;
  if (movesWithInline(box)) {
    const r = run();
    // Recorded, as containing blocks are, so that its offsets still move the absolute boxes placed inside later.
    if (fc && r.fragment?.kind === 'box') recordFragment(fc, box, r.fragment);
    return movedRelative(box, space, r, fc);
  }
  const root = box.kind !== 'lines' && box.tag === 'html';
  open.push({ pending: [], key: box, takesFixed: isTransformed(box), fc, inlinesOnly: !isBlockContainingBlock(box) });
  if (root) pageRoots.count++;
  let r: LayoutResult;
  let pending: Pending[];
  try {
    r = run();
  } finally {
    pending = open.pop()?.pending ?? [];
    if (root) pageRoots.count--;
  }
  const f = r.fragment;
  if (f && f.kind === 'box') {
    if (root && space.mode === 'layout') {
      const page = recordPage(box as ContainerBox, f, r, space, ctx);
      if (pending.length)
        placePending(f, pending, ctx, page.icb, (p, placed) =>
          placeOnPage(box as ContainerBox, p.box.style, placed, page),
        );
      placeFixed(box as ContainerBox, page, ctx);
    } else if (fc) deferPending(fc, box, f, pending);
    else if (pending.length) placePending(f, pending, ctx, paddingBoxOf(f));
  }
  return movedRelative(box, space, r, fc);
}

/** A relatively positioned box's fragment moved by its offsets (CSS 2.1 §9.4.3). */
function movedRelative(
  box: BlockLevelBox,
  space: Space,
  r: LayoutResult,
  fc: FragmentationContext | null,
): LayoutResult {
  const f = r.fragment;
  if (!f || f.kind !== 'box' || box.style.position !== 'relative') return r;
  const [dx, dy] = relativeOffset(box.style, space.inlineSize, space.cbBlockSize);
  if (fc) recordShift(f, dx, dy);
  return { ...r, fragment: movedFragment(f, dx, dy) };
}

function paddingBoxOf(f: BoxFragment): PaddingBox & { x: number; y: number } {
  return {
    x: f.border.left,
    y: f.border.top,
    width: Math.max(0, f.width - f.border.left - f.border.right),
    height: Math.max(0, f.height - f.border.top - f.border.bottom),
  };
}

/** Find each placeholder under the containing block's fragment and put the laid-out box in its place. */
function placePending(
  cbFragment: BoxFragment,
  pending: Pending[],
  ctx: LayoutContext,
  cb: PaddingBox & { x: number; y: number },
  elsewhere?: (p: Pending, placed: Fragment) => boolean,
): void {
  const inlines = new Map<InlineContainingBlock, { rect: Rect; last: InlineFragment } | null>();
  const inlineOf = (inline: InlineContainingBlock): { rect: Rect; last: InlineFragment } | null => {
    if (!inlines.has(inline)) {
      const fragments = inlineFragmentsIn(cbFragment, inline);
      const rect = inlineContainingRect(fragments, inline.style);
      inlines.set(inline, rect ? { rect, last: fragments[fragments.length - 1]! } : null);
    }
    return inlines.get(inline)!;
  };
  const moves: { placed: Fragment; from: Fragment[]; into: InlineFragment; order: number }[] = [];
  forEachPlaceholder(cbFragment, pending, (p, children, i, ox, oy) => {
    const c = children[i] as BoxFragment;
    const inline = inlineContainingBlockOf(p.box);
    const inInline = inline && inlineOf(inline);
    // An inline with no fragment (white space only) sits where its content would: at the static position.
    const box = !inline ? cb : inInline ? inInline.rect : { x: ox + c.x, y: oy + c.y, width: 0, height: 0 };
    const placed = layoutAbsolute(p.box, box, ox + c.x - box.x, oy + c.y - box.y, ctx, p.staticAlign);
    if (!placed || elsewhere?.(p, placed)) return;
    const moved = movedFragment(placed, box.x - ox, box.y - oy);
    children[i] = moved;
    if (inInline) moves.push({ placed: moved, from: children, into: inInline.last, order: treeOrderOf(p.box) });
  });
  // A box whose containing block is an inline is its descendant: it is painted after the inline's
  // content, inside the inline's (last) fragment (CSS 2.1 Appendix E: positioned descendants in tree order).
  for (const { placed, from, into } of moves.sort((a, b) => a.order - b.order)) {
    from.splice(from.indexOf(placed), 1);
    const at = from === cbFragment.children ? { x: 0, y: 0 } : offsetIn(cbFragment, from);
    (into.fragment.children as Fragment[]).push(movedFragment(placed, at.x - into.x, at.y - into.y));
  }
}

/** Where the fragment whose children are `children` sits from root's corner. */
function offsetIn(root: BoxFragment, children: readonly Fragment[]): { x: number; y: number } {
  const stack: { f: BoxFragment; x: number; y: number }[] = [{ f: root, x: 0, y: 0 }];
  while (stack.length) {
    const { f, x, y } = stack.pop()!;
    if (f.children === children) return { x, y };
    for (const c of f.children) if (c.kind === 'box') stack.push({ f: c, x: x + c.x, y: y + c.y });
  }
  return { x: 0, y: 0 };
}

/**
 * A containing block in a fragmented flow: its fragment is recorded and its absolute boxes are
 * left to the fragmentation context with their static positions; the placeholders go.
 */
function deferPending(fc: FragmentationContext, box: BlockLevelBox, f: BoxFragment, pending: Pending[]): void {
  recordFragment(fc, box, f);
  if (!pending.length) return;
  const cb = paddingBoxOf(f);
  const fixedCb = isTransformed(box) ? box : fixedContainerIn(fc);
  takePlaceholders(f, pending, (b, x, y, ancestors, staticAlign) =>
    defer(fc, {
      box: b,
      cb: box,
      cbFragment: f,
      staticX: x - cb.x,
      staticY: y - cb.y,
      staticAlign,
      fixedCb,
      ancestors: ancestors().map((a) => a.style),
    }),
  );
}

/** The open containing block of fixed boxes when it is laid out in `fc` (so fixed boxes laid out later still find it). */
function fixedContainerIn(fc: FragmentationContext): object | null {
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.takesFixed) return open[i]!.fc === fc ? open[i]!.key : null;
  return null;
}
