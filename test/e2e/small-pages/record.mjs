#!/usr/bin/env node
// Re-record the Chromium reference of each page here: prints every *.html with headless Chromium
// (playwright-core from the checkout, the page's own `@page` size, no margins otherwise),
// rasterises each page at 96 dpi without anti-aliasing (`pdftocairo -antialias none`, as the
// test does) and stores the pages, one below the other, as <name>.chromium.png. Chromium rounds a
// page's size to 1/300 in (8 × 6 px prints 6 × 5.04 pt), so each page is cut or padded (white) to
// the `size: <w>px <h>px` the page's `@page` rule names. The test never runs Chromium:
//   node test/e2e/small-pages/record.mjs [page.html …]
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { chromium } from 'playwright-core';
import { rasterPages, stackPages } from './raster.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const tmp = mkdtempSync(join(tmpdir(), 'small-pages-'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.html') && (only.length === 0 || only.includes(f)))
  .sort()) {
  const html = readFileSync(join(here, file), 'utf8');
  const size = /size:\s*(\d+)px\s+(\d+)px/.exec(html);
  if (!size) throw new Error(`${file}: no @page { size: <w>px <h>px }`);
  const pdf = join(tmp, file.replace(/\.html$/, '.pdf'));
  await page.goto(pathToFileURL(join(here, file)).href, { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.pdf({
    path: pdf,
    format: 'A4',
    printBackground: true,
    preferCSSPageSize: true,
    margin: { top: '0', right: '0', bottom: '0', left: '0' },
  });
  const pages = rasterPages(readFileSync(pdf), Number(size[1]), Number(size[2]));
  writeFileSync(join(here, file.replace(/\.html$/, '.chromium.png')), PNG.sync.write(stackPages(pages)));
  console.log(`${file}: ${pages.length} page(s)`);
}
await browser.close();
