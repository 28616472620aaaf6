import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import { resolveLength, type ComputedStyle } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { createBoxFragment, offsetFragment, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import { resolveMargins, type LayoutResult, type Space } from '../flow/types.js';
import { layoutAbsolute, type PaddingBox } from './absolute-layout.js';
import { isOutOfFlowStyle } from './insets.js';

/**
 * Out-of-flow positioned boxes (CSS 2.1 §9.6, §10.1). In flow, an absolutely positioned box
 * leaves a zero-size placeholder at its static position; the nearest positioned ancestor
 * (its containing block) replaces the placeholders with the laid-out boxes once its own
 * size is known. Layout is synchronous, so the open containing blocks are a stack.
 * Fixed boxes belong to the page (Chromium prints them on every page, against the page area).
 */
interface Pending {
  readonly box: Exclude<BlockLevelBox, { kind: 'lines' }>;
  readonly placeholder: BoxFragment;
}

const open: Pending[][] = [];
/** How many `html` roots are being laid out: their fixed descendants are placed per page. */
let pageRoots = 0;

export function isOutOfFlow(box: BlockLevelBox): box is Exclude<BlockLevelBox, { kind: 'lines' }> {
  return box.kind !== 'lines' && isOutOfFlowStyle(box.style);
}

/** A box with position other than static is a containing block for absolute descendants (§10.1 item 4). */
function isContainingBlock(box: BlockLevelBox): boolean {
  return box.kind !== 'lines' && (box.style.position !== 'static' || box.tag === 'html' || open.length === 0);
}

/**
 * Leave a placeholder for an out-of-flow box whose margin box would start at (x, y) in its
 * parent (the static position, §10.3.7); null when nothing needs placing here (fixed boxes of
 * a paginated document are placed per page).
 */
export function outOfFlowPlaceholder(box: Exclude<BlockLevelBox, { kind: 'lines' }>, x: number, y: number): Fragment | null {
  const list = open[open.length - 1];
  if (!list || (box.style.position === 'fixed' && pageRoots > 0)) return null;
  const placeholder = createBoxFragment(box.style, '', {}, { x, y, width: 0, height: 0, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE }, []);
  list.push({ box, placeholder });
  return placeholder;
}

/** Whether the dispatcher must wrap this box's layout (most boxes: no, which keeps the stack shallow). */
export function needsPositioning(box: BlockLevelBox): boolean {
  return isContainingBlock(box);
}

/** The dispatcher's wrapper: containing blocks place their absolute descendants, relative boxes shift (§9.4.3). */
export function withPositioning(box: BlockLevelBox, space: Space, ctx: LayoutContext, run: () => LayoutResult): LayoutResult {
  if (!isContainingBlock(box)) return run();
  const root = box.kind !== 'lines' && box.tag === 'html';
  open.push([]);
  if (root) pageRoots++;
  let r: LayoutResult;
  let pending: Pending[];
  try {
    r = run();
  } finally {
    pending = open.pop() ?? [];
    if (root) pageRoots--;
  }
  const f = r.fragment;
  if (f && f.kind === 'box') {
    if (pending.length) placePending(f, pending, ctx, root && space.mode === 'layout' ? pageArea(f, r, space) : paddingBoxOf(f));
    if (root && space.mode === 'layout') placeFixed(box as ContainerBox, f, r, space, ctx);
    if (box.style.position === 'relative') offsetFragment(f, ...relativeOffset(box.style, space.inlineSize, space.cbBlockSize));
  }
  return r;
}

/** An inline box with `position: relative` (§9.4.3) moves with its content; vertical percentages need a definite height (none here). */
export function shiftInlineRelative<F extends Fragment>(fragment: F, cbWidth: number): F {
  const s = fragment.style;
  if (s.position !== 'relative') return fragment;
  offsetFragment(fragment, ...relativeOffset(s, cbWidth, null));
  return fragment;
}

/** §9.4.3: left wins over right, top over bottom; percentages of the containing block. */
function relativeOffset(s: ComputedStyle, cbWidth: number, cbh: number | null): [number, number] {
  const dx = s.left !== 'auto' ? resolveLength(s.left, cbWidth) : s.right !== 'auto' ? -resolveLength(s.right, cbWidth) : 0;
  const top = s.top !== 'auto' && (cbh !== null || typeof s.top === 'number') ? resolveLength(s.top, cbh ?? 0) : null;
  const bottom = s.bottom !== 'auto' && (cbh !== null || typeof s.bottom === 'number') ? resolveLength(s.bottom, cbh ?? 0) : null;
  return [dx, top ?? (bottom !== null ? -bottom : 0)];
}

/**
 * The initial containing block of a printed document: the page area of the first page (as
 * Chromium prints), its corner above the root's top margin; from the root's border box. Its
 * size is whole px, floored: Chromium's ICB is the layout viewport, an integer size (measured:
 * A4 with 25mm margins, a 604.72 × 933.54 px page area, puts `right:0; bottom:0` boxes against
 * 604 × 933).
 */
function pageArea(f: BoxFragment, r: LayoutResult, space: Space): PaddingBox & { x: number; y: number } {
  const height = Number.isFinite(space.blockSize) ? space.blockSize : f.height;
  return { x: -f.x, y: -resolveMargins(r.marginTop), width: Math.floor(space.inlineSize + EPSILON), height: Math.floor(height + EPSILON) };
}

/** Float error allowed when flooring a size that should be whole px. */
const EPSILON = 1e-6;

function paddingBoxOf(f: BoxFragment): PaddingBox & { x: number; y: number } {
  return { x: f.border.left, y: f.border.top, width: Math.max(0, f.width - f.border.left - f.border.right), height: Math.max(0, f.height - f.border.top - f.border.bottom) };
}

/** Find each placeholder under the containing block's fragment and put the laid-out box in its place. */
function placePending(cbFragment: BoxFragment, pending: Pending[], ctx: LayoutContext, cb: PaddingBox & { x: number; y: number }): void {
  const byPlaceholder = new Map<Fragment, Pending>(pending.map((p) => [p.placeholder, p]));
  const stack: { f: BoxFragment; ox: number; oy: number }[] = [{ f: cbFragment, ox: 0, oy: 0 }];
  while (stack.length && byPlaceholder.size) {
    const { f, ox, oy } = stack.pop()!;
    const children = f.children as Fragment[];
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.kind !== 'box') continue;
      const p = byPlaceholder.get(c);
      if (!p) {
        if (c.children.length) stack.push({ f: c, ox: ox + c.x, oy: oy + c.y });
        continue;
      }
      byPlaceholder.delete(c);
      const placed = layoutAbsolute(p.box, cb, ox + c.x - cb.x, oy + c.y - cb.y, ctx);
      if (!placed) continue;
      offsetFragment(placed, cb.x - ox, cb.y - oy);
      children[i] = placed;
    }
  }
}

