/*
 * Parallel flows (CSS Fragmentation 3 §4.4), as Chromium prints them: a box of definite height
 * that ends on a page while its content overflows it past the page end ends there; what follows
 * it comes right after its end, on that page, and the overflowing content goes on at the top of
 * the next page, beside (under) what comes there. Its box has no height there and no edges.
 */
import type { ContainerBox } from '../boxes/box.js';
import type { ParallelFlow, Resume } from './types.js';
import type { LayoutContext } from './context.js';
import { deferredResume } from '../float/float-pages.js';

/**
 * The resume of a box that ended on this page with content still to come, null when none is:
 * `rest` where its own content goes on (null: nowhere), `parallel` its children's overflow.
 */
export function pastEndResume(
  box: ContainerBox,
  rest: { readonly child: number; readonly inner: Resume | null } | null,
  consumed: number,
  parallel: readonly ParallelFlow[],
  ctx: LayoutContext,
): Resume | null {
  const child = rest?.child ?? box.children.length;
  const inner = rest?.inner ?? null;
  if (child >= box.children.length && inner === null && parallel.length === 0 && !deferredResume(box, ctx)) return null;
  return parallel.length > 0
    ? { kind: 'block', child, inner, consumed, pastEnd: true, parallel: parallel.slice() }
    : { kind: 'block', child, inner, consumed, pastEnd: true };
}
