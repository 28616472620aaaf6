import type { ContainerBox, MarkerBox, ReplacedBox } from '../boxes/box.js';
import { MARKER_PADDING, SYMBOL_MARKERS } from '../boxes/build-boxes.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { ComputedStyle, Length } from '../style.js';
import type { BoxFragment, ImageFragment } from '../fragment.js';
import type { LayoutContext } from './context.js';
import type { UsedBox } from './box-model.js';
import { NO_MARGINS } from './types.js';
import type { FlowState } from './block-children.js';
import { createBoxFragment, offsetFragment, ZERO_EDGES, WHOLE } from './fragments.js';
import { layoutMarker } from './layout-box.js';
import { usedLineHeight } from './line-metrics.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';

/**
 * An outside `::marker` (CSS Lists 3 §3.1, CSS 2.1 §12.5.1): outside the principal box, its
 * end edge against the content's start edge (the marker text's trailing space is the gap,
 * as in Chromium), its baseline on the list item's first line baseline.
 */
export function placeMarker(box: ContainerBox, state: FlowState, used: UsedBox, ctx: LayoutContext): boolean {
  const marker = box.marker;
  if (!marker) return false;
  const held = state.baseline === null && holdMarkerLine(box, marker, state, used, ctx);
  placeMarkerFragment(marker, box, state, used, ctx);
  return held;
}

/** The first fragment of a list item broken across pages carries its marker too, at its first line (the item's content is laid out already). */
export function placeMarkerOfBrokenItem(box: ContainerBox, state: FlowState, used: UsedBox, ctx: LayoutContext): void {
  if (box.marker && state.baseline !== null) placeMarkerFragment(box.marker, box, state, used, ctx);
}

/**
 * A list item whose first in-flow child is a table: the marker's baseline is the table's (its
 * first row's, else its bottom content edge, CSS 2.1 §17.5.3), and when the marker's line would
 * reach above the item's content top there, the content moves down so that it does not, as
 * Chromium prints it (a clearfix `::before { display: table }` item is a line taller). Done as
 * soon as that table is placed, before the rest of the item is laid out, so that the rest breaks
 * at the page end where it really sits.
 */
export function lowerTableBelowMarker(box: ContainerBox, state: FlowState, used: UsedBox, ctx: LayoutContext): void {
  const marker = box.marker;
  if (!marker) return;
  const first = state.children.find(
    (f) => f.kind !== 'box' || (f.style.float === 'none' && !isOutOfFlowStyle(f.style)),
  );
  if (first?.kind !== 'box' || first.style.display !== 'table') return;
  const inside = state.baseline !== null && state.baseline >= first.y && state.baseline <= first.y + first.height;
  const tableBaseline = inside ? state.baseline! : first.y + first.height - first.border.bottom - first.padding.bottom;
  // The marker's baseline in its line (Chromium's integer font ascent and descent).
  const m = ctx.shapes.metrics(marker.style);
  const ascent = Math.round(m.ascent);
  const descent = Math.round(m.descent);
  const lineHeight = usedLineHeight(marker.style, m.ascent, m.descent, m.lineGap);
  const markerBaseline = used.border.top + used.padding.top + Math.floor((lineHeight - ascent - descent) / 2) + ascent;
  const dy = Math.max(0, markerBaseline - tableBaseline);
  for (const f of state.children) offsetFragment(f, 0, dy);
  state.y += dy;
  if (state.lastBaseline !== null) state.lastBaseline += dy;
  state.baseline = tableBaseline + dy;
}

/**
 * An image marker taller than the ascent of the item's first line moves that line (and the
 * content below it) down until the baselines meet, as Chromium does (NGUnpositionedListMarker::
 * AddToBox pushes the content by the marker's excess ascent). Called once the first in-flow
 * child is placed; says whether the content moved.
 */
export function lowerLineBelowImageMarker(
  box: ContainerBox,
  state: FlowState,
  used: UsedBox,
  ctx: LayoutContext,
): boolean {
  const marker = box.marker;
  if (!marker || state.baseline === null || !markerImage(marker)) return false;
  const dy = markerLine(marker, ctx).ascent - (state.baseline - used.border.top - used.padding.top);
  if (dy <= 0) return false;
  for (const f of state.children) offsetFragment(f, 0, dy);
  state.y += dy;
  if (state.lastBaseline !== null) state.lastBaseline += dy;
  state.baseline += dy;
  return true;
}

