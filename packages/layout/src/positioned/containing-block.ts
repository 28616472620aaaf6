import { movesWithInline } from '../boxes/anonymous-boxes.js';
import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import { cacheOf, memoSlot, type LayoutContext } from '../flow/context.js';
import { editedFragment, type FragmentEdit } from '../flow/fragment-edits.js';
import { identityOf, movedFragment } from '../flow/fragments.js';
import type { LayoutResult, Space } from '../flow/types.js';
import { layoutAbsolute, type PaddingBox } from './absolute-layout.js';
import { finishPage, placeFixed, placeOnPage, recordPage, takeFixedPlaceholders } from './printed-root.js';
import { containsFixed } from './insets.js';
import {
  forEachPlaceholder,
  open,
  pageRoots,
  takePlaceholders,
  type Pending,
  type PlaceholderAt,
} from './open-blocks.js';
import { relativeOffset } from './relative.js';
import {
  inlineContainingBlockOf,
  inlineContainingRect,
  inlineStaticShift,
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
  const fixedStatics: Pending[] | undefined = root && space.mode === 'layout' ? [] : undefined;
  open.push({
    pending: [],
    key: box,
    takesFixed: isTransformed(box),
    fc,
    inlinesOnly: !isBlockContainingBlock(box),
    fixedStatics,
  });
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
    if (fixedStatics) {
      const page = recordPage(box as ContainerBox, f, r, space, ctx);
      const inFlow = takeFixedPlaceholders(f, fixedStatics, page, ctx);
      const placed = placePending(inFlow, pending, ctx, page.icb, (p, placed) =>
        placeOnPage(box as ContainerBox, p.box.style, placed, page, ctx),
      );
      r = { ...r, fragment: finishPage(placed, page, placeFixed(box as ContainerBox, page, ctx), ctx) };
    } else if (fc) r = { ...r, fragment: deferPending(fc, box, f, pending) };
    else if (pending.length) r = { ...r, fragment: placePending(f, pending, ctx, paddingBoxOf(f)) };
  }
  return movedRelative(box, space, r, fc);
}

/**
 * A relatively positioned table row or row group is the containing block of the absolute boxes in
 * its cells (CSS 2.1 §10.1 item 4: the nearest ancestor whose position is not static; CSS
 * Position 3 §3.4 applies relative positioning to rows and row groups). The table makes their
 * fragments from its laid-out cells, so the cells are laid out with the part open
 * (`withTablePartOpen`, the absolute boxes kept per part for the pass) and the boxes are placed in
 * each fragment made of the part (`placedInTablePart`): a header or footer group repeated on each
 * page or column repeats them with it (CSS Tables 3 §3.9; Chromium prints them in every repetition).
 */
const tablePartAbsolutes = memoSlot<object, Pending[]>('pass');

/** Run the layout of a table part's cells with the part (null: none) taking their absolute boxes. */
export function withTablePartOpen<T>(part: object | null, ctx: LayoutContext, run: () => T): T {
  if (!part) return run();
  const byPart = cacheOf(ctx, tablePartAbsolutes);
  let pending = byPart.get(part);
  if (!pending) byPart.set(part, (pending = []));
  open.push({ pending, key: part, takesFixed: false, fc: null, inlinesOnly: false });
  try {
    return run();
  } finally {
    open.pop();
  }
}

/** A table part's fragment with its absolute boxes in the place of the placeholders it holds. */
export function placedInTablePart(part: object, f: BoxFragment, ctx: LayoutContext): BoxFragment {
  const pending = cacheOf(ctx, tablePartAbsolutes).get(part);
  return pending?.length ? placePending(f, pending, ctx, paddingBoxOf(f)) : f;
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
  const [dx, dy] = relativeOffset(
    box.style,
    space.inlineSize,
    space.cbBlockSize,
    space.cbDirection ?? box.style.direction,
  );
  // Keyed by the fragment recorded (deferPending returns a copy without the placeholders, found as that one).
  if (fc) recordShift(identityOf(f) as BoxFragment, dx, dy);
  return { ...r, fragment: movedFragment(f, dx, dy) };
}

