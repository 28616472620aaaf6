import type { Fragment } from '../fragment.js';

/*
 * Chromium prints content that overflows the bottom of the page area (monolithic content: an
 * image, a line, bottom padding placed in one piece, src/flow/monolithic-overflow.ts) on the
 * next pages, as if the pages were cut from one long sheet: each following page shows the next
 * slice of it, under its own content, and pages are added at the end while some of it is left.
 * Measured: a 1500 px image on a 975 px page area continues 525 px down the next page; bottom
 * padding of 3000 px after the last line adds three pages.
 */

/** An earlier page's body whose overflow reaches into the pages that follow it. */
export interface Carry {
  readonly body: Fragment;
  /** The body in page coordinates, once its page is given (paginate). */
  printed: Fragment | null;
  /** Where the slice shown on the next page starts, in the earlier page's coordinates. */
  end: number;
  /** How far the overflow reaches below `end`. */
  rest: number;
}

/** A slice of an earlier page shown on this one: its printed body moved down by `dy` (negative: up). */
export interface CarriedSlice {
  readonly carry: Carry;
  readonly dy: number;
}

/** The overflow of `body` (placed on its page, descendants relative to their parent) below `end`, null when none. */
export function carryOf(body: Fragment, end: number): Carry | null {
  const rest = overflowBottom(body) - end;
  return rest > 0.5 ? { body, printed: null, end, rest } : null;
}

/** The slices this page shows, its content starting at `top` with `room` below it; then the carries move past it. */
export function carriedSlices(carries: Carry[], top: number, room: number): CarriedSlice[] {
  const slices: CarriedSlice[] = [];
  for (const c of carries) {
    if (c.rest <= 0.5) continue;
    slices.push({ carry: c, dy: top - c.end });
    c.end += room;
    // A page without room (margins as tall as the page) moves no overflow on: it ends there,
    // rather than pages being added for ever.
    c.rest = room > 0 ? c.rest - room : 0;
  }
  return slices;
}

/** The slices as a page shows them: the earlier pages, given before this one, are printed by now. */
export function printedSlices(slices: readonly CarriedSlice[]): { fragments: readonly Fragment[]; dy: number }[] {
  return slices.map((s) => ({ fragments: s.carry.printed ? [s.carry.printed] : [], dy: s.dy }));
}

/** Some overflow is left below every page so far: another page is needed. */
export function carriesLeft(carries: readonly Carry[]): boolean {
  return carries.some((c) => c.rest > 0.5);
}

/**
 * The bottom of a page body's overflow in page coordinates: border boxes (the root's and the
 * body's only when they end with padding or a border), text and images, not looking inside boxes
 * that clip their overflow, nor at absolutely positioned boxes (placed by their containing block,
 * src/positioned). `body` is placed on the page, descendants relative to it.
 */
function overflowBottom(body: Fragment): number {
  let bottom = -Infinity;
  const frags: Fragment[] = [body];
  const origins: number[] = [0];
  while (frags.length) {
    const f = frags.pop()!;
    const oy = origins.pop()!;
    if (f.kind === 'text') {
      bottom = Math.max(bottom, oy + f.baseline);
      continue;
    }
    if (f.kind === 'image') {
      bottom = Math.max(bottom, oy + f.clip.y + f.clip.height);
      continue;
    }
    if (f !== body && (f.style.position === 'absolute' || f.style.position === 'fixed')) continue;
    // The root's and body's heights end with their last children's bottom margins, which Chromium does not print onto another page.
    // An empty box (no height or width) is no overflow: Chromium unites only non-empty rects (measured:
    // an empty division past the page end, below a heading's bottom margin, prints nothing again).
    const empty = f.height <= 0 || f.width <= 0;
    if (!empty && (!isRootLike(f) || f.padding.bottom + f.border.bottom > 0))
      bottom = Math.max(bottom, oy + f.y + f.height);
    if (f.style.overflow !== 'visible') continue;
    for (const child of f.children) {
      frags.push(child);
      origins.push(oy + f.y);
    }
  }
  return bottom;
}

function isRootLike(f: Fragment & { kind: 'box' }): boolean {
  return f.tag === 'html' || f.tag === 'body';
}