/**
 * A list item without line boxes still holds its marker's line at its content top: the item is
 * at least that tall (CSS Lists 3 leaves it open, csswg-drafts#2418; Chromium's
 * PositionListMarkerWithoutLineBoxes), so an empty `<li>` is one line tall, not 0.
 * Says whether the item grew to hold it.
 */
function holdMarkerLine(
  box: ContainerBox,
  marker: MarkerBox,
  state: FlowState,
  used: UsedBox,
  ctx: LayoutContext,
): boolean {
  const bottom = used.border.top + used.padding.top + markerLine(marker, ctx).height;
  if (bottom <= state.y) return false;
  // An empty item's own top margin was used above the line; Chromium keeps the margins of
  // empty children collapsing through for below it.
  if (state.placed === 0 && box.children.length === 0) state.pending = NO_MARGINS;
  state.y = bottom;
  state.placed += 1;
  return true;
}

/**
 * The marker's own line: its strut, and an image marker standing on the baseline (CSS 2.1
 * §10.8, like any atomic inline). `ascent` is its baseline's distance from the line's top.
 */
function markerLine(marker: MarkerBox, ctx: LayoutContext): { ascent: number; height: number } {
  const m = ctx.shapes.metrics(marker.style);
  const lineHeight = usedLineHeight(marker.style, m.ascent, m.descent, m.lineGap);
  const image = markerImage(marker);
  const leadingTop = Math.floor((lineHeight - m.ascent - m.descent) / 2 + 1e-9);
  const strutAscent = m.ascent + leadingTop;
  const ascent = image ? Math.max(image.intrinsicHeight, strutAscent) : strutAscent;
  return { ascent, height: ascent + lineHeight - strutAscent };
}

/** The image of a marker drawn as its list-style-image (one that did not load was replaced by the type's text). */
function markerImage(marker: MarkerBox): ReplacedBox | null {
  const first = marker.children[0];
  return first?.kind === 'replaced' && marker.style.content === 'normal' ? first : null;
}

function placeMarkerFragment(
  marker: MarkerBox,
  box: ContainerBox,
  state: FlowState,
  used: UsedBox,
  ctx: LayoutContext,
): void {
  const contentLeft = used.border.left + used.padding.left;
  const rtl = box.style.direction === 'rtl';
  const image = markerImage(marker);
  if (image) {
    placeImage(marker, image, state, used, rtl ? contentLeft + used.width : contentLeft, rtl, ctx);
    return;
  }
  if (marker.style.content === 'normal' && SYMBOL_MARKERS.has(marker.style.listStyleType)) {
    placeSymbol(marker, state, used, rtl ? contentLeft + used.width : contentLeft, rtl, ctx);
    return;
  }
  const line = layoutMarker(marker, ctx);
  if (line.width === 0 && line.fragments.length === 0) return;
  const x = rtl ? contentLeft + used.width : contentLeft - line.width;
  const baseline = state.baseline ?? used.border.top + used.padding.top + line.baseline;
  const fragment = createBoxFragment(
    marker.style,
    '::marker',
    {},
    {
      x,
      y: baseline - line.baseline,
      width: line.width,
      height: line.height,
      border: ZERO_EDGES,
      padding: ZERO_EDGES,
      part: WHOLE,
    },
    line.fragments,
  );
  state.children.push(fragment);
}

/**
 * disc / circle / square are drawn as shapes, not glyphs, where Chromium puts them
 * (ListMarker::InlineMarginsForOutside, RelativeSymbolMarkerRect): a square of
 * (⌊2/3·ascent⌋ + 1) / 2 px, ⌊2/3·ascent⌋ + 7 px before the content, in integer px.
 * Here it is a box with a background (disc, square) or a border (circle), rounded for discs.
 */
function placeSymbol(
  marker: MarkerBox,
  state: FlowState,
  used: UsedBox,
  edge: number,
  rtl: boolean,
  ctx: LayoutContext,
): void {
  const { fragment, ascent, inset } = symbolShape(marker.style, ctx);
  const baseline = state.baseline ?? used.border.top + used.padding.top + ascent;
  const f = fragment as { x: number; y: number };
  f.x = rtl ? edge + inset - fragment.width : edge - inset;
  f.y += baseline - ascent;
  state.children.push(fragment);
}

/**
 * The symbol's box, at x 0 and y from the top of the font's ascent: a square of
 * (⌊2/3·ascent⌋ + 1) / 2 px whose top is ⌊3·(ascent − ⌊2/3·ascent⌋) / 2⌋ below the ascent
 * top (RelativeSymbolMarkerRect), filled (disc, square) or outlined (circle), round for discs.
 */
