import type { Page } from '@platen/layout';
import { PdfPainter, type PaintOptions } from './pdf-painter.js';

export { PT_PER_PX, PdfPainter, type PaintOptions } from './pdf-painter.js';

/**
 * Paint laid-out pages (`layoutDocument`'s, with their chrome) into a PDF: the painter gets them
 * through the PageSink as it does from layout in a render (renderDocument), each page, then the
 * chrome. The same pages and options give byte-identical output.
 */
export async function paintPdf(pages: readonly Page[], options: PaintOptions): Promise<Uint8Array> {
  const painter = new PdfPainter(options);
  for (const page of pages) painter.page(page);
  painter.end(pages.map((page) => page.chrome ?? []));
  return painter.finish();
}
