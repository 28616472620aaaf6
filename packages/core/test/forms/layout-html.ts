import { layoutDocument, type Fragment } from '@platen/layout';
import { parseHtml } from '../../src/html/parse.js';
import { resolveFormat } from '../../src/format.js';
import { computeStyles } from '../../src/style/index.js';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { createMeasurer } from '../../src/text/measurer.js';

/**
 * Border boxes of the elements with an id, laid out through the whole pipeline (UA
 * stylesheet, cascade, real fonts) on one 800px-wide page, as chromium-rects.mjs
 * (packages/layout/test/flex) lays the same HTML out in an 800px viewport: "x,y,w,h".
 */
export function rectsOfDocument(body: string): Record<string, string> {
  const html = `<!doctype html><html><head><style>@page{size:800px 1000px;margin:0} html,body{margin:0} body{font-size:16px}</style></head><body>${body}</body></html>`;
  const format = resolveFormat({});
  const styles = computeStyles(parseHtml(html), { format });
  const pages = layoutDocument(styles.root, {
    measurer: createMeasurer(getFontRegistry().createFontSet()),
    pageStyle: styles.pageStyle,
    images: () => null,
    header: null,
    footer: null,
    componentGap: 0,
    footerPosition: format.footerPosition,
    verticalAlign: 'top',
    horizontalAlign: 'left',
    maxPages: 5,
    documentMode: styles.documentMode,
  });
  const out: Record<string, string> = {};
  const round = (v: number): number => Math.round(v * 100) / 100;
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    const id = f.attrs['id'];
    if (id && !(id in out)) out[id] = [f.x, f.y, f.width, f.height].map(round).join(',');
    f.children.forEach(visit);
  };
  pages[0]?.fragments.forEach(visit);
  return out;
}
