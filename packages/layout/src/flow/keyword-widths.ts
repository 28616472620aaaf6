import type { BlockLevelBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import { childPercentageBasis, contentSizes, type IntrinsicSizes } from './intrinsic-size.js';
import { isSizeKeyword, keywordSize, usesWidthKeyword, type IntrinsicWidths } from './size-keywords.js';

/**
 * The lazy intrinsic widths resolveBlockBox needs for a keyword or an aspect ratio (its
 * automatic minimum width), or undefined when the box uses neither (the common case: no
 * closure, no intrinsic sizing).
 */
export function keywordWidths(
  box: BlockLevelBox,
  ctx: LayoutContext,
  cbWidth: number,
  cbHeight: number | null,
): IntrinsicWidths | undefined {
  if (
    !(usesWidthKeyword(box.style) || box.style.aspectRatio !== 'auto') ||
    box.kind === 'lines' ||
    box.kind === 'replaced'
  )
    return undefined;
  // contentSizes caches per box, so asking twice costs nothing.
  return (): IntrinsicSizes => contentSizes(box, ctx, childPercentageBasis(box, ctx, cbWidth, cbHeight));
}

/** Content-box limits from keyword min-width / max-width: null / Infinity where they are not keywords. */
export interface KeywordLimits {
  readonly min: number | null;
  readonly max: number;
}
const NO_LIMITS: KeywordLimits = { min: null, max: Infinity };

/**
 * For boxes whose width another layout mode decides (grid items, absolutely positioned boxes):
 * what min-width / max-width keywords clamp that width to, `available` being the content-box
 * stretch-fit size (CSS Sizing 3 §3.2); `basis` the box's content height when definite.
 */
export function keywordLimits(
  box: BlockLevelBox,
  available: number,
  ctx: LayoutContext,
  basis: number | null = null,
): KeywordLimits {
  const s = box.style;
  if (box.kind === 'lines' || box.kind === 'replaced' || !(isSizeKeyword(s.minWidth) || isSizeKeyword(s.maxWidth)))
    return NO_LIMITS;
  const sizes = contentSizes(box, ctx, basis);
  return {
    min: isSizeKeyword(s.minWidth) ? keywordSize(s.minWidth, sizes, available) : null,
    max: isSizeKeyword(s.maxWidth) ? keywordSize(s.maxWidth, sizes, available) : Infinity,
  };
}
