import type { BlockLevelBox, LinesBox } from '../boxes/box.js';
import { hasPercent, type ComputedStyle } from '../style.js';
import { cacheOf, cacheSlot, type LayoutContext } from './context.js';
import { borderEdges, marginOrZero, paddingEdges, definite, resolveBlockBox, toContentSize } from './box-model.js';
import { itemWidth, paragraphOf, type TextItem } from './inline-items.js';
import { replacedSize } from './replaced-size.js';
import { keywordContribution, type IntrinsicSizes } from './size-keywords.js';
import { contentSizesByMode, tableOuterSizesByMode } from './layout-box.js';
import { passesPercentageBasis } from './formatting-context.js';

export type { IntrinsicSizes } from './size-keywords.js';

/**
 * The box's margin-box contribution to its parent's intrinsic sizes; a definite width wins.
 * `cbHeight`: its containing block's height when definite, which percentage heights resolve
 * against while sizing too (CSS Sizing 3 §5.2.1: a replaced element's percentage height gives
 * its width through its ratio, as in Chromium). `basis`: the box's own content height when
 * definite, for its content's percentages (by default from its style).
 */
export function outerSizes(
  box: BlockLevelBox,
  ctx: LayoutContext,
  cbHeight: number | null = null,
  basis = box.kind === 'lines' ? cbHeight : childPercentageBasis(box, ctx, 0, cbHeight),
): IntrinsicSizes {
  if (box.kind === 'lines') return contentSizes(box, ctx, basis);
  if (box.kind === 'table') return tableOuterSizesByMode(box, ctx);
  const s = box.style;
  const b = borderEdges(s);
  const p = paddingEdges(s, 0);
  const edges = b.left + b.right + p.left + p.right + marginOrZero(s.marginLeft, 0) + marginOrZero(s.marginRight, 0);
  if (box.kind === 'replaced') {
    // Percentages of width and max-width count as auto and none; with one, the replaced
    // element is compressible and contributes no min-content width (CSS Sizing 3 §5.2.2).
    const w = replacedSize(box, null, cbHeight).width + edges;
    const compressible = hasPercent(s.width) || hasPercent(s.maxWidth);
    return { min: compressible ? (definite(s.minWidth, null) ?? 0) + edges : w, max: w };
  }
  const specified = definite(s.width, null);
  if (specified === null && s.aspectRatio !== 'auto' && definite(s.height, cbHeight) !== null) {
    // A definite height gives the width through the ratio (CSS Sizing 4 §5.2), as in layout.
    const w = resolveBlockBox(s, 0, cbHeight, 'ltr', undefined, () => contentSizes(box, ctx, basis)).width + edges;
    return { min: w, max: w };
  }
  if (specified !== null) {
    const w = toContentSize(specified, s, b.left + b.right + p.left + p.right) + edges;
    return { min: w, max: w };
  }
  // A control sized by a percentage: its own width for max-content, nothing for min-content (CSS Sizing 3 §5.2.2).
  const control = s.controlContentWidth;
  const inner =
    control === undefined ? keywordContribution(s, contentSizes(box, ctx, basis)) : { min: 0, max: control };
  // min-/max-width are in the box's box-sizing, as width (CSS Sizing 3 §5.1: clamped content box).
  const boxEdges = b.left + b.right + p.left + p.right;
  const minSpec = definite(s.minWidth, null);
  const maxSpec = definite(s.maxWidth, null);
  const minW = minSpec === null ? 0 : toContentSize(minSpec, s, boxEdges);
  const maxW = maxSpec === null ? Infinity : toContentSize(maxSpec, s, boxEdges);
  const clamp = (v: number): number => Math.max(minW, Math.min(maxW, v));
  return { min: clamp(inner.min) + edges, max: clamp(inner.max) + edges };
}

/**
 * The content-box height of a box with this style when it is definite (a length, or a
 * percentage of a definite `cbHeight`): the percentage basis of its children's heights
 * (CSS 2.1 §10.5); null when auto. Percentage padding resolves against `cbWidth`.
 */
export function contentHeightBasis(s: ComputedStyle, cbWidth: number, cbHeight: number | null): number | null {
  const h = definite(s.height, cbHeight);
  if (h === null) return null;
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  return toContentSize(h, s, b.top + b.bottom + p.top + p.bottom);
}

/**
 * The height a box's children resolve percentage heights against while sizing: its own
 * content height when definite, else in quirks mode its containing block's when the
 * percentage height calculation quirk skips it (Quirks Mode §3.5, as layout does).
 */
export function childPercentageBasis(
  box: Exclude<BlockLevelBox, LinesBox>,
  ctx: LayoutContext,
  cbWidth: number,
  cbHeight: number | null,
): number | null {
  return contentHeightBasis(box.style, cbWidth, cbHeight) ?? (passesPercentageBasis(box, ctx) ? cbHeight : null);
}

