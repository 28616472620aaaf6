import type { ReplacedBox } from '../boxes/box.js';
import type { ImageFragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { resolveLength } from '../style.js';
import { borderEdges, definite, paddingEdges, toContentSize } from './box-model.js';
import { blockFromInline, inlineFromBlock, preferredRatio, type PreferredRatio } from './aspect-ratio.js';

/**
 * The ratio a replaced element is sized with (CSS Sizing 4 §5.1): `aspect-ratio`'s, unless it
 * is `auto` (alone, or with a ratio when the element has a natural ratio of its own); ratio 0
 * when there is none (an image box with nothing to show).
 */
function replacedRatio(box: ReplacedBox): PreferredRatio {
  const s = box.style;
  // Size containment leaves no natural ratio (CSS Contain 2 §3.2).
  if (s.sizeContainment?.block) return preferredRatio(s) ?? { ratio: 0, borderBox: false };
  // An image box with nothing to show (no source, or alt="" and one that did not load) has no
  // ratio: a size it is not given is 0, as in Chromium (a 100%-wide one stays 0px tall). A
  // canvas shows nothing either but has its natural size.
  const fromSize = box.intrinsicHeight > 0 ? box.intrinsicWidth / box.intrinsicHeight : box.src === '' ? 0 : 1;
  const natural = box.noRatio ? 0 : fromSize;
  const a = s.aspectRatio;
  if (a === 'auto' || (a.auto && natural > 0)) return { ratio: natural, borderBox: false };
  return preferredRatio(s) ?? { ratio: natural, borderBox: false };
}

/**
 * Used content size of a replaced element (CSS 2.1 §10.3.2, §10.6.2, §10.4 with the ratio kept);
 * `cbWidth` null: no containing block (intrinsic sizing), percentages count as auto or none.
 */
export function replacedSize(
  box: ReplacedBox,
  cbWidth: number | null,
  cbHeight: number | null,
): { width: number; height: number } {
  const s = box.style;
  const b = borderEdges(s);
  const p = paddingEdges(s, cbWidth ?? 0);
  const hEdges = b.left + b.right + p.left + p.right;
  const vEdges = b.top + b.bottom + p.top + p.bottom;
  const w = specifiedSize(s.width, s, cbWidth, cbWidth, [s.marginLeft, s.marginRight], hEdges);
  const h = specifiedSize(s.height, s, cbHeight, cbWidth, [], vEdges);
  const r = replacedRatio(box);
  // Size containment replaces the natural size by contain-intrinsic-size (CSS Contain 2 §3.2).
  const contained = s.sizeContainment?.block ? s.sizeContainment : null;
  const naturalW = contained ? contained.width : box.intrinsicWidth;
  const naturalH = contained ? contained.height : box.intrinsicHeight;
  // With no ratio, an auto size is the natural one (0 for an image box with nothing to show).
  const heightOf = (width: number): number => (r.ratio > 0 ? blockFromInline(r, width, hEdges, vEdges) : naturalH);
  const widthOf = (height: number): number => (r.ratio > 0 ? inlineFromBlock(r, height, hEdges, vEdges) : naturalW);
  let width = w;
  let height = h;
  if (
    width === null &&
    height === null &&
    box.ratioOnly &&
    !contained &&
    cbWidth !== null &&
    Number.isFinite(cbWidth)
  ) {
    // §10.3.2: a ratio and no natural size: Chromium fills the containing block's width.
    const margins =
      resolveLength(s.marginLeft === 'auto' ? 0 : s.marginLeft, cbWidth) +
      resolveLength(s.marginRight === 'auto' ? 0 : s.marginRight, cbWidth);
    width = Math.max(0, cbWidth - margins - hEdges);
    height = heightOf(width);
  } else if (width === null && height === null) {
    // An aspect-ratio that overrides the natural ratio keeps the natural width (CSS Sizing 4 §5.1).
    width = naturalW;
    height = s.aspectRatio === 'auto' ? naturalH : heightOf(width);
  } else if (width === null) {
    width = widthOf(height as number);
  } else if (height === null) {
    height = heightOf(width);
  }
  if (width === null || height === null) return { width: 0, height: 0 }; // unreachable: both resolved above
  // A replaced element's min- and max-content sizes are both its automatic size in that axis:
  // the natural size, or the other axis's specified size through the ratio (CSS Sizing 3 §5.1).
  const autoWidth = h !== null ? widthOf(h) : w === null ? width : naturalW;
  const autoHeight = w !== null ? heightOf(w) : h === null ? height : naturalH;
  const maxW = limit(s.maxWidth, s, cbWidth, hEdges, autoWidth);
  const minW = limit(s.minWidth, s, cbWidth, hEdges, autoWidth) ?? 0;
  const maxH = limit(s.maxHeight, s, cbHeight, vEdges, autoHeight);
  const minH = limit(s.minHeight, s, cbHeight, vEdges, autoHeight) ?? 0;
  if (w === null && h === null && r.ratio > 0) {
    const limits = { minW, maxW: Math.max(minW, maxW ?? Infinity), minH, maxH: Math.max(minH, maxH ?? Infinity) };
    return constrainedByRatio(width, height, limits, heightOf, widthOf);
  }
  // Max constraints keep the aspect ratio when the other dimension was not specified.
  if (maxW !== null && width > maxW) {
    width = maxW;
    if (h === null) height = heightOf(width);
  }
  if (maxH !== null && height > maxH) {
    height = maxH;
    if (w === null) width = widthOf(height);
  }
  width = Math.max(width, minW);
  height = Math.max(height, minH);
  return { width, height };
}

interface Limits {
  readonly minW: number;
  readonly maxW: number;
  readonly minH: number;
  readonly maxH: number;
}

/**
 * Width and height both auto, with a ratio: min-/max- width and height applied by CSS 2.1
 * §10.4's table of constraint violations, which keeps the ratio where the limits allow (max
 * limits already raised to the min ones). `heightOf`/`widthOf`: the other size through the ratio.
 */
function constrainedByRatio(
  w: number,
  h: number,
  l: Limits,
  heightOf: (width: number) => number,
  widthOf: (height: number) => number,
): { width: number; height: number } {
  const size = (width: number, height: number): { width: number; height: number } => ({ width, height });
  if (w > l.maxW && h > l.maxH) {
    return l.maxW / w <= l.maxH / h
      ? size(l.maxW, Math.max(l.minH, heightOf(l.maxW)))
      : size(Math.max(l.minW, widthOf(l.maxH)), l.maxH);
  }
  if (w < l.minW && h < l.minH) {
    return l.minW / w <= l.minH / h
      ? size(Math.min(l.maxW, widthOf(l.minH)), l.minH)
      : size(l.minW, Math.min(l.maxH, heightOf(l.minW)));
  }
  if (w < l.minW && h > l.maxH) return size(l.minW, l.maxH);
  if (w > l.maxW && h < l.minH) return size(l.maxW, l.minH);
  if (w > l.maxW) return size(l.maxW, Math.max(heightOf(l.maxW), l.minH));
  if (w < l.minW) return size(l.minW, Math.min(heightOf(l.minW), l.maxH));
  if (h > l.maxH) return size(Math.max(widthOf(l.maxH), l.minW), l.maxH);
  if (h < l.minH) return size(Math.min(widthOf(l.minH), l.maxW), l.minH);
  return size(w, h);
}

/**
 * A min-/max- width or height as a content size, null when none (or a percentage of an
 * indefinite size); `min-content`, `max-content` and `fit-content` are `contentSize`, the
 * automatic size in that axis (CSS Sizing 3 §3.2: the keywords in min-/max- properties).
 */
function limit(
  l: ComputedStyle['minWidth'] | ComputedStyle['maxWidth'],
  s: ComputedStyle,
  reference: number | null,
  edges: number,
  contentSize: number,
): number | null {
  if (l === 'min-content' || l === 'max-content' || l === 'fit-content') return contentSize;
  const d = definite(l, reference);
  return d === null ? null : toContentSize(d, s, edges);
}

/**
 * A specified width or height as a content size; null when auto or not resolvable. `stretch`
 * fills the containing block less `margins`, borders and padding (CSS Sizing 4 §3.1; block-axis
 * margins do not count, as for blocks: box-model.ts).
 */
function specifiedSize(
  l: ComputedStyle['width'],
  s: ComputedStyle,
  cbSize: number | null,
  cbWidth: number | null,
  margins: readonly ComputedStyle['marginLeft'][],
  edges: number,
): number | null {
  if (l === 'stretch') {
    if (cbSize === null || !Number.isFinite(cbSize)) return null;
    const m = margins.reduce((sum: number, x) => sum + (x === 'auto' ? 0 : resolveLength(x, cbWidth ?? 0)), 0);
    return Math.max(0, cbSize - m - edges);
  }
  const d = definite(l, cbSize);
  return d === null ? null : toContentSize(d, s, edges);
}

/** The image inside its content box after object-fit / object-position (CSS Images 3 §5.5). */
export function imageFragment(box: ReplacedBox, x: number, y: number, width: number, height: number): ImageFragment {
  const s = box.style;
  const iw = box.intrinsicWidth;
  const ih = box.intrinsicHeight;
  let dw = width;
  let dh = height;
  const fit = s.objectFit;
  if (fit !== 'fill' && iw > 0 && ih > 0) {
    const contain = Math.min(width / iw, height / ih);
    const cover = Math.max(width / iw, height / ih);
    const scale = fit === 'contain' ? contain : fit === 'cover' ? cover : fit === 'none' ? 1 : Math.min(1, contain);
    dw = iw * scale;
    dh = ih * scale;
  }
  const px = resolveLength(s.objectPosition[0], width - dw);
  const py = resolveLength(s.objectPosition[1], height - dh);
  return {
    kind: 'image',
    style: s,
    x: x + px,
    y: y + py,
    width: dw,
    height: dh,
    clip: { x, y, width, height },
    src: box.src,
  };
}
