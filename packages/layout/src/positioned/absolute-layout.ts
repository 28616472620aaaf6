import type { BlockLevelBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { resolveLength } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { borderEdges, definite, paddingEdges, toContentSize } from '../flow/box-model.js';
import { movedFragment } from '../flow/fragments.js';
import { contentSizes, outerSizes } from '../flow/intrinsic-size.js';
import {
  blockFromInline,
  inlineFromBlock,
  preferredRatio,
  transferredWidthLimits,
  withTransferredLimits,
  type PreferredRatio,
  type SizeLimits,
} from '../flow/aspect-ratio.js';
import { layoutBox } from '../flow/layout-box.js';
import { replacedSize } from '../flow/replaced-size.js';
import { NO_MARGINS, type Space } from '../flow/types.js';
import { keywordLimits } from '../flow/keyword-widths.js';
import { isSizeKeyword } from '../flow/size-keywords.js';
import {
  availableSize,
  inset,
  isStretched,
  solveAxis,
  STATIC_START,
  type AxisInput,
  type StaticAlign,
} from './insets.js';

/** A containing block's padding box (CSS 2.1 §10.1 item 4), its size only: positions are relative to it. */
export interface PaddingBox {
  readonly width: number;
  readonly height: number;
  /** Its direction, which settles an over-constrained width (§10.3.7); ltr when not given. */
  readonly direction?: 'ltr' | 'rtl';
}

type LaidOutBox = Exclude<BlockLevelBox, { kind: 'lines' }>;

function margin(m: ComputedStyle['marginLeft'], cbWidth: number): number | null {
  return m === 'auto' ? null : resolveLength(m, cbWidth);
}

function clamp(v: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, v));
}

/**
 * Lay out an absolutely positioned box (CSS 2.1 §10.3.7 widths, §10.6.4 heights) against its
 * containing block's padding box. `staticX/Y` are where its margin box would start in flow,
 * from the padding-box corner. The fragment comes back positioned from that corner. Such a
 * box is monolithic here: it is laid out whole, without page breaks (as Chromium prints them
 * unless they are taller than a page).
 */
export function layoutAbsolute(
  box: LaidOutBox,
  cb: PaddingBox,
  staticX: number,
  staticY: number,
  ctx: LayoutContext,
  staticAlign: StaticAlign = STATIC_START,
): Fragment | null {
  return absoluteLayout(box, cb, staticX, staticY, ctx, staticAlign)?.fragment ?? null;
}

/**
 * The laid-out box with what it was laid out as: the box with its used sizes in its style and
 * the space it was given, so that a fragmentation context can lay it out again in pieces
 * (positioned/fragmented.ts).
 */
export interface AbsoluteLayout {
  readonly fragment: Fragment;
  readonly box: LaidOutBox;
  readonly space: Space;
}

export function absoluteLayout(
  box: LaidOutBox,
  cb: PaddingBox,
  staticX: number,
  staticY: number,
  ctx: LayoutContext,
  staticAlign: StaticAlign = STATIC_START,
): AbsoluteLayout | null {
  const s = box.style;
  const b = borderEdges(s);
  const p = paddingEdges(s, cb.width);
  const hEdges = b.left + b.right + p.left + p.right;
  const vEdges = b.top + b.bottom + p.top + p.bottom;
  const specW = definite(s.width, cb.width);
  const specH = definite(s.height, cb.height);
  const h: AxisInput = {
    start: inset(s.left, cb.width),
    end: inset(s.right, cb.width),
    size: specW === null ? null : toContentSize(specW, s, hEdges),
    marginStart: margin(s.marginLeft, cb.width),
    marginEnd: margin(s.marginRight, cb.width),
    edges: hEdges,
    cb: cb.width,
    staticPos: staticX,
    staticAlign: staticAlign.x,
    direction: cb.direction ?? 'ltr',
  };
  const v: AxisInput = {
    start: inset(s.top, cb.height),
    end: inset(s.bottom, cb.height),
    size: specH === null ? null : toContentSize(specH, s, vEdges),
    marginStart: margin(s.marginTop, cb.width),
    marginEnd: margin(s.marginBottom, cb.width),
    edges: vEdges,
    cb: cb.height,
    staticPos: staticY,
    staticAlign: staticAlign.y,
  };
  if (s.width === 'stretch' || s.height === 'stretch')
    return absoluteLayout(stretched(box, h, v), cb, staticX, staticY, ctx, staticAlign);
  const replaced = box.kind === 'replaced' ? replacedSize(box, cb.width, cb.height) : null;
  const minH = toContentSize(definite(s.minHeight, cb.height) ?? 0, s, vEdges);
  const maxH = toContentSize(definite(s.maxHeight, cb.height) ?? Infinity, s, vEdges);
  const ratio = replaced || box.kind === 'table' ? null : preferredRatio(s);
  // The content height when definite (specified, or between two insets), which the content's
  // percentage heights resolve against while the width is sized (CSS 2.1 §10.5).
  const basis = v.size ?? (isStretched(v) && !isSizeKeyword(s.height) ? clamp(availableSize(v), minH, maxH) : null);
  const width =
    replaced?.width ??
    usedWidth(
      box,
      h,
      ctx,
      ratio ? { ratio, height: v.size, limits: { min: minH, max: maxH }, edges: vEdges } : null,
      cb.height,
      basis,
    );
  // With a preferred aspect ratio an auto height comes from the width, even between two insets
  // (CSS Sizing 4 §5.2); it grows to fit the content unless min-height is set or the box clips.
  const ratioH =
    ratio && v.size === null && !isSizeKeyword(s.height)
      ? clamp(blockFromInline(ratio, width, hEdges, vEdges), minH, maxH)
      : null;
  const ratioGrows = s.minHeight === 'auto' && s.overflow === 'visible';
  // A keyword height (min-content, max-content, fit-content) is the content height, never stretched (CSS Sizing 3 §3.2).
  const stretchedH =
    replaced || ratioH !== null || isSizeKeyword(s.height)
      ? null
      : isStretched(v)
        ? clamp(availableSize(v), minH, maxH)
        : null;
  const style: ComputedStyle = {
    ...s,
    width,
    boxSizing: 'content-box',
    marginLeft: 0,
    marginRight: 0,
    marginTop: 0,
    marginBottom: 0,
    paddingLeft: p.left,
    paddingRight: p.right,
    paddingTop: p.top,
    paddingBottom: p.bottom,
    aspectRatio: 'auto',
    ...(stretchedH !== null ? { height: stretchedH } : {}),
    ...(ratioH !== null ? (ratioGrows ? { minHeight: ratioH } : { height: ratioH }) : {}),
    ...(specH !== null && !replaced ? { height: toContentSize(specH, s, vEdges) } : {}),
    ...(box.kind === 'table' ? tableWidth(width + hEdges) : {}),
  };
  const copy = { ...box, style } as LaidOutBox;
  const space: Space = {
    inlineSize: width + hEdges,
    blockSize: Infinity,
    pageIsEmpty: true,
    mode: 'layout',
    marginAbove: NO_MARGINS,
    truncateMargins: false,
    cbBlockSize: cb.height,
  };
  const r = layoutBox(copy, space, null, ctx);
  const fragment = r.fragment;
  if (!fragment || fragment.kind === 'text') return null;
  const hr = solveAxis(h, width);
  const vr = solveAxis(v, Math.max(0, r.height - vEdges));
  return { fragment: movedFragment(fragment, hr.offset - fragment.x, vr.offset - fragment.y), box: copy, space };
}

