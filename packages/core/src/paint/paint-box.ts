import { functionMatrix, resolveLength, type BorderSide, type BoxFragment, type ImageFragment } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { paintBackground } from './backgrounds.js';
import { paintBorderImage } from './border-image.js';
import { paintBorderRing, paintBorders } from './borders.js';
import { drawImage } from './draw-image.js';
import { borderRadii, innerRadii, insetRect, outerRadii, outsetRect, type Rect } from './geometry.js';
import {
  nativeControl,
  paintNativeControl,
  paintPickerIcon,
  pickerIcon,
  replacesDecorations,
} from './form-controls.js';

function borderBox(frag: BoxFragment): Rect {
  return { x: frag.x, y: frag.y, width: frag.width, height: frag.height };
}

/** Blur is approximated by a few fading rings (PDF has no blur); spread and offset are exact. */
function paintOuterShadows(ctx: PaintContext, frag: BoxFragment): void {
  if (frag.style.boxShadow.length === 0) return;
  const rect = borderBox(frag);
  const radii = borderRadii(frag, rect);
  for (const sh of [...frag.style.boxShadow].reverse()) {
    if (sh.inset || sh.color.a <= 0) continue;
    const base = outsetRect({ ...rect, x: rect.x + sh.x, y: rect.y + sh.y }, sh.spread);
    ctx.save();
    // The shadow is only visible outside the border box (CSS Backgrounds 3 §7.1).
    ctx.pathRect(outsetRect(base, sh.blur + 1), undefined);
    ctx.pathRect(rect, radii);
    ctx.doc.clip('even-odd');
    const steps = sh.blur > 0 ? 4 : 1;
    for (let i = 0; i < steps; i++) {
      const grow = sh.blur > 0 ? sh.blur * ((i + 0.5) / steps - 0.5) * 2 : 0;
      const color = { ...sh.color, a: sh.color.a / steps };
      ctx.fillRect(outsetRect(base, grow), steps === 1 ? sh.color : color, outerRadii(radii, sh.spread + grow));
    }
    ctx.restore();
  }
}

/** Inset shadows: inside the padding box, around a hole offset and shrunk by spread (§7.1). */
function paintInsetShadows(ctx: PaintContext, frag: BoxFragment): void {
  if (frag.style.boxShadow.length === 0) return;
  const rect = borderBox(frag);
  const padding = insetRect(rect, frag.border);
  const radii = innerRadii(borderRadii(frag, rect), frag.border);
  for (const sh of [...frag.style.boxShadow].reverse()) {
    if (!sh.inset || sh.color.a <= 0) continue;
    ctx.save();
    ctx.clipRect(padding, radii);
    const steps = sh.blur > 0 ? 4 : 1;
    const outer = outsetRect(padding, Math.abs(sh.x) + Math.abs(sh.y) + sh.blur + Math.abs(sh.spread) + 1);
    for (let i = 0; i < steps; i++) {
      const grow = sh.blur > 0 ? sh.blur * ((i + 0.5) / steps - 0.5) * 2 : 0;
      const hole = outsetRect({ ...padding, x: padding.x + sh.x, y: padding.y + sh.y }, -sh.spread - grow);
      ctx.pathRect(outer);
      if (hole.width > 0 && hole.height > 0) ctx.pathRect(hole, outerRadii(radii, -sh.spread - grow));
      ctx.setFill(steps === 1 ? sh.color : { ...sh.color, a: sh.color.a / steps });
      ctx.doc.fill('even-odd');
    }
    ctx.restore();
  }
}

function paintOutline(ctx: PaintContext, frag: BoxFragment): void {
  const o = frag.style.outline;
  if (o.width <= 0 || o.style === 'none' || o.style === 'hidden' || o.color.a <= 0) return;
  const by = frag.style.outlineOffset + o.width;
  const outer = outsetRect(borderBox(frag), by);
  const radii = outerRadii(borderRadii(frag, borderBox(frag)), by);
  if (o.style !== 'solid') {
    // CSS UI 4 §4.2: outline-style takes the border styles, drawn as a border would be.
    const w = o.width;
    const side = { width: w, style: o.style, color: o.color };
    const sides = { top: side, right: side, bottom: side, left: side };
    paintBorderRing(ctx, sides, { rect: outer, widths: { top: w, right: w, bottom: w, left: w }, radii });
    return;
  }
  ctx.pathRect(outer, radii);
  ctx.pathRect(
    insetRect(outer, { top: o.width, right: o.width, bottom: o.width, left: o.width }),
    innerRadii(radii, { top: o.width, right: o.width, bottom: o.width, left: o.width }),
  );
  ctx.setFill(o.color);
  ctx.doc.fill('even-odd');
}

const shows = (b: BorderSide, width: number): boolean =>
  width > 0 && b.style !== 'none' && b.style !== 'hidden' && b.color.a > 0;

/**
 * Does the box paint anything of its own? Most boxes do not, and then no pixel-grid group
 * is written: a collapsed-border table's cells keep their half border widths with the
 * border styles the table paints (as segments), and each wrote an empty `q … cm Q`.
 * The same tests as the painters' own (paintBorders' visible sides, paintOutline).
 */
