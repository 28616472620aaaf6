import { resolveLength, type Image } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import type { Rect } from './geometry.js';
import { gradientStops } from './gradient-stops.js';
import { repeatingLinearGradient } from './repeating-gradient.js';

type Gradient = Exclude<Image, { kind: 'url' }>;
type Radial = Extract<Gradient, { kind: 'radial-gradient' }>;

function addStops(grad: PDFKit.PDFGradient, g: Gradient, length: number): void {
  if (length <= 0) return;
  for (const s of gradientStops(g.stops, length, g.repeating)) {
    const c = s.color;
    grad.stop(s.at / length, [c.r, c.g, c.b] as unknown as string, c.a);
  }
}

/** Size of the ending shape (CSS Images 3 §3.2.2). */
function radialExtent(g: Radial, area: Rect, cx: number, cy: number): [number, number] {
  if (Array.isArray(g.size)) {
    const rx = resolveLength(g.size[0], area.width);
    return [rx, g.shape === 'circle' ? rx : resolveLength(g.size[1], area.height)];
  }
  const dx = [cx - area.x, area.x + area.width - cx].map(Math.abs);
  const dy = [cy - area.y, area.y + area.height - cy].map(Math.abs);
  const side = g.size as string;
  const pick = side.startsWith('closest') ? Math.min : Math.max;
  const sx = pick(...dx);
  const sy = pick(...dy);
  if (side.endsWith('side')) return g.shape === 'circle' ? [pick(sx, sy), pick(sx, sy)] : [sx, sy];
  if (g.shape === 'circle') {
    const r = Math.hypot(sx, sy);
    return [r, r];
  }
  // The ellipse through the corner keeps the closest/farthest-side aspect ratio.
  return [sx * Math.SQRT2, sy * Math.SQRT2];
}

/**
 * PDFKit draws a gradient with transparent stops through a soft mask whose bounding box is
 * the page in points, measured in the current user space (CSS px here): widen it while
 * filling, or viewers that honour the form's BBox (poppler does not) would cut off
 * everything right of / below 0.75 × the page size.
 */
function fillWide(ctx: PaintContext, paint: Rect, grad: PDFKit.PDFGradient): void {
  const page = ctx.doc.page as unknown as { width: number; height: number };
  const { width, height } = page;
  // Element coordinates are page px (pt / 0.75); twice that leaves room for off-page overflow.
  page.width = (width / 0.75) * 2;
  page.height = (height / 0.75) * 2;
  try {
    ctx.doc.rect(paint.x, paint.y, paint.width, paint.height).fill(grad);
    ctx.forgetColors();
  } finally {
    page.width = width;
    page.height = height;
  }
}

/** Chromium paints backgrounds on whole pixels (PixelSnappedIntRect). */
function snapRect(r: Rect): Rect {
  const x = Math.round(r.x);
  const y = Math.round(r.y);
  return { x, y, width: Math.round(r.x + r.width) - x, height: Math.round(r.y + r.height) - y };
}

/** Fill `paint` with a gradient sized to `area` (CSS Images 3 §3.1, §3.2). */
export function fillGradient(ctx: PaintContext, g: Gradient, area: Rect, paint: Rect): void {
  const doc = ctx.doc;
  if (g.kind === 'linear-gradient' && g.repeating) {
    area = snapRect(area);
    paint = snapRect(paint);
  }
  if (g.kind === 'linear-gradient') {
    const a = (g.angleDeg * Math.PI) / 180;
    const dir = [Math.sin(a), -Math.cos(a)] as const;
    const len = Math.abs(area.width * dir[0]) + Math.abs(area.height * dir[1]);
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    const x0 = cx - (dir[0] * len) / 2;
    const y0 = cy - (dir[1] * len) / 2;
    const repeating = g.repeating
      ? repeatingLinearGradient(doc, g.stops, { x: x0, y: y0, dx: dir[0], dy: dir[1], length: len }, paint)
      : null;
    if (repeating) {
      doc.rect(paint.x, paint.y, paint.width, paint.height).fill(repeating);
      ctx.forgetColors();
      return;
    }
    const grad = doc.linearGradient(x0, y0, cx + (dir[0] * len) / 2, cy + (dir[1] * len) / 2);
    addStops(grad, g, len);
    fillWide(ctx, paint, grad);
    return;
  }
  const cx = area.x + resolveLength(g.position[0], area.width);
  const cy = area.y + resolveLength(g.position[1], area.height);
  const [rx, ry] = radialExtent(g, area, cx, cy);
  if (rx <= 0 || ry <= 0) return;
  const grad = doc.radialGradient(cx, cy, 0, cx, cy, rx);
  if (ry !== rx)
    (grad as unknown as { setTransform(...m: number[]): void }).setTransform(1, 0, 0, ry / rx, 0, cy - (cy * ry) / rx);
  addStops(grad, g, rx);
  fillWide(ctx, paint, grad);
}
