import type { ComputedStyle, LengthOrAuto } from '../style.js';
import { resolveLength } from '../style.js';

/** One axis of an absolutely positioned box (CSS 2.1 §10.3.7 / §10.6.4), all in px; null = auto. */
export interface AxisInput {
  readonly start: number | null;
  readonly end: number | null;
  /** Content size when definite (already converted from box-sizing). */
  readonly size: number | null;
  readonly marginStart: number | null;
  readonly marginEnd: number | null;
  /** Border + padding on this axis. */
  readonly edges: number;
  /** The containing block's padding-box size on this axis. */
  readonly cb: number;
  /** Static position of the margin-box start, from the containing block's padding-box start. */
  readonly staticPos: number;
  /** How much of the margin box lies before staticPos (0: it starts there; 0.5: centred on it; 1: it ends there). */
  readonly staticAlign?: number;
  /** The containing block's direction on the inline (horizontal) axis; none on the block axis. */
  readonly direction?: 'ltr' | 'rtl';
}

/**
 * How an out-of-flow box aligns on its static position, per axis: 0 its margin box starts there,
 * 0.5 it is centred on it, 1 it ends there (CSS Position 3 §4.1, aligned in a flex or grid container).
 */
export interface StaticAlign {
  readonly x: number;
  readonly y: number;
}

export const STATIC_START: StaticAlign = { x: 0, y: 0 };

export interface AxisResult {
  /** Border-box start from the containing block's padding-box start. */
  readonly offset: number;
  readonly size: number;
  readonly marginStart: number;
  readonly marginEnd: number;
}

export function inset(l: LengthOrAuto, reference: number): number | null {
  return l === 'auto' ? null : resolveLength(l, reference);
}

/**
 * The available size for a shrink-to-fit (or stretched) size on this axis: what the
 * constraint equation leaves with `auto` start taken as the static position (§10.3.7).
 */
export function availableSize(a: AxisInput): number {
  const margins = (a.marginStart ?? 0) + (a.marginEnd ?? 0) + a.edges;
  if (a.start === null && a.end === null && a.staticAlign) {
    // CSS Position 3 §4.1: aligned on its static position, a box may take the room on the aligned
    // side(s) of it: before it when it ends there, twice the nearer distance when centred.
    const p = a.staticPos;
    const room = a.staticAlign === 1 ? p : a.staticAlign === 0.5 ? 2 * Math.min(p, a.cb - p) : a.cb - p;
    return Math.max(0, room - margins);
  }
  const start = a.start ?? (a.end === null ? a.staticPos : 0);
  const end = a.end ?? 0;
  return Math.max(0, a.cb - start - end - margins);
}

/**
 * Solve start + margin-start + edges + size + margin-end + end = cb for one axis, once the size
 * (shrink-to-fit or content-based when it was auto) is known. Rules of §10.3.7 / §10.6.4:
 * both insets auto → static position; one auto → it absorbs the rest; none auto → auto
 * margins share the rest (centring), else the end inset is ignored (over-constrained).
 */
export function solveAxis(a: AxisInput, size: number): AxisResult {
  let ms = a.marginStart;
  let me = a.marginEnd;
  const outer = a.edges + size;
  if (a.start !== null && a.end !== null) {
    const rest = a.cb - a.start - a.end - outer;
    if (ms === null && me === null) [ms, me] = autoMargins(rest, a.direction);
    else if (ms === null) ms = rest - (me ?? 0);
    else if (me === null) me = rest - ms;
    // §10.3.7: over-constrained in an rtl containing block, `left` is ignored (`right` holds).
    else if (a.direction === 'rtl') return { offset: a.cb - a.end - me - outer, size, marginStart: ms, marginEnd: me };
    return { offset: a.start + ms, size, marginStart: ms, marginEnd: me ?? 0 };
  }
  ms ??= 0;
  me ??= 0;
  if (a.start !== null) return { offset: a.start + ms, size, marginStart: ms, marginEnd: me };
  if (a.end !== null) return { offset: a.cb - a.end - me - outer, size, marginStart: ms, marginEnd: me };
  const before = (a.staticAlign ?? 0) * (ms + outer + me);
  return { offset: a.staticPos - before + ms, size, marginStart: ms, marginEnd: me };
}

/**
 * Two auto margins between set insets share the rest equally (§10.3.7, §10.6.4). On the
 * horizontal axis they are never negative: the margin on the containing block's start side
 * is 0 and the other takes the rest (margin-left in ltr, margin-right in rtl); vertically
 * they centre even when negative.
 */
function autoMargins(rest: number, direction: 'ltr' | 'rtl' | undefined): [number, number] {
  if (direction === undefined || rest >= 0) return [rest / 2, rest / 2];
  return direction === 'ltr' ? [0, rest] : [rest, 0];
}

/** Is the size on this axis stretched between two non-auto insets (auto size, both insets set)? */
export function isStretched(a: AxisInput): boolean {
  return a.size === null && a.start !== null && a.end !== null;
}

export function isOutOfFlowStyle(s: ComputedStyle): boolean {
  return s.position === 'absolute' || s.position === 'fixed';
}

/** A transformed box contains its fixed descendants as well as its absolute ones (CSS Transforms 1 §2). */
export function containsFixed(s: ComputedStyle): boolean {
  return s.transform.length > 0;
}
