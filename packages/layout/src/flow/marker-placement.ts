import type { ContainerBox, MarkerBox } from '../boxes/box.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { ComputedStyle, Length } from '../style.js';
import type { BoxFragment, ImageFragment } from '../fragment.js';
import type { LayoutContext } from './context.js';
import type { UsedBox } from './box-model.js';
import type { FlowState } from './block-children.js';
import { createBoxFragment, ZERO_EDGES, WHOLE } from './fragments.js';
import { layoutMarker } from './layout-box.js';

/** Chromium's kCMarkerPaddingPx. */
const MARKER_PADDING = 7;
const SYMBOLS = new Set(['disc', 'circle', 'square']);

/**
 * An outside `::marker` (CSS Lists 3 §3.1, CSS 2.1 §12.5.1): outside the principal box, its
 * end edge against the content's start edge (the marker text's trailing space is the gap,
 * as in Chromium), its baseline on the list item's first line baseline.
 */
export function placeMarker(box: ContainerBox, state: FlowState, used: UsedBox, ctx: LayoutContext): void {
  const marker = box.marker;
  if (!marker) return;
  const contentLeft = used.border.left + used.padding.left;
  const rtl = box.style.direction === 'rtl';
  const image = marker.style.listStyleImage;
  const size = image?.kind === 'url' && marker.style.content === 'normal' ? ctx.images(image.url) : null;
  if (image?.kind === 'url' && size) {
    placeImage(image.url, size, state, used, rtl ? contentLeft + used.width : contentLeft, rtl, marker.style, ctx);
    return;
  }
  if (marker.style.content === 'normal' && SYMBOLS.has(marker.style.listStyleType)) {
    placeSymbol(marker, state, used, rtl ? contentLeft + used.width : contentLeft, rtl, ctx);
    return;
  }
  const line = layoutMarker(marker, ctx);
  if (line.width === 0 && line.fragments.length === 0) return;
  const x = rtl ? contentLeft + used.width : contentLeft - line.width;
  const baseline = state.baseline ?? used.border.top + used.padding.top + line.baseline;
  const fragment = createBoxFragment(marker.style, '::marker', {}, {
    x, y: baseline - line.baseline, width: line.width, height: line.height, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE,
  }, line.fragments);
  state.children.push(fragment);
}

/**
 * disc / circle / square are drawn as shapes, not glyphs, where Chromium puts them
 * (ListMarker::InlineMarginsForOutside, RelativeSymbolMarkerRect): a square of
 * (⌊2/3·ascent⌋ + 1) / 2 px, ⌊2/3·ascent⌋ + 7 px before the content, in integer px.
 * Here it is a box with a background (disc, square) or a border (circle), rounded for discs.
 */
function placeSymbol(marker: MarkerBox, state: FlowState, used: UsedBox, edge: number, rtl: boolean, ctx: LayoutContext): void {
  const { fragment, ascent, offset } = symbolShape(marker.style, ctx);
  const baseline = state.baseline ?? used.border.top + used.padding.top + ascent;
  const f = fragment as { x: number; y: number };
  f.x = rtl ? edge + offset + MARKER_PADDING - fragment.width : edge - offset - MARKER_PADDING;
  f.y += baseline - ascent;
  state.children.push(fragment);
}

/**
 * The symbol's box, at x 0 and y from the top of the font's ascent: a square of
 * (⌊2/3·ascent⌋ + 1) / 2 px whose top is ⌊3·(ascent − ⌊2/3·ascent⌋) / 2⌋ below the ascent
 * top (RelativeSymbolMarkerRect), filled (disc, square) or outlined (circle), round for discs.
 */
export function symbolShape(style: ComputedStyle, ctx: LayoutContext): { fragment: BoxFragment; ascent: number; offset: number } {
  const ascent = Math.round(ctx.shapes.metrics(style).ascent);
  const offset = Math.floor((ascent * 2) / 3);
  const size = Math.floor((offset + 1) / 2);
  const y = Math.floor((3 * (ascent - offset)) / 2);
  const type = style.listStyleType;
  const line = type === 'circle' ? 1 : 0;
  const half: Length = { px: 0, pct: 50 };
  const round = type === 'square' ? 0 : half;
  const side = { width: line, style: line ? 'solid' as const : 'none' as const, color: style.color };
  const shape: ComputedStyle = {
    ...anonymousStyle(style),
    backgroundColor: type === 'circle' ? { r: 0, g: 0, b: 0, a: 0 } : style.color,
    borderTop: side, borderRight: side, borderBottom: side, borderLeft: side,
    borderRadius: [[round, round], [round, round], [round, round], [round, round]],
  };
  const border = { top: line, right: line, bottom: line, left: line };
  const fragment = createBoxFragment(shape, '::marker', {}, { x: 0, y, width: size, height: size, border, padding: ZERO_EDGES, part: WHOLE }, []);
  return { fragment, ascent, offset };
}

/**
 * list-style-image: the image at its intrinsic size, 7 px before the content
 * (ListMarker::InlineMarginsForOutside), its bottom on the first line's baseline.
 */
function placeImage(
  src: string, size: { width: number; height: number }, state: FlowState, used: UsedBox, edge: number, rtl: boolean,
  style: ComputedStyle, ctx: LayoutContext,
): void {
  const ascent = Math.round(ctx.shapes.metrics(style).ascent);
  const baseline = state.baseline ?? used.border.top + used.padding.top + ascent;
  const x = rtl ? edge + MARKER_PADDING : edge - MARKER_PADDING - size.width;
  const y = baseline - size.height;
  const image: ImageFragment = { kind: 'image', style, x, y, width: size.width, height: size.height, clip: { x, y, width: size.width, height: size.height }, src };
  state.children.push(image);
}
