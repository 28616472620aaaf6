#!/usr/bin/env node
// Re-record the Chromium reference positions next to each page: prints every *.html here with
// headless Chromium (the fidelity harness's chromium-render.mjs, A4) and stores its words
// (`pdftotext -bbox`, points, origin top-left) as <name>.chromium.json. The test never runs
// Chromium; run this only when a page changes:
//   node test/e2e/text-positions/record.mjs [path/to/chromium-render.mjs]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const renderer = process.argv[2] ?? '/work/shared/tools/fidelity/chromium-render.mjs';
const tmp = mkdtempSync(join(tmpdir(), 'text-positions-'));
const round = (n) => Math.round(n * 100) / 100;
for (const file of readdirSync(here).filter((f) => f.endsWith('.html')).sort()) {
  const pdf = join(tmp, file.replace(/\.html$/, '.pdf'));
  execFileSync('node', [renderer, join(here, file), pdf, '--format', 'A4']);
  const xhtml = execFileSync('pdftotext', ['-bbox', pdf, '-']).toString('utf8');
  const producer = execFileSync('pdfinfo', [pdf]).toString('utf8').match(/Creator:\s+(.*)/)?.[1] ?? '';
  const words = [];
  let page = 0;
  for (const m of xhtml.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (m[1] === undefined) { page++; continue; }
    words.push({ text: m[5], page, xMin: round(+m[1]), yMin: round(+m[2]), xMax: round(+m[3]), yMax: round(+m[4]) });
  }
  writeFileSync(join(here, file.replace(/\.html$/, '.chromium.json')), JSON.stringify({ chromium: producer.trim(), words }, null, 0).replace(/\},\{/g, '},\n{') + '\n');
  console.log(file, words.length, 'words');
}