const fixedCache = new WeakMap<ContainerBox, readonly Exclude<BlockLevelBox, { kind: 'lines' }>[]>();

/** The fixed boxes of a document, in tree order (not inside other fixed boxes). */
function fixedBoxes(root: ContainerBox): readonly Exclude<BlockLevelBox, { kind: 'lines' }>[] {
  let list = fixedCache.get(root);
  if (list) return list;
  const out: Exclude<BlockLevelBox, { kind: 'lines' }>[] = [];
  const walk = (box: ContainerBox): void => {
    for (const child of box.children) {
      if (child.kind === 'lines' || child.kind === 'replaced') {
        if (child.kind === 'replaced' && child.style.position === 'fixed') out.push(child);
        continue;
      }
      if (child.style.position === 'fixed') out.push(child);
      else walk(child);
    }
  };
  walk(root);
  fixedCache.set(root, (list = out));
  return list;
}

/** The first page's initial containing block and page area height, per document root. */
const firstPages = new WeakMap<ContainerBox, { readonly area: PaddingBox; readonly height: number }>();

/**
 * Fixed boxes on this page (Chromium prints them on every page). Chromium lays them out once,
 * against the first page's initial containing block, and paints that layer on every page at the
 * page area's corner; on later pages it paints it a second time one first-page-area height
 * higher, so a box below the first page's area shows on every later page at its position less
 * that height (measured, A4 25mm margins: `bottom:-15mm` is not on page 1 and 36 px down on
 * pages 2 and 3; with `@page :first { margin-top: 40mm }` a `bottom:0` box keeps page 1's
 * offset from the area top on later, taller page areas). Copies outside the page area are clipped away.
 */
function placeFixed(root: ContainerBox, f: BoxFragment, r: LayoutResult, space: Space, ctx: LayoutContext): void {
  const boxes = fixedBoxes(root);
  if (!boxes.length) return;
  const area = pageArea(f, r, space);
  const pageHeight = Number.isFinite(space.blockSize) ? space.blockSize : f.height;
  if (f.part.isFirst || !firstPages.has(root)) firstPages.set(root, { area: { width: area.width, height: area.height }, height: pageHeight });
  const first = firstPages.get(root)!;
  const shifts = f.part.isFirst ? [0] : [0, -first.height];
  for (const box of boxes) {
    for (const dy of shifts) {
      const placed = layoutAbsolute(box, first.area, 0, 0, ctx);
      if (!placed || placed.kind !== 'box') continue;
      const top = placed.y + dy;
      if (top >= pageHeight || top + placed.height < 0) continue;
      offsetFragment(placed, area.x, area.y + dy);
      (f.children as Fragment[]).push(placed);
    }
  }
}
