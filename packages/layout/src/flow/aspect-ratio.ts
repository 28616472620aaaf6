import type { ComputedStyle } from '../style.js';

/**
 * A box's preferred aspect ratio (CSS Sizing 4 §5.1): width / height, relating its border
 * boxes (a plain `<ratio>` with box-sizing: border-box) or its content boxes (content-box,
 * or `auto && <ratio>`, which always relates content boxes).
 */
export interface PreferredRatio {
  readonly ratio: number;
  readonly borderBox: boolean;
}

/** The `aspect-ratio` of a non-replaced box; null for auto. */
export function preferredRatio(style: ComputedStyle): PreferredRatio | null {
  const a = style.aspectRatio;
  if (a === 'auto') return null;
  return { ratio: a.ratio, borderBox: !a.auto && style.boxSizing === 'border-box' };
}

/** The content-box block size a content-box inline size gives through the ratio (CSS Sizing 4 §5.2, automatic sizes). */
export function blockFromInline(r: PreferredRatio, inline: number, inlineEdges: number, blockEdges: number): number {
  if (!r.borderBox) return inline / r.ratio;
  return Math.max(0, (inline + inlineEdges) / r.ratio - blockEdges);
}

/** The content-box inline size a content-box block size gives through the ratio (CSS Sizing 4 §5.2, automatic sizes). */
export function inlineFromBlock(r: PreferredRatio, block: number, inlineEdges: number, blockEdges: number): number {
  if (!r.borderBox) return block * r.ratio;
  return Math.max(0, (block + blockEdges) * r.ratio - inlineEdges);
}

/** Content-box min and max sizes of one axis. */
export interface SizeLimits {
  readonly min: number;
  readonly max: number;
}

/**
 * The box's own min/max of one axis with the other axis's min/max transferred through the
 * ratio (CSS Sizing 4 §5.2, aspect-ratio size transfers; for an axis whose preferred size is automatic): a transferred
 * limit never overrides the axis's own (the own minimum wins over a transferred maximum, the
 * own maximum over a transferred minimum).
 */
export function withTransferredLimits(own: SizeLimits, transferred: SizeLimits): SizeLimits {
  const min = Math.max(own.min, Math.min(transferred.min, own.max));
  const max = Math.max(min, Math.min(own.max, transferred.max));
  return { min, max };
}

/** min-/max-height (content box) transferred through the ratio to content-box width limits; an unset min-height transfers nothing. */
export function transferredWidthLimits(
  r: PreferredRatio,
  heights: SizeLimits,
  inlineEdges: number,
  blockEdges: number,
): SizeLimits {
  return {
    min: heights.min > 0 ? inlineFromBlock(r, heights.min, inlineEdges, blockEdges) : 0,
    max: heights.max === Infinity ? Infinity : inlineFromBlock(r, heights.max, inlineEdges, blockEdges),
  };
}
