import type { Edges } from '../fragment.js';
import type { ComputedStyle, Length, LengthOrAuto, LengthOrNone, SizeKeyword } from '../style.js';
import { layoutUnit, resolveLength } from '../style.js';
import { isSizeKeyword, keywordSize, type IntrinsicWidths } from './size-keywords.js';
import {
  blockFromInline,
  inlineFromBlock,
  preferredRatio,
  transferredWidthLimits,
  withTransferredLimits,
  type PreferredRatio,
  type SizeLimits,
} from './aspect-ratio.js';

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
  /** The height comes from the aspect ratio and grows to fit the content (CSS Sizing 4 §5.2). */
  readonly growsToContent?: boolean;
}

export function borderEdges(style: ComputedStyle): Edges {
  return {
    top: style.borderTop.width,
    right: style.borderRight.width,
    bottom: style.borderBottom.width,
    left: style.borderLeft.width,
  };
}

/** Padding; percentages refer to the containing block's width, on all four sides (§8.4). */
export function paddingEdges(style: ComputedStyle, cbWidth: number): Edges {
  return {
    top: layoutUnit(resolveLength(style.paddingTop, cbWidth)),
    right: layoutUnit(resolveLength(style.paddingRight, cbWidth)),
    bottom: layoutUnit(resolveLength(style.paddingBottom, cbWidth)),
    left: layoutUnit(resolveLength(style.paddingLeft, cbWidth)),
  };
}

export function marginOrZero(m: LengthOrAuto, cbWidth: number): number {
  return m === 'auto' ? 0 : layoutUnit(resolveLength(m, cbWidth));
}

/** A percentage-free length, or one whose reference is known. Null for `auto` or unresolvable. */
export function definite(l: LengthOrAuto | LengthOrNone | SizeKeyword, reference: number | null): number | null {
  if (typeof l === 'string') return null;
  if (typeof l === 'number') return l;
  if (l.pct !== 0 && reference === null) return null;
  return resolveLength(l, reference ?? 0);
}

/** Convert a specified width/height to the content box per box-sizing (CSS UI 3 §4.1). */
export function toContentSize(value: number, style: ComputedStyle, edgesSum: number): number {
  return style.boxSizing === 'border-box' ? Math.max(0, value - edgesSum) : value;
}

/**
 * Used width and horizontal margins of a block-level, non-replaced box in normal flow (§10.3.3 + §10.4).
 * `intrinsic` gives the content-box min-/max-content widths when width, min-width or max-width
 * is an intrinsic size keyword (CSS Sizing 3 §3.2); without it the keywords act as auto/none.
 */
export function resolveBlockBox(
  style: ComputedStyle,
  cbWidth: number,
  cbHeight: number | null,
  cbDirection: 'ltr' | 'rtl' = 'ltr',
  legacyAlign?: LegacyAlign,
  intrinsic?: IntrinsicWidths,
): UsedBox {
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const hEdges = border.left + border.right + padding.left + padding.right;
  const vEdges = border.top + border.bottom + padding.top + padding.bottom;
  const rtl = cbDirection === 'rtl';
  const preferredHeight = contentHeight(style.height, style, cbHeight, vEdges);
  const minHeight = contentHeight(style.minHeight, style, cbHeight, vEdges) ?? 0;
  const maxHeight = contentHeight(style.maxHeight, style, cbHeight, vEdges) ?? Infinity;
  const ratio = preferredRatio(style);
  // With a definite height, the min-/max-content widths of a box with a preferred aspect
  // ratio are its height through the ratio (CSS Sizing 4 §5.2), and so is an auto width.
  const ratioWidth = ratio && preferredHeight !== null ? inlineFromBlock(ratio, preferredHeight, hEdges, vEdges) : null;
  const sizes: IntrinsicWidths | undefined =
    ratioWidth === null ? intrinsic : () => ({ min: ratioWidth, max: ratioWidth });
  const width =
    style.width === 'auto' && ratioWidth !== null
      ? ratioWidth
      : contentWidth(style.width, style, cbWidth, hEdges, sizes);
  let limits: SizeLimits = {
    min: contentWidth(style.minWidth, style, cbWidth, hEdges, sizes) ?? 0,
    max: contentWidth(style.maxWidth, style, cbWidth, hEdges, sizes) ?? Infinity,
  };
  if (ratio && (style.width === 'auto' || isSizeKeyword(style.width))) {
    limits = ratioWidthLimits(
      style,
      ratio,
      limits,
      ratioWidth !== null,
      { min: minHeight, max: maxHeight },
      hEdges,
      vEdges,
      intrinsic,
    );
  }
  let h = horizontalMargins(style, cbWidth, width, hEdges, rtl);
  // §10.4: max-width then min-width, each re-running the rules with that width.
  if (h.width > limits.max) h = horizontalMargins(style, cbWidth, limits.max, hEdges, rtl);
  if (h.width < limits.min) h = horizontalMargins(style, cbWidth, limits.min, hEdges, rtl);
  if (legacyAlign) h = alignLegacy(style, h, cbWidth, hEdges, legacyAlign);
  // Keywords on the block axis behave as auto/none for block containers (as in Chromium): definite() is null.
  let height = preferredHeight;
  let growsToContent = false;
  if (ratio && height === null) {
    // An automatic height comes from the used width through the ratio (CSS Sizing 4 §5.2); with
    // min-height: auto it still grows to fit the content, unless the box clips it (automatic
    // content-based minimum size).
    height = blockFromInline(ratio, h.width, hEdges, vEdges);
    growsToContent = style.minHeight === 'auto' && style.overflow === 'visible';
  } else if (height === null && style.sizeContainment?.block) {
    // Size containment: an auto height is contain-intrinsic-height, whatever the content (CSS Contain 2 §3.2).
    height = style.sizeContainment.height;
  }
  return {
    width: h.width,
    marginLeft: h.left,
    marginRight: h.right,
    marginTop: marginOrZero(style.marginTop, cbWidth),
    marginBottom: marginOrZero(style.marginBottom, cbWidth),
    border,
    padding,
    height,
    minHeight,
    maxHeight,
    ...(growsToContent ? { growsToContent } : {}),
  };
}

