import type { BoxFragment, Fragment } from '@platen/layout';
import { paintsDecorations } from './paint-box.js';

/**
 * Painting order, CSS 2.1 Appendix E, flattened into layers per stacking context.
 * Every item remembers the overflow clips of its ancestors inside the context, so that
 * content painted in a later layer is still clipped by the boxes around it.
 */
export interface PaintItem {
  readonly fragment: Fragment;
  /** Ancestors (within the context) whose `overflow` or `clip` clips this item, outermost first. */
  readonly clips: readonly BoxFragment[];
}

export interface StackingContext {
  readonly root: BoxFragment;
  readonly clips: readonly BoxFragment[];
  readonly z: number;
  /** Positioned z-index:auto boxes, floats and inline-blocks paint atomically like contexts but pass no z. */
  readonly negative: StackingContext[];
  readonly blocks: PaintItem[];
  readonly floats: StackingContext[];
  readonly inlines: (PaintItem | StackingContext)[];
  readonly positioned: StackingContext[];
  readonly positive: StackingContext[];
}

const ATOMIC_INLINE = new Set(['inline-block', 'inline-flex', 'inline-grid', 'inline-table']);

export function clipsOverflow(frag: BoxFragment): boolean {
  return frag.style.overflow !== 'visible';
}

const ITEM_CONTAINERS = new Set(['flex', 'inline-flex', 'grid', 'inline-grid']);

/**
 * An in-flow child of a flex or grid container: its z-index applies even when it is not
 * positioned (CSS Grid 1 §4.4, CSS Flexbox 1 §4.3).
 */
function isLayoutItem(frag: BoxFragment, parent: BoxFragment): boolean {
  return (
    ITEM_CONTAINERS.has(parent.style.display) && frag.style.position !== 'absolute' && frag.style.position !== 'fixed'
  );
}

function createsContext(frag: BoxFragment, parent: BoxFragment): boolean {
  const s = frag.style;
  // Fixed boxes always make a stacking context (CSS Positioned Layout 3 §3, as Chromium), and so
  // does clip-path (CSS Masking 1 §5.1).
  return (
    (s.zIndex !== 'auto' && (s.position !== 'static' || isLayoutItem(frag, parent))) ||
    s.position === 'fixed' ||
    s.opacity < 1 ||
    s.transform.length > 0 ||
    s.clipPath !== undefined
  );
}

function finiteBox(f: BoxFragment): boolean {
  return Number.isFinite(f.x) && Number.isFinite(f.y) && Number.isFinite(f.width) && Number.isFinite(f.height);
}

/**
 * Where the positioned descendants and the stacking contexts inside a box painted atomically
 * (positioned z-index: auto, float, inline-block) go: to the nearest real stacking context
 * (Appendix E: they are "part of the parent stacking context"), so that a z-index: -1 child
 * paints below its z-index: auto parent's background. `chain` is the clips from that context
 * to the box's inside; `abs` how many of them clip an absolute descendant whose containing
 * block is outside the box.
 */
interface Hoist {
  readonly target: StackingContext;
  readonly chain: readonly BoxFragment[];
  readonly abs: number;
}

/** A real stacking context: its positioned descendants and nested contexts go to it. */
function newContext(root: BoxFragment, clips: readonly BoxFragment[], z: number): StackingContext {
  const ctx = emptyContext(root, clips, z);
  collect(root, ctx, [], 0, { target: ctx, chain: [], abs: 0 });
  ctx.negative.sort((a, b) => a.z - b.z);
  ctx.positive.sort((a, b) => a.z - b.z);
  return ctx;
}

/** Clips as seen from `ctx` (its items are painted inside its own clips): the chain below `hoist`'s part. */
function relative(clips: readonly BoxFragment[], hoist: Hoist): readonly BoxFragment[] {
  return hoist.chain.length === 0 ? clips : clips.slice(hoist.chain.length);
}

/**
 * `clips` are the clips from the nearest real stacking context (`hoist.target`) down to `parent`'s
 * inside; `absClips`: how many of them also clip absolutely positioned descendants. Overflow
 * clips what its box contains (CSS 2.1 §11.1.1): an absolute box escapes the clips of ancestors
 * below its containing block (the nearest positioned ancestor).
 */
function collect(
  parent: BoxFragment,
  ctx: StackingContext,
  clips: readonly BoxFragment[],
  absClips: number,
  hoist: Hoist,
): void {
  const inner = clipsOverflow(parent) && parent !== ctx.root ? [...clips, parent] : clips;
  const innerAbs = parent.style.position !== 'static' ? inner.length : absClips;
  const children = parent.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.kind !== 'box') {
      ctx.inlines.push({ fragment: child, clips: relative(inner, hoist) });
      continue;
    }
    const s = child.style;
    // A fixed box escapes every overflow clip but the page's; an absolute one those below its containing block.
    const childClips = s.position === 'fixed' ? [] : s.position === 'absolute' ? inner.slice(0, innerAbs) : inner;
    const target = hoist.target;
    if (createsContext(child, parent)) {
      const z = typeof s.zIndex === 'number' ? s.zIndex : 0;
      const list = z < 0 ? target.negative : z > 0 ? target.positive : target.positioned;
      list.push(newContext(child, childClips, z));
    } else if (s.position !== 'static') {
      // Pushed before its content is collected: positioned descendants follow it in tree order.
      const sub = emptyContext(child, childClips);
      target.positioned.push(sub);
      collectPseudo(sub, { target, chain: innerChain(child, childClips), abs: 0 });
    } else if (s.float !== 'none' || ATOMIC_INLINE.has(s.display)) {
      const sub = emptyContext(child, relative(childClips, hoist));
      (s.float !== 'none' ? ctx.floats : ctx.inlines).push(sub);
      collectPseudo(sub, { target, chain: innerChain(child, childClips), abs: Math.min(innerAbs, childClips.length) });
    } else {
      // A box that paints nothing of its own (most table cells, rows, wrappers) needs no item
      // unless it is clipped (its clip is written even so), or has no finite position (its
      // painting reports it).
      const own = relative(childClips, hoist);
      if (own.length > 0 || paintsDecorations(child) || !finiteBox(child))
        (s.display === 'inline' ? ctx.inlines : ctx.blocks).push({ fragment: child, clips: own });
      collect(child, ctx, childClips, Math.min(innerAbs, childClips.length), hoist);
    }
  }
}

/** A stacking context with nothing collected yet; z 0 also for a box painted atomically like one. */
function emptyContext(root: BoxFragment, clips: readonly BoxFragment[], z = 0): StackingContext {
  return { root, clips, z, negative: [], blocks: [], floats: [], inlines: [], positioned: [], positive: [] };
}

function collectPseudo(sc: StackingContext, hoist: Hoist): void {
  collect(sc.root, sc, hoist.chain, sc.root.style.position !== 'static' ? hoist.chain.length : hoist.abs, hoist);
}

/** The clips inside a box: those around it, and its own (`clip`, overflow). */
function innerChain(box: BoxFragment, clips: readonly BoxFragment[]): readonly BoxFragment[] {
  return clipsOverflow(box) || box.style.clip ? [...clips, box] : clips;
}

/** The stacking contexts of a page: its top-level fragments, each painted as a root. */
export function buildStacking(page: { readonly fragments: readonly Fragment[] }): (PaintItem | StackingContext)[] {
  return page.fragments.map((f) => (f.kind === 'box' ? newContext(f, [], 0) : { fragment: f, clips: [] }));
}

export function isContext(item: PaintItem | StackingContext): item is StackingContext {
  return 'root' in item;
}
