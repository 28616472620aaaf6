import { symbolShape } from './marker-shapes.js';
import type { AtomicInlineBox, ReplacedBox } from '../boxes/box.js';
import { resolveLength } from '../style.js';
import type { LayoutContext } from './context.js';
import { borderEdges, definite, marginOrZero, paddingEdges } from './box-model.js';
import { changedFragment, createBoxFragment, WHOLE } from './fragments.js';
import { outerSizes } from './intrinsic-size.js';
import { layoutBox } from './layout-box.js';
import { imageFragment, replacedSize } from './replaced-size.js';
import { NO_MARGINS } from './types.js';
import type { AtomicLayout } from './inline-items.js';
import { shiftRelative } from '../positioned/relative.js';
import { controlKind } from '../boxes/form-controls.js';
import type { ContainerBox } from '../boxes/box.js';
import { usedLineHeight } from './line-height.js';

/**
 * `cbHeight`: the height of the block container holding the line, when definite; percentage
 * heights of inline-blocks and images resolve against it (CSS 2.1 §10.5, §10.1 item 2).
 */
export function layoutAtomic(
  box: AtomicInlineBox | ReplacedBox,
  cbWidth: number,
  ctx: LayoutContext,
  intrinsic = false,
  cbHeight: number | null = null,
): AtomicLayout {
  if (intrinsic) {
    const sizes = outerSizes(box.kind === 'atomic' ? box.box : box, ctx, cbHeight);
    return { fragment: null, marginWidth: sizes.max, marginHeight: 0, minWidth: sizes.min, baseline: 0 };
  }
  if (box.kind === 'atomic' && box.box.tag === '::marker') return layoutSymbolMarker(box, ctx);
  return box.kind === 'replaced'
    ? layoutInlineReplaced(box, cbWidth, cbHeight)
    : layoutInlineBlock(box, cbWidth, ctx, cbHeight);
}

/**
 * An inside disc / circle / square marker: the shape at the start of the line and then
 * 1em + 1px of space before the content, its bottom margin edge on the baseline. Printed with
 * Chromium (Arial 10/16/32px, DejaVu Sans and Courier New 16px) the content starts
 * size + font-size + 1 px after the line start, the shape placed as an outside one.
 */
function layoutSymbolMarker(atomic: AtomicInlineBox, ctx: LayoutContext): AtomicLayout {
  const { fragment, ascent, gap } = symbolShape(atomic.style, ctx);
  const marginWidth = fragment.width + gap;
  // The fragment's y is measured from the ascent top; the margin box ends on the baseline.
  const marginHeight = ascent;
  return { fragment, marginWidth, marginHeight, minWidth: marginWidth, baseline: marginHeight };
}

function layoutInlineReplaced(box: ReplacedBox, cbWidth: number, cbHeight: number | null): AtomicLayout {
  const s = box.style;
  const size = replacedSize(box, cbWidth, cbHeight);
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  const mt = marginOrZero(s.marginTop, cbWidth);
  const ml = marginOrZero(s.marginLeft, cbWidth);
  const width = size.width + b.left + b.right + p.left + p.right;
  const height = size.height + b.top + b.bottom + p.top + p.bottom;
  const marginWidth = ml + width + marginOrZero(s.marginRight, cbWidth);
  const marginHeight = mt + height + marginOrZero(s.marginBottom, cbWidth);
  const image = imageFragment(box, b.left + p.left, b.top + p.top, size.width, size.height);
  const placed = createBoxFragment(
    s,
    box.tag,
    box.attrs,
    { x: ml, y: mt, width, height, border: b, padding: p, part: WHOLE },
    box.src ? [image] : [],
  );
  // position: relative moves an image from where the line puts it, as an inline-block (CSS 2.1 §9.4.3).
  const fragment = shiftRelative(placed, cbWidth, cbHeight);
  return { fragment, marginWidth, marginHeight, minWidth: marginWidth, baseline: marginHeight };
}

