import { resolveLength, type BoxFragment, type ComputedStyle, type Edges } from '@platen/layout';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Corner radii [horizontal, vertical] in px: top-left, top-right, bottom-right, bottom-left. */
export type Radii = readonly [
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
];

/**
 * Square corners, shared: almost every box has them, and a long table's cells made four
 * arrays for each (the radius functions below give exactly these values for them).
 */
const ZERO_CORNER: readonly [number, number] = Object.freeze([0, 0] as const);
const ZERO_RADII: Radii = Object.freeze([ZERO_CORNER, ZERO_CORNER, ZERO_CORNER, ZERO_CORNER] as const);

export function isZeroRadii(radii: Radii): boolean {
  if (radii === ZERO_RADII) return true;
  return radii.every(([h, v]) => h <= 0 || v <= 0);
}

/** The overlap of two rectangles (zero-sized, never negative, when they don't overlap). */
export function intersectRects(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x);
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y);
  return { x, y, width, height };
}

export function insetRect(rect: Rect, edges: Edges): Rect {
  return {
    x: rect.x + edges.left,
    y: rect.y + edges.top,
    width: Math.max(0, rect.width - edges.left - edges.right),
    height: Math.max(0, rect.height - edges.top - edges.bottom),
  };
}

/**
 * Used border radii of a fragment's border box: percentages against the box, then scaled down
 * together when adjacent radii overlap (CSS Backgrounds 3 §5.5). A block box broken with
 * `box-decoration-break: slice` is drawn as if unbroken and cut at the breaks (CSS Fragmentation
 * 3 §5.4): the corners at a break are square. (Inline boxes split across lines and boxes broken
 * in vertical writing modes keep all four.)
 */
export function borderRadii(frag: BoxFragment, rect: Rect): Radii {
  const radii = usedRadii(frag.style.borderRadius, rect);
  const { isFirst, isLast } = frag.part;
  const s = frag.style;
  if (radii === ZERO_RADII || (isFirst && isLast) || s.boxDecorationBreak === 'clone') return radii;
  if (s.display === 'inline' || s.writingMode !== undefined) return radii;
  const [tl, tr, br, bl] = radii;
  return [isFirst ? tl : ZERO_CORNER, isFirst ? tr : ZERO_CORNER, isLast ? br : ZERO_CORNER, isLast ? bl : ZERO_CORNER];
}

/** Used radii of corners given as border-radius values (also inset()'s `round`) on `rect`. */
export function usedRadii(corners: ComputedStyle['borderRadius'], rect: Rect): Radii {
  if (corners.every((corner) => corner[0] === 0 && corner[1] === 0)) return ZERO_RADII;
  const r = corners.map(
    ([h, v]) => [Math.max(0, resolveLength(h, rect.width)), Math.max(0, resolveLength(v, rect.height))] as const,
  );
  const [tl, tr, br, bl] = r as unknown as Radii;
  const ratios = [
    rect.width / (tl[0] + tr[0]),
    rect.width / (bl[0] + br[0]),
    rect.height / (tl[1] + bl[1]),
    rect.height / (tr[1] + br[1]),
  ].filter((f) => Number.isFinite(f));
  const f = Math.min(1, ...ratios);
  return [tl, tr, br, bl].map(([h, v]) => [h * f, v * f] as const) as unknown as Radii;
}

/** Radii of an inner edge (padding or content box): each shrinks by the edge widths (§5.2). */
export function innerRadii(radii: Radii, edges: Edges): Radii {
  if (radii === ZERO_RADII && edges.top >= 0 && edges.right >= 0 && edges.bottom >= 0 && edges.left >= 0)
    return ZERO_RADII;
  const [tl, tr, br, bl] = radii;
  const shrink = (v: number, by: number): number => Math.max(0, v - by);
  return [
    [shrink(tl[0], edges.left), shrink(tl[1], edges.top)],
    [shrink(tr[0], edges.right), shrink(tr[1], edges.top)],
    [shrink(br[0], edges.right), shrink(br[1], edges.bottom)],
    [shrink(bl[0], edges.left), shrink(bl[1], edges.bottom)],
  ];
}

/** Radii of an outer edge (box-shadow spread, outline): grow by `by` where non-zero. */
export function outerRadii(radii: Radii, by: number): Radii {
  if (radii === ZERO_RADII) return ZERO_RADII;
  return radii.map(
    ([h, v]) => [h > 0 ? Math.max(0, h + by) : 0, v > 0 ? Math.max(0, v + by) : 0] as const,
  ) as unknown as Radii;
}

export function outsetRect(rect: Rect, by: number): Rect {
  return {
    x: rect.x - by,
    y: rect.y - by,
    width: Math.max(0, rect.width + 2 * by),
    height: Math.max(0, rect.height + 2 * by),
  };
}

/**
 * Chromium's PixelSnappedIntRect: the origin and the far edges are rounded to whole CSS px
 * and the size is what lies between them, so that adjacent boxes share an edge and a 1px
 * border covers exactly one pixel row (Blink paints box decorations this way, before the
 * print transform). Math.round is LayoutUnit::Round for both signs (floor(v + 0.5)).
 */
export function snapRect(rect: Rect): Rect {
  const x = Math.round(rect.x);
  const y = Math.round(rect.y);
  return {
    x,
    y,
    width: Math.max(0, Math.round(rect.x + rect.width) - x),
    height: Math.max(0, Math.round(rect.y + rect.height) - y),
  };
}
