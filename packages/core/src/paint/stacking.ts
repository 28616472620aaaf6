import type { BoxFragment, Fragment } from '@platen/layout';
import { paintsDecorations } from './paint-box.js';

/**
 * Painting order, CSS 2.1 Appendix E, flattened into layers per stacking context.
 * Every item remembers the overflow clips of its ancestors inside the context, so that
 * content painted in a later layer is still clipped by the boxes around it.
 */
export interface PaintItem {
  readonly fragment: Fragment;
  /** Ancestors (within the context) whose `overflow` clips this item, outermost first. */
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

function createsContext(frag: BoxFragment): boolean {
  const s = frag.style;
  // Fixed boxes always make a stacking context (CSS Positioned Layout 3 §3, as Chromium), and so
  // does clip-path (CSS Masking 1 §5.1).
  return (s.position !== 'static' && s.zIndex !== 'auto') || s.position === 'fixed' || s.opacity < 1 || s.transform.length > 0 || s.clipPath !== undefined;
}

function finiteBox(f: BoxFragment): boolean {
  return Number.isFinite(f.x) && Number.isFinite(f.y) && Number.isFinite(f.width) && Number.isFinite(f.height);
}

function newContext(root: BoxFragment, clips: readonly BoxFragment[], z: number): StackingContext {
  const ctx: StackingContext = { root, clips, z, negative: [], blocks: [], floats: [], inlines: [], positioned: [], positive: [] };
  collect(root, ctx, [], 0);
  ctx.negative.sort((a, b) => a.z - b.z);
  ctx.positive.sort((a, b) => a.z - b.z);
  return ctx;
}

/**
 * `absClips`: how many of `clips` also clip absolutely positioned descendants. Overflow clips
 * what its box contains (CSS 2.1 §11.1.1): an absolute box escapes the clips of ancestors
 * below its containing block (the nearest positioned ancestor).
 */
function collect(parent: BoxFragment, ctx: StackingContext, clips: readonly BoxFragment[], absClips: number): void {
  const inner = clipsOverflow(parent) && parent !== ctx.root ? [...clips, parent] : clips;
  const innerAbs = parent.style.position !== 'static' ? inner.length : absClips;
  const children = parent.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.kind !== 'box') {
      ctx.inlines.push({ fragment: child, clips: inner });
      continue;
    }
    const s = child.style;
    // A fixed box escapes every overflow clip but the page's; an absolute one those below its containing block.
    const childClips = s.position === 'fixed' ? [] : s.position === 'absolute' ? inner.slice(0, innerAbs) : inner;
    if (createsContext(child)) {
      const z = typeof s.zIndex === 'number' ? s.zIndex : 0;
      const sub = newContext(child, childClips, z);
      (z < 0 ? ctx.negative : z > 0 ? ctx.positive : ctx.positioned).push(sub);
    } else if (s.position !== 'static') {
      ctx.positioned.push(newContext(child, childClips, 0));
    } else if (s.float !== 'none') {
      ctx.floats.push(newContext(child, childClips, 0));
    } else if (ATOMIC_INLINE.has(s.display)) {
      ctx.inlines.push(newContext(child, childClips, 0));
    } else {
      // A box that paints nothing of its own (most table cells, rows, wrappers) needs no item
      // unless it is clipped (its clip is written even so), or has no finite position (its
      // painting reports it).
      if (childClips.length > 0 || paintsDecorations(child) || !finiteBox(child)) (s.display === 'inline' ? ctx.inlines : ctx.blocks).push({ fragment: child, clips: childClips });
      collect(child, ctx, childClips, Math.min(innerAbs, childClips.length));
    }
  }
}

/** The stacking contexts of a page: its top-level fragments, each painted as a root. */
export function buildStacking(page: { readonly fragments: readonly Fragment[] }): (PaintItem | StackingContext)[] {
  return page.fragments.map((f) => (f.kind === 'box' ? newContext(f, [], 0) : { fragment: f, clips: [] }));
}

export function isContext(item: PaintItem | StackingContext): item is StackingContext {
  return 'root' in item;
}
