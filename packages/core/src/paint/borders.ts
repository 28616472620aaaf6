import type { BorderSide, BoxFragment, Color, Edges } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { borderRadii, innerRadii, insetRect, isZeroRadii, type Radii, type Rect } from './geometry.js';

type SideName = 'top' | 'right' | 'bottom' | 'left';
const SIDES: readonly SideName[] = ['top', 'right', 'bottom', 'left'];

/** Blink's Color::Light() / Color::Dark(): channels scaled so that the largest moves by 0.33, truncated. */
const SCALE = 256 - 2 ** -16;
function light(c: Color): Color {
  const v = Math.max(c.r, c.g, c.b) / 255;
  if (v === 0) return { r: 84, g: 84, b: 84, a: c.a };
  const m = ((Math.min(1, v + 0.33) / v) * SCALE) / 255;
  return { r: Math.floor(c.r * m), g: Math.floor(c.g * m), b: Math.floor(c.b * m), a: c.a };
}
function dark(c: Color): Color {
  const v = Math.max(c.r, c.g, c.b) / 255;
  const m = v === 0 ? 0 : ((Math.max(0, v - 0.33) / v) * SCALE) / 255;
  return { r: Math.floor(c.r * m), g: Math.floor(c.g * m), b: Math.floor(c.b * m), a: c.a };
}

