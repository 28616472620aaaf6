import { createRequire } from 'node:module';
import type SVGtoPDFModule from 'svg-to-pdfkit';
import { svgExpansionProblem } from '../limits/svg-expansion.js';
import { parseDataUri } from '../resources/data-uri.js';
import { decodeImage, svgRootTag, type DecodedImage } from '../resources/images.js';
import { normalizePng } from '../resources/png-normalize.js';
import { isInlineSvg } from '../style/inline-svg.js';
import type { PaintContext } from './paint-context.js';
import { normalizeSvg } from './svg-normalize.js';
import type { Rect } from './geometry.js';

/**
 * svg-to-pdfkit (125 KB of CommonJS) is loaded on the first SVG, not at import: most
 * documents have none, and a cold `platen render` paid for it.
 */
const requireCjs = createRequire(import.meta.url);
let svgToPdf: typeof SVGtoPDFModule | undefined;
const SVGtoPDF: typeof SVGtoPDFModule = (...args) =>
  (svgToPdf ??= requireCjs('svg-to-pdfkit') as typeof SVGtoPDFModule)(...args);

/** Only embedded PNG/JPEG data may be pulled in by an SVG: never a path or a URL. */
const SAFE_EMBEDDED_IMAGE = /^data:image\/(png|jpe?g);base64,/i;
const NO_IMAGE = new Uint8Array(0);

/**
 * The bytes PDFKit may open for an SVG `<image href>`: embedded PNG or JPEG data only, held
 * to the same rules as an `<img>` (the megapixel limit; a PNG decoded and verified in full by
 * normalizePng). PDFKit's own PNG decoder throws from an asynchronous callback on a bad
 * checksum or filter byte, which no `try` catches: the process (or worker) died.
 */
function embeddedImage(link: string): Uint8Array {
  const uri = link.trim();
  if (!SAFE_EMBEDDED_IMAGE.test(uri)) return NO_IMAGE;
  const data = parseDataUri(uri.replace(/\s+/g, ''));
  const decoded = data ? decodeImage('svg image', data.bytes) : null;
  if (!data || !decoded?.ok) return NO_IMAGE;
  if (decoded.image.format === 'jpeg') return data.bytes;
  return decoded.image.format === 'png' ? (normalizePng(data.bytes) ?? NO_IMAGE) : NO_IMAGE;
}

function fontFor(ctx: PaintContext, family: string, bold: boolean, italic: boolean): string {
  const families = family
    .split(',')
    .map((f) => f.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
  const resolved = ctx.fonts.primaryFor({ families, weight: bold ? 700 : 400, style: italic ? 'italic' : 'normal' });
  return ctx.fonts.pdfKitName(resolved);
}

const SIZE_ATTRIBUTE = /\s(?:width|height)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * The SVG's root made to fill the viewport it is drawn into, `rect` (SVG 2 §8.2: the CSS box
 * of the replaced element is the viewport; percentages resolve against it, §8.9). An SVG
 * `<img>` without a viewBox is stretched from its own size like a bitmap (Chromium, measured:
 * as with a viewBox `0 0 width height` and preserveAspectRatio none); an inline `<svg>`
 * without one is drawn unscaled.
 */
function fitRoot(svg: string, image: DecodedImage): string {
  const tag = svgRootTag(svg);
  if (!tag) return svg;
  let root = svg.slice(tag.start, tag.end).replace(SIZE_ATTRIBUTE, '');
  if (!/\sviewBox\s*=/i.test(root) && !isInlineSvg(image.src)) {
    root = root
      .replace(/\spreserveAspectRatio\s*=\s*(?:"[^"]*"|'[^']*')/i, '')
      .replace(/^<svg\b/i, `<svg viewBox="0 0 ${image.width} ${image.height}" preserveAspectRatio="none"`);
  }
  return svg.slice(0, tag.start) + root + svg.slice(tag.end);
}

/**
 * Draw an SVG as vectors with svg-to-pdfkit into `rect`, its viewport. Text uses the bundled
 * fonts; external references (images by path or URL, other documents) are never followed.
 */
function drawSvg(ctx: PaintContext, image: DecodedImage, rect: Rect): void {
  const doc = ctx.doc;
  const svg = normalizeSvg(fitRoot(new TextDecoder().decode(image.bytes), image));
  const problem = svgExpansionProblem(svg);
  if (problem) {
    ctx.warn('svg_failed', `${image.src.slice(0, 60)}: ${problem}`);
    return;
  }
  ctx.save();
  try {
    SVGtoPDF(doc, svg, rect.x, rect.y, {
      width: rect.width,
      height: rect.height,
      assumePt: true,
      warningCallback: (message) => ctx.warn('svg_warning', `${image.src.slice(0, 60)}: ${message}`),
      fontCallback: (family, bold, italic) => fontFor(ctx, family, bold, italic),
      imageCallback: embeddedImage,
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
    ctx.warn(
      'image_not_drawn',
      `${src.slice(0, 80)}: ${info.format.toUpperCase()} images cannot be embedded (PNG, JPEG and SVG can; GIF and WebP are loaded as PNG)`,
    );
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
