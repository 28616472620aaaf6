import type { ContainerBox } from '../boxes/box.js';
import type { BoxFragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { contentSizes, type IntrinsicSizes } from '../flow/intrinsic-size.js';
import { layoutBox } from '../flow/layout-box.js';
import { borderEdges, definite, marginOrZero, paddingEdges, placeInline, toContentSize } from '../flow/box-model.js';
import { changedFragment, movedFragment } from '../flow/fragments.js';
import { addMargin, NO_MARGINS, resolveMargins, type LayoutResult, type Space } from '../flow/types.js';
import { logicalStyle } from './logical-style.js';
import { physicalRoot } from './physical-fragments.js';

/**
 * An orthogonal flow root (CSS Writing Modes 4 §7.3): a box whose writing mode is vertical
 * in a horizontal parent. The parent sees its physical style (margins, borders, width and
 * height as written); its content is laid out in the logical frame, as a horizontal box
 * turned a quarter (the "inner" box: the logical style without margins, its logical width
 * given), then turned onto the page. Monolithic: it never breaks across pages.
 *
 * Its height (the inline size) is `height` when definite, else fit-content within the
 * containing block's definite height or, without one, the initial containing block's (§7.3.1);
 * its width (the block size) is `width`, else its content's extent. A table cell is
 * stretched by its table instead: to its column's width and, once the row is known, to the
 * row's height (`space.stretchHeight`), its content aligned by vertical-align along its own
 * block axis, which is horizontal (as Chromium does).
 */
export function layoutOrthogonal(box: ContainerBox, space: Space, ctx: LayoutContext): LayoutResult {
  const s = box.style;
  const cbWidth = space.inlineSize;
  const vEdges = verticalEdges(s, cbWidth);
  const mt = marginOrZero(s.marginTop, cbWidth);
  const mb = marginOrZero(s.marginBottom, cbWidth);
  const inner = innerBox(box, ctx);
  const contentHeight =
    space.stretchHeight !== undefined
      ? Math.max(0, space.stretchHeight - vEdges)
      : inlineSize(box, inner, (space.cbBlockSize ?? ctx.icb.blockSize) - mt - mb, space.cbBlockSize, ctx);
  const res = layoutBox(inner, innerSpace(contentHeight + vEdges, cbWidth), null, ctx);
  const laid = res.fragment as BoxFragment;
  const logical = box.kind === 'table-cell' ? alignCellContent(laid, cbWidth, s.verticalAlign) : laid;
  // Placed in the parent's inline axis by its margins, from its start side (CSS 2.1 §10.3.3).
  const fragment = {
    ...physicalRoot(logical, s.writingMode!, s),
    x: placeInline(s, cbWidth, logical.height, space.cbDirection === 'rtl', undefined).left,
  };
  const marginTop = space.truncateMargins ? space.marginAbove : addMargin(space.marginAbove, mt);
  const tooTall =
    space.mode === 'layout' && !space.pageIsEmpty && fragment.height > space.blockSize - resolveMargins(marginTop);
  if (tooTall) {
    return {
      fragment: null,
      resume: null,
      marginTop: space.marginAbove,
      marginBottom: NO_MARGINS,
      collapsesThrough: false,
      height: 0,
      baseline: null,
      lastBaseline: null,
    };
  }
  return {
    fragment,
    resume: null,
    marginTop,
    marginBottom: addMargin(NO_MARGINS, mb),
    collapsesThrough: false,
    height: fragment.height,
    baseline: null,
    lastBaseline: null,
  };
}

/**
 * Min- and max-content widths of an orthogonal flow root's content box: the extent of its
 * content laid out at its inline size within the initial containing block (§7.3.1, as
 * Chromium computes orthogonal children's contributions), both the same.
 */
export function orthogonalContentSizes(box: ContainerBox, ctx: LayoutContext): IntrinsicSizes {
  const s = box.style;
  const inner = innerBox(box, ctx);
  const b = borderEdges(s);
  const p = paddingEdges(s, 0);
  const vEdges = b.top + b.bottom + p.top + p.bottom;
  const hEdges = b.left + b.right + p.left + p.right;
  const available = ctx.icb.blockSize - marginOrZero(s.marginTop, 0) - marginOrZero(s.marginBottom, 0);
  const height = inlineSize(box, inner, available, null, ctx);
  const res = layoutBox(inner, innerSpace(height + vEdges, 0), null, ctx);
  const width = Math.max(0, res.height - hEdges);
  return { min: width, max: width };
}

/** The content-box height: `height`, else fit-content in `available` (the margin box's room), clamped by min/max-height. */
function inlineSize(
  box: ContainerBox,
  inner: ContainerBox,
  available: number,
  cbHeight: number | null,
  ctx: LayoutContext,
): number {
  const s = box.style;
  const vEdges = verticalEdges(s, 0);
  const specified = definite(s.height, cbHeight);
  let h: number;
  if (specified !== null) h = toContentSize(specified, s, vEdges);
  else {
    const sizes = contentSizes(inner, ctx);
    h = Math.min(sizes.max, Math.max(sizes.min, available - vEdges));
  }
  const min = definite(s.minHeight, cbHeight);
  const max = definite(s.maxHeight, cbHeight);
  if (max !== null) h = Math.min(h, toContentSize(max, s, vEdges));
  if (min !== null) h = Math.max(h, toContentSize(min, s, vEdges));
  return Math.max(0, h);
}

/** Top and bottom borders and paddings (percentages against `cbWidth`). */
function verticalEdges(s: ComputedStyle, cbWidth: number): number {
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  return b.top + b.bottom + p.top + p.bottom;
}

function innerSpace(width: number, cbWidth: number): Space {
  // The logical height (the physical width) resolves percentages against the parent's width.
  return {
    inlineSize: width,
    blockSize: Infinity,
    pageIsEmpty: true,
    mode: 'layout',
    marginAbove: NO_MARGINS,
    truncateMargins: false,
    cbBlockSize: cbWidth,
  };
}

const inners = memoSlot<ContainerBox, ContainerBox>('render');
const innerStyles = new WeakMap<ComputedStyle, ComputedStyle>();

/** The root as laid out in its logical frame: margins belong to the parent, the inline size is given, it is a BFC. */
function innerBox(box: ContainerBox, ctx: LayoutContext): ContainerBox {
  return memoized(ctx, inners, box, logicalRoot);
}

function logicalRoot(box: ContainerBox): ContainerBox {
  let style = innerStyles.get(box.style);
  if (!style) {
    const l = logicalStyle(box.style);
    style = {
      ...l,
      marginTop: 0,
      marginRight: 0,
      marginBottom: 0,
      marginLeft: 0,
      width: 'auto',
      minWidth: 'auto',
      maxWidth: 'none',
      display: box.kind === 'block' ? 'flow-root' : l.display,
      // A positioned root stays the containing block of its absolutely positioned descendants,
      // laid out in the logical frame and turned with the rest (CSS Position 3 §2.1); its own
      // offset belongs to the parent's frame.
      position: box.style.position === 'static' ? 'static' : 'relative',
      top: 'auto',
      right: 'auto',
      bottom: 'auto',
      left: 'auto',
      float: 'none',
      transform: [],
    };
    innerStyles.set(box.style, style);
  }
  return { ...box, style, orthogonal: undefined } as ContainerBox;
}

/** A cell's content along its block axis (CSS 2.1 §17.5.4), the cell stretched to its column. */
function alignCellContent(f: BoxFragment, width: number, align: ComputedStyle['verticalAlign']): BoxFragment {
  const free = width - f.height;
  if (free <= 0) return f;
  const dy = align === 'middle' ? free / 2 : align === 'bottom' ? free : 0;
  const children = dy !== 0 ? f.children.map((c) => movedFragment(c, 0, dy)) : f.children;
  return changedFragment(f, { height: width, children });
}
