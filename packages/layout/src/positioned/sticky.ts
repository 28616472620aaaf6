import type { BoxFragment, Fragment } from '../fragment.js';
import { resolveLength, type ComputedStyle, type LengthOrAuto } from '../style.js';
import { changedFragment, movedFragment } from '../flow/fragments.js';

/**
 * Sticky positioning (CSS Position 3 §3.4) in a print, where nothing scrolls: a sticky box is
 * laid out in flow, then shifted so that its border box stays inside its scroll container's
 * scrollport reduced by its insets (the sticky view rectangle), as far as its margin box stays
 * inside its containing block. Only a box under a scroll container (overflow other than visible)
 * moves here; against the page it keeps its place.
 */

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The scroll container's fragment with the sticky boxes it contains shifted (those of nested scroll containers are theirs). */
export function withStickyShifts(scroller: BoxFragment): BoxFragment {
  // Chromium measures the view from the scroll container's content box, not its padding box (measured).
  const port = contentRect(scroller);
  return shiftedIn(scroller, scroller, 0, 0, port);
}

/** overflow hidden, scroll or auto makes a scroll container; visible and clip do not (CSS Overflow 3 §3). */
export function isScrollContainer(s: ComputedStyle): boolean {
  return s.overflow !== 'visible' && s.overflow !== 'clip';
}

function contentRect(f: BoxFragment): Rect {
  return {
    left: f.border.left + f.padding.left,
    top: f.border.top + f.padding.top,
    right: f.width - f.border.right - f.padding.right,
    bottom: f.height - f.border.bottom - f.padding.bottom,
  };
}

/** `f` at (ox, oy) from the scroll container's corner, its sticky descendants shifted. */
function shiftedIn(f: BoxFragment, scroller: BoxFragment, ox: number, oy: number, port: Rect): BoxFragment {
  let children: Fragment[] | null = null;
  // The containing block's content box (§3.4: the sticky box's margin box stays inside it), from the scroll container's corner.
  const cb = f === scroller ? null : offset(contentRect(f), ox, oy);
  f.children.forEach((child, i) => {
    if (child.kind !== 'box') return;
    let next = child;
    if (child.style.position === 'sticky') {
      const [dx, dy] = stickyShift(child, offset(boxRect(child), ox, oy), cb, port);
      next = movedFragment(child, dx, dy);
    }
    if (!isScrollContainer(next.style)) next = shiftedIn(next, scroller, ox + next.x, oy + next.y, port);
    if (next !== child) (children ??= [...f.children])[i] = next;
  });
  return children ? changedFragment(f, { children }) : f;
}

function boxRect(f: BoxFragment): Rect {
  return { left: f.x, top: f.y, right: f.x + f.width, bottom: f.y + f.height };
}

function offset(r: Rect, dx: number, dy: number): Rect {
  return { left: r.left + dx, top: r.top + dy, right: r.right + dx, bottom: r.bottom + dy };
}

/** §3.4: the shift on each axis that brings the box inside the sticky view rectangle, limited by its containing block. */
function stickyShift(f: BoxFragment, r: Rect, cb: Rect | null, port: Rect): [number, number] {
  const s = f.style;
  const w = port.right - port.left;
  const h = port.bottom - port.top;
  const margin = (m: LengthOrAuto): number => (m === 'auto' ? 0 : resolveLength(m, cb ? cb.right - cb.left : w));
  const dx = axisShift(
    [r.left, r.right],
    [inset(s.left, w, port.left, 1), inset(s.right, w, port.right, -1)],
    cb ? [cb.left + margin(s.marginLeft), cb.right - margin(s.marginRight)] : null,
  );
  const dy = axisShift(
    [r.top, r.bottom],
    [inset(s.top, h, port.top, 1), inset(s.bottom, h, port.bottom, -1)],
    cb ? [cb.top + margin(s.marginTop), cb.bottom - margin(s.marginBottom)] : null,
  );
  return [dx, dy];
}

function inset(v: ComputedStyle['top'], size: number, edge: number, sign: number): number | null {
  return v === 'auto' ? null : edge + sign * resolveLength(v, size);
}

/**
 * One axis: push the box's start to the view's start edge, or pull its end to the view's end
 * edge (the start wins when both apply), never past its containing block's edges.
 */
function axisShift(
  [start, end]: [number, number],
  [viewStart, viewEnd]: [number | null, number | null],
  limits: [number, number] | null,
): number {
  let d = 0;
  if (viewEnd !== null && end > viewEnd)
    d = Math.min(0, Math.max(viewEnd - end, limits ? limits[0] - start : -Infinity));
  if (viewStart !== null && start + d < viewStart)
    d = Math.max(d, Math.min(viewStart - start, limits ? limits[1] - end : Infinity));
  return d;
}
