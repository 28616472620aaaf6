import type { LayoutContext } from '../flow/context.js';
import { borderEdges, definite, marginOrZero, paddingEdges, toContentSize } from '../flow/box-model.js';
import { contentWidths, type ItemBox } from '../items/sized-box.js';
import { isSizeKeyword } from '../flow/size-keywords.js';
import { keywordLimits } from '../flow/keyword-widths.js';

/** justify-self / align-self of an item (auto resolved), and whether its margins on that axis are auto. */
export interface AxisAlignment {
  readonly value: string;
  readonly autoStart: boolean;
  readonly autoEnd: boolean;
  /**
   * The axis' start is its right side (the inline axis of an rtl grid, CSS Writing Modes 4 §2.1):
   * the logical keywords align from the right, `left` and `right` stay physical.
   */
  readonly rightToLeft?: boolean;
}

export interface AreaFit {
  /** Border-box size. */
  readonly size: number;
  /** Border-box start from the area's start edge. */
  readonly offset: number;
  readonly stretched: boolean;
}

/**
 * Size and position an item in its grid area along one axis (CSS Grid §10.3–10.4, CSS Box
 * Alignment §6): a definite size wins; `normal`/`stretch` fill the area (not for replaced
 * elements, which keep their size); otherwise fit-content width or the laid-out height;
 * auto margins absorb the free space before self-alignment.
 */
export function alignInArea(
  item: ItemBox,
  axis: 'x' | 'y',
  area: number,
  align: AxisAlignment,
  cbWidth: number,
  ctx: LayoutContext,
  measuredOuter = 0,
): AreaFit {
  const s = item.style;
  const x = axis === 'x';
  const m0 = marginOrZero(x ? s.marginLeft : s.marginTop, cbWidth);
  const m1 = marginOrZero(x ? s.marginRight : s.marginBottom, cbWidth);
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  const bp = x ? b.left + b.right + p.left + p.right : b.top + b.bottom + p.top + p.bottom;
  const reference = x ? cbWidth : area;
  const specified = definite(x ? s.width : s.height, reference);
  const min = definite(x ? s.minWidth : s.minHeight, reference);
  const max = definite(x ? s.maxWidth : s.maxHeight, reference);
  const kw = x ? keywordLimits(item, area - m0 - m1 - bp, ctx) : null;
  const clamp = (v: number): number => {
    let out = v;
    if (max !== null) out = Math.min(out, toContentSize(max, s, bp) + bp);
    if (kw && kw.max !== Infinity) out = Math.min(out, kw.max + bp);
    if (min !== null) out = Math.max(out, toContentSize(min, s, bp) + bp);
    if (kw && kw.min !== null) out = Math.max(out, kw.min + bp);
    return Math.max(out, bp);
  };
  const value = align.value.replace(/^(unsafe|safe) /, '');
  // `normal` sizes as start a replaced element or a box with a preferred aspect ratio, else as
  // stretch (CSS Grid §6.2); as in Chromium, such a box's width still stretches while its height
  // is not definite (the height then follows the width through the ratio).
  const sizedByRatio = s.aspectRatio !== 'auto' && (!x || definite(s.height, null) !== null);
  const stretch =
    (value === 'stretch' || (value === 'normal' && item.kind !== 'replaced' && !sizedByRatio)) &&
    !align.autoStart &&
    !align.autoEnd;
  let size: number;
  let stretched = false;
  if (specified !== null) size = clamp(toContentSize(specified, s, bp) + bp);
  // A keyword size is not stretched: the content sizes it below (CSS Sizing 3 §3.2). A replaced
  // element stretches only when asked to explicitly (`stretch`, not `normal`: CSS Grid §6.2).
  else if (stretch && !isSizeKeyword(x ? s.width : s.height)) {
    size = clamp(area - m0 - m1);
    stretched = !x;
  } else if (x) {
    const c = contentWidths(item, ctx);
    size = clamp(Math.min(Math.max(c.min + bp, area - m0 - m1), c.max + bp));
  } else size = measuredOuter - m0 - m1;
  return { size, offset: offsetInArea(item, axis, area, size, align, cbWidth), stretched };
}

/**
 * The width of a replaced item stretched in the block axis only (`align-self: stretch`, `width:
 * auto`): its ratio carries the stretched height over to the width (CSS Grid §6.2, csswg-drafts
 * #5713), clamped by min- and max-width. Null when the width does not follow the height.
 */
export function widthFromStretchedHeight(
  item: ItemBox,
  height: number,
  justify: AxisAlignment,
  cbWidth: number,
): number | null {
  const s = item.style;
  if (item.kind !== 'replaced' || item.noRatio || s.width !== 'auto' || !item.intrinsicHeight) return null;
  if (justify.value.replace(/^(unsafe|safe) /, '') === 'stretch' && !justify.autoStart && !justify.autoEnd) return null;
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  const bpX = b.left + b.right + p.left + p.right;
  const bpY = b.top + b.bottom + p.top + p.bottom;
  const ratio = item.intrinsicWidth / item.intrinsicHeight;
  let width = Math.max(0, height - bpY) * ratio;
  const max = definite(s.maxWidth, cbWidth);
  const min = definite(s.minWidth, cbWidth);
  if (max !== null) width = Math.min(width, toContentSize(max, s, bpX));
  if (min !== null) width = Math.max(width, toContentSize(min, s, bpX));
  return width + bpX;
}

/** Border-box start of an item of border-box `size` in an area along one axis (self-alignment, auto margins). */
export function offsetInArea(
  item: ItemBox,
  axis: 'x' | 'y',
  area: number,
  size: number,
  align: AxisAlignment,
  cbWidth: number,
): number {
  const s = item.style;
  const m0 = marginOrZero(axis === 'x' ? s.marginLeft : s.marginTop, cbWidth);
  const m1 = marginOrZero(axis === 'x' ? s.marginRight : s.marginBottom, cbWidth);
  const free = area - size - m0 - m1;
  if (align.autoStart || align.autoEnd) {
    const share = Math.max(0, free) / ((align.autoStart ? 1 : 0) + (align.autoEnd ? 1 : 0));
    return m0 + (align.autoStart ? share : 0);
  }
  const value = align.value.replace(/^(unsafe|safe) /, '');
  if (value === 'left' || value === 'right') return m0 + (value === 'right' ? free : 0);
  // self-start and self-end follow the item's own direction (CSS Box Alignment §4.3).
  if (axis === 'x' && (value === 'self-start' || value === 'self-end'))
    return m0 + ((value === 'self-end') === (s.direction !== 'rtl') ? free : 0);
  return m0 + (align.rightToLeft ? free - selfOffset(value, free) : selfOffset(value, free));
}

/** Offset from the start side of the axis for a logical self-alignment keyword. */
function selfOffset(value: string, free: number): number {
  switch (value) {
    case 'center':
      return free / 2;
    case 'end':
    case 'self-end':
    case 'flex-end':
    case 'last baseline':
      return free;
    default:
      return 0;
  }
}
