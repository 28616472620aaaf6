import type { ComputedStyle, LengthOrAuto, LengthOrNone, SizeKeyword } from '../style.js';

/** Min-content and max-content inline sizes (CSS Sizing 3 §5). */
export interface IntrinsicSizes {
  readonly min: number;
  readonly max: number;
}

/** Content-box min-/max-content widths of a box, computed only when asked. */
export type IntrinsicWidths = () => IntrinsicSizes;

export function isSizeKeyword(v: LengthOrAuto | LengthOrNone | SizeKeyword): v is SizeKeyword {
  return v === 'min-content' || v === 'max-content' || v === 'fit-content' || v === 'stretch';
}

/** Does the box's width, min-width or max-width use an intrinsic size keyword? */
export function usesWidthKeyword(s: ComputedStyle): boolean {
  return isSizeKeyword(s.width) || isSizeKeyword(s.minWidth) || isSizeKeyword(s.maxWidth);
}

/**
 * The content-box size a keyword stands for (CSS Sizing 3 §3.2, §5): min-content, max-content,
 * or fit-content = min(max-content, max(min-content, available)), `available` being the
 * stretch-fit size (the containing block less margins, borders and padding), which `stretch` is
 * (CSS Sizing 4 §3.1).
 */
export function keywordSize(k: SizeKeyword, sizes: IntrinsicSizes, available: number): number {
  if (k === 'stretch') return available;
  if (k === 'min-content') return sizes.min;
  if (k === 'max-content') return sizes.max;
  return Math.min(sizes.max, Math.max(sizes.min, available));
}

/**
 * The box's own intrinsic widths under its keyword width / min-width / max-width: a box sized
 * max-content is that wide under a min-content constraint too (CSS Sizing 3 §5.1); fit-content
 * contributes like auto. `inner` is returned as is when no keyword is used.
 */
export function keywordContribution(s: ComputedStyle, inner: IntrinsicSizes): IntrinsicSizes {
  if (!usesWidthKeyword(s)) return inner;
  let { min, max } = inner;
  if (s.width === 'max-content') min = max;
  else if (s.width === 'min-content') max = min;
  if (isSizeKeyword(s.maxWidth)) {
    const cap = keywordSize(s.maxWidth, inner, Infinity);
    min = Math.min(min, cap);
    max = Math.min(max, cap);
  }
  if (isSizeKeyword(s.minWidth)) {
    const floor = keywordSize(s.minWidth, inner, 0);
    min = Math.max(min, floor);
    max = Math.max(max, floor);
  }
  return { min, max };
}

/** `keywordSize` for a value that may not be a keyword: null for lengths, auto and none. */
export function keywordWidth(
  l: LengthOrAuto | LengthOrNone | SizeKeyword,
  sizes: IntrinsicSizes,
  available: number,
): number | null {
  return isSizeKeyword(l) ? keywordSize(l, sizes, available) : null;
}
