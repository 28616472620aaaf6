import type { BlockLevelBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import { beforeInTree, editedFragment, type FragmentEdit, type FragmentPath } from '../flow/fragment-edits.js';
import { createBoxFragment, identityOf, keepIdentity, NO_ATTRS, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import { isOutOfFlowStyle, STATIC_START, type StaticAlign } from './insets.js';
import { inlineContainingBlockOf, type Rect } from './inline-containing-block.js';

/**
 * Out-of-flow positioned boxes (CSS 2.1 §9.6, §10.1). In flow, an absolutely positioned box
 * leaves a zero-size placeholder at its static position; the nearest positioned ancestor
 * (its containing block) replaces the placeholders with the laid-out boxes once its own
 * size is known. Layout is synchronous, so the open containing blocks are a stack (here; containing-block.ts
 * opens and closes them, places and defers the boxes).
 * Fixed boxes belong to the page (Chromium prints them on every page, against the page area).
 */
export type LaidOutBox = Exclude<BlockLevelBox, { kind: 'lines' }>;

export interface Pending {
  readonly box: LaidOutBox;
  readonly placeholder: BoxFragment;
  /** How much of the margin box lies before the static position on each axis: 0 (it starts there), 0.5 (centred on it) or 1. */
  readonly staticAlign: StaticAlign;
  /**
   * The containing block when the box's parent is it and gives it one smaller than its padding
   * box (a grid area, CSS Grid 2 §10.1), from the parent's border-box corner.
   */
  readonly area?: Rect;
}

export interface OpenBlock {
  readonly pending: Pending[];
  /** The containing block (a box, or the key a fragmentation context knows it by). */
  readonly key: object;
  /** Does it contain fixed boxes too (a transformed box, CSS Transforms 1 §2)? */
  readonly takesFixed: boolean;
  /** The fragmentation context it is laid out in (positioned/fragmented.ts), if any; only compared. */
  readonly fc: object | null;
  /** A block that only holds positioned inlines: it takes only the absolute boxes whose containing block those are. */
  readonly inlinesOnly: boolean;
  /**
   * A printed root laid out on a page: the placeholders of the fixed boxes that belong to the
   * page, which it takes out of its fragment for their static positions (printed-root.ts).
   */
  readonly fixedStatics?: Pending[];
}

export const open: OpenBlock[] = [];
/** How many `html` roots are being laid out: their fixed descendants are placed per page. */
export const pageRoots = { count: 0 };

/** How many out-of-flow boxes wait for the open containing blocks: a layout that leaves it unchanged gave none of them any. */
export function pendingCount(): number {
  let n = 0;
  for (const block of open) n += block.pending.length;
  return n;
}

export function isOutOfFlow(box: BlockLevelBox): box is Exclude<BlockLevelBox, { kind: 'lines' }> {
  return box.kind !== 'lines' && isOutOfFlowStyle(box.style);
}

/** The pending list of the containing block of an out-of-flow box: fixed boxes skip those that take only absolute ones. */
function containingList(fixed: boolean, inInline: boolean): Pending[] | null {
  if (!fixed) return nearestOpen(inInline)?.pending ?? null;
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.takesFixed) return open[i]!.pending;
  // Fixed boxes of a paginated document belong to the page; the root notes where they would be.
  if (pageRoots.count === 0) return nearestOpen(false)?.pending ?? null;
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.fixedStatics) return open[i]!.fixedStatics!;
  return null;
}

function nearestOpen(inInline: boolean): OpenBlock | undefined {
  for (let i = open.length - 1; i >= 0; i--) if (inInline || !open[i]!.inlinesOnly) return open[i];
  return undefined;
}

/**
 * Leave a placeholder for an out-of-flow box whose margin box would start at (x, y) in its
 * parent (the static position, §10.3.7), or be centred on (x, y) or end there on either axis
 * (`staticAlign` 0.5 or 1: CSS Position 3 §4.1 static-position rectangle, aligned in a flex or
 * grid container); null when nothing needs placing here (fixed boxes of a paginated document are
 * placed per page, and their placeholders only note their static position on the root's page).
 */
