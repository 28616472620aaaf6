import { resolveLength, type ColorStop, type Image } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import type { Rect } from './geometry.js';

type Gradient = Exclude<Image, { kind: 'url' }>;

/** Stop positions as fractions of the gradient line, fixed up per CSS Images 3 §3.5.1. */
function stopOffsets(stops: readonly ColorStop[], length: number): number[] {
  const out: (number | null)[] = stops.map((s) => (s.position === null ? null : resolveLength(s.position, length) / (length || 1)));
  if (out[0] === null) out[0] = 0;
  if (out[out.length - 1] === null) out[out.length - 1] = 1;
  let max = -Infinity;
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (v !== null && v !== undefined) {
      max = Math.max(max, v);
      out[i] = max; // a stop before an earlier one moves up to it
    }
  }
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== null) continue;
    let j = i;
    while (out[j] === null) j++;
    const a = out[i - 1] ?? 0;
    const b = out[j] ?? 1;
    for (let k = i; k < j; k++) out[k] = a + ((b - a) * (k - i + 1)) / (j - i + 1);
  }
  return out.map((v) => v ?? 0);
}

function addStops(ctx: PaintContext, grad: PDFKit.PDFGradient, stops: readonly ColorStop[], length: number): void {
  const offsets = stopOffsets(stops, length);
  stops.forEach((s, i) => {
    // PDF stops must lie in [0, 1]; stops outside are clamped (a close approximation).
    const at = Math.min(1, Math.max(0, offsets[i] ?? 0));
    const c = s.color;
    grad.stop(at, [c.r, c.g, c.b] as unknown as string, c.a * ctx.opacity);
  });
}

function radialExtent(g: Extract<Gradient, { kind: 'radial-gradient' }>, area: Rect, cx: number, cy: number): [number, number] {
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
  // corner: the ellipse through the corner keeps the side-ratio (CSS Images 3 §3.2.2)
  if (g.shape === 'circle') { const r = Math.hypot(sx, sy); return [r, r]; }
  return [sx * Math.SQRT2, sy * Math.SQRT2];
}

/** Fill `paint` (the current clip) with a gradient sized to `area`. */
export function fillGradient(ctx: PaintContext, g: Gradient, area: Rect, paint: Rect): void {
  const doc = ctx.doc;
  if (g.repeating) ctx.warn('repeating_gradient', 'repeating gradients are drawn once, not repeated');
  if (g.kind === 'linear-gradient') {
    const a = (g.angleDeg * Math.PI) / 180;
    const dir = [Math.sin(a), -Math.cos(a)] as const;
    const len = Math.abs(area.width * dir[0]) + Math.abs(area.height * dir[1]);
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    const grad = doc.linearGradient(cx - (dir[0] * len) / 2, cy - (dir[1] * len) / 2, cx + (dir[0] * len) / 2, cy + (dir[1] * len) / 2);
    addStops(ctx, grad, g.stops, len);
    doc.rect(paint.x, paint.y, paint.width, paint.height).fill(grad);
    return;
  }
  const cx = area.x + resolveLength(g.position[0], area.width);
  const cy = area.y + resolveLength(g.position[1], area.height);
  const [rx, ry] = radialExtent(g, area, cx, cy);
  if (rx <= 0 || ry <= 0) return;
  const grad = doc.radialGradient(cx, cy, 0, cx, cy, rx);
  if (ry !== rx) (grad as unknown as { setTransform(...m: number[]): void }).setTransform(1, 0, 0, ry / rx, 0, cy - (cy * ry) / rx);
  addStops(ctx, grad, g.stops, rx);
  doc.rect(paint.x, paint.y, paint.width, paint.height).fill(grad);
}
