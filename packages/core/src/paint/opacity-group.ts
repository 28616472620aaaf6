import type { PaintContext } from './paint-context.js';
import { bufferStream } from './content-buffer.js';

/** PDFKit internals a transparency group needs (not in @types/pdfkit). */
interface GroupInternals {
  _ctm: number[];
  ref(data: Record<string, unknown>): PdfRef;
  opacity(value: number): unknown;
  addContent(data: string): unknown;
  page: {
    width: number;
    height: number;
    content: PdfRef;
    resources: PdfRef;
    xobjects: Record<string, PdfRef>;
  };
}

interface PdfRef {
  write(chunk: unknown): void;
  end(): void;
  finalize(): void;
}

/** Group names count per document, so that output does not depend on earlier renders. */
const groupCounts = new WeakMap<object, number>();

function invert(m: readonly number[]): number[] | null {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-12) return null;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/**
 * `opacity` as CSS means it (CSS Color 4 §4.1): the element and its descendants are drawn
 * into an isolated transparency group (a PDF form XObject), which is then composited at
 * the given alpha — overlapping content inside does not show through itself.
 *
 * The form draws in the page's default space (its Matrix undoes the current CTM, its
 * content re-applies it), so PDFKit's own bookkeeping of the CTM (gradient patterns,
 * image placement) stays right inside the group. It shares the page's resources.
 */
export function paintWithOpacity(ctx: PaintContext, opacity: number, paint: () => void): void {
  if (opacity <= 0) return;
  const doc = ctx.doc as unknown as GroupInternals;
  const ctm = doc._ctm.slice();
  const matrix = invert(ctm);
  if (!matrix) return;
  const page = doc.page;
  const count = (groupCounts.get(doc) ?? 0) + 1;
  groupCounts.set(doc, count);
  const name = `Fx${count}`;
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, 0, page.width, page.height],
    Matrix: matrix,
    Group: { Type: 'Group', S: 'Transparency' },
    Resources: page.resources,
  });
  bufferStream(form);
  const pageContent = page.content;
  const colors = ctx.colorState();
  page.content = form;
  form.write(`${ctm.join(' ')} cm`);
  // Inside a group colour is inherited and alpha starts at 1 (PDF 32000 §11.6.6).
  ctx.forgetColors();
  try {
    paint();
  } finally {
    page.content = pageContent;
    form.end();
    ctx.setColorState(colors);
  }
  page.xobjects[name] = form;
  ctx.save();
  doc.opacity(opacity);
  doc.addContent(`/${name} Do`);
  ctx.restore();
}