function paddingBoxOf(f: BoxFragment): PaddingBox & { x: number; y: number } {
  return {
    direction: f.style.direction,
    x: f.border.left,
    y: f.border.top,
    width: Math.max(0, f.width - f.border.left - f.border.right),
    height: Math.max(0, f.height - f.border.top - f.border.bottom),
  };
}

/**
 * The containing block's fragment with the laid-out boxes in the place of their placeholders: a
 * new tree, the fragments on the way down to each copied (flow/fragment-edits.ts), as the
 * placeholder's parent may be shared (a table's measured cell is, by every repetition of a header).
 */
function placePending(
  cbFragment: BoxFragment,
  pending: Pending[],
  ctx: LayoutContext,
  cb: PaddingBox & { x: number; y: number },
  elsewhere?: (p: Pending, placed: Fragment) => boolean,
): BoxFragment {
  const inlines = new Map<InlineContainingBlock, { rect: Rect; last: InlineFragment } | null>();
  const inlineOf = (inline: InlineContainingBlock): { rect: Rect; last: InlineFragment } | null => {
    if (!inlines.has(inline)) {
      const fragments = inlineFragmentsIn(cbFragment, inline);
      const rect = inlineContainingRect(fragments, inline.style);
      inlines.set(inline, rect ? { rect, last: fragments[fragments.length - 1]! } : null);
    }
    return inlines.get(inline)!;
  };
  const edits: FragmentEdit[] = [];
  const moves: { placed: Fragment; at: PlaceholderAt; into: InlineFragment; order: number }[] = [];
  forEachPlaceholder(cbFragment, pending, (p, at) => {
    const { placeholder: c, ox, oy } = at;
    const inline = inlineContainingBlockOf(p.box);
    const inInline = inline && inlineOf(inline);
    // An inline with no fragment (white space only) sits where its content would: at the static position.
    // A grid container's area is the containing block of its own absolute children (CSS Grid 2 §10.1).
    const area = p.area && at.path.length === 1 ? p.area : null;
    const [sx, sy] = inline && !area ? inlineStaticShift(inline, cb.width) : [0, 0];
    const box =
      area ?? (!inline ? cb : inInline ? inInline.rect : { x: ox + c.x + sx, y: oy + c.y + sy, width: 0, height: 0 });
    const placed = layoutAbsolute(p.box, box, ox + c.x + sx - box.x, oy + c.y + sy - box.y, ctx, p.staticAlign);
    if (!placed || elsewhere?.(p, placed)) return;
    const moved = movedFragment(placed, box.x - ox, box.y - oy);
    if (inInline) moves.push({ placed: moved, at, into: inInline.last, order: treeOrderOf(p.box) });
    else edits.push({ kind: 'replace', path: at.path, by: moved });
  });
  // A box whose containing block is an inline is its descendant: it is painted after the inline's
  // content, inside the inline's (last) fragment (CSS 2.1 Appendix E: positioned descendants in tree order).
  for (const { placed, at, into } of moves.sort((a, b) => a.order - b.order)) {
    edits.push({ kind: 'replace', path: at.path, by: null });
    edits.push({ kind: 'append', path: into.path, child: movedFragment(placed, at.ox - into.x, at.oy - into.y) });
  }
  return editedFragment(cbFragment, edits);
}

/**
 * A containing block in a fragmented flow: its fragment is recorded and its absolute boxes are
 * left to the fragmentation context with their static positions; the placeholders go (the
 * fragment without them is returned, found by identity as the one recorded).
 */
function deferPending(fc: FragmentationContext, box: BlockLevelBox, f: BoxFragment, pending: Pending[]): BoxFragment {
  recordFragment(fc, box, f);
  if (!pending.length) return f;
  const cb = paddingBoxOf(f);
  const fixedCb = isTransformed(box) ? box : fixedContainerIn(fc);
  return takePlaceholders(f, pending, (b, x, y, ancestors, staticAlign) =>
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
