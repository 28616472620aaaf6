import { resolveLength, type BasicShape, type BoxFragment, type ClipPath, type ShapeRadius } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { borderRadii, innerRadii, insetRect, outerRadii, usedRadii, type Radii, type Rect } from './geometry.js';

/**
 * The clips a box puts on itself and all its descendants: `clip` (CSS 2 §11.1.2) and
 * `clip-path` (CSS Masking 1 §5.1). Call inside save()/restore(). Returns false when they
 * leave nothing visible: Chromium then prints nothing of the box, not even its text (the
 * visually-hidden helpers' `clip: rect(0,0,0,0)`), so the caller skips painting it.
 */
export function applyClipping(ctx: PaintContext, frag: BoxFragment): boolean {
  const { clip, clipPath } = frag.style;
  if (clip) {
    const x0 = frag.x + (clip.left === 'auto' ? 0 : clip.left);
    const y0 = frag.y + (clip.top === 'auto' ? 0 : clip.top);
    const x1 = frag.x + (clip.right === 'auto' ? frag.width : clip.right);
    const y1 = frag.y + (clip.bottom === 'auto' ? frag.height : clip.bottom);
    if (x1 <= x0 || y1 <= y0) return false;
    ctx.clipRect({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  if (clipPath) return clipToPath(ctx, frag, clipPath);
  return true;
}

/** The reference box of clip-path (CSS Masking 1 §5.1 <geometry-box>) with its radii. */
function referenceBox(ctx: PaintContext, frag: BoxFragment, box: ClipPath['box']): { rect: Rect; radii: Radii } {
  // Pixel-snapped as the box's background is (Chromium clips to the box it paints).
  const border: Rect = ctx.snap({ x: frag.x, y: frag.y, width: frag.width, height: frag.height });
  const radii = borderRadii(frag, border);
  if (box === 'border-box') return { rect: border, radii };
  if (box === 'margin-box') {
    const s = frag.style;
    // Margins are not kept on fragments: percentages are taken against the box's own width.
    const m = (v: typeof s.marginTop): number => (v === 'auto' ? 0 : resolveLength(v, frag.width));
    const top = m(s.marginTop),
      right = m(s.marginRight),
      bottom = m(s.marginBottom),
      left = m(s.marginLeft);
    const rect = {
      x: frag.x - left,
      y: frag.y - top,
      width: frag.width + left + right,
      height: frag.height + top + bottom,
    };
    return { rect, radii: outerRadii(radii, Math.max(top, right, bottom, left)) };
  }
  const padding = insetRect(border, frag.border);
  const paddingRadii = innerRadii(radii, frag.border);
  if (box === 'padding-box') return { rect: padding, radii: paddingRadii };
  return { rect: insetRect(padding, frag.padding), radii: innerRadii(paddingRadii, frag.padding) };
}

/**
 * CSS Shapes 1 §3.1: a circle's or ellipse's radius; `closest-side` is the default. `sides`:
 * the centre's distances to the sides of the reference box that count (all four for a circle).
 */
function radiusOf(r: ShapeRadius, sides: readonly number[], reference: number): number {
  if (r === 'closest-side') return Math.min(...sides.map(Math.abs));
  if (r === 'farthest-side') return Math.max(...sides.map(Math.abs));
  return Math.max(0, resolveLength(r, reference));
}

function clipToPath(ctx: PaintContext, frag: BoxFragment, clipPath: ClipPath): boolean {
  const { rect, radii } = referenceBox(ctx, frag, clipPath.box);
  const shape: BasicShape | null = clipPath.shape;
  const doc = ctx.doc;
  if (shape === null) {
    if (rect.width <= 0 || rect.height <= 0) return false;
    ctx.clipRect(rect, radii);
    return true;
  }
  const at = (
    p: readonly [Parameters<typeof resolveLength>[0], Parameters<typeof resolveLength>[0]],
  ): [number, number] => [resolveLength(p[0], rect.width), resolveLength(p[1], rect.height)];
  switch (shape.kind) {
    case 'inset': {
      const top = resolveLength(shape.top, rect.height),
        bottom = resolveLength(shape.bottom, rect.height);
      const left = resolveLength(shape.left, rect.width),
        right = resolveLength(shape.right, rect.width);
      const inner = {
        x: rect.x + left,
        y: rect.y + top,
        width: rect.width - left - right,
        height: rect.height - top - bottom,
      };
      if (inner.width <= 0 || inner.height <= 0) return false;
      ctx.clipRect(inner, usedRadii(shape.radii, inner));
      return true;
    }
    case 'circle': {
      const [cx, cy] = at(shape.center);
      // Percentages of a circle's radius refer to sqrt(width² + height²) / sqrt(2) (§3.1).
      const reference = Math.hypot(rect.width, rect.height) / Math.SQRT2;
      const r = radiusOf(shape.radius, [cx, rect.width - cx, cy, rect.height - cy], reference);
      if (r <= 0) return false;
      doc.circle(rect.x + cx, rect.y + cy, r).clip();
      return true;
    }
    case 'ellipse': {
      const [cx, cy] = at(shape.center);
      const rx = radiusOf(shape.rx, [cx, rect.width - cx], rect.width);
      const ry = radiusOf(shape.ry, [cy, rect.height - cy], rect.height);
      if (rx <= 0 || ry <= 0) return false;
      doc.ellipse(rect.x + cx, rect.y + cy, rx, ry).clip();
      return true;
    }
    case 'polygon': {
      const points = shape.points.map((p) => {
        const [x, y] = at(p);
        return [rect.x + x, rect.y + y] as [number, number];
      });
      if (points.length < 3) return false;
      doc.polygon(...points);
      doc.clip(shape.evenOdd ? 'even-odd' : 'non-zero');
      return true;
    }
  }
}
