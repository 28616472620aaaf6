import type { Fragment } from '../fragment.js';
import type { ExclusionSpace } from '../float/exclusions.js';
import type { ForcedBreak, MarginSet, ParallelFlow, Space } from './types.js';

/*
 * What block flow (./block-children.ts) and the modes hooked into it (floats, list markers) share
 * of a flow in progress: floats and markers take the state, not block flow's code, so that they
 * do not import each other (docs/architecture.md).
 */

/** Mutable bookkeeping of one block container fragment while its children flow in. */
export interface FlowState {
  /** Bottom of the last placed child's border box, from this box's border-box top. */
  y: number;
  readonly contentLeft: number;
  /** Margins waiting to collapse with the next child's top (or this box's bottom). */
  pending: MarginSet;
  /** Whether this box's top margin set is final (no more collapsing with a first child). */
  settled: boolean;
  /** From the space's origin to this box's border-box top (valid once settled). */
  origin: number;
  marginTop: MarginSet;
  /** In-flow children with content placed in this fragment. */
  placed: number;
  baseline: number | null;
  lastBaseline: number | null;
  readonly children: Fragment[];
  /** The floats of the BFC this box establishes (src/float), null when its parent's pass through. */
  ownFloats: ExclusionSpace | null;
  /** How far in-flow children reach past the end of the page (./monolithic-overflow.ts), 0 when they don't. */
  overflow: number;
  /** Monolithic overflow of the previous page moved past at this fragment's top: there is a break opportunity after it. */
  skipped: number;
  /** Children that ended here with content overflowing them onto the next page (./parallel-flows.ts). */
  readonly parallel: ParallelFlow[];
  /** A forced break that ended one of those flows on this page: the next page starts after a forced break. */
  parallelForced: ForcedBreak | null;
  /** The flow before the child being laid out, and before the last one placed (to break inside it). */
  nextStart: LastStart | null;
  lastStart: LastStart | null;
}

/** The flow just before a child that started on this page was laid out, to lay it out again. */
export interface LastStart {
  readonly index: number;
  readonly space: Space;
  readonly left: number;
  readonly y: number;
  readonly pending: MarginSet;
  readonly settled: boolean;
  readonly origin: number;
  readonly marginTop: MarginSet;
  readonly placed: number;
  readonly baseline: number | null;
  readonly lastBaseline: number | null;
  readonly overflow: number;
  readonly children: number;
  readonly floats: number;
  readonly parallel: number;
}
