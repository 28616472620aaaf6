import type { StructureTree } from './structure.js';
import type { Color, Diagnostic } from '@platen/layout';
import type { DocumentFonts } from './pdf-fonts.js';
import type { Radii, Rect } from './geometry.js';
import { intersectRects, isZeroRadii, snapRect } from './geometry.js';
import { rgb } from './pdf-number.js';
import type { PdfImageCache } from './pdf-images.js';
import type { ResolvedFace } from '../resources/fonts.js';
import { streamOps, type StreamRef } from './content-buffer.js';

/** Bezier handle length for a quarter ellipse. */
const KAPPA = 0.5522847498;

/**
 * What painting one document needs: the PDFKit document (drawing in CSS px, y down),
 * its fonts and images, and a mirror of the colour state so that redundant colour
 * operators are not written (opacity is done with transparency groups, opacity-group.ts).
 */
/** Colour state mirrored from the PDF graphics state, to skip redundant colour operators. */
export interface ColorState {
  fill: string;
  fillAlpha: number;
  stroke: string;
  strokeAlpha: number;
}
/** A new page's content stream starts black and opaque (PDF 32000 §8.4.1). */
const PAGE_START: ColorState = { fill: '0 0 0', fillAlpha: 1, stroke: '0 0 0', strokeAlpha: 1 };
const UNKNOWN: ColorState = { fill: '', fillAlpha: -1, stroke: '', strokeAlpha: -1 };

/**
 * The px → pt factor of Chromium's prints: its page matrix is float32(0.24) written with 8
 * decimals (`.23999999`) times 3.125, so 0.74999996875, not 0.75. Text baselines and
 * pixel-snapped edges often fall exactly on a pixel or half a pixel at 48 dpi, and this hair
 * decides to which side a rasteriser rounds them: the whole page is drawn under the same factor
 * so that it rasterises onto Chromium's pixels (pdf-painter.ts).
 */
const CHROMIUM_PT_PER_PX = '0.74999996875';

export class PaintContext {
  readonly doc: PDFKit.PDFDocument;
  readonly fonts: DocumentFonts;
  readonly images: PdfImageCache;
  readonly diagnostics: Diagnostic[];
  /** `Tf` operators per face and size (text-object.ts: the font's resource name is the document's). */
  readonly tfOperators = new Map<ResolvedFace, Map<number, string>>();
  /**
   * Inside a transformed box (> 0) box decorations are not pixel-snapped: Chromium paints
   * such a box in its own layer, where page pixels are not the layer's pixels.
   */
  #unsnapped = 0;
  /** Inside onPixelGrid's group. */
  #onGrid = false;
  #color: ColorState = { ...PAGE_START };
  readonly #saved: ColorState[] = [];
  /**
   * The bounds of the clip set by clipRect, in user space: null when there is none or when a
   * transform other than scale-and-translate came after it (then glyphs are never culled).
   */
  #clipBounds: Rect | null = null;
  readonly #savedClips: (Rect | null)[] = [];

  /** The structure tree a tagged PDF's content is marked for; null: untagged, or the chrome (one artifact). */
  tags: StructureTree | null = null;

  constructor(doc: PDFKit.PDFDocument, fonts: DocumentFonts, images: PdfImageCache, diagnostics: Diagnostic[]) {
    this.doc = doc;
    this.fonts = fonts;
    this.images = images;
    this.diagnostics = diagnostics;
  }

  warn(code: string, message: string): void {
    if (!this.diagnostics.some((d) => d.code === code && d.message === message)) {
      this.diagnostics.push({ severity: 'warning', code, message });
    }
  }

  /**
   * The operator list of the stream being painted (the page's, or a transparency group's
   * while it is drawn): pushing onto it is `doc.addContent` of each operator.
   */
  ops(): string[] {
    return streamOps((this.doc.page as unknown as { content: StreamRef }).content);
  }

  /** Call when a page starts: its content stream has the default graphics state. */
  startPage(): void {
    this.#color = { ...PAGE_START };
    this.#saved.length = 0;
    this.#clipBounds = null;
    this.#savedClips.length = 0;
  }

  /** The current clip's bounds in user space, when known (glyphs wholly outside are not drawn: paint-text.ts). */
  get clipBounds(): Rect | null {
    return this.#clipBounds;
  }