export function symbolShape(style: ComputedStyle, ctx: LayoutContext): SymbolShape {
  const ascent = Math.round(ctx.shapes.metrics(style).ascent);
  if (style.listStyleType.startsWith('disclosure-')) return disclosureShape(style, ascent);
  const offset = Math.floor((ascent * 2) / 3);
  const size = Math.floor((offset + 1) / 2);
  const y = Math.floor((3 * (ascent - offset)) / 2);
  const type = style.listStyleType;
  const line = type === 'circle' ? 1 : 0;
  const half: Length = { px: 0, pct: 50 };
  const round = type === 'square' ? 0 : half;
  const side = { width: line, style: line ? ('solid' as const) : ('none' as const), color: style.color };
  const shape: ComputedStyle = {
    ...anonymousStyle(style),
    backgroundColor: type === 'circle' ? { r: 0, g: 0, b: 0, a: 0 } : style.color,
    borderTop: side,
    borderRight: side,
    borderBottom: side,
    borderLeft: side,
    borderRadius: [
      [round, round],
      [round, round],
      [round, round],
      [round, round],
    ],
  };
  const border = { top: line, right: line, bottom: line, left: line };
  const fragment = createBoxFragment(
    shape,
    '::marker',
    {},
    { x: 0, y, width: size, height: size, border, padding: ZERO_EDGES, part: WHOLE },
    [],
  );
  return { fragment, ascent, inset: offset + MARKER_PADDING, gap: style.fontSize + 1 };
}

export interface SymbolShape {
  /** The shape, at x 0 and y from the top of the font's ascent. */
  readonly fragment: BoxFragment;
  readonly ascent: number;
  /** Outside: from the content's start edge back to the shape's start edge. */
  readonly inset: number;
  /** Inside: the space after the shape, before the content. */
  readonly gap: number;
}

/**
 * disclosure-open / disclosure-closed as Chromium paints them (ListMarkerPainter, measured on its
 * PDFs): a triangle in a square of side 0.66 × font-size (in LayoutUnits) whose bottom is on the
 * baseline; closed points to the inline end, (0,0) (0.86,0.5) (0,1), open points down,
 * (0,0.07) (0.5,0.93) (1,0.07). Outside, the square ends 8 px before the content; inside,
 * 0.4em of space follows it. Here it is a box filled with the colour, clipped to the triangle.
 */
function disclosureShape(style: ComputedStyle, ascent: number): SymbolShape {
  const size = layoutUnit(style.fontSize * 0.66);
  const rtl = style.direction === 'rtl';
  const x = (v: number): number => (rtl ? 1 - v : v) * size;
  const points: readonly (readonly [number, number])[] =
    style.listStyleType === 'disclosure-open'
      ? [
          [x(0), 0.07 * size],
          [x(0.5), 0.93 * size],
          [x(1), 0.07 * size],
        ]
      : [
          [x(0), 0],
          [x(0.86), size / 2],
          [x(0), size],
        ];
  const shape: ComputedStyle = {
    ...anonymousStyle(style),
    backgroundColor: style.color,
    clipPath: { shape: { kind: 'polygon', evenOdd: false, points }, box: 'border-box' },
  };
  const fragment = createBoxFragment(
    shape,
    '::marker',
    {},
    { x: 0, y: ascent - size, width: size, height: size, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
    [],
  );
  return { fragment, ascent, inset: size + DISCLOSURE_GAP, gap: layoutUnit(style.fontSize * 0.4) };
}

/** Chromium's gap between an outside disclosure triangle's square and the content (measured at 13.3, 16 and 30 px). */
const DISCLOSURE_GAP = 8;

const layoutUnit = (v: number): number => Math.floor(v * 64 + 1e-6) / 64;

/**
 * list-style-image: the image at its intrinsic size, 7 px before the content
 * (ListMarker::InlineMarginsForOutside), its bottom on the first line's baseline.
 */
function placeImage(
  marker: MarkerBox,
  image: ReplacedBox,
  state: FlowState,
  used: UsedBox,
  edge: number,
  rtl: boolean,
  ctx: LayoutContext,
): void {
  const baseline = state.baseline ?? used.border.top + used.padding.top + markerLine(marker, ctx).ascent;
  const width = image.intrinsicWidth;
  const height = image.intrinsicHeight;
  const x = rtl ? edge + MARKER_PADDING : edge - MARKER_PADDING - width;
  const y = baseline - height;
  const fragment: ImageFragment = {
    kind: 'image',
    style: marker.style,
    x,
    y,
    width,
    height,
    clip: { x, y, width, height },
    src: image.src,
  };
  state.children.push(fragment);
}
