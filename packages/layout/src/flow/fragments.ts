import type { BoxFragment, Edges, Fragment, Part, TextDecoration, TextFragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';

/**
 * During layout a fragment's position is relative to its parent fragment's border box
 * (a mode returns its fragment at the origin and the parent moves it into place);
 * `toPageCoordinates` turns the finished tree into absolute page coordinates in one pass.
 */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

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
  children: Fragment[],
): BoxFragment {
  // Fields copied one by one (not spread): every box fragment gets the same shape, cheaply.
  return {
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
}

/**
 * Baseline shift of a text fragment from its line's root baseline (vertical-align). Chromium
 * puts a line's baseline on a whole pixel and keeps the shifts inside the line fractional.
 */
const lineShift = new WeakMap<TextFragment, number>();

export function setLineShift(f: TextFragment, shift: number): void {
  if (shift !== 0) lineShift.set(f, shift);
}

/** The box's fragment starts `gap` lower, its content staying where it is (the gap is not part of it). */
export function startLower(f: BoxFragment, gap: number): void {
  const m = f as Mutable<BoxFragment>;
  m.y += gap;
  m.height = Math.max(0, m.height - gap);
  for (const child of f.children) offsetFragment(child, 0, -gap);
}

/** Move a fragment (relative to its parent) by dx, dy. */
export function offsetFragment(f: Fragment, dx: number, dy: number): void {
  if (f.kind === 'text') {
    const m = f as Mutable<TextFragment>;
    m.x += dx;
    m.baseline += dy;
    if (f.decorations.length) m.decorations = moveDecorations(f.decorations, dx, dy);
    return;
  }
  const m = f as Mutable<BoxFragment>;
  m.x += dx;
  m.y += dy;
}

/** Decorations are shared with copies of their fragment (cloneFragment): moved ones are new objects. */
function moveDecorations(decorations: readonly TextDecoration[], dx: number, dy: number): TextDecoration[] {
  return decorations.map((d) => ({ ...d, x: d.x + dx, y: d.y + dy }));
}

/**
 * Convert relative positions to page coordinates, in place. Iterative, so that deeply
 * nested documents cannot overflow the stack; the stack holds each fragment's parent origin
 * and layer top in a parallel number array (an object per fragment was most of this pass's cost).
 */
export function toPageCoordinates(roots: readonly Fragment[], dx: number, dy: number): void {
  convert(roots, dx, dy, NaN);
}

/**
 * toPageCoordinates of one page body, which also returns what shrink-to-fit's overflowRight
 * would have found on it before the conversion (the right edge of its scrollable overflow from
 * `originX`, with the same arithmetic): one walk over the page's fragments instead of two.
 */
export function toPageCoordinatesMeasured(root: Fragment, originX: number): number {
  return convert([root], 0, 0, -originX);
}

/**
 * The conversion; with a number `measureFrom` it also takes the maximum right edge of text,
 * images and boxes not inside a box that clips its overflow, in the coordinates the tree had
 * before (each entry's origin for that is kept beside the page origin: NaN inside a clip).
 */
function convert(roots: readonly Fragment[], dx: number, dy: number, measureFrom: number): number {
  const measuring = measureFrom === measureFrom;
  let right = -Infinity;
  const frags: Fragment[] = [];
  const origins: number[] = []; // x, y, layer top and (measuring) overflow origin per entry of `frags`
  for (const f of roots) {
    frags.push(f);
    origins.push(dx, dy, 0, measureFrom);
  }
  while (frags.length) {
    const f = frags.pop()!;
    const rx = origins.pop()!;
    const snapY = origins.pop()!;
    const oy = origins.pop()!;
    const ox = origins.pop()!;
    const counted = measuring && rx === rx;
    if (f.kind === 'text' && f.rotation !== undefined) {
      if (counted) right = Math.max(right, rx + f.x + turnedRight(f));
      // A vertical line: no baseline snapping (its baseline is the pen's x).
      const m = f as Mutable<TextFragment>;
      m.x += ox;
      m.baseline += oy;
      if (f.decorations.length) m.decorations = moveDecorations(f.decorations, ox, oy);
      continue;
    }
    if (f.kind === 'text') {
      if (counted) right = Math.max(right, rx + f.x + f.width);
      // Chromium puts line baselines on whole pixels of the layer they paint in: the page, or
      // the border box of a rotated/scaled/skewed ancestor (measured: a rotate(8deg) stamp's
      // baseline is 26 px below its top, 25.55 unsnapped). Snap the line's, move the decorations along.
      const m = f as Mutable<TextFragment>;
      const shift = lineShift.get(f) ?? 0;
      const baseline = Math.round(f.baseline + oy - shift - snapY) + snapY + shift;
      const dy = baseline - f.baseline;
      m.x += ox;
      m.baseline = baseline;
      if (f.decorations.length) m.decorations = moveDecorations(f.decorations, ox, dy);
      continue;
    }
    if (f.kind === 'image') {
      if (counted) right = Math.max(right, rx + f.clip.x + f.clip.width);
      const m = f as Mutable<typeof f>;
      m.x += ox;
      m.y += oy;
      m.clip = { ...f.clip, x: f.clip.x + ox, y: f.clip.y + oy };
      continue;
    }
    // Children of a box that clips its overflow are not part of the page's scrollable overflow.
    const childRx = counted && f.style.overflow === 'visible' ? rx + f.x : NaN;
    if (counted) right = Math.max(right, rx + f.x + f.width);
    const m = f as Mutable<BoxFragment>;
    m.x += ox;
    m.y += oy;
    const layerY = startsLayer(f) ? m.y : snapY;
    for (const child of f.children) {
      frags.push(child);
      origins.push(m.x, m.y, layerY, childRx);
    }
  }
  return right;
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

/** Deep copy (fragments are positioned in place, so a cached one must not be placed twice). */
export function cloneFragment(f: Fragment): Fragment {
  if (f.kind === 'text') {
    const copy = { ...f };
    setLineShift(copy, lineShift.get(f) ?? 0);
    return copy;
  }
  if (f.kind === 'image') return { ...f };
  return { ...f, children: f.children.map(cloneFragment) };
}
