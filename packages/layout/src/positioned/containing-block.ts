import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import { resolveLength, type ComputedStyle } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { createBoxFragment, NO_ATTRS, offsetFragment, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import type { LayoutResult, Space } from '../flow/types.js';
import { layoutAbsolute, type PaddingBox } from './absolute-layout.js';
import { placeFixed, placeOnPage, recordPage } from './printed-root.js';
import { containsFixed, isOutOfFlowStyle } from './insets.js';
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
 * Out-of-flow positioned boxes (CSS 2.1 §9.6, §10.1). In flow, an absolutely positioned box
 * leaves a zero-size placeholder at its static position; the nearest positioned ancestor
 * (its containing block) replaces the placeholders with the laid-out boxes once its own
 * size is known. Layout is synchronous, so the open containing blocks are a stack.
 * Fixed boxes belong to the page (Chromium prints them on every page, against the page area).
 */
type LaidOutBox = Exclude<BlockLevelBox, { kind: 'lines' }>;

export interface Pending {
  readonly box: LaidOutBox;
  readonly placeholder: BoxFragment;
}

interface OpenBlock {
  readonly pending: Pending[];
  /** The containing block (a box, or the key a fragmentation context knows it by). */
  readonly key: object;
  /** Does it contain fixed boxes too (a transformed box, CSS Transforms 1 §2)? */
  readonly takesFixed: boolean;
  /** The fragmentation context it is laid out in, if any. */
  readonly fc: FragmentationContext | null;
  /** A block that only holds positioned inlines: it takes only the absolute boxes whose containing block those are. */
  readonly inlinesOnly: boolean;
}

const open: OpenBlock[] = [];
/** How many `html` roots are being laid out: their fixed descendants are placed per page. */
let pageRoots = 0;

export function isOutOfFlow(box: BlockLevelBox): box is Exclude<BlockLevelBox, { kind: 'lines' }> {
  return box.kind !== 'lines' && isOutOfFlowStyle(box.style);
}

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

/** The pending list of the containing block of an out-of-flow box: fixed boxes skip those that take only absolute ones. */
function containingList(fixed: boolean, inInline: boolean): Pending[] | null {
  if (!fixed) return nearestOpen(inInline)?.pending ?? null;
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.takesFixed) return open[i]!.pending;
  // Fixed boxes of a paginated document belong to the page.
  return pageRoots > 0 ? null : (nearestOpen(false)?.pending ?? null);
}

function nearestOpen(inInline: boolean): OpenBlock | undefined {
  for (let i = open.length - 1; i >= 0; i--) if (inInline || !open[i]!.inlinesOnly) return open[i];
  return undefined;
}

/**
 * Leave a placeholder for an out-of-flow box whose margin box would start at (x, y) in its
 * parent (the static position, §10.3.7); null when nothing needs placing here (fixed boxes of
 * a paginated document are placed per page).
 */
