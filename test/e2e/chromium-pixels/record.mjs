#!/usr/bin/env node
// Re-record the Chromium reference rasters: prints every *.html here with headless Chromium (the
// fidelity harness's chromium-render.mjs, A4) and stores each page as rasterised by
// `pdftoppm -r 48` in <name>.chromium.p<N>.png. The test never runs Chromium; run this only when
// a page changes:   node test/e2e/chromium-pixels/record.mjs [page.html…]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// PIXELS_DIR: another folder of pages to record the same way (test/e2e/text-pixels).
const here = process.env.PIXELS_DIR ?? fileURLToPath(new URL('.', import.meta.url));
const renderer = process.env.CHROMIUM_RENDER ?? '/work/shared/tools/fidelity/chromium-render.mjs';
const tmp = mkdtempSync(join(tmpdir(), 'chromium-pixels-'));
const only = process.argv.slice(2).map((f) => f.replace(/^.*\//, ''));
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.html') && (only.length === 0 || only.includes(f)))
  .sort()) {
  const name = file.replace(/\.html$/, '');
  for (const old of readdirSync(here).filter((f) => f.startsWith(`${name}.chromium.p`))) rmSync(join(here, old));
  const pdf = join(tmp, `${name}.pdf`);
  execFileSync('node', [renderer, join(here, file), pdf, '--format', 'A4']);
  execFileSync('pdftoppm', ['-png', '-r', '48', pdf, join(tmp, name)]);
  const pages = readdirSync(tmp)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort();
  pages.forEach((f, i) => renameSync(join(tmp, f), join(here, `${name}.chromium.p${i + 1}.png`)));
  console.log(file, pages.length, 'page(s)');
}
rmSync(tmp, { recursive: true, force: true });
