import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { BlockLevelBox, ContainerBox, LinesBox, ReplacedBox } from '../boxes/box.js';
import type { ComputedStyle } from '../style.js';
import { cacheOf, memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { layoutBox } from '../flow/layout-box.js';
import { borderEdges, marginOrZero, paddingEdges } from '../flow/box-model.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { NO_MARGINS, type LayoutResult, type Resume, type Space } from '../flow/types.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';
import { pendingCount } from '../positioned/open-blocks.js';

/**
 * Flex and grid items are sized by their container, not by their own `width`/`height`.
 * The block modes size a box from its style, so an item is laid out through a copy whose
 * style pins the used sizes (in the item's own box-sizing), drops the margins (the
 * container places the margin box itself) and makes it a formatting context root
 * (CSS Flexbox §4, CSS Grid §6.2: items establish independent formatting contexts).
 */
export type ItemBox = ContainerBox | ReplacedBox;

const anonymousItems = memoSlot<LinesBox, ContainerBox>('render');

/** A run of text directly in a flex/grid container is wrapped in an anonymous item (CSS Flexbox §4). */
function asItem(child: BlockLevelBox, container: ContainerBox, ctx: LayoutContext): ItemBox {
  if (child.kind !== 'lines') return child;
  return memoized(ctx, anonymousItems, child, () => ({
    kind: 'block',
    style: anonymousItemStyle(container.style),
    tag: '',
    attrs: {},
    children: [child],
    marker: null,
  }));
}

/**
 * Flex and grid items in `order`-modified document order (CSS Flexbox §5.4, CSS Grid §8);
 * out-of-flow boxes are not items.
 */
export function collectItems(container: ContainerBox, ctx: LayoutContext): ItemBox[] {
  const boxes: ItemBox[] = [];
  // Items already in `order` (all 0, most often) need no sort: it is stable.
  let inOrder = true;
  for (const child of container.children) {
    const box = asItem(child, container, ctx);
    if (isOutOfFlowStyle(box.style)) continue;
    if (boxes.length && box.style.order < boxes[boxes.length - 1]!.style.order) inOrder = false;
    boxes.push(box);
  }
  if (inOrder) return boxes;
  return boxes
    .map((box, i) => ({ box, i }))
    .sort((a, b) => a.box.style.order - b.box.style.order || a.i - b.i)
    .map((e) => e.box);
}

const anonymousStyles = new WeakMap<ComputedStyle, ComputedStyle>();

/** An anonymous item takes initial values for the item properties the container itself may have set as an item. */
function anonymousItemStyle(parent: ComputedStyle): ComputedStyle {
  let style = anonymousStyles.get(parent);
  if (!style) {
    const auto = { kind: 'auto' } as const;
    style = {
      ...anonymousStyle(parent),
      flexGrow: 0,
      flexShrink: 1,
      flexBasis: 'auto',
      order: 0,
      alignSelf: 'auto',
      justifySelf: 'auto',
      gridColumnStart: auto,
      gridColumnEnd: auto,
      gridRowStart: auto,
      gridRowEnd: auto,
      columnSpan: 'none',
      columnCount: 'auto',
      columnWidth: 'auto',
      columnHeight: 'auto',
    };
    anonymousStyles.set(parent, style);
  }
  return style;
}

export interface PinnedSizes {
  /** Border-box width; always known when an item is laid out. */
  readonly width: number;
  /** Border-box height, or null to let the content decide (min/max-height of the item still apply). */
  readonly height: number | null;
  /** The height is a minimum: an item broken across fragmentainers grows with its content (flex/fragment-growth.ts). */
  readonly grows?: boolean;
  /**
   * The height is a column flex item's flexed main size, not one of its own (`height`,
   * `max-height`): a break inside the item does not end its fragments there (flow/block-layout.ts ownHeightLeft).
   */
  readonly flexed?: boolean;
}

const styleCache = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();

/** Pinned border-box sizes expressed in the item's own box-sizing, so the unpinned axis keeps its meaning. */
function pinnedStyle(style: ComputedStyle, sizes: PinnedSizes, cbWidth: number): ComputedStyle {
  const key = `${sizes.width}|${sizes.height}|${cbWidth}|${sizes.grows === true}`;
  let byKey = styleCache.get(style);
  if (!byKey) styleCache.set(style, (byKey = new Map()));
  let pinned = byKey.get(key);
  if (!pinned) {
    const b = borderEdges(style);
    const p = paddingEdges(style, cbWidth);
    const contentBox = style.boxSizing === 'content-box';
    const width = Math.max(0, sizes.width - (contentBox ? b.left + b.right + p.left + p.right : 0));
    const height =
      sizes.height === null ? null : Math.max(0, sizes.height - (contentBox ? b.top + b.bottom + p.top + p.bottom : 0));
    const blockish = style.display === 'block' || style.display === 'list-item' || style.display === 'inline-block';
    pinned = {
      ...style,
      display: blockish ? 'flow-root' : style.display,
      width,
      minWidth: 'auto',
      maxWidth: 'none',
      ...(height === null
        ? {}
        : sizes.grows
          ? { height: 'auto', minHeight: height, maxHeight: 'none' }
          : { height, minHeight: 'auto', maxHeight: 'none' }),
      marginTop: 0,
      marginRight: 0,
      marginBottom: 0,
      marginLeft: 0,
    };
    if (byKey.size > 64) byKey.clear();
    byKey.set(key, pinned);
  }
  return pinned;
}

/** The item with its sizes pinned (a shallow copy sharing children, so line caches still hit). */
function pinItem(item: ItemBox, sizes: PinnedSizes, cbWidth: number, ctx: LayoutContext): ItemBox {
  const style = pinnedStyle(item.style, sizes, cbWidth);
  // One copy per (item, pinned style): layouts cached per box (nested flex/grid geometry) keep hitting.
  const pinned = cacheOf(ctx, pinnedBoxes);
  let copies = pinned.get(item);
  if (!copies) pinned.set(item, (copies = new WeakMap()));
  let copy = copies.get(style);
  if (!copy) copies.set(style, (copy = { ...item, style } as ItemBox));
  return copy;
}

const pinnedBoxes = memoSlot<ItemBox, WeakMap<ComputedStyle, ItemBox>>('render');

/**
 * Lay an item out with pinned sizes. `cbWidth` is the container's inner width (percentages
 * of padding resolve against it), `cbHeight` its definite inner height for percentage heights.
 * Without `page` the item is measured, and the result kept (measuredItem).
 */
export function layoutItem(
  item: ItemBox,
  sizes: PinnedSizes,
  cbWidth: number,
  cbHeight: number | null,
  ctx: LayoutContext,
  page: { readonly blockSize: number; readonly pageIsEmpty: boolean; readonly resume: Resume | null } | null = null,
): LayoutResult {
  const box = pinItem(item, sizes, cbWidth, ctx);
  if (!page) return measuredItem(box, cbWidth, cbHeight, ctx);
  const space = itemSpace(cbWidth, cbHeight, page);
  return layoutBox(box, sizes.flexed ? { ...space, flexedHeight: true } : space, page.resume, ctx);
}

/** The space an item is laid out in: on a page (`page`), or measured without one. */
function itemSpace(
  cbWidth: number,
  cbHeight: number | null,
  page: { readonly blockSize: number; readonly pageIsEmpty: boolean; readonly resume: Resume | null } | null,
): Space {
  return {
    inlineSize: cbWidth,
    blockSize: page?.blockSize ?? Infinity,
    pageIsEmpty: page?.pageIsEmpty ?? true,
    mode: page ? 'layout' : 'measure',
    marginAbove: NO_MARGINS,
    truncateMargins: page !== null && page.resume !== null,
    cbBlockSize: cbHeight,
  };
}

/**
 * Measured items per pinned copy (whose style holds the sizes and cbWidth), then per cbHeight,
 * with the page area's block size they were measured in (orthogonal flows size against it: LayoutContext.icb).
 */
const measuredItems = memoSlot<ItemBox, Map<number | null, { readonly icb: number; readonly result: LayoutResult }>>(
  'page',
);

/**
 * A pinned item laid out without pages, once per percentage basis: a flex container computed
 * again at its stretched height measures its items at the sizes it measured them at before,
 * and a column container's items are measured for their cross size and again at their main
 * size (a result is reused when the constraints are equal, as Chromium's layout cache does).
 * Page-scoped: the results hold fragments. Not kept when the layout handed out-of-flow boxes
 * to a containing block outside the item: another layout must hand them again.
 */
function measuredItem(box: ItemBox, cbWidth: number, cbHeight: number | null, ctx: LayoutContext): LayoutResult {
  const cache = cacheOf(ctx, measuredItems);
  let byBasis = cache.get(box);
  const hit = byBasis?.get(cbHeight);
  if (hit && hit.icb === ctx.icb.blockSize) return hit.result;
  const pending = pendingCount();
  const result = layoutBox(box, itemSpace(cbWidth, cbHeight, null), null, ctx);
  if (pendingCount() !== pending) return result;
  if (!byBasis) cache.set(box, (byBasis = new Map()));
  byBasis.set(cbHeight, { icb: ctx.icb.blockSize, result });
  return result;
}

/**
 * Min-/max-content width of the box's content box. `outerSizes` is a contribution to an
 * unknown containing block (percent padding and margins count as 0); items know theirs and
 * add their real edges to this. `basis`: the box's content height when definite (CSS 2.1 §10.5).
 */
export function contentWidths(
  box: ItemBox,
  ctx: LayoutContext,
  basis: number | null = null,
): { min: number; max: number } {
  const o = outerSizes(box, ctx, null, basis);
  const s = box.style;
  const b = borderEdges(s);
  const p = paddingEdges(s, 0);
  const e = b.left + b.right + p.left + p.right + marginOrZero(s.marginLeft, 0) + marginOrZero(s.marginRight, 0);
  return { min: Math.max(0, o.min - e), max: Math.max(0, o.max - e) };
}
