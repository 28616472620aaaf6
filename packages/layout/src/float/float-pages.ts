import type { ContainerBox } from '../boxes/box.js';
import { cacheOf, cacheSlot, type LayoutContext } from '../flow/context.js';
import type { FlowState } from '../flow/flow-state.js';
import type { UsedBox } from '../flow/box-model.js';
import type { Resume, Space } from '../flow/types.js';
import { childFloats, placeFloat, type FloatBox } from './float-layout.js';

/**
 * Floats and page breaks (CSS Fragmentation 3 with CSS 2.1 §9.5.1): a float that does not fit
 * moves to the next page (or its rest, when it was split there) while the flow after it stays;
 * it then heads its parent's next fragment. Kept by parent box.
 */
interface Deferred {
  readonly index: number;
  readonly box: FloatBox;
  readonly resume: Resume | null;
  /** Its first part is on this page (split at the page end); false: it moved whole. */
  readonly started: boolean;
}

/**
 * The deferred floats by parent, and how many lists were put in and not taken out yet (an upper
 * bound: a list whose box was dropped is never taken out). The count is zero in documents without
 * floats at page ends, where every block container's start and end then skip their lookups.
 */
const deferredSlot = cacheSlot('render', () => ({ lists: new WeakMap<ContainerBox, Deferred[]>(), open: 0 }));

export function flowFloat(
  parent: ContainerBox,
  index: number,
  child: FloatBox,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
  resume: Resume | null = null,
): void {
  const deferred = cacheOf(ctx, deferredSlot);
  const list = deferred.lists.get(parent) ?? [];
  // A later float may not sit higher than an earlier one (§9.5.1 rule 5): it follows one that
  // moved whole to the next page, but may sit beside one split at the page end (Chromium splits
  // a row of floated labels crossing the page end, each beside the other).
  const outcome = list.every((d) => d.started)
    ? placeFloat(child, space, used, state, ctx, resume)
    : { placed: false as const };
  if (outcome.placed && outcome.rest === null) return;
  if (!outcome.placed && space.mode === 'layout')
    childFloats(space, used, state).exclusions.markMovedOn(child.style.float === 'right' ? 'right' : 'left');
  if (list.length === 0) {
    deferred.lists.set(parent, list);
    deferred.open++;
  }
  list.push({ index, box: child, resume: outcome.placed ? outcome.rest : resume, started: outcome.placed });
}

/**
 * At the start of a box's fragment: a continuation first places the floats deferred from the
 * previous page (those before the resume point; the others will be met again in the flow).
 */
export function startFloats(
  parent: ContainerBox,
  resumeAt: number | null,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
): void {
  const deferred = cacheOf(ctx, deferredSlot);
  if (deferred.open === 0) return;
  const list = deferred.lists.get(parent);
  // Measuring passes (flex, grid) neither place nor drop what a layout pass deferred.
  if (!list || space.mode !== 'layout') return;
  deferred.lists.delete(parent);
  deferred.open--;
  if (resumeAt === null) return;
  for (const d of list) if (d.index < resumeAt) flowFloat(parent, d.index, d.box, space, used, state, ctx, d.resume);
}

/** A box whose floats were deferred is not finished on this page: it continues after its last child. */
export function deferredResume(parent: ContainerBox, ctx: LayoutContext): { child: number; inner: null } | null {
  const deferred = cacheOf(ctx, deferredSlot);
  if (deferred.open === 0) return null;
  return deferred.lists.get(parent)?.length ? { child: parent.children.length, inner: null } : null;
}

/** A float of this box was split at this page's end: its first part commits the box to this page. */
export function splitFloatHere(parent: ContainerBox, ctx: LayoutContext): boolean {
  const deferred = cacheOf(ctx, deferredSlot);
  if (deferred.open === 0) return false;
  return deferred.lists.get(parent)?.some((d) => d.started) ?? false;
}
