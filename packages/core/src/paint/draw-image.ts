import SVGtoPDF from 'svg-to-pdfkit';
import { svgExpansionProblem } from '../limits/svg-expansion.js';
import type { DecodedImage } from '../resources/images.js';
import type { PaintContext } from './paint-context.js';
import type { Rect } from './geometry.js';

/** Only embedded PNG/JPEG data may be pulled in by an SVG: never a path or a URL. */
const SAFE_EMBEDDED_IMAGE = /^data:image\/(png|jpe?g);base64,/i;

function fontFor(ctx: PaintContext, family: string, bold: boolean, italic: boolean): string {
  const families = family.split(',').map((f) => f.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
  const resolved = ctx.fonts.primaryFor({ families, weight: bold ? 700 : 400, style: italic ? 'italic' : 'normal' });
  return ctx.fonts.pdfKitName(resolved);
}

/**
 * Draw an SVG as vectors with svg-to-pdfkit, scaled to `rect` (the SVG's own size is its
 * intrinsic size, as for an <img>). Text uses the bundled fonts; external references
 * (images by path or URL, other documents) are never followed.
 */
function drawSvg(ctx: PaintContext, image: DecodedImage, rect: Rect): void {
  const doc = ctx.doc;
  const svg = new TextDecoder().decode(image.bytes);
  const problem = svgExpansionProblem(svg);
  if (problem) {
    ctx.warn('svg_failed', `${image.src.slice(0, 60)}: ${problem}`);
    return;
  }
  ctx.save();
  doc.transform(rect.width / image.width, 0, 0, rect.height / image.height, rect.x, rect.y);
  try {
    SVGtoPDF(doc, svg, 0, 0, {
      width: image.width,
      height: image.height,
      assumePt: true,
      warningCallback: (message) => ctx.warn('svg_warning', `${image.src.slice(0, 60)}: ${message}`),
      fontCallback: (family, bold, italic) => fontFor(ctx, family, bold, italic),
      imageCallback: (link) => (SAFE_EMBEDDED_IMAGE.test(link.trim()) ? link.replace(/\s+/g, '') : new Uint8Array(0)),
      documentCallback: null,
    });
  } catch (error) {
    ctx.warn('svg_failed', `${image.src.slice(0, 60)}: ${(error as Error).message}`);
  }
  ctx.restore();
}

/** Draw a loaded image into `rect` (already clipped by the caller). Returns false if it cannot. */
export function drawImage(ctx: PaintContext, src: string, rect: Rect): boolean {
  const info = ctx.images.info(src);
  if (!info) return false;
  ctx.resetAlpha();
  if (info.format === 'svg') {
    drawSvg(ctx, info, rect);
    return true;
  }
  const pdfImage = ctx.images.open(src);
  if (!pdfImage) {
    ctx.warn('image_not_drawn', `${src.slice(0, 80)}: ${info.format.toUpperCase()} images are not drawn yet (PNG, JPEG and SVG are)`);
    return false;
  }
  try {
    ctx.doc.image(pdfImage as unknown as Buffer, rect.x, rect.y, { width: rect.width, height: rect.height });
  } catch (error) {
    ctx.warn('image_not_drawn', `${src.slice(0, 80)}: ${(error as Error).message}`);
    return false;
  }
  return true;
}
