import { it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { expandTemplate } from '../../core/src/template/expand.js';
import { parseHtml } from '../../core/src/html/parse.js';
import { computeStyles } from '../../core/src/style/index.js';
import { resolveFormat, mergeFormats } from '../../core/src/format.js';
import { FontSet, getFontRegistry } from '../../core/src/resources/fonts.js';
import { createMeasurer } from '../../core/src/text/measurer.js';
import { paintPdf } from '../../core/src/paint/paint-pdf.js';
import { layoutDocument } from '../src/layout-document.js';

const cases = (process.env.CASES ?? 'page-breaks').split(',');
it('e2e', async () => {
  for (const name of cases) {
    const dir = `/work/shared/corpus/${name}`;
    const meta = JSON.parse(readFileSync(`${dir}/meta.json`, 'utf8'));
    const data = JSON.parse(readFileSync(`${dir}/data.json`, 'utf8'));
    const html = expandTemplate(readFileSync(`${dir}/template.html`, 'utf8'), data);
    const format = resolveFormat(mergeFormats(typeof meta.format === 'string' ? { format: meta.format.toLowerCase() } as never : meta.format));
    const doc = parseHtml(html);
    const styled = computeStyles(doc, { format });
    const fonts = new FontSet(getFontRegistry());
    const t = performance.now();
    const pages = layoutDocument(styled.root, {
      measurer: createMeasurer(fonts), pageStyle: styled.pageStyle, images: () => null, header: styled.header, footer: styled.footer,
      componentGap: format.componentGap, footerPosition: format.footerPosition, verticalAlign: format.verticalAlign, horizontalAlign: format.horizontalAlign, maxPages: 2000,
    });
    console.log(name, 'pages', pages.length, 'layout ms', (performance.now() - t).toFixed(0));
    const pdf = await paintPdf(pages, { fonts, images: new Map() });
    writeFileSync(`/tmp/e2e/${name}.pdf`, pdf);
  }
}, 120000);
