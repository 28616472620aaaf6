import type { BoxFragment, Edges, Fragment, ImageFragment, Part, TextDecoration, TextFragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { transformedRight } from './transformed-overflow.js';

/**
 * During layout a fragment's position is relative to its parent fragment's border box (a mode
 * returns its fragment at the origin and the parent puts a moved copy of it in place:
 * movedFragment); `toPageCoordinates` makes the page's tree in absolute page coordinates, a new
 * tree. Nothing writes to a fragment once it is made.
 */

export const ZERO_EDGES: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
export const WHOLE: Part = { isFirst: true, isLast: true };
/** Attributes of anonymous fragments, shared (attrs are never written after creation). */
export const NO_ATTRS: Readonly<Record<string, string>> = {};
const PARTS: readonly Part[] = [
  { isFirst: false, isLast: false },
  { isFirst: true, isLast: false },
  { isFirst: false, isLast: true },
  WHOLE,
];

/** The shared Part value for these flags (parts are immutable: no object per fragment). */
export function partOf(isFirst: boolean, isLast: boolean): Part {
  return PARTS[(isFirst ? 1 : 0) + (isLast ? 2 : 0)]!;
}

export function createBoxFragment(
  style: ComputedStyle,
  tag: string,
  attrs: Readonly<Record<string, string>>,
  geometry: { x: number; y: number; width: number; height: number; border: Edges; padding: Edges; part: Part },
  children: readonly Fragment[],
): BoxFragment {
  // Fields copied one by one (not spread): every box fragment gets the same shape, cheaply.
  const f: BoxFragment = {
    kind: 'box',
    style,
    tag,
    attrs,
    x: geometry.x,
    y: geometry.y,
    width: geometry.width,
    height: geometry.height,
    border: geometry.border,
    padding: geometry.padding,
    part: geometry.part,
    children,
  };
  return frozen ? frozenFragment(f) : f;
}

/**
 * Tests only (fragment-moves.test.ts): every box fragment made from now on is frozen, its
 * children too, so that a write to a fragment once made throws.
 */
let frozen = false;

export function freezeFragments(on: boolean): void {
  frozen = on;
}

function frozenFragment(f: BoxFragment): BoxFragment {
  Object.freeze(f.children);
  return Object.freeze(f);
}

/**
 * Baseline shift of a text fragment from its line's root baseline (vertical-align). Chromium
 * puts a line's baseline on a whole pixel and keeps the shifts inside the line fractional.
 */
const lineShift = new WeakMap<TextFragment, number>();

export function setLineShift(f: TextFragment, shift: number): void {
  if (shift !== 0) lineShift.set(f, shift);
}

/** A copy of a text fragment with some fields changed; it keeps the original's line shift. */
export function withText(f: TextFragment, changes: Partial<TextFragment>): TextFragment {
  const copy = { ...f, ...changes };
  setLineShift(copy, lineShift.get(f) ?? 0);
  return copy;
}

/** A copy of the box's fragment starting `gap` lower, its content staying where it is (the gap is not part of it). */
export function startingLower(f: BoxFragment, gap: number): BoxFragment {
  const children = f.children.map((child) => movedFragment(child, 0, -gap));
  return { ...f, y: f.y + gap, height: Math.max(0, f.height - gap), children };
}

/**
 * Fragments that layout finds again by identity (out-of-flow placeholders, positioned/open-blocks.ts),
 * with the fragment each stands for: a moved copy stands for the same one.
 */
const standsFor = new WeakMap<Fragment, Fragment>();

/**
 * Let `f` be found by identity (`identityOf`) through the moved copies made of it; a copy of a
 * fragment kept so already stands for that one.
 */
export function keepIdentity(f: Fragment): void {
  if (!standsFor.has(f)) standsFor.set(f, f);
}

/** The fragment `f` is a moved copy of (itself when it is no copy of a fragment kept by identity). */
export function identityOf(f: Fragment): Fragment {
  return standsFor.get(f) ?? f;
}

/**
 * A copy of a fragment (relative to its parent) moved by dx, dy: its children, relative to it, are
 * shared. The fragment itself when it does not move (fragments are values).
 */
export function movedFragment<F extends Fragment>(f: F, dx: number, dy: number): F {
  if (dx === 0 && dy === 0) return f;
  if (f.kind === 'box') return movedBox(f, dx, dy) as F;
  if (f.kind === 'text') {
    const changes = { x: f.x + dx, baseline: f.baseline + dy };
    const decorations = f.decorations.length ? moveDecorations(f.decorations, dx, dy) : f.decorations;
    return withText(f, { ...changes, decorations }) as F;
  }
  return changedFragment(f as BoxFragment | ImageFragment, { x: f.x + dx, y: f.y + dy }) as F;
}

/** movedFragment of a box: fields one by one, one object shape for every box fragment (createBoxFragment's). */
function movedBox(f: BoxFragment, dx: number, dy: number): BoxFragment {
  const copy = createBoxFragment(
    f.style,
    f.tag,
    f.attrs,
    { x: f.x + dx, y: f.y + dy, width: f.width, height: f.height, border: f.border, padding: f.padding, part: f.part },
    f.children,
  );
  const identity = standsFor.get(f);
  if (identity) standsFor.set(copy, identity);
  return copy;
}

/** A copy of a box or image fragment with some fields changed (found by identity as the original is). */
export function changedFragment<F extends BoxFragment | ImageFragment>(f: F, changes: Partial<F>): F {
  const copy = { ...f, ...changes };
  const identity = standsFor.get(f);
  if (identity) standsFor.set(copy, identity);
  if (frozen && 'children' in copy) Object.freeze(copy.children);
  return frozen ? Object.freeze(copy) : copy;
}

/** Decorations are shared with copies of their fragment: moved ones are new objects. */
function moveDecorations(decorations: readonly TextDecoration[], dx: number, dy: number): TextDecoration[] {
  return decorations.map((d) => ({ ...d, x: d.x + dx, y: d.y + dy }));
}

/**
 * The fragments in page coordinates, as a new tree: each fragment moved by its ancestors'
 * origins (`dx`, `dy` for the roots). Layout's fragments, relative to their parent, are left as
 * they are, so that caches may keep and copy them whatever happened to the page they were on.
 * Iterative, so that deeply nested documents cannot overflow the stack.
 */
export function toPageCoordinates(roots: readonly Fragment[], dx: number, dy: number): Fragment[] {
  return convert(roots, dx, dy, null).fragments;
}

/**
 * toPageCoordinates of one page body, with what shrink-to-fit's overflowRight would have found
 * on it (the right edge of its scrollable overflow from `originX`, with the same arithmetic):
 * one walk over the page's fragments instead of two.
 */
export function toPageCoordinatesMeasured(root: Fragment, originX: number): { fragment: Fragment; right: number } {
  const { fragments, right } = convert([root], 0, 0, -originX);
  return { fragment: fragments[0]!, right };
}

/**
 * The conversion; with a number `measureFrom` it also takes the maximum right edge of text,
 * images and boxes not inside a box that clips its overflow, in the coordinates the tree has
 * (`measureFrom` is the roots' origin for that).
 */
function convert(
  roots: readonly Fragment[],
  dx: number,
  dy: number,
  measureFrom: number | null,
): { fragments: Fragment[]; right: number } {
  let right = -Infinity;
  const out = roots.slice();
  // Per entry of `frags`, in parallel arrays (an object per fragment was most of this pass's
  // cost): the children array its copy goes into and where, its parent's page origin and layer
  // top, and whether it counts for the overflow with the origin it is measured from.
  const frags: Fragment[] = [];
  const into: Fragment[][] = [];
  const numbers: number[] = [];
  const counted: boolean[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    frags.push(roots[i]!);
    into.push(out);
    numbers.push(i, dx, dy, 0, measureFrom ?? 0);
    counted.push(measureFrom !== null);
  }
  while (frags.length) {
    const f = frags.pop()!;
    const siblings = into.pop()!;
    const rx = numbers.pop()!;
    const snapY = numbers.pop()!;
    const oy = numbers.pop()!;
    const ox = numbers.pop()!;
    const slot = numbers.pop()!;
    const counts = counted.pop()!;
    if (f.kind === 'text' && f.rotation !== undefined) {
      if (counts) right = Math.max(right, rx + f.x + turnedRight(f));
      // A vertical line: no baseline snapping (its baseline is the pen's x).
      siblings[slot] = movedText(f, f.x + ox, f.baseline + oy, ox, oy);
      continue;
    }
    if (f.kind === 'text') {
      if (counts) right = Math.max(right, rx + f.x + f.width);
      // Chromium puts line baselines on whole pixels of the layer they paint in: the page, or
      // the border box of a rotated/scaled/skewed ancestor (measured: a rotate(8deg) stamp's
      // baseline is 26 px below its top, 25.55 unsnapped). Snap the line's, move the decorations along.
      const shift = lineShift.get(f) ?? 0;
      const baseline = Math.round(f.baseline + oy - shift - snapY) + snapY + shift;
      siblings[slot] = movedText(f, f.x + ox, baseline, ox, baseline - f.baseline);
      continue;
    }
    if (f.kind === 'image') {
      if (counts) right = Math.max(right, rx + f.clip.x + f.clip.width);
      siblings[slot] = { ...f, x: f.x + ox, y: f.y + oy, clip: { ...f.clip, x: f.clip.x + ox, y: f.clip.y + oy } };
      continue;
    }
    const transformed = f.style.transform.length > 0;
    if (counts) right = Math.max(right, rx + (transformed ? transformedRight(f) : f.x + f.width));
    // Children of a box that clips its overflow are not part of the page's scrollable overflow;
    // a transformed box's were measured with it.
    const childrenCount = counts && !transformed && f.style.overflow === 'visible';
    const x = f.x + ox;
    const y = f.y + oy;
    const children = f.children.slice();
    // Fields one by one, not spread: one object shape for every copy (a spread of fragments of
    // many shapes takes V8's slow path).
    siblings[slot] = {
      kind: 'box',
      style: f.style,
      tag: f.tag,
      attrs: f.attrs,
      x,
      y,
      width: f.width,
      height: f.height,
      border: f.border,
      padding: f.padding,
      part: f.part,
      children,
    };
    const layerY = startsLayer(f) ? y : snapY;
    for (let i = children.length - 1; i >= 0; i--) {
      frags.push(children[i]!);
      into.push(children);
      numbers.push(i, x, y, layerY, rx + f.x);
      counted.push(childrenCount);
    }
  }
  return { fragments: out, right };
}

/** A copy of a text fragment at (x, baseline), its decorations moved by (ddx, ddy). */
function movedText(f: TextFragment, x: number, baseline: number, ddx: number, ddy: number): TextFragment {
  const decorations = f.decorations.length ? moveDecorations(f.decorations, ddx, ddy) : f.decorations;
  const copy: TextFragment = {
    kind: 'text',
    style: f.style,
    x,
    baseline,
    width: f.width,
    runs: f.runs,
    justifySpacing: f.justifySpacing,
    decorations,
  };
  if (f.rotation === undefined && f.compress === undefined) return copy;
  return {
    ...copy,
    ...(f.rotation !== undefined ? { rotation: f.rotation } : {}),
    ...(f.compress !== undefined ? { compress: f.compress } : {}),
  };
}

/** How far right of its pen a turned line's glyphs reach: the ascent turned clockwise, the descent counter-clockwise. */
export function turnedRight(f: TextFragment): number {
  const m = f.runs[0]?.metrics;
  if (!m) return 0;
  return f.rotation === 90 ? m.ascent : m.descent;
}

/** A transform other than a translation paints its box in a layer with its own pixel grid. */
function startsLayer(f: BoxFragment): boolean {
  const t = f.style.transform;
  return t.length > 0 && t.some((x) => x.kind !== 'translate');
}