const linear = (channel: number): number => {
  const v = channel / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
/** Relative luminance of rgb(32,32,32) and of rgb(235,235,235): Blink's limits for shading as usual. */
const DARK_LUMINANCE = 0.014443844;
const LIGHT_LUMINANCE = 0.83077;

/**
 * The lit and shaded colours of groove/ridge/inset/outset, as Blink's CalculateBorderStyleColor
 * picks them: Light() and Dark() of the colour, except that a very dark colour is lightened
 * twice (black is drawn 168 and 84 grey) and a very light one keeps itself as the lit side.
 */
function shades(c: Color): { lit: Color; shaded: Color } {
  const luminance = 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
  if (luminance <= DARK_LUMINANCE) {
    const shaded = light(c);
    return { lit: light(shaded), shaded };
  }
  return { lit: luminance > LIGHT_LUMINANCE ? c : light(c), shaded: dark(c) };
}

function scaleEdges(e: Edges, f: number): Edges {
  return { top: e.top * f, right: e.right * f, bottom: e.bottom * f, left: e.left * f };
}

/**
 * The region of one side: a quadrilateral from the outer corners to the inner corners of
 * the corner boxes, so that adjacent sides meet on the diagonal (CSS Backgrounds 3 §4.4).
 */
function sideWedge(side: SideName, rect: Rect, widths: Edges, radii: Radii): [number, number][] {
  const { x, y, width: w, height: h } = rect;
  const [tl, tr, br, bl] = radii;
  const pTL: [number, number] = [x + Math.max(widths.left, tl[0]), y + Math.max(widths.top, tl[1])];
  const pTR: [number, number] = [x + w - Math.max(widths.right, tr[0]), y + Math.max(widths.top, tr[1])];
  const pBR: [number, number] = [x + w - Math.max(widths.right, br[0]), y + h - Math.max(widths.bottom, br[1])];
  const pBL: [number, number] = [x + Math.max(widths.left, bl[0]), y + h - Math.max(widths.bottom, bl[1])];
  switch (side) {
    case 'top':
      return [[x, y], [x + w, y], pTR, pTL];
    case 'right':
      return [[x + w, y], [x + w, y + h], pBR, pTR];
    case 'bottom':
      return [[x + w, y + h], [x, y + h], pBL, pBR];
    case 'left':
      return [[x, y + h], [x, y], pTL, pBL];
  }
}

/** Fill the ring between two (rounded) rectangles with the even-odd rule. */
function fillRing(ctx: PaintContext, outer: Rect, outerR: Radii, inner: Rect, innerR: Radii, color: Color): void {
  ctx.pathRect(outer, outerR);
  if (inner.width > 0 && inner.height > 0) ctx.pathRect(inner, innerR);
  ctx.setFill(color);
  ctx.doc.fill('even-odd');
}

export interface SideGeometry {
  readonly rect: Rect;
  readonly widths: Edges;
  readonly radii: Radii;
}

/**
 * Ring from `from` to `to` as fractions of the border widths (0 = outer edge, 1 = inner).
 * Painting one `side` of square corners (inside its wedge clip), it is that side's strip as a
 * lone rectangle, as Chromium prints groove, ridge, inset and outset sides: a rasteriser snaps
 * a rectangle to whole pixels where it anti-aliases a ring (a fieldset's 1px groove bands).
 */
function band(ctx: PaintContext, g: SideGeometry, from: number, to: number, color: Color, side?: SideName): void {
  if (side && isZeroRadii(g.radii)) {
    const { x, y, width: w, height: h } = g.rect;
    const e = g.widths;
    const r: Rect =
      side === 'top'
        ? { x, y: y + e.top * from, width: w, height: e.top * (to - from) }
        : side === 'bottom'
          ? { x, y: y + h - e.bottom * to, width: w, height: e.bottom * (to - from) }
          : side === 'left'
            ? { x: x + e.left * from, y, width: e.left * (to - from), height: h }
            : { x: x + w - e.right * to, y, width: e.right * (to - from), height: h };
    ctx.fillRect(r, color);
    return;
  }
  const outer = insetRect(g.rect, scaleEdges(g.widths, from));
  const inner = insetRect(g.rect, scaleEdges(g.widths, to));
  fillRing(
    ctx,
    outer,
    innerRadii(g.radii, scaleEdges(g.widths, from)),
    inner,
    innerRadii(g.radii, scaleEdges(g.widths, to)),
    color,
  );
}

/**
 * Dash and gap for a side of `length`, fitted so that the side starts and ends with a dash
 * or dot as Blink does (StrokeData::SelectBestDashGap): dashes 3× the width (2× from 3px),
 * dots as long as the width; gaps near the dash length, stretched or squeezed to fit.
 */
export function fitDashes(style: 'dashed' | 'dotted', width: number, length: number): { dash: number; gap: number } {
  const dash = style === 'dotted' ? width : width * (width >= 3 ? 2 : 3);
  if (length <= dash) return { dash: length, gap: 0 };
  if (style === 'dashed') return { dash, gap: bestDashGap(length, dash, dash - width) };
  const gap0 = width;
  const n = Math.max(2, Math.round((length + gap0) / (dash + gap0)));
  return { dash, gap: Math.max(0, (length - n * dash) / (n - 1)) };
}

/**
 * Blink's SelectBestDashGap for an open side: of the two dash counts around the ideal one,
 * the one whose gap is nearer the wanted gap. Chromium 150's prints want a gap of the dash
 * length less the width (1px dashes: 3 on, 2 off; measured on its PDFs).
 */
function bestDashGap(length: number, dash: number, gap: number): number {
  const minDashes = Math.max(1, Math.floor((length + gap) / (dash + gap)));
  const minGap = minDashes > 1 ? (length - minDashes * dash) / (minDashes - 1) : gap;
  const maxGap = (length - (minDashes + 1) * dash) / minDashes;
  return maxGap <= 0 || Math.abs(minGap - gap) < Math.abs(maxGap - gap) ? Math.max(0, minGap) : maxGap;
}

/**
 * Blink draws a dotted line no wider than 3px as square dots, each as long as the width
 * (StrokeData::StrokeIsDashed); only wider ones get round dots.
 */
const squareDots = (border: BorderSide): boolean => border.style === 'dotted' && border.width <= 3;

/** Dashes and dots, stroked along the middle of the side. */
function strokeSide(ctx: PaintContext, side: SideName, g: SideGeometry, border: BorderSide): void {
  const doc = ctx.doc;
  const wd = border.width;
  const mid = insetRect(g.rect, scaleEdges(g.widths, 0.5));
  ctx.setStroke(border.color);
  doc.lineWidth(wd);
  const dotted = border.style === 'dotted';
  const roundDots = dotted && !squareDots(border);
  if (!isZeroRadii(g.radii)) {
    if (roundDots) doc.lineCap('round').dash(0.001, { space: wd * 2 });
    else if (dotted) doc.lineCap('butt').dash(wd, { space: wd });
    else doc.lineCap('butt').dash(wd * 3, { space: wd * 3 });
    ctx.pathRect(mid, innerRadii(g.radii, scaleEdges(g.widths, 0.5)));
  } else {
    const horizontal = side === 'top' || side === 'bottom';
    const length = horizontal ? g.rect.width : g.rect.height;
    const { dash, gap } = fitDashes(dotted ? 'dotted' : 'dashed', wd, length);
    // Round dots are zero-length dashes with round caps, centred in each dot cell.
    const cell = dash + gap;
    if (roundDots) doc.lineCap('round').dash(0.001, { space: cell - 0.001, phase: cell - dash / 2 });
    else doc.lineCap('butt').dash(dash, { space: Math.max(0.001, gap) });
    const { x, y, width: w, height: h } = mid;
    const from: [number, number] =
      side === 'top'
        ? [g.rect.x, y]
        : side === 'bottom'
          ? [g.rect.x, y + h]
          : side === 'left'
            ? [x, g.rect.y]
            : [x + w, g.rect.y];
    if (dotted && !roundDots) {
      // Square dots are filled squares, as in Blink's PDFs: a dash one device pixel long
      // rasterises as a solid line in poppler.
      doc.undash();
      ctx.setFill(border.color);
      const count = Math.max(1, Math.round((length + gap) / cell));
      for (let i = 0; i < count; i++) {
        if (horizontal) doc.rect(from[0] + i * cell, from[1] - wd / 2, dash, wd);
        else doc.rect(from[0] - wd / 2, from[1] + i * cell, wd, dash);
      }
      doc.fill();
      return;
    }
    const to: [number, number] = horizontal ? [from[0] + length, from[1]] : [from[0], from[1] + length];
    doc.moveTo(from[0], from[1]).lineTo(to[0], to[1]);
  }
  doc.stroke();
  doc.undash();
}

/**
 * CSS Backgrounds 3 §3.2 leaves the colours of 3D border styles to the UA: Chromium shades a
 * side whose colour is `currentcolor` (the initial value) from #eeeeee, not from `color`
 * (ComputedStyle::ColorIncludingFallback); a colour written out is shaded as given.
 */
const CURRENTCOLOR_3D: Color = { r: 238, g: 238, b: 238, a: 1 };

function paintSide(ctx: PaintContext, side: SideName, g: SideGeometry, border: BorderSide): void {
  const c = border.currentColor3d ? CURRENTCOLOR_3D : border.color;
  const topLeft = side === 'top' || side === 'left';
  switch (border.style) {
    case 'solid':
      band(ctx, g, 0, 1, c);
      break;
    case 'double':
      if (border.width < 3) {
        band(ctx, g, 0, 1, c);
        break;
      }
      band(ctx, g, 0, 1 / 3, c);
      band(ctx, g, 2 / 3, 1, c);
      break;
    case 'dashed':
    case 'dotted':
      strokeSide(ctx, side, g, border);
      break;
    case 'inset':
    case 'outset': {
      const { lit, shaded } = shades(c);
      band(ctx, g, 0, 1, (border.style === 'inset') === topLeft ? shaded : lit, side);
      break;
    }
    case 'groove':
    case 'ridge': {
      const { lit, shaded } = shades(c);
      const outerDark = (border.style === 'groove') === topLeft;
      band(ctx, g, 0, 0.5, outerDark ? shaded : lit, side);
      band(ctx, g, 0.5, 1, outerDark ? lit : shaded, side);
      break;
    }
    default:
      break;
  }
}

const THREE_D: ReadonlySet<string> = new Set(['groove', 'ridge', 'inset', 'outset']);

const visible = (b: BorderSide, w: number): boolean =>
  w > 0 && b.style !== 'none' && b.style !== 'hidden' && b.color.a > 0;

/**
 * Square solid borders as Chromium prints them: a uniform border is one stroked rectangle
 * along its middle, other sides of one opaque colour are a filled rectangle each. A
 * rasteriser snaps such lone rectangles to whole pixels (a ring between two rectangles
 * it anti-aliases), so a 1px rule on an odd px stays one black row, as in Chromium's
 * prints. Returns false for sides of different or translucent colours (mitred wedges).
 */
function rectangleSides(
  ctx: PaintContext,
  shown: readonly SideName[],
  sides: Record<SideName, BorderSide>,
  g: SideGeometry,
  uniform: boolean,
): boolean {
  const { x, y, width: w, height: h } = g.rect;
  const e = g.widths;
  const color = sides[shown[0] ?? 'top'].color;
  if (uniform && e.top === e.right && e.top === e.bottom && e.top === e.left) {
    if (w < 2 * e.top || h < 2 * e.top) return false;
    ctx.setStroke(color);
    ctx.doc.lineWidth(e.top);
    ctx.doc.rect(x + e.top / 2, y + e.top / 2, w - e.top, h - e.top).stroke();
    return true;
  }
  const same = (c: Color): boolean => c.r === color.r && c.g === color.g && c.b === color.b && c.a === color.a;
  if (color.a < 1 || !shown.every((n) => same(sides[n].color))) return false;
  for (const n of shown) {
    const r: Rect =
      n === 'top'
        ? { x, y, width: w, height: e.top }
        : n === 'bottom'
          ? { x, y: y + h - e.bottom, width: w, height: e.bottom }
          : n === 'left'
            ? { x, y, width: e.left, height: h }
            : { x: x + w - e.right, y, width: e.right, height: h };
    ctx.fillRect(r, color);
  }
  return true;
}

/** Paint the four borders of a box fragment. */
export function paintBorders(ctx: PaintContext, frag: BoxFragment): void {
  const s = frag.style;
  const sides: Record<SideName, BorderSide> = {
    top: s.borderTop,
    right: s.borderRight,
    bottom: s.borderBottom,
    left: s.borderLeft,
  };
  // Chromium strokes borders around the pixel-snapped border box; the used widths are
  // whole px already (layout floors them), so every side covers whole pixel rows.
  const rect: Rect = ctx.snap({ x: frag.x, y: frag.y, width: frag.width, height: frag.height });
  paintBorderRing(ctx, sides, { rect, widths: frag.border, radii: borderRadii(frag, rect) });
}

/** The four sides of a border (or of an outline drawn as one) inside `g.rect`, `g.widths` wide. */
export function paintBorderRing(ctx: PaintContext, sides: Record<SideName, BorderSide>, g: SideGeometry): void {
  const { rect } = g;
  const frag = { border: g.widths };
  const shown = SIDES.filter((n) => visible(sides[n], frag.border[n]));
  if (shown.length === 0) return;
  const first = sides[shown[0] ?? 'top'];
  const uniform =
    shown.length === 4 &&
    shown.every((n) => {
      const b = sides[n];
      return (
        b.style === first.style &&
        b.color.r === first.color.r &&
        b.color.g === first.color.g &&
        b.color.b === first.color.b &&
        b.color.a === first.color.a
      );
    });
  if (
    isZeroRadii(g.radii) &&
    shown.every((n) => sides[n].style === 'solid') &&
    rectangleSides(ctx, shown, sides, g, uniform)
  )
    return;
  if (uniform && (first.style === 'solid' || first.style === 'double')) {
    paintSide(ctx, 'top', g, { ...first, width: Math.min(...SIDES.map((n) => frag.border[n])) });
    return;
  }
  // Square 3-D borders as Chromium prints them: top and bottom strips whole, then the left
  // and right ones over them inside their mitred wedges.
  const strips = isZeroRadii(g.radii) && shown.every((n) => THREE_D.has(sides[n].style));
  for (const name of strips ? (['top', 'bottom', 'right', 'left'] as const) : shown) {
    if (!shown.includes(name)) continue;
    // Square dots are whole squares, the corners' included, as Blink fills them: no mitre.
    if ((strips && (name === 'top' || name === 'bottom')) || (isZeroRadii(g.radii) && squareDots(sides[name]))) {
      paintSide(ctx, name, g, { ...sides[name], width: frag.border[name] });
      continue;
    }
    ctx.save();
    const wedge = sideWedge(name, rect, frag.border, g.radii);
    ctx.doc.polygon(...wedge).clip();
    paintSide(ctx, name, g, { ...sides[name], width: frag.border[name] });
    ctx.restore();
  }
}
