import type { ContainerBox } from '../boxes/box.js';
import type { ComputedStyle, LengthOrAuto, LengthOrNone, SizeKeyword } from '../style.js';
import { isSizeKeyword, keywordSize } from '../flow/size-keywords.js';
import { memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { borderEdges, definite, marginOrZero, paddingEdges, toContentSize } from '../flow/box-model.js';
import type { FlexAxes } from './flex-axes.js';
import { contentWidths, layoutItem, type ItemBox } from '../items/sized-box.js';
import { contentHeightBasis } from '../flow/intrinsic-size.js';

/** One flex item and its sizes along the container's axes; main sizes are content-box sizes. */
export interface FlexItem {
  readonly box: ItemBox;
  readonly style: ComputedStyle;
  /** Margins (auto = 0) and whether each is auto: [main start, main end], [cross start, cross end] in flow order. */
  readonly mainMargins: readonly [number, number];
  readonly mainAuto: readonly [boolean, boolean];
  readonly crossMargins: readonly [number, number];
  readonly crossAuto: readonly [boolean, boolean];
  /** Border + padding along each axis. */
  readonly mainBp: number;
  readonly crossBp: number;
  readonly base: number;
  readonly hypo: number;
  readonly min: number;
  readonly max: number;
  /** Used (content-box) main size, set by resolving flexible lengths (§9.7). */
  target: number;
  frozen: boolean;
  /** Column containers: the border-box width the item was measured at (its cross size unless stretched later). */
  readonly measuredCross: number | null;
}

/** The container's inner sizes items resolve against; `height` null when indefinite. */
export interface FlexSpace {
  readonly width: number;
  readonly height: number | null;
}

/** Outer hypothetical main size: what the item takes on a line before flexing. */
export function outerHypo(item: FlexItem): number {
  return item.hypo + item.mainBp + item.mainMargins[0] + item.mainMargins[1];
}

export function outerTarget(item: FlexItem): number {
  return item.target + item.mainBp + item.mainMargins[0] + item.mainMargins[1];
}

/** The used align-self of an item (CSS Box Alignment §6.1), `normal` behaving as stretch. */
export function alignSelf(item: ComputedStyle, container: ComputedStyle): string {
  const v = item.alignSelf === 'auto' ? container.alignItems : item.alignSelf;
  return v === 'normal' ? 'stretch' : v;
}

/**
 * Content-box min/max sizes; keyword ones (CSS Sizing 3 §3.2) resolve against `sizes`, the
 * content-box intrinsic widths, when given (else a keyword min acts as auto, a keyword max as none).
 */
function minMax(
  min: LengthOrAuto | SizeKeyword,
  max: LengthOrNone | SizeKeyword,
  reference: number | null,
  style: ComputedStyle,
  bp: number,
  sizes?: () => { min: number; max: number },
  available = Infinity,
): { min: number | null; max: number } {
  const mn = min === 'auto' ? null : definite(min, reference);
  const mx = definite(max, reference);
  const kmin = isSizeKeyword(min) ? (sizes ? keywordSize(min, sizes(), available) : null) : undefined;
  return {
    min: mn !== null ? toContentSize(mn, style, bp) : kmin !== undefined ? kmin : min === 'auto' ? null : 0,
    max:
      mx !== null
        ? toContentSize(mx, style, bp)
        : isSizeKeyword(max) && sizes
          ? keywordSize(max, sizes(), available)
          : Infinity,
  };
}

/**
 * The automatic minimum size applies to items that are not scroll containers (§4.5): overflow
 * visible or clip (replaced elements have `overflow: clip` from the UA sheet).
 */
function isScrollContainer(s: ComputedStyle): boolean {
  return s.overflow !== 'visible' && s.overflow !== 'clip';
}

/** Flex base size and hypothetical main size of every item (CSS Flexbox §9.2 step 3, §4.5). */
export function measureItems(
  boxes: readonly ItemBox[],
  container: ContainerBox,
  axes: FlexAxes,
  space: FlexSpace,
  ctx: LayoutContext,
): FlexItem[] {
  return boxes.map((box) =>
    inFlowOrder(axes.row ? rowItem(box, container, space, ctx) : columnItem(box, container, space, ctx), axes),
  );
}

/** Items are built with physical margins (left/right, top/bottom); reversed or flipped axes start at the other side. */
function inFlowOrder(item: FlexItem, axes: FlexAxes): FlexItem {
  const swap = <T>(pair: readonly [T, T], reverse: boolean): readonly [T, T] => (reverse ? [pair[1], pair[0]] : pair);
  if (!axes.mainReverse && !axes.crossFlip) return item;
  return {
    ...item,
    mainMargins: swap(item.mainMargins, axes.mainReverse),
    mainAuto: swap(item.mainAuto, axes.mainReverse),
    crossMargins: swap(item.crossMargins, axes.crossFlip),
    crossAuto: swap(item.crossAuto, axes.crossFlip),
  };
}

function edges(style: ComputedStyle, cbWidth: number): { h: number; v: number } {
  const b = borderEdges(style);
  const p = paddingEdges(style, cbWidth);
  return { h: b.left + b.right + p.left + p.right, v: b.top + b.bottom + p.top + p.bottom };
}

const unsized = memoSlot<ItemBox, ItemBox>('render');

/**
 * Min-/max-content width of the item's content box, ignoring its own width, min/max-width and
 * margins (the content size suggestion and `content` basis of CSS Flexbox §4.5, §9.2).
 */
function contentBoxSizes(box: ItemBox, ctx: LayoutContext, basis: number | null): { min: number; max: number } {
  const bare = memoized(ctx, unsized, box, () => {
    const style = {
      ...box.style,
      width: 'auto',
      minWidth: 'auto',
      maxWidth: 'none',
      marginLeft: 0,
      marginRight: 0,
    } as const;
    return { ...box, style } as ItemBox;
  });
  return contentWidths(bare, ctx, basis);
}

/**
 * A row item's content height when definite, which its content's percentage heights resolve
 * against: its own definite height, or the container's inner height when the item is stretched
 * in a single-line container of definite height (CSS Flexbox §9.8 item 1).
 */
function rowItemHeightBasis(
  box: ItemBox,
  container: ContainerBox,
  space: FlexSpace,
  crossMargins: readonly [number, number],
  bp: number,
): number | null {
  const s = box.style;
  const own = contentHeightBasis(s, space.width, space.height);
  if (own !== null || s.height !== 'auto' || space.height === null) return own;
  const stretched =
    container.style.flexWrap === 'nowrap' &&
    alignSelf(s, container.style) === 'stretch' &&
    s.marginTop !== 'auto' &&
    s.marginBottom !== 'auto';
  return stretched ? Math.max(0, space.height - crossMargins[0] - crossMargins[1] - bp) : null;
}

const heightFreeBoxes = memoSlot<ItemBox, ItemBox>('render');

/** The item without its own height constraints: its content height (column `content` basis, §4.5 suggestion). */
function heightFree(box: ItemBox, ctx: LayoutContext): ItemBox {
  return memoized(
    ctx,
    heightFreeBoxes,
    box,
    () => ({ ...box, style: { ...box.style, height: 'auto', minHeight: 'auto', maxHeight: 'none' } }) as ItemBox,
  );
}

/**
 * A row item as its widths are measured: an item with a preferred aspect ratio (or a replaced
 * one) whose cross size is definite only because it is stretched in a single-line container
 * of definite height (§9.8 item 1) has that height pinned, so that its `content` flex basis
 * (§9.2 step 3 B), its content size suggestion (§4.5) and its contribution to the container's
 * intrinsic width (§9.9.1) come from the cross size through the ratio (CSS Sizing 4 §5.2).
 */
export function rowItemAsMeasured(
  box: ItemBox,
  container: ContainerBox,
  cbWidth: number,
  cbHeight: number | null,
): { box: ItemBox; heightBasis: number | null } {
  const s = box.style;
  const e = edges(s, cbWidth);
  const crossMargins: [number, number] = [marginOrZero(s.marginTop, cbWidth), marginOrZero(s.marginBottom, cbWidth)];
  const heightBasis = rowItemHeightBasis(box, container, { width: cbWidth, height: cbHeight }, crossMargins, e.v);
  const ratio = box.kind === 'replaced' || s.aspectRatio !== 'auto';
  if (!ratio || heightBasis === null || s.height !== 'auto') return { box, heightBasis };
  const height = s.boxSizing === 'border-box' ? heightBasis + e.v : heightBasis;
  return { box: { ...box, style: { ...s, height } } as ItemBox, heightBasis };
}

/** Content-box min-/max-content widths of a row item (the `content` basis and content size suggestion, §9.2, §4.5). */
function rowContentSizes(
  box: ItemBox,
  container: ContainerBox,
  space: FlexSpace,
  ctx: LayoutContext,
): { min: number; max: number } {
  const measured = rowItemAsMeasured(box, container, space.width, space.height);
  const sizes = contentBoxSizes(measured.box, ctx, measured.heightBasis);
  // A replaced element with a ratio but no natural width (an SVG root without width, which acts
  // as 100%) is compressible: no min-content width (CSS Sizing 3 §5.2.2), as in Chromium.
  const compressible = box.kind === 'replaced' && box.ratioOnly && measured.box.style.height === 'auto';
  return compressible ? { min: 0, max: sizes.max } : sizes;
}

function rowItem(box: ItemBox, container: ContainerBox, space: FlexSpace, ctx: LayoutContext): FlexItem {
  const s = box.style;
  const e = edges(s, space.width);
  const mainMargins: [number, number] = [
    marginOrZero(s.marginLeft, space.width),
    marginOrZero(s.marginRight, space.width),
  ];
  const crossMargins: [number, number] = [
    marginOrZero(s.marginTop, space.width),
    marginOrZero(s.marginBottom, space.width),
  ];
  const width = definite(s.width, space.width);
  let intrinsic: { min: number; max: number } | null = null;
  const contentSizes = (): { min: number; max: number } => (intrinsic ??= rowContentSizes(box, container, space, ctx));
  // An intrinsic size keyword is the item's preferred width, hence its flex basis (CSS Sizing 3 §3.2).
  const widthContent =
    width !== null
      ? toContentSize(width, s, e.h)
      : isSizeKeyword(s.width)
        ? keywordSize(s.width, contentSizes(), space.width - mainMargins[0] - mainMargins[1] - e.h)
        : null;
  const basis = s.flexBasis === 'auto' ? (widthContent === null ? 'content' : widthContent) : s.flexBasis;
  let base: number;
  if (basis === 'content') base = contentSizes().max;
  else if (typeof basis === 'number' && s.flexBasis === 'auto') base = basis;
  else base = toContentSize(definite(basis, space.width) ?? 0, s, e.h);
  const mm = minMax(
    s.minWidth,
    s.maxWidth,
    space.width,
    s,
    e.h,
    contentSizes,
    space.width - mainMargins[0] - mainMargins[1] - e.h,
  );
  let min = mm.min ?? 0;
  if (mm.min === null && !isScrollContainer(s)) {
    // Automatic minimum size (§4.5): the content size suggestion, capped by a specified size.
    const content = Math.min(contentSizes().min, mm.max);
    min = widthContent === null ? content : Math.min(widthContent, content);
  }
  const hypo = Math.max(min, Math.min(mm.max, base));
  return {
    box,
    style: s,
    mainMargins,
    mainAuto: [s.marginLeft === 'auto', s.marginRight === 'auto'],
    crossMargins,
    crossAuto: [s.marginTop === 'auto', s.marginBottom === 'auto'],
    mainBp: e.h,
    crossBp: e.v,
    base,
    hypo,
    min,
    max: mm.max,
    target: hypo,
    frozen: false,
    measuredCross: null,
  };
}

/** Column items: the cross size (width) first, then the content height at that width (§9.2 step 3 C–E). */
function columnItem(box: ItemBox, container: ContainerBox, space: FlexSpace, ctx: LayoutContext): FlexItem {
  const s = box.style;
  const e = edges(s, space.width);
  const crossMargins: [number, number] = [
    marginOrZero(s.marginLeft, space.width),
    marginOrZero(s.marginRight, space.width),
  ];
  const mainMargins: [number, number] = [
    marginOrZero(s.marginTop, space.width),
    marginOrZero(s.marginBottom, space.width),
  ];
  const crossAuto: [boolean, boolean] = [s.marginLeft === 'auto', s.marginRight === 'auto'];
  const cross = columnCrossSize(box, container, space, crossMargins, crossAuto, e.h, ctx);
  const height = definite(s.height, space.height);
  const heightContent = height === null ? null : toContentSize(height, s, e.v);
  let measured: number | null = null;
  const contentHeight = (): number => {
    if (measured === null)
      measured = Math.max(
        0,
        layoutItem(heightFree(box, ctx), { width: cross, height: null }, space.width, null, ctx).height - e.v,
      );
    return measured;
  };
  const basis = s.flexBasis === 'auto' ? (heightContent === null ? 'content' : heightContent) : s.flexBasis;
  let base: number;
  if (basis === 'content') base = contentHeight();
  else if (typeof basis === 'number' && s.flexBasis === 'auto') base = basis;
  else {
    const d = definite(basis, space.height);
    base = d === null ? contentHeight() : toContentSize(d, s, e.v);
  }
  const mm = minMax(s.minHeight, s.maxHeight, space.height, s, e.v);
  let min = mm.min ?? 0;
  if (mm.min === null && !isScrollContainer(s)) {
    const content = Math.min(contentHeight(), mm.max);
    min = heightContent === null ? content : Math.min(heightContent, content);
  }
  const hypo = Math.max(min, Math.min(mm.max, base));
  return {
    box,
    style: s,
    mainMargins,
    mainAuto: [s.marginTop === 'auto', s.marginBottom === 'auto'],
    crossMargins,
    crossAuto,
    mainBp: e.v,
    crossBp: e.h,
    base,
    hypo,
    min,
    max: mm.max,
    target: hypo,
    frozen: false,
    measuredCross: cross,
  };
}

/** Border-box width of a column container's item: stretched, specified, or fit-content (§9.4 step 11, CSS Sizing 3 §5.2). */
function columnCrossSize(
  box: ItemBox,
  container: ContainerBox,
  space: FlexSpace,
  margins: readonly [number, number],
  auto: readonly [boolean, boolean],
  bp: number,
  ctx: LayoutContext,
): number {
  const s = box.style;
  const available = Math.max(0, space.width - margins[0] - margins[1]);
  const basis = contentHeightBasis(s, space.width, space.height);
  const mm = minMax(s.minWidth, s.maxWidth, space.width, s, bp, () => contentBoxSizes(box, ctx, basis), available - bp);
  const clamp = (borderBox: number): number => Math.max((mm.min ?? 0) + bp, Math.min(mm.max + bp, borderBox));
  const width = definite(s.width, space.width);
  if (width !== null) return clamp(toContentSize(width, s, bp) + bp);
  if (s.width === 'stretch') return clamp(available); // CSS Sizing 4 §3.1, whatever align-self says
  // A keyword width is not stretched: contentWidths below sizes it (CSS Sizing 3 §3.2). In a
  // multi-line container the item is measured at fit-content and stretched to its line's cross
  // size once the lines are sized (§9.4 steps 7 and 11; flex-place.ts).
  const stretch =
    alignSelf(s, container.style) === 'stretch' &&
    !auto[0] &&
    !auto[1] &&
    !isSizeKeyword(s.width) &&
    container.style.flexWrap === 'nowrap';
  if (stretch) return clamp(available);
  const c = contentWidths(box, ctx, basis);
  return clamp(Math.min(Math.max(c.min + bp, available), c.max + bp));
}
