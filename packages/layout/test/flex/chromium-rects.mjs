// Refresh the Chromium numbers of a *-cases.json file: node packages/layout/test/flex/chromium-rects.mjs packages/layout/test/grid/grid-cases.json
// (needs /usr/bin/chromium; cases with a "page" setup are left alone). `--css TEXT` adds a style sheet
// to every case's page (the table cases: --css 'td,th{padding:0}', see table/table-html.ts).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
const file = process.argv[2];
const cssArg = process.argv.indexOf('--css');
const extraCss = cssArg > 0 ? process.argv[cssArg + 1] : '';
const cases = JSON.parse(fs.readFileSync(file, 'utf8'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 800, height: 1000 } });
for (const c of cases) {
  if (c.page) continue;
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0} body{font-size:16px}${extraCss}</style></head><body>${c.html}</body></html>`,
  );
  // "fragments": true cases record every fragment (getClientRects: one rect per column), others the union.
  c.expected = await page.evaluate((fragments) => {
    const r = {};
    const text = (b) => [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 100) / 100).join(',');
    for (const e of document.querySelectorAll('[id]'))
      r[e.id] = fragments ? [...e.getClientRects()].map(text) : text(e.getBoundingClientRect());
    return r;
  }, c.fragments === true);
}
fs.writeFileSync(file, JSON.stringify(cases, null, 1) + '\n');
await browser.close();