/** inline-block and friends: shrink-to-fit width (CSS 2.1 §10.3.9), laid out whole (monolithic). */
function layoutInlineBlock(
  atomic: AtomicInlineBox,
  cbWidth: number,
  ctx: LayoutContext,
  cbHeight: number | null,
): AtomicLayout {
  const box = atomic.box;
  const s = box.style;
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth);
  const ml = marginOrZero(s.marginLeft, cbWidth);
  const mr = marginOrZero(s.marginRight, cbWidth);
  const mt = marginOrZero(s.marginTop, cbWidth);
  const mb = marginOrZero(s.marginBottom, cbWidth);
  const edges = b.left + b.right + p.left + p.right;
  let inlineSize = cbWidth;
  if (definite(s.width, cbWidth) === null && s.width !== 'stretch') {
    const sizes = outerSizes(box, ctx, cbHeight);
    const fit = Math.min(Math.max(sizes.min, cbWidth), sizes.max);
    inlineSize = fit;
  }
  const r = layoutBox(
    box,
    {
      inlineSize,
      blockSize: Infinity,
      pageIsEmpty: true,
      mode: 'layout',
      marginAbove: NO_MARGINS,
      truncateMargins: false,
      cbBlockSize: cbHeight,
    },
    null,
    ctx,
  );
  const laid = r.fragment;
  const width = laid && laid.kind === 'box' ? laid.width : edges;
  // Placed at its margins; position: relative shifts it from where the line puts it (src/positioned, §9.4.3).
  const fragment = laid && laid.kind === 'box' ? shiftRelative(changedFragment(laid, { x: ml, y: mt }), cbWidth) : laid;
  const marginHeight = mt + r.height + mb;
  const baseline = inlineBlockBaseline(box, r.lastBaseline, mt, r.height, ctx) ?? marginHeight;
  void resolveLength;
  return { fragment, marginWidth: ml + width + mr, marginHeight, minWidth: ml + width + mr, baseline };
}

/** The vertical padding around a colour input's swatch (html.css ::-webkit-color-swatch-wrapper). */
const COLOR_SWATCH_PADDING = 4;

/**
 * The baseline of an inline-block from its margin-box top (CSS 2.1 §10.8.1): its last line's,
 * unless it clips its content; null = the bottom margin edge. A text field, drop-down or input
 * button keeps its text's baseline though it clips, and an empty one the baseline its text
 * would have, centred in its content box (Chromium's LayoutTextControl / LayoutMenuList).
 * Measured with getBoundingClientRect (packages/core/test/forms/form-controls-cases.json).
 */
function inlineBlockBaseline(
  box: ContainerBox,
  last: number | null,
  mt: number,
  height: number,
  ctx: LayoutContext,
): number | null {
  const s = box.style;
  const kind = controlKind(box.tag, box.attrs);
  const textControl =
    kind === 'text-field' || kind === 'menulist' || kind === 'file' || (kind === 'push-button' && box.tag === 'input');
  if (s.appearance !== 'none') {
    // A themed checkbox, radio or range sits on its border-box bottom, whatever its bottom
    // margin; a colour input on its swatch's bottom, inside its 4px swatch padding (Chromium).
    if (kind === 'checkbox' || kind === 'radio' || kind === 'range') return mt + height;
    if (kind === 'color') return mt + height - borderEdges(s).bottom - paddingEdges(s, 0).bottom - COLOR_SWATCH_PADDING;
  }
  if (last !== null && (s.overflow === 'visible' || textControl)) return mt + last;
  const b = borderEdges(s);
  const p = paddingEdges(s, 0);
  // An empty `<button>` sits on its content-box bottom (Chromium's LayoutButton).
  if (kind === 'push-button' && box.tag === 'button' && last === null && s.appearance !== 'none')
    return mt + height - b.bottom - p.bottom;
  if (!textControl) return null;
  const m = ctx.shapes.metrics(s);
  const content = height - b.top - b.bottom - p.top - p.bottom;
  const line = usedLineHeight(s, m.ascent, m.descent, m.lineGap);
  const halfLeading = Math.floor((line - m.ascent - m.descent) / 2);
  return mt + b.top + p.top + (content - line) / 2 + halfLeading + m.ascent;
}
