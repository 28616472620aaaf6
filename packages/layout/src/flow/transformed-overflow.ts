import type { BoxFragment, Fragment } from '../fragment.js';
import { resolveLength } from '../style.js';
import { IDENTITY, functionMatrix, multiply, translation, type Matrix } from '../transform-matrix.js';

/**
 * A box's transform as a matrix in its parent's coordinates (CSS Transforms 1 §6: the functions
 * multiplied left to right, around the transform origin; percentages of the border box), as
 * paint applies it.
 */
function boxTransform(f: BoxFragment): Matrix {
  const s = f.style;
  const ox = f.x + resolveLength(s.transformOrigin[0], f.width);
  const oy = f.y + resolveLength(s.transformOrigin[1], f.height);
  let m = translation(ox, oy);
  for (const fn of s.transform) m = multiply(m, functionMatrix(fn, f.width, f.height));
  return multiply(m, translation(-ox, -oy));
}

function isAbsolute(f: Fragment): boolean {
  return f.kind === 'box' && (f.style.position === 'absolute' || f.style.position === 'fixed');
}

/** The largest x of the rectangle (x, y, width, height) mapped by `m`. */
function rightOf(m: Matrix, x: number, y: number, width: number, height: number): number {
  const xs = [x, x + width];
  const ys = [y, y + height];
  let right = -Infinity;
  for (const px of xs) for (const py of ys) right = Math.max(right, m[0] * px + m[2] * py + m[4]);
  return right;
}

/**
 * The right edge of a transformed box's scrollable overflow in its parent's coordinates: the
 * transformed bounding box of its border box and of what overflows it (CSS Overflow 3 §2.2, which
 * counts a box "accounting for transforms"; CSS Transforms 1 §3: a transform affects overflow).
 * Chromium's shrink to fit measures it so: a heading scaled and skewed past the page's right
 * edge shrinks the page as a box that wide does. Children of a box that clips its overflow don't
 * count; text counts its line box (ascent to descent), images their clip.
 */
export function transformedRight(box: BoxFragment): number {
  let right = -Infinity;
  const frags: Fragment[] = [box];
  // Per fragment: its parent's coordinates as measured, and as they would be without the
  // parent's own transform (for absolutely positioned children, see below).
  const parents: Matrix[] = [IDENTITY];
  const untransformedParents: Matrix[] = [IDENTITY];
  while (frags.length) {
    const f = frags.pop()!;
    const untransformed = untransformedParents.pop()!;
    // Chromium measures an absolutely positioned box as if its parent were not transformed
    // (measured: a 250 mm wide absolute child of a box moved 100 mm left by translateX shrinks
    // an A4 page as a 250 mm box does; an in-flow child moves with it).
    const measured = parents.pop()!;
    const parent = isAbsolute(f) ? untransformed : measured;
    if (f.kind === 'text') {
      const metrics = f.runs[0]?.metrics;
      const ascent = metrics?.ascent ?? 0;
      right = Math.max(right, rightOf(parent, f.x, f.baseline - ascent, f.width, ascent + (metrics?.descent ?? 0)));
      continue;
    }
    if (f.kind === 'image') {
      right = Math.max(right, rightOf(parent, f.clip.x, f.clip.y, f.clip.width, f.clip.height));
      continue;
    }
    const m = f.style.transform.length > 0 ? multiply(parent, boxTransform(f)) : parent;
    right = Math.max(right, rightOf(m, f.x, f.y, f.width, f.height));
    if (f.style.overflow !== 'visible') continue;
    const inner = multiply(m, translation(f.x, f.y));
    const innerUntransformed = multiply(parent, translation(f.x, f.y));
    for (const child of f.children) {
      frags.push(child);
      parents.push(inner);
      untransformedParents.push(innerUntransformed);
    }
  }
  return right;
}