function hasDecorations(frag: BoxFragment): boolean {
  const s = frag.style;
  const b = frag.border;
  if (s.backgroundColor.a > 0 || s.backgroundLayers.length > 0 || s.boxShadow.length > 0 || s.borderImage) return true;
  const o = s.outline;
  if (o.width > 0 && o.style !== 'none' && o.style !== 'hidden' && o.color.a > 0) return true;
  return (
    shows(s.borderTop, b.top) ||
    shows(s.borderRight, b.right) ||
    shows(s.borderBottom, b.bottom) ||
    shows(s.borderLeft, b.left)
  );
}

/** Would paintBoxDecorations draw anything? (Otherwise a box needs no paint item of its own.) */
export function paintsDecorations(frag: BoxFragment): boolean {
  return (
    frag.style.visibility === 'visible' &&
    (hasDecorations(frag) || nativeControl(frag) !== null || pickerIcon(frag) !== null)
  );
}

/** Shadow, background and border of a box (its "decorations" in Appendix E terms). */
export function paintBoxDecorations(ctx: PaintContext, frag: BoxFragment): void {
  if (!paintsDecorations(frag)) return;
  const control = nativeControl(frag);
  ctx.onPixelGrid(() => {
    paintOuterShadows(ctx, frag);
    if (replacesDecorations(frag, control)) {
      paintNativeControl(ctx, frag, control);
    } else {
      const legend = legendGap(frag);
      const box = legend ? { ...frag, y: frag.y + legend.shift, height: frag.height - legend.shift } : frag;
      paintBackground(ctx, box);
      paintInsetShadows(ctx, box);
      if (legend) {
        ctx.save();
        ctx.doc.rect(box.x - 1e4, box.y - 1e4, box.width + 2e4, box.height + 2e4);
        ctx.doc.rect(legend.gap.x, legend.gap.y, legend.gap.width, legend.gap.height);
        ctx.doc.clip('even-odd');
      }
      if (!paintBorderImage(ctx, box)) paintBorders(ctx, box);
      if (legend) ctx.restore();
      if (control) paintNativeControl(ctx, frag, control);
    }
    // The icon is the background of a shadow element: drawn with the author's look too.
    const icon = pickerIcon(frag);
    if (icon) paintPickerIcon(ctx, frag, icon);
    paintOutline(ctx, frag);
  });
}

/**
 * A fieldset with a rendered legend (its first child fragment, flow/fieldset.ts in
 * @platen/layout) paints its background and border from the legend's middle down, the top
 * border broken where the legend is (HTML §15.3.13).
 */
function legendGap(frag: BoxFragment): { shift: number; gap: Rect } | null {
  if (frag.tag !== 'fieldset' || !frag.part.isFirst) return null;
  const legend = frag.children[0];
  if (!legend || legend.kind !== 'box' || legend.tag !== 'legend') return null;
  const bt = frag.border.top;
  const shift = Math.max(0, legend.y + legend.height / 2 - bt / 2 - frag.y);
  return { shift, gap: { x: legend.x, y: frag.y + shift - 1, width: legend.width, height: bt + 2 } };
}

/** Clip to a box's padding box (overflow: hidden, CSS Overflow 3 §3), with inner radii. */
export function clipToPaddingBox(ctx: PaintContext, frag: BoxFragment): void {
  const rect = borderBox(frag);
  ctx.clipRect(insetRect(rect, frag.border), innerRadii(borderRadii(frag, rect), frag.border));
}

export function applyTransform(ctx: PaintContext, frag: BoxFragment): void {
  const s = frag.style;
  if (s.transform.length === 0) return;
  const ox = frag.x + resolveLength(s.transformOrigin[0], frag.width);
  const oy = frag.y + resolveLength(s.transformOrigin[1], frag.height);
  // PDFKit throws on numbers of 1e21 and above (`scale(1e25)`): keep every operand finite and bounded.
  const bound = (v: number): number => (Number.isFinite(v) ? Math.max(-1e9, Math.min(1e9, v)) : 0);
  const doc = {
    transform: (...m: [number, number, number, number, number, number]) => ctx.transform(...(m.map(bound) as typeof m)),
  };
  doc.transform(1, 0, 0, 1, ox, oy);
  for (const fn of s.transform) doc.transform(...functionMatrix(fn, frag.width, frag.height));
  doc.transform(1, 0, 0, 1, -ox, -oy);
}

export function paintImage(ctx: PaintContext, frag: ImageFragment): void {
  if (frag.style.visibility !== 'visible' || frag.width <= 0 || frag.height <= 0) return;
  if (!ctx.images.info(frag.src)) {
    ctx.warn('image_not_drawn', `${frag.src.slice(0, 80)}: the image was not loaded`);
    return;
  }
  // Chromium draws a replaced image into its pixel-snapped content rect (as box decorations).
  ctx.onPixelGrid(() => {
    ctx.clipRect(ctx.snap(frag.clip));
    drawImage(ctx, frag.src, ctx.snap(frag));
  });
}