/**
 * The min/max width of a box with a preferred aspect ratio and an automatic (or keyword)
 * width (CSS Sizing 4 §5.2): when the width comes through the ratio, min-width: auto floors
 * it at the content's min-content width unless the box clips its content (automatic
 * content-based minimum size); min-/max-height are transferred to the width's limits.
 */
function ratioWidthLimits(
  style: ComputedStyle,
  ratio: PreferredRatio,
  own: SizeLimits,
  widthFromRatio: boolean,
  heightLimits: SizeLimits,
  hEdges: number,
  vEdges: number,
  intrinsic: IntrinsicWidths | undefined,
): SizeLimits {
  if (widthFromRatio && style.minWidth === 'auto' && style.overflow === 'visible' && intrinsic)
    own = { min: Math.min(intrinsic().min, own.max), max: own.max };
  return withTransferredLimits(own, transferredWidthLimits(ratio, heightLimits, hEdges, vEdges));
}

/**
 * resolveBlockBox for a box that uses no intrinsic size keyword, shared between boxes of one
 * style in one containing block (the cells of a table column, the paragraphs of a page): used
 * values are immutable, so the edges a fragment keeps are shared too, instead of a pair of
 * objects per box kept until the end of the render. A few entries per style, latest first.
 */
interface SharedUsed {
  readonly cbWidth: number;
  readonly cbHeight: number | null;
  readonly cbDirection: 'ltr' | 'rtl';
  readonly legacyAlign: LegacyAlign | undefined;
  readonly used: UsedBox;
}
const sharedUsed = new WeakMap<ComputedStyle, SharedUsed[]>();
const SHARED_PER_STYLE = 8;

export function sharedBlockBox(
  style: ComputedStyle,
  cbWidth: number,
  cbHeight: number | null,
  cbDirection: 'ltr' | 'rtl',
  legacyAlign: LegacyAlign | undefined,
): UsedBox {
  let list = sharedUsed.get(style);
  if (!list) sharedUsed.set(style, (list = []));
  for (const e of list) {
    if (
      e.cbWidth === cbWidth &&
      e.cbHeight === cbHeight &&
      e.cbDirection === cbDirection &&
      e.legacyAlign === legacyAlign
    )
      return e.used;
  }
  const used = resolveBlockBox(style, cbWidth, cbHeight, cbDirection, legacyAlign);
  if (list.length >= SHARED_PER_STYLE) list.pop();
  list.unshift({ cbWidth, cbHeight, cbDirection, legacyAlign, used });
  return used;
}

/** A width, min-width or max-width as a content-box width; null for auto/none (or a keyword with no intrinsic sizes). */
function contentWidth(
  l: LengthOrAuto | LengthOrNone | SizeKeyword,
  style: ComputedStyle,
  cbWidth: number,
  hEdges: number,
  intrinsic: IntrinsicWidths | undefined,
): number | null {
  if (isSizeKeyword(l)) {
    // The stretch-fit size: the containing block less non-auto margins, borders and padding (CSS Sizing 3 §3.1).
    const available =
      cbWidth - marginOrZero(style.marginLeft, cbWidth) - marginOrZero(style.marginRight, cbWidth) - hEdges;
    if (l === 'stretch') return Math.max(0, available);
    if (!intrinsic) return null;
    return keywordSize(l, intrinsic(), available);
  }
  const d = definite(l, cbWidth);
  return d === null ? null : toContentSize(d, style, hEdges);
}

/**
 * A height, min-height or max-height as a content-box height; null for auto/none and the
 * intrinsic keywords (which act as them on the block axis, as in Chromium). `stretch` is the
 * containing block's definite height less borders and padding (CSS Sizing 4 §3.1; block-axis
 * margins do not count in block layout, csswg-drafts#11044, as Chromium prints), else it acts
 * as auto too.
 */