export function outOfFlowPlaceholder(
  box: Exclude<BlockLevelBox, { kind: 'lines' }>,
  x: number,
  y: number,
): Fragment | null {
  const list = containingList(box.style.position === 'fixed', inlineContainingBlockOf(box) !== undefined);
  if (!list) return null;
  const placeholder = createBoxFragment(
    box.style,
    '',
    NO_ATTRS,
    { x, y, width: 0, height: 0, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
    [],
  );
  list.push({ box, placeholder });
  return placeholder;
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
  const root = box.kind !== 'lines' && box.tag === 'html';
  // In a fragmented flow the containing block's absolute boxes are placed by the fragmentation context (fragmented.ts).
  const fc = space.mode === 'layout' && Number.isFinite(space.blockSize) ? currentFragmentation() : null;
  open.push({ pending: [], key: box, takesFixed: isTransformed(box), fc, inlinesOnly: !isBlockContainingBlock(box) });
  if (root) pageRoots++;
  let r: LayoutResult;
  let pending: Pending[];
  try {
    r = run();
  } finally {
    pending = open.pop()?.pending ?? [];
    if (root) pageRoots--;
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
    if (box.style.position === 'relative') {
      const [dx, dy] = relativeOffset(box.style, space.inlineSize, space.cbBlockSize);
      offsetFragment(f, dx, dy);
      if (fc) recordShift(f, dx, dy);
    }
  }
  return r;
}

/**
 * A box its parent places itself (inline boxes, table cells) with `position: relative` (§9.4.3)
 * moves with its content; vertical percentages need a definite containing block height.
 */
export function shiftRelative<F extends Fragment>(fragment: F, cbWidth: number, cbHeight: number | null = null): F {
  const s = fragment.style;
  if (s.position !== 'relative') return fragment;
  offsetFragment(fragment, ...relativeOffset(s, cbWidth, cbHeight));
  return fragment;
}

/** §9.4.3: left wins over right, top over bottom; percentages of the containing block. */
function relativeOffset(s: ComputedStyle, cbWidth: number, cbh: number | null): [number, number] {
  const dx =
    s.left !== 'auto' ? resolveLength(s.left, cbWidth) : s.right !== 'auto' ? -resolveLength(s.right, cbWidth) : 0;
  const top = s.top !== 'auto' && (cbh !== null || typeof s.top === 'number') ? resolveLength(s.top, cbh ?? 0) : null;
  const bottom =
    s.bottom !== 'auto' && (cbh !== null || typeof s.bottom === 'number') ? resolveLength(s.bottom, cbh ?? 0) : null;
  return [dx, top ?? (bottom !== null ? -bottom : 0)];
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
    const placed = layoutAbsolute(p.box, box, ox + c.x - box.x, oy + c.y - box.y, ctx);
    if (!placed || elsewhere?.(p, placed)) return;
    offsetFragment(placed, box.x - ox, box.y - oy);
    children[i] = placed;
    if (inInline) moves.push({ placed, from: children, into: inInline.last, order: treeOrderOf(p.box) });
  });
  // A box whose containing block is an inline is its descendant: it is painted after the inline's
  // content, inside the inline's (last) fragment (CSS 2.1 Appendix E: positioned descendants in tree order).
  for (const { placed, from, into } of moves.sort((a, b) => a.order - b.order)) {
    from.splice(from.indexOf(placed), 1);
    const at = from === cbFragment.children ? { x: 0, y: 0 } : offsetIn(cbFragment, from);
    offsetFragment(placed, at.x - into.x, at.y - into.y);
    (into.fragment.children as Fragment[]).push(placed);
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
  takePlaceholders(f, pending, (b, x, y, ancestors) =>
    defer(fc, {
      box: b,
      cb: box,
      cbFragment: f,
      staticX: x - cb.x,
      staticY: y - cb.y,
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

/**
 * Lay out an absolute box of a fragmentation context whose fixed descendants belong to `fixedCb`,
 * a containing block of that context already laid out (CSS Transforms 1 §2): the fixed boxes'
 * placeholders left meanwhile are returned.
 */
export function collectingFixed(fc: FragmentationContext, fixedCb: object, run: () => void): Pending[] {
  const block: OpenBlock = { pending: [], key: fixedCb, takesFixed: true, fc, inlinesOnly: false };
  open.push(block);
  try {
    run();
  } finally {
    open.pop();
  }
  return block.pending;
}

/**
 * Visit each placeholder of `pending` under `root`, with its position from root's corner, and take
 * it out of the tree (the box is placed elsewhere).
 */
export function takePlaceholders(
  root: BoxFragment,
  pending: readonly Pending[],
  visit: (box: LaidOutBox, x: number, y: number, ancestors: () => BoxFragment[]) => void,
): void {
  const emptied = new Set<Fragment[]>();
  forEachPlaceholder(root, pending, (p, children, i, ox, oy, ancestors) => {
    const c = children[i] as BoxFragment;
    visit(p.box, ox + c.x, oy + c.y, ancestors);
    emptied.add(children);
  });
  const placeholders = new Set<Fragment>(pending.map((p) => p.placeholder));
  for (const children of emptied) {
    const kept = children.filter((c) => !placeholders.has(c));
    children.length = 0;
    children.push(...kept);
  }
}

/** Walk the containing block's fragment to each placeholder: its parent's children, its index there and the parent's position from the fragment's corner. */
function forEachPlaceholder(
  cbFragment: BoxFragment,
  pending: readonly Pending[],
  visit: (p: Pending, children: Fragment[], i: number, ox: number, oy: number, ancestors: () => BoxFragment[]) => void,
): void {
  const byPlaceholder = new Map<Fragment, Pending>(pending.map((p) => [p.placeholder, p]));
  type Node = { f: BoxFragment; ox: number; oy: number; up: Node | null };
  const stack: Node[] = [{ f: cbFragment, ox: 0, oy: 0, up: null }];
  while (stack.length && byPlaceholder.size) {
    const node = stack.pop()!;
    const { f, ox, oy } = node;
    const children = f.children as Fragment[];
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.kind !== 'box') continue;
      const p = byPlaceholder.get(c);
      if (!p) {
        if (c.children.length) stack.push({ f: c, ox: ox + c.x, oy: oy + c.y, up: node });
        continue;
      }
      byPlaceholder.delete(c);
      visit(p, children, i, ox, oy, () => {
        const out: BoxFragment[] = [];
        for (let n: Node | null = node; n; n = n.up) out.push(n.f);
        return out.reverse();
      });
    }
  }
}
