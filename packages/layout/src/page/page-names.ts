import { isMulticol, type BlockLevelBox } from '../boxes/box.js';
import { isOutOfFlowBlock } from '../boxes/hoist.js';
import { cacheOf, memoSlot, type LayoutContext } from '../flow/context.js';
import type { Resume } from '../flow/types.js';

/**
 * Named pages (CSS Paged Media 3 §7): a box's used page name is its `page` value, or its
 * parent's when `auto`. The first box on a page names the page; siblings with different
 * names are separated by a forced break (`flow/breaks.ts`). `page` applies to boxes that make
 * class A break points (§7, CSS Fragmentation 3 §4.1: between in-flow siblings): floats and
 * absolutely positioned boxes neither name a page nor separate the names of their siblings
 * (Chromium, measured: a hidden fixed box between two named pages adds no page).
 */
function own(box: BlockLevelBox, inherited: string): string {
  if (box.kind === 'lines') return inherited;
  const page = box.style.page;
  return page === 'auto' ? inherited : page;
}

const startNames = memoSlot<BlockLevelBox, string | null>('render');
const endNames = memoSlot<BlockLevelBox, string | null>('render');

/** The deepest `page` value along the first (or last) child chain, null when all are auto. Cached. */
function chainName(box: BlockLevelBox, last: boolean, ctx: LayoutContext): string | null {
  // Line boxes, replaced boxes and containers whose first/last child is a line box answer from
  // their style: only container chains are cached (a WeakMap entry per paragraph cost more).
  if (box.kind === 'lines') return null;
  const named = box.style.page !== 'auto' ? box.style.page : null;
  // A multicol container's content does not name pages (its columns are their own fragmentation context).
  if (box.kind === 'replaced' || isMulticol(box)) return named;
  const end = edgeInFlowChild(box.children, last);
  if (!end || end.kind === 'lines') return named;
  const cache = cacheOf(ctx, last ? endNames : startNames);
  const hit = cache.get(box);
  if (hit !== undefined) return hit;
  const name = chainName(end, last, ctx) ?? named;
  cache.set(box, name);
  return name;
}

/** The first (or last) child that is neither floated nor absolutely positioned. */
function edgeInFlowChild(children: readonly BlockLevelBox[], last: boolean): BlockLevelBox | undefined {
  if (!last) return children.find((c) => !isOutOfFlowBlock(c));
  for (let i = children.length - 1; i >= 0; i--) if (!isOutOfFlowBlock(children[i]!)) return children[i];
  return undefined;
}

/**
 * Whether child `i` starts on a page named differently from where its previous in-flow sibling
 * on this page (from `start`) ends, and so needs a page break before it (§7.1).
 */
export function namedPageBreakBefore(
  children: readonly BlockLevelBox[],
  start: number,
  i: number,
  inherited: string,
  ctx: LayoutContext,
): boolean {
  const child = children[i]!;
  if (isOutOfFlowBlock(child)) return false;
  for (let k = i - 1; k >= start; k--) {
    const before = children[k]!;
    if (!isOutOfFlowBlock(before)) return endPage(before, inherited, ctx) !== startPage(child, inherited, ctx);
  }
  return false;
}

/** The start page value (§7.1): the name of the first content inside the box. */
export function startPage(box: BlockLevelBox, inherited: string, ctx: LayoutContext): string {
  return chainName(box, false, ctx) ?? inherited;
}

/** The end page value: the name of the last content inside the box. */
export function endPage(box: BlockLevelBox, inherited: string, ctx: LayoutContext): string {
  return chainName(box, true, ctx) ?? inherited;
}

/** The name of the page that starts at `resume` (null: the document's start). */
export function pageNameAt(root: BlockLevelBox, resume: Resume | null, ctx: LayoutContext): string {
  if (resume === null) return startPage(root, '', ctx);
  let name = own(root, '');
  let box: BlockLevelBox = root;
  let token: Resume | null = resume;
  while (token && token.kind === 'block' && box.kind !== 'lines' && box.kind !== 'replaced') {
    if (token.inner === null) {
      // The page takes its name from its first in-flow content (a float or absolute box there does not name it).
      const first = edgeInFlowChild(box.children.slice(token.child), false);
      return first ? startPage(first, name, ctx) : name;
    }
    const child: BlockLevelBox | undefined = box.children[token.child];
    if (!child) return name;
    name = own(child, name);
    box = child;
    token = token.inner;
  }
  return name;
}