function contentHeight(
  l: LengthOrAuto | LengthOrNone | SizeKeyword,
  style: ComputedStyle,
  cbHeight: number | null,
  vEdges: number,
): number | null {
  if (l === 'stretch') return cbHeight === null ? null : Math.max(0, cbHeight - vEdges);
  const d = definite(l, cbHeight);
  return d === null ? null : toContentSize(d, style, vEdges);
}

type LegacyAlign = 'left' | 'right' | 'center';

/**
 * `align=right|center` / `<center>` on the parent (text-align: -webkit-right/center) also
 * moves child blocks narrower than it whose margins are not auto, as Chromium does
 * (ResolveInlineAutoMargins): the free space goes before the box, or half of it.
 */
function alignLegacy(
  style: ComputedStyle,
  h: { width: number; left: number; right: number },
  cb: number,
  hEdges: number,
  align: LegacyAlign,
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

/**
 * Used horizontal margins of a block-level box whose border-box width is already decided (a
 * table, CSS 2.1 §17.4): the §10.3.3 rules, then the parent's legacy alignment.
 */
export function placeInline(
  style: ComputedStyle,
  cb: number,
  borderBoxWidth: number,
  rtl: boolean,
  legacyAlign: LegacyAlign | undefined,
): { left: number; right: number } {
  const h = horizontalMargins(style, cb, borderBoxWidth, 0, rtl);
  return legacyAlign ? alignLegacy(style, h, cb, 0, legacyAlign) : h;
}

function horizontalMargins(
  style: ComputedStyle,
  cb: number,
  width: number | null,
  hEdges: number,
  rtl: boolean,
): { width: number; left: number; right: number } {
  const ml = style.marginLeft;
  const mr = style.marginRight;
  if (width === null) {
    const left = marginOrZero(ml, cb);
    const right = marginOrZero(mr, cb);
    return { width: Math.max(0, cb - left - right - hEdges), left, right };
  }
  const rest = cb - width - hEdges;
  if (ml === 'auto' && mr === 'auto') {
    // Centering; when the box is wider than its containing block the start margin is zero
    // (Chromium keeps it at 0, like the over-constrained case).
    const half = Math.max(0, rest) / 2;
    // In RTL the start side is the right: an overflowing box keeps its right edge there.
    if (rtl && rest < 0) return { width, left: rest, right: 0 };
    return { width, left: half, right: half };
  }
  // A lone auto margin on the start side is never negative: an overflowing box stays at the
  // start edge (Chromium's ResolveInlineAutoMargins clamps it; §10.3.3 would let it go negative).
  if (ml === 'auto') {
    const right = marginOrZero(mr, cb);
    if (!rtl && rest - right < 0) return { width, left: 0, right: rest };
    return { width, left: rest - right, right };
  }
  if (mr === 'auto') {
    const left = marginOrZero(ml, cb);
    if (rtl && rest - left < 0) return { width, left: rest, right: 0 };
    return { width, left, right: rest - left };
  }
  // Over-constrained: the end margin gives way (§10.3.3).
  const left = resolveLength(ml, cb);
  const right = resolveLength(mr, cb);
  return rtl ? { width, left: rest - right, right } : { width, left, right: rest - left };
}

/**
 * For layout modes that size their content box from their items (flex, grid): a height from
 * the aspect ratio that grows to fit the content is a minimum height (CSS Sizing 4 §5.2).
 */
export function ratioHeightAsMinimum(used: UsedBox): UsedBox {
  if (!used.growsToContent || used.height === null) return used;
  return {
    ...used,
    height: null,
    minHeight: Math.max(used.minHeight, Math.min(used.height, used.maxHeight)),
    growsToContent: false,
  };
}

/**
 * min-height / max-height: min-content, max-content or fit-content: a block container's
 * min- and max-content heights are its content height (CSS Sizing 3 §5.1: the height it would
 * have with height: auto), `contentAuto`, or with a preferred aspect ratio the height its width
 * gives through it (CSS Sizing 4 §5.2); the keyword limits the height to that.
 */
export function withContentLimits(used: UsedBox, style: ComputedStyle, contentAuto: number): UsedBox {
  const min = isContentKeyword(style.minHeight);
  const max = isContentKeyword(style.maxHeight);
  if (!min && !max) return used;
  const ratio = preferredRatio(style);
  const e = (a: Edges): number => a.left + a.right;
  const v = (a: Edges): number => a.top + a.bottom;
  const size = ratio
    ? blockFromInline(ratio, used.width, e(used.border) + e(used.padding), v(used.border) + v(used.padding))
    : contentAuto;
  return {
    ...used,
    minHeight: min ? Math.max(used.minHeight, size) : used.minHeight,
    maxHeight: max ? size : used.maxHeight,
  };
}

const isContentKeyword = (l: ComputedStyle['minHeight'] | ComputedStyle['maxHeight']): boolean =>
  l === 'min-content' || l === 'max-content' || l === 'fit-content';

export function clampHeight(content: number, used: UsedBox): number {
  return Math.max(used.minHeight, Math.min(used.maxHeight, content));
}

export function lengthPx(l: Length, reference: number): number {
  return resolveLength(l, reference);
}