/**
 * `stretch` fills the inset-modified containing block less margins, borders and padding (CSS
 * Sizing 4 §3.1, CSS Position 3 §4.1): the box with that size as its width or height.
 */
function stretched(box: LaidOutBox, h: AxisInput, v: AxisInput): LaidOutBox {
  const s = box.style;
  const size = (a: AxisInput): number => availableSize(a) + (s.boxSizing === 'border-box' ? a.edges : 0);
  return {
    ...box,
    style: {
      ...s,
      ...(s.width === 'stretch' ? { width: size(h) } : {}),
      ...(s.height === 'stretch' ? { height: size(v) } : {}),
    },
  } as LaidOutBox;
}

/**
 * A table is given its border-box width: with collapsed borders its box holds half of them
 * (CSS 2.1 §17.6.2), not the `border-*-width` counted in hEdges. Its min/max-width were applied.
 */
function tableWidth(borderBox: number): Partial<ComputedStyle> {
  return { width: borderBox, boxSizing: 'border-box', minWidth: 0, maxWidth: 'none' };
}

/** The block axis of a box with a preferred aspect ratio, for its width. */
interface RatioAxis {
  readonly ratio: PreferredRatio;
  /** Content-box height when definite. */
  readonly height: number | null;
  readonly limits: SizeLimits;
  readonly edges: number;
}

/**
 * §10.3.7: a definite width, the width between two insets, or shrink-to-fit (§10.3.5); then
 * min/max-width. With a preferred aspect ratio (CSS Sizing 4 §5.2), an auto width comes from a
 * definite height (at least the min-content width while min-width is auto and the box does not
 * clip), and min/max-height are transferred to the width's limits.
 */
function usedWidth(
  box: LaidOutBox,
  h: AxisInput,
  ctx: LayoutContext,
  r: RatioAxis | null,
  cbHeight: number | null,
  basis: number | null,
): number {
  const s = box.style;
  let width: number;
  let contentMin = 0;
  if (h.size !== null) width = h.size;
  else if (r && r.height !== null && !isSizeKeyword(s.width)) {
    width = inlineFromBlock(r.ratio, r.height, h.edges, r.edges);
    if (s.minWidth === 'auto' && s.overflow === 'visible' && box.kind !== 'replaced')
      contentMin = contentSizes(box, ctx, basis).min;
  } else if (isStretched(h) && !isSizeKeyword(s.width) && box.kind !== 'table') width = availableSize(h);
  else {
    // An auto-width table is never stretched, between two insets too: its used width is its
    // min-content width at least, its max-content width at most (CSS Tables 3 §3.9.3; Chromium).
    const sizes = outerSizes(
      { ...box, style: { ...s, marginLeft: 0, marginRight: 0 } } as LaidOutBox,
      ctx,
      cbHeight,
      basis,
    );
    width = Math.min(Math.max(sizes.min - h.edges, availableSize(h)), sizes.max - h.edges);
  }
  const minW = toContentSize(definite(s.minWidth, h.cb) ?? 0, s, h.edges);
  const maxW = toContentSize(definite(s.maxWidth, h.cb) ?? Infinity, s, h.edges);
  // Keyword min-/max-width (CSS Sizing 3 §3.2); NO_LIMITS (null / Infinity) for the rest.
  const kw = keywordLimits(box, availableSize(h), ctx, basis);
  let limits: SizeLimits = {
    min: Math.max(minW, kw.min ?? 0, Math.min(contentMin, maxW)),
    max: Math.min(maxW, kw.max),
  };
  if (r && h.size === null) {
    limits = withTransferredLimits(limits, transferredWidthLimits(r.ratio, r.limits, h.edges, r.edges));
  }
  return Math.max(0, clamp(width, limits.min, limits.max));
}