export function outOfFlowPlaceholder(
  box: Exclude<BlockLevelBox, { kind: 'lines' }>,
  x: number,
  y: number,
  staticAlign: StaticAlign = STATIC_START,
  area?: Rect,
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
  keepIdentity(placeholder);
  list.push({ box, placeholder, staticAlign, ...(area ? { area } : {}) });
  return placeholder;
}

/**
 * Lay out an absolute box of a fragmentation context whose fixed descendants belong to `fixedCb`,
 * a containing block of that context already laid out (CSS Transforms 1 §2): the fixed boxes'
 * placeholders left meanwhile are returned.
 */
export function collectingFixed(fc: object, fixedCb: object, run: () => void): Pending[] {
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
 * Visit each placeholder of `pending` under `root`, with its position from root's corner: the
 * tree without them is returned (the boxes are placed elsewhere). Every copy of a placeholder
 * goes (a repeated table header shows the same one again).
 */
export function takePlaceholders(
  root: BoxFragment,
  pending: readonly Pending[],
  visit: (box: LaidOutBox, x: number, y: number, ancestors: () => BoxFragment[], staticAlign: StaticAlign) => void,
): BoxFragment {
  const edits: FragmentEdit[] = [];
  forEachPlaceholder(root, pending, (p, at, copies) => {
    visit(p.box, at.ox + at.placeholder.x, at.oy + at.placeholder.y, at.ancestors, p.staticAlign);
    for (const copy of copies) edits.push({ kind: 'replace', path: copy.path, by: null });
  });
  return editedFragment(root, edits);
}

/** A placeholder found under a containing block's fragment. */
export interface PlaceholderAt {
  readonly placeholder: BoxFragment;
  /** Its path from the containing block's fragment (flow/fragment-edits.ts). */
  readonly path: FragmentPath;
  /** Its parent's position from the containing block's fragment's corner. */
  readonly ox: number;
  readonly oy: number;
  /** The fragments from the containing block's down to its parent. */
  readonly ancestors: () => BoxFragment[];
}

/**
 * Find each placeholder of `pending` under the containing block's fragment and visit it where it
 * is first in tree order, with every place it is at (`copies`, that one first): a subtree shared
 * by several places, such as a table header repeated in each column, holds the same placeholder
 * in each, and the box is placed once, from the first (CSS Tables 3 §3.9: Chromium prints an
 * absolute box of a repeated header, whose containing block is outside it, once). Placeholders
 * are visited in the order they are found.
 */
export function forEachPlaceholder(
  cbFragment: BoxFragment,
  pending: readonly Pending[],
  visit: (p: Pending, at: PlaceholderAt, copies: readonly PlaceholderAt[]) => void,
): void {
  if (!pending.length) return;
  const byPlaceholder = new Map<Fragment, Pending>(pending.map((p) => [p.placeholder, p]));
  const found = new Map<Pending, PlaceholderAt[]>();
  type Node = { f: BoxFragment; index: number; ox: number; oy: number; up: Node | null };
  const pathOf = (node: Node, i: number): number[] => {
    const path = [i];
    for (let n: Node | null = node; n?.up; n = n.up) path.push(n.index);
    return path.reverse();
  };
  const ancestorsOf = (node: Node) => (): BoxFragment[] => {
    const out: BoxFragment[] = [];
    for (let n: Node | null = node; n; n = n.up) out.push(n.f);
    return out.reverse();
  };
  const stack: Node[] = [{ f: cbFragment, index: 0, ox: 0, oy: 0, up: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { f, ox, oy } = node;
    const children = f.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.kind !== 'box') continue;
      const p = byPlaceholder.get(identityOf(c));
      if (!p) {
        if (c.children.length) stack.push({ f: c, index: i, ox: ox + c.x, oy: oy + c.y, up: node });
        continue;
      }
      const at: PlaceholderAt = { placeholder: c, path: pathOf(node, i), ox, oy, ancestors: ancestorsOf(node) };
      const copies = found.get(p);
      if (copies) copies.push(at);
      else found.set(p, [at]);
    }
  }
  for (const [p, copies] of found) {
    const inOrder = copies.length > 1 ? copies.sort((a, b) => (beforeInTree(a.path, b.path) ? -1 : 1)) : copies;
    visit(p, inOrder[0]!, inOrder);
  }
}
