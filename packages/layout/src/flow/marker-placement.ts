import type { ContainerBox, MarkerBox, ReplacedBox } from '../boxes/box.js';
import { MARKER_PADDING, SYMBOL_MARKERS } from '../boxes/build-boxes.js';
import type { ImageFragment } from '../fragment.js';
import type { LayoutContext } from './context.js';
import type { UsedBox } from './box-model.js';
import { NO_MARGINS } from './types.js';
import type { FlowState } from './flow-state.js';
import { changedFragment, createBoxFragment, movedFragment, ZERO_EDGES, WHOLE } from './fragments.js';
import { symbolShape } from './marker-shapes.js';
import { layoutMarker } from './layout-box.js';
import { centralMetrics, isCentral, usedLineHeight } from './line-height.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';

/**
 * An outside `::marker` (CSS Lists 3 §3.1, CSS 2.1 §12.5.1): outside the principal box, its
 * end edge against the box's border-box start edge (the marker text's trailing space is the gap,
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
  state.children.forEach((f, i) => (state.children[i] = movedFragment(f, 0, dy)));
  state.y += dy;
  if (state.lastBaseline !== null) state.lastBaseline += dy;
  state.baseline = tableBaseline + dy;
}

/**
 * A marker whose ascent in its own line (its strut's, or an image's standing on the baseline)
 * is taller than the baseline of the item's first content child, measured from that child's
 * top, moves that child (and the content below it) down until the baselines meet, as Chromium
 * does (UnpositionedListMarker::AddToBox pushes the content by the excess; CSS Lists 3 §3.1
 * leaves the alignment to the UA): a paragraph in a smaller font under a bullet in the item's
 * font goes down by the difference of their half-leadings and ascents. Called once the first
 * in-flow child with a baseline is placed; says whether the content moved.
 */
export function lowerContentBelowMarker(box: ContainerBox, state: FlowState, ctx: LayoutContext): boolean {
  const marker = box.marker;
  if (!marker || state.baseline === null) return false;
  // The child just placed (./block-children.ts calls this right after placing it).
  const first = state.children[state.children.length - 1];
  // A table has its own rule (lowerTableBelowMarker).
  if (first?.kind !== 'box' || first.style.display === 'table') return false;
  const dy = markerLine(marker, ctx).ascent - (state.baseline - first.y);
  if (dy <= 1e-6) return false;
  state.children.forEach((f, i) => (state.children[i] = movedFragment(f, 0, dy)));
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
  // On a central baseline (vertical text) the strut is the em box split in half, as a line's is (./line-metrics.ts).
  const [fontAscent, fontDescent] = isCentral(marker.style)
    ? centralMetrics(m.ascent, m.descent)
    : [m.ascent, m.descent];
  const lineHeight = usedLineHeight(marker.style, fontAscent, fontDescent, m.lineGap);
  const image = markerImage(marker);
  const leadingTop = Math.floor((lineHeight - fontAscent - fontDescent) / 2 + 1e-9);
  const strutAscent = fontAscent + leadingTop;
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
  const rtl = box.style.direction === 'rtl';
  // Outside the principal box: against the item's border-box edge, its padding and border
  // between the marker and the text (Chromium offsets the marker from the item's border-box
  // origin; measured: padding-left 20px or a 10px border leave the marker where it was).
  const edge = rtl ? used.border.left + used.padding.left + used.width + used.padding.right + used.border.right : 0;
  const image = markerImage(marker);
  if (image) {
    placeImage(marker, image, state, used, edge, rtl, ctx);
    return;
  }
  if (marker.style.content === 'normal' && SYMBOL_MARKERS.has(marker.style.listStyleType)) {
    placeSymbol(marker, state, used, edge, rtl, ctx);
    return;
  }
  const line = layoutMarker(marker, ctx);
  if (line.width === 0 && line.fragments.length === 0) return;
  const x = rtl ? edge : edge - line.width;
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
 * (⌊2/3·ascent⌋ + 1) / 2 px, ⌊2/3·ascent⌋ + 7 px before the item's border box, in integer px.
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
  const x = rtl ? edge + inset - fragment.width : edge - inset;
  state.children.push(changedFragment(fragment, { x, y: fragment.y + (baseline - ascent) }));
}

/**
 * list-style-image: the image at its intrinsic size, 7 px before the item's border box
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
