import { resolveLength, type TransformFn } from './style.js';

/** A 2D affine matrix [a, b, c, d, e, f]: (x, y) → (a·x + c·y + e, b·x + d·y + f), as PDF's `cm`. */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export const translation = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];

/** m · n: n applied first, then m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const radians = (deg: number): number => (deg * Math.PI) / 180;

/**
 * One transform function as a matrix (CSS Transforms 1 §14), percentages of a box `width` ×
 * `height`. Layout (shrink to fit's overflow) and paint multiply the same matrices.
 */
export function functionMatrix(fn: TransformFn, width: number, height: number): Matrix {
  switch (fn.kind) {
    case 'translate':
      return translation(resolveLength(fn.x, width), resolveLength(fn.y, height));
    case 'rotate': {
      const a = radians(fn.deg);
      return [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
    }
    case 'scale':
      return [fn.x, 0, 0, fn.y, 0, 0];
    case 'skew':
      return [1, Math.tan(radians(fn.yDeg)), Math.tan(radians(fn.xDeg)), 1, 0, 0];
    case 'matrix':
      return fn.m;
  }
}
