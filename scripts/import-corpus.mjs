#!/usr/bin/env node
// Copies the fidelity corpus (../shared/corpus) into test/corpus so that the repository's
// tests stand alone: each case's template, data, assets, its page defaults as a PdfFormat,
// and the words of Chromium's reference PDF with their positions (the reference numbers).
// Run by hand when the shared corpus changes: node scripts/import-corpus.mjs [../shared]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const shared = resolve(process.argv[2] ?? '../shared');
const { loadMeta, pageOptions, toPdfFormat } = await import(join(shared, 'tools/fidelity/lib/corpus.mjs'));
const source = join(shared, 'corpus');
const target = resolve('test/corpus');

for (const name of readdirSync(source, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)) {
  const from = join(source, name);
  const to = join(target, name);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry.startsWith('reference.')) continue;
    cpSync(join(from, entry), join(to, entry), { recursive: true });
  }
  const format = toPdfFormat(pageOptions(loadMeta(from)));
  writeFileSync(join(to, 'format.json'), JSON.stringify(format, null, 2) + '\n');
  writeFileSync(join(to, 'reference-words.json'), JSON.stringify(referenceWords(join(from, 'reference.pdf'))) + '\n');
  console.log(`${name}: copied`);
}

/** [page, xCentre, yCentre, text] per word of Chromium's PDF, positions in pt rounded to 0.1. */
function referenceWords(pdf) {
  const xhtml = execFileSync('pdftotext', ['-bbox', pdf, '-'], { maxBuffer: 64 << 20 }).toString();
  const pages = [];
  const words = [];
  const re =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of xhtml.matchAll(re)) {
    if (m[1] !== undefined) pages.push([Number(m[1]), Number(m[2])]);
    else {
      const r = (v) => Math.round(v * 10) / 10;
      words.push([
        pages.length,
        r((+m[3] + +m[5]) / 2),
        r((+m[4] + +m[6]) / 2),
        m[7]
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'"),
      ]);
    }
  }
  return { pages, words };
}
