#!/usr/bin/env node
// Re-record the Chromium reference positions next to each page: prints every *.html here with
// headless Chromium (the fidelity harness's chromium-render.mjs, A4) and stores its words
// (`pdftotext -bbox`, points, origin top-left, with each word's baseline from pdf.js: see
// baselines.mjs) as <name>.chromium.json. A page with a
// <name>.options.json naming `fontDirs` is printed with those folders added to fontconfig's
// (FONTCONFIG_FILE), as Platen gets them as render options. The test never runs Chromium;
// run this only when a page changes:
//   node test/e2e/text-positions/record.mjs [path/to/chromium-render.mjs [page.html …]]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wordBaselines } from './baselines.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
// The fidelity harness sits beside the repository (../shared), as CI checks it out.
const renderer = process.argv[2] ?? resolve(here, '../../../../shared/tools/fidelity/chromium-render.mjs');
const only = process.argv.slice(3);
const tmp = mkdtempSync(join(tmpdir(), 'text-positions-'));
const round = (n) => Math.round(n * 100) / 100;
// pdftotext writes XML: words are stored as the test reads them (test/helpers/poppler.ts).
const ENTITIES = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
const decode = (s) => s.replace(/&(lt|gt|quot|apos|amp);/g, (_, name) => ENTITIES[name]);

/** The environment Chromium runs in: fontconfig's configuration plus the page's font folders. */
function chromiumEnv(file) {
  const optionsFile = join(here, file.replace(/\.html$/, '.options.json'));
  const fontDirs = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, 'utf8')).fontDirs ?? []) : [];
  if (fontDirs.length === 0) return process.env;
  const conf = join(tmp, `${file}.fonts.conf`);
  const dirs = fontDirs.map((dir) => `<dir>${resolve(here, dir)}</dir>`).join('');
  writeFileSync(
    conf,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>${dirs}<cachedir>${tmp}</cachedir></fontconfig>\n`,
  );
  return { ...process.env, FONTCONFIG_FILE: conf };
}
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.html') && (only.length === 0 || only.includes(f)))
  .sort()) {
  const pdf = join(tmp, file.replace(/\.html$/, '.pdf'));
  execFileSync('node', [renderer, join(here, file), pdf, '--format', 'A4'], { env: chromiumEnv(file) });
  const xhtml = execFileSync('pdftotext', ['-bbox', pdf, '-']).toString('utf8');
  const producer =
    execFileSync('pdfinfo', [pdf])
      .toString('utf8')
      .match(/Creator:\s+(.*)/)?.[1] ?? '';
  const words = [];
  let page = 0;
  for (const m of xhtml.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1] === undefined) {
      page++;
      continue;
    }
    words.push({
      text: decode(m[5]),
      page,
      xMin: round(+m[1]),
      yMin: round(+m[2]),
      xMax: round(+m[3]),
      yMax: round(+m[4]),
    });
  }
  const baselines = await wordBaselines(readFileSync(pdf), words);
  words.forEach((word, i) => {
    if (baselines[i] !== undefined) word.baseline = baselines[i];
  });
  writeFileSync(
    join(here, file.replace(/\.html$/, '.chromium.json')),
    JSON.stringify({ chromium: producer.trim(), words }, null, 0).replace(/\},\{/g, '},\n{') + '\n',
  );
  console.log(file, words.length, 'words');
}
