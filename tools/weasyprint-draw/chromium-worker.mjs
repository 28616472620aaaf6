// Prints documents with headless Chromium (playwright-core from the checkout), one browser and
// one reused page. stdin: {"in": "/abs/doc.html", "out": "/abs/doc.pdf"} a line; stdout:
// {"ok": true} or {"ok": false, "error": "…"} a line. The document's `@page` size wins
// (preferCSSPageSize), on an A4 sheet with zero margins otherwise, as Platen is given.
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const project = process.env.PLATEN_PROJECT ?? process.cwd();
const { chromium } = await import(pathToFileURL(join(project, 'node_modules/playwright-core/index.mjs')).href);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--allow-file-access-from-files'],
});
const newPage = () => browser.newPage({ viewport: { width: 800, height: 600 } });
let page = await newPage();

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  let reply;
  try {
    await page.goto(pathToFileURL(job.in).href, { waitUntil: 'load', timeout: 20000 });
    await page.evaluate('document.fonts.ready.then(() => true)');
    await page.pdf({
      path: job.out,
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      margin: { top: '0', right: '0', bottom: '0', left: '0' },
    });
    reply = { ok: true };
  } catch (error) {
    reply = { ok: false, error: String(error?.message ?? error).slice(0, 1000) };
    await page.close().catch(() => {});
    page = await newPage(); // a wedged page is replaced, not reused
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
await browser.close();
