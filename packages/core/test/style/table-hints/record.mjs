// Refresh the Chromium values of table-hints.chromium.json: getComputedStyle of every element with
// an id in cases.html, for the properties the test compares (needs /usr/bin/chromium):
//   node packages/core/test/style/table-hints/record.mjs
import { chromium } from 'playwright-core';
import fs from 'node:fs';

const here = new URL('.', import.meta.url);
const html = fs.readFileSync(new URL('cases.html', here), 'utf8');
const PROPS = [
  'text-align',
  'vertical-align',
  'padding-top',
  'padding-left',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-left-width',
  'border-left-style',
  'background-color',
  'border-collapse',
  'border-spacing',
  'float',
  'caption-side',
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.setContent(html);
const elements = await page.evaluate((props) => {
  const out = {};
  for (const e of document.querySelectorAll('[id]')) {
    const cs = getComputedStyle(e);
    out[e.id] = Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
  }
  return out;
}, PROPS);
const chromiumVersion = browser.version();
await browser.close();
fs.writeFileSync(
  new URL('table-hints.chromium.json', here),
  `${JSON.stringify({ chromium: chromiumVersion, elements }, null, 1)}\n`,
);