  /** `cm`: a scale and translation carries the clip's bounds into the new user space, anything else forgets them. */
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    const bounds = this.#clipBounds;
    this.#clipBounds =
      bounds && b === 0 && c === 0 && a > 0 && d > 0
        ? { x: (bounds.x - e) / a, y: (bounds.y - f) / d, width: bounds.width / a, height: bounds.height / d }
        : null;
    this.doc.transform(a, b, c, d, e, f);
  }

  /** Box decorations' rectangle as Chromium paints it: pixel-snapped (geometry.ts snapRect) outside transforms. */
  snap(rect: Rect): Rect {
    return this.#unsnapped > 0 ? rect : snapRect(rect);
  }

  /** Inside a transformed box? */
  get transformed(): boolean {
    return this.#unsnapped > 0;
  }

  /** Paint `draw` without pixel snapping (a transformed box and its descendants). */
  unsnapped(draw: () => void): void {
    this.#unsnapped++;
    try {
      draw();
    } finally {
      this.#unsnapped--;
    }
  }

  /**
   * Paint pixel-snapped decorations as one group (paint-layers.ts draws consecutive boxes in
   * one); inside a transformed box or a group already, just draw.
   */
  onPixelGrid(draw: () => void): void {
    if (this.#unsnapped > 0 || this.#onGrid) {
      draw();
      return;
    }
    this.#onGrid = true;
    this.save();
    try {
      draw();
    } finally {
      this.restore();
      this.#onGrid = false;
    }
  }

  /** The page's px → pt matrix, Chromium's (CHROMIUM_PT_PER_PX; PDFKit would keep 6 decimals), PDFKit's matrix in step. */
  pageScale(): void {
    const m = (this.doc as unknown as { _ctm: number[] })._ctm;
    for (let i = 0; i < 4; i++) m[i] = (m[i] ?? 0) * Number(CHROMIUM_PT_PER_PX);
    this.doc.addContent(`${CHROMIUM_PT_PER_PX} 0 0 ${CHROMIUM_PT_PER_PX} 0 0 cm`);
  }

  /** `q`, remembering the colour state for `restore()`. Always pair with restore(). */
  save(): void {
    this.#saved.push({ ...this.#color });
    this.#savedClips.push(this.#clipBounds);
    this.doc.save();
  }

  restore(): void {
    this.doc.restore();
    this.#color = this.#saved.pop() ?? { ...UNKNOWN };
    this.#clipBounds = this.#savedClips.pop() ?? null;
  }

  colorState(): ColorState {
    return { ...this.#color };
  }

  /** Would setFill(color) (or setStroke) write an operator now? */
  colorChanges(color: Color, stroke: boolean): boolean {
    const state = this.#color;
    const alpha = Math.max(0, Math.min(1, color.a));
    return stroke
      ? rgb(color) !== state.stroke || alpha !== state.strokeAlpha
      : rgb(color) !== state.fill || alpha !== state.fillAlpha;
  }

  setColorState(state: ColorState): void {
    this.#color = { ...state };
  }

  /** After PDFKit or svg-to-pdfkit set colours behind our back (patterns, SVG). */
  forgetColors(): void {
    this.#color = { ...UNKNOWN };
  }

  setFill(color: Color): void {
    const ops = rgb(color);
    if (ops !== this.#color.fill) {
      this.doc.addContent(`${ops} rg`);
      this.#color.fill = ops;
    }
    const alpha = Math.max(0, Math.min(1, color.a));
    if (alpha !== this.#color.fillAlpha) {
      this.doc.fillOpacity(alpha);
      this.#color.fillAlpha = alpha;
    }
  }

  /** Images and SVGs are painted with the current fill alpha (`ca`): make it opaque first. */
  resetAlpha(): void {
    if (this.#color.fillAlpha !== 1) {
      this.doc.fillOpacity(1);
      this.#color.fillAlpha = 1;
    }
    if (this.#color.strokeAlpha !== 1) {
      this.doc.strokeOpacity(1);
      this.#color.strokeAlpha = 1;
    }
  }

  setStroke(color: Color): void {
    const ops = rgb(color);
    if (ops !== this.#color.stroke) {
      this.doc.addContent(`${ops} RG`);
      this.#color.stroke = ops;
    }
    const alpha = Math.max(0, Math.min(1, color.a));
    if (alpha !== this.#color.strokeAlpha) {
      this.doc.strokeOpacity(alpha);
      this.#color.strokeAlpha = alpha;
    }
  }

  /** Add a rectangle or rounded rectangle to the current path. */
  pathRect(rect: Rect, radii?: Radii): void {
    const doc = this.doc;
    if (!radii || isZeroRadii(radii)) {
      doc.rect(rect.x, rect.y, rect.width, rect.height);
      return;
    }
    const { x, y, width: w, height: h } = rect;
    const [tl, tr, br, bl] = radii;
    doc.moveTo(x + tl[0], y);
    doc.lineTo(x + w - tr[0], y);
    doc.bezierCurveTo(x + w - tr[0] * (1 - KAPPA), y, x + w, y + tr[1] * (1 - KAPPA), x + w, y + tr[1]);
    doc.lineTo(x + w, y + h - br[1]);
    doc.bezierCurveTo(x + w, y + h - br[1] * (1 - KAPPA), x + w - br[0] * (1 - KAPPA), y + h, x + w - br[0], y + h);
    doc.lineTo(x + bl[0], y + h);
    doc.bezierCurveTo(x + bl[0] * (1 - KAPPA), y + h, x, y + h - bl[1] * (1 - KAPPA), x, y + h - bl[1]);
    doc.lineTo(x, y + tl[1]);
    doc.bezierCurveTo(x, y + tl[1] * (1 - KAPPA), x + tl[0] * (1 - KAPPA), y, x + tl[0], y);
    doc.closePath();
  }

  fillRect(rect: Rect, color: Color, radii?: Radii): void {
    if (color.a <= 0 || rect.width <= 0 || rect.height <= 0) return;
    this.pathRect(rect, radii);
    this.setFill(color);
    this.doc.fill();
  }

  /** Intersect the clip with a (rounded) rectangle; call inside save()/restore(). */
  clipRect(rect: Rect, radii?: Radii): void {
    this.pathRect(rect, radii);
    this.doc.clip();
    this.#clipBounds = this.#clipBounds ? intersectRects(this.#clipBounds, rect) : rect;
  }
}
