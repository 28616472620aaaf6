// The stages of packages/core/src/render.ts, loaded from one build of packages/core (its
// dist folder, this checkout's by default), for the scripts that time, profile or A/B them
// one at a time (core-stages.mjs, paint-stage.mjs, layout-ab.mjs).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const CORE_DIST = new URL('../packages/core/dist/', import.meta.url).pathname;

export async function loadStages(dist = CORE_DIST) {
  const load = (path) => import(pathToFileURL(resolve(dist, path)).href);
  const { expandTemplate } = await load('template/expand.js');
  const { parseHtml } = await load('html/parse.js');
  const { computeStyles } = await load('style/index.js');
  const { resolveFormat } = await load('format.js');
  const { getFontRegistry } = await load('resources/fonts.js');
  const { createMeasurer } = await load('text/measurer.js');
  const { paintPdf, PdfPainter } = await load('paint/paint-pdf.js');
  const { layoutDocument, streamDocument } = await import('@platen/layout');
  return {
    expandTemplate,
    parseHtml,
    computeStyles,
    resolveFormat,
    getFontRegistry,
    createMeasurer,
    paintPdf,
    PdfPainter,
    layoutDocument,
    streamDocument,
  };
}

/** A workload's template expanded and parsed: the body and the header/footer components. */
export function parseWorkload(stages, options) {
  const expand = (html) => stages.expandTemplate(html, options.data ?? {}, { blocks: {}, maxBytes: 2 ** 30 });
  const doc = stages.parseHtml(expand(options.html));
  const chrome = {
    ...(options.header ? { header: stages.parseHtml(expand(options.header)) } : {}),
    ...(options.footer ? { footer: stages.parseHtml(expand(options.footer)) } : {}),
  };
  return { format: stages.resolveFormat(options.format), doc, chrome };
}

/** layoutDocument's options for styled documents, as render.ts builds them (no images). */
export function layoutOptions(stages, styles, format, fonts = stages.getFontRegistry().createFontSet()) {
  return {
    measurer: stages.createMeasurer(fonts),
    pageStyle: styles.pageStyle,
    images: () => null,
    header: styles.header,
    footer: styles.footer,
    componentGap: format.componentGap,
    footerPosition: format.footerPosition,
    verticalAlign: format.verticalAlign,
    horizontalAlign: format.horizontalAlign,
    maxPages: 100000,
    quirks: styles.quirksMode,
  };
}
