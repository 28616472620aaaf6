import type { Edges } from '../fragment.js';
import type { ComputedStyle, Length, LengthOrAuto, LengthOrNone } from '../style.js';
import { resolveLength } from '../style.js';

/** Used values of a block-level box's box model (CSS 2.1 §10.3.3, §10.4, §10.6.3, §10.7). */
export interface UsedBox {
  /** Content-box width. */
  readonly width: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  readonly border: Edges;
  readonly padding: Edges;
  /** Content-box height when definite (`height` not auto, or a resolvable percentage). */
  readonly height: number | null;
  readonly minHeight: number;
  readonly maxHeight: number;
}

export function borderEdges(style: ComputedStyle): Edges {
  return { top: style.borderTop.width, right: style.borderRight.width, bottom: style.borderBottom.width, left: style.borderLeft.width };
}

/** Padding; percentages refer to the containing block's width, on all four sides (§8.4). */
export function paddingEdges(style: ComputedStyle, cbWidth: number): Edges {
  return {
    top: resolveLength(style.paddingTop, cbWidth), right: resolveLength(style.paddingRight, cbWidth),
    bottom: resolveLength(style.paddingBottom, cbWidth), left: resolveLength(style.paddingLeft, cbWidth),
  };
}

export function marginOrZero(m: LengthOrAuto, cbWidth: number): number {
  return m === 'auto' ? 0 : resolveLength(m, cbWidth);
}

/** A percentage-free length, or one whose reference is known. Null for `auto` or unresolvable. */
export function definite(l: LengthOrAuto | LengthOrNone, reference: number | null): number | null {
  if (l === 'auto' || l === 'none') return null;
  if (typeof l === 'number') return l;
  if (l.pct !== 0 && reference === null) return null;
  return resolveLength(l, reference ?? 0);
}

/** Convert a specified width/height to the content box per box-sizing (CSS UI 3 §4.1). */
export function toContentSize(value: number, style: ComputedStyle, edgesSum: number): number {
  return style.boxSizing === 'border-box' ? Math.max(0, value - edgesSum) : value;
}

/** Used width and horizontal margins of a block-level, non-replaced box in normal flow (§10.3.3 + §10.4). */
export function resolveBlockBox(
  style: ComputedStyle, cbWidth: number, cbHeight: number | null, cbDirection: 'ltr' | 'rtl' = 'ltr', legacyAlign?: LegacyAlign,
): UsedBox {
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const hEdges = border.left + border.right + padding.left + padding.right;
  const vEdges = border.top + border.bottom + padding.top + padding.bottom;
  const specified = definite(style.width, cbWidth);
  let width = specified === null ? null : toContentSize(specified, style, hEdges);
  const maxW = definite(style.maxWidth, cbWidth);
  const minW = definite(style.minWidth, cbWidth) ?? 0;
  const rtl = cbDirection === 'rtl';
  let h = horizontalMargins(style, cbWidth, width, hEdges, rtl);
  width = h.width;
  // §10.4: max-width then min-width, each re-running the rules with that width.
  if (maxW !== null && width > toContentSize(maxW, style, hEdges)) h = horizontalMargins(style, cbWidth, toContentSize(maxW, style, hEdges), hEdges, rtl);
  if (h.width < toContentSize(minW, style, hEdges)) h = horizontalMargins(style, cbWidth, toContentSize(minW, style, hEdges), hEdges, rtl);
  if (legacyAlign) h = alignLegacy(style, h, cbWidth, hEdges, legacyAlign);
  const heightSpecified = definite(style.height, cbHeight);
  const maxH = definite(style.maxHeight, cbHeight);
  return {
    width: h.width, marginLeft: h.left, marginRight: h.right,
    marginTop: marginOrZero(style.marginTop, cbWidth), marginBottom: marginOrZero(style.marginBottom, cbWidth),
    border, padding,
    height: heightSpecified === null ? null : toContentSize(heightSpecified, style, vEdges),
    minHeight: toContentSize(definite(style.minHeight, cbHeight) ?? 0, style, vEdges),
    maxHeight: maxH === null ? Infinity : toContentSize(maxH, style, vEdges),
  };
}

type LegacyAlign = 'left' | 'right' | 'center';

/**
 * `align=right|center` / `<center>` on the parent (text-align: -webkit-right/center) also
 * moves child blocks narrower than it whose margins are not auto, as Chromium does
 * (ResolveInlineAutoMargins): the free space goes before the box, or half of it.
 */
function alignLegacy(
  style: ComputedStyle, h: { width: number; left: number; right: number }, cb: number, hEdges: number, align: LegacyAlign,
): { width: number; left: number; right: number } {
  if (style.marginLeft === 'auto' || style.marginRight === 'auto') return h;
  const left = resolveLength(style.marginLeft, cb);
  const right = resolveLength(style.marginRight, cb);
  const free = cb - h.width - hEdges - left - right;
  if (!(free > 0)) return h;
  // Physical sides, whatever the direction: -webkit-left puts an RTL child on the left too.
  const before = align === 'center' ? free / 2 : align === 'right' ? free : 0;
  return { width: h.width, left: left + before, right: right + free - before };
}

function horizontalMargins(style: ComputedStyle, cb: number, width: number | null, hEdges: number, rtl: boolean): { width: number; left: number; right: number } {
  const ml = style.marginLeft;
  const mr = style.marginRight;
  if (width === null) {
    const left = marginOrZero(ml, cb);
    const right = marginOrZero(mr, cb);
    return { width: Math.max(0, cb - left - right - hEdges), left, right };
  }
  const rest = cb - width - hEdges;
  if (ml === 'auto' && mr === 'auto') {
    // Centering; when the box is wider than its containing block both margins are zero
    // (Chromium keeps the start margin at 0, like the over-constrained case).
    const half = Math.max(0, rest) / 2;
    return { width, left: half, right: half };
  }
  if (ml === 'auto') return { width, left: rest - marginOrZero(mr, cb), right: marginOrZero(mr, cb) };
  if (mr === 'auto') return { width, left: marginOrZero(ml, cb), right: rest - marginOrZero(ml, cb) };
  // Over-constrained: the end margin gives way (§10.3.3).
  const left = resolveLength(ml, cb);
  const right = resolveLength(mr, cb);
  return rtl ? { width, left: rest - right, right } : { width, left, right: rest - left };
}

export function clampHeight(content: number, used: UsedBox): number {
  return Math.max(used.minHeight, Math.min(used.maxHeight, content));
}

export function lengthPx(l: Length, reference: number): number {
  return resolveLength(l, reference);
}