type SizedBox = Exclude<BlockLevelBox, { kind: 'replaced' }>;

/**
 * Content sizes of each box, for the whole render: table columns ask for every cell's sizes.
 * Kept for an indefinite percentage basis (most boxes), and apart for each definite one.
 */
const intrinsicSizes = cacheSlot('render', () => new WeakMap<SizedBox, IntrinsicSizes>());
const intrinsicSizesAt = cacheSlot('render', () => new WeakMap<SizedBox, Map<number, IntrinsicSizes>>());

/** `basis`: the height the box's content resolves percentage heights against, when definite. */
export function contentSizes(box: SizedBox, ctx: LayoutContext, basis: number | null = null): IntrinsicSizes {
  let at: Map<number, IntrinsicSizes> | undefined;
  if (basis !== null) {
    const byBox = cacheOf(ctx, intrinsicSizesAt);
    at = byBox.get(box);
    if (!at) byBox.set(box, (at = new Map()));
  }
  const cache = cacheOf(ctx, intrinsicSizes);
  let sizes = at ? at.get(basis!) : cache.get(box);
  if (sizes) return sizes;
  const contained = box.kind === 'lines' ? undefined : box.style.sizeContainment;
  if (contained) {
    // Size containment: sized as if its content were contain-intrinsic-size (CSS Contain 2 §3.2).
    sizes = { min: contained.width, max: contained.width };
  } else if (box.kind === 'lines') {
    sizes = linesSizes(box, ctx, basis);
  } else {
    sizes = contentSizesByMode(box, ctx, basis);
  }
  if (at) at.set(basis!, sizes);
  else cache.set(box, sizes);
  return sizes;
}

/** Longest unbreakable segment (min) and longest forced line (max); trailing spaces hang. */
function linesSizes(box: LinesBox, ctx: LayoutContext, basis: number | null): IntrinsicSizes {
  const para = paragraphOf(box, 0, ctx, true, basis);
  const indent = indentOf(box.style);
  let min = 0;
  let max = 0;
  let line = indent;
  let segment = indent;
  let trailing = 0;
  for (let i = 0; i < para.items.length; i++) {
    const item = para.items[i]!;
    const before = para.breakBefore[i];
    if (before === 'forced') {
      max = Math.max(max, line - trailing);
      line = 0;
    }
    if (before !== 'none') {
      min = Math.max(min, segment - trailing);
      segment = 0;
    }
    const w = item.type === 'atomic' ? item.layout.marginWidth : itemWidth(item);
    const wMin = item.type === 'atomic' ? item.layout.minWidth : w;
    line += w;
    const pieces = item.type === 'text' ? anywherePieces(item, ctx) : null;
    if (pieces) {
      // Breaks inside the word end segments that hold no trailing space.
      segment += pieces[0]!;
      for (let k = 1; k < pieces.length; k++) {
        min = Math.max(min, segment);
        segment = pieces[k]!;
      }
      segment += item.type === 'text' ? item.spaceWidth : 0;
    } else {
      segment += wMin;
    }
    if (item.type === 'text') trailing = item.space && item.style.whiteSpace !== 'break-spaces' ? item.spaceWidth : 0;
    else if (item.type !== 'close' && item.type !== 'br') trailing = 0; // a br keeps the space before it hanging
  }
  max = Math.max(max, line - trailing);
  min = Math.max(min, segment - trailing);
  return { min, max };
}

/**
 * Character widths of a word that `overflow-wrap: anywhere` may break between any two
 * characters; unlike `break-word`, those opportunities count for min-content (CSS Text 3
 * §5.5). The deprecated `word-break: break-word` has the effect of `overflow-wrap: anywhere`
 * whatever overflow-wrap says (CSS Text 3 §5.2), so it counts too: e-mail templates put it on
 * long code and URLs inside auto-sized table cells. `word-break: break-all` already splits
 * words into per-letter items (inline-items).
 */
function anywherePieces(item: TextItem, ctx: LayoutContext): number[] | null {
  const s = item.style;
  const anywhere = s.overflowWrap === 'anywhere' || s.wordBreak === 'break-word';
  if (!anywhere || s.whiteSpace === 'nowrap' || s.whiteSpace === 'pre') return null;
  const chars = Array.from(item.word);
  if (chars.length < 2) return null;
  const rtl = (item.level & 1) === 1;
  return chars.map((ch) => ctx.shapes.shape(ch, s, rtl).width);
}

function indentOf(style: ComputedStyle): number {
  return typeof style.textIndent === 'number' ? style.textIndent : style.textIndent.px;
}
