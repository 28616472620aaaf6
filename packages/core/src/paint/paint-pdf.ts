import type { Page } from '@platen/layout';
import { PdfPainter, type PaintOptions } from './pdf-painter.js';

export { PT_PER_PX, PdfPainter, type PaintOptions } from './pdf-painter.js';

/**
 * Paint laid-out pages (`layoutDocument`'s, with their chrome) into a PDF. The same pages
 * and options give byte-identical output.
 */
export async function paintPdf(pages: readonly Page[], options: PaintOptions): Promise<Uint8Array> {
  const painter = new PdfPainter(options);
  for (const page of pages) painter.page(page);
  pages.forEach((page, i) => painter.chrome(i, page.chrome ?? []));
  return painter.finish();
}
