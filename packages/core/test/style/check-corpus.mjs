#!/usr/bin/env node
// Not a test: styles every corpus template (expanded with its data.json) and reports
// time, diagnostics and @page results, failing when styling throws or warns.
// Usage: npx tsc -b packages/core && node packages/core/test/style/check-corpus.mjs [../shared/corpus]
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseHtml } from '../../dist/html/parse.js';
import { resolveFormat } from '../../dist/format.js';
import { expandTemplate } from '../../dist/template/expand.js';
import { computeStyles } from '../../dist/style/index.js';

// The shared corpus sits beside the repository (../shared), as CI checks it out.
const corpus = resolve(process.argv[2] ?? fileURLToPath(new URL('../../../../../shared/corpus', import.meta.url)));
const PRESETS = {
  a4: { preset: 'a4' },
  letter: { preset: 'letter' },
  a5: { preset: 'custom', width: '148mm', height: '210mm' },
};
let problems = 0;
for (const name of readdirSync(corpus).sort()) {
  const dir = join(corpus, name);
  if (!existsSync(join(dir, 'template.html'))) continue;
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
  const format = resolveFormat(PRESETS[String(meta.format ?? 'a4').toLowerCase()] ?? {});
  const html = expandTemplate(
    readFileSync(join(dir, 'template.html'), 'utf8'),
    JSON.parse(readFileSync(join(dir, 'data.json'), 'utf8')),
  );
  try {
    const doc = parseHtml(html);
    const options = { format, baseUrl: pathToFileURL(`${dir}/`).href, resolveStylesheet: () => null };
    computeStyles(doc, options); // warm-up: the reported time is a second, warm run
    const cpu = process.cpuUsage();
    const result = computeStyles(doc, options);
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000; // CPU time: wall time means little on a shared machine
    const page = result.pageStyle({ index: 0, name: '', blank: false });
    const size = `${(page.width * 0.75).toFixed(0)}x${(page.height * 0.75).toFixed(0)}pt`;
    const boxes = page.marginBoxes.map((b) => b.name).join(',');
    console.log(
      `${name.padEnd(18)} ${ms.toFixed(1).padStart(6)}ms cpu ${size.padEnd(12)} fonts=${result.fontFaces.length} ${boxes}`,
    );
    for (const d of result.diagnostics) {
      problems++;
      console.log(`  ${d.severity} ${d.code}: ${d.message}`);
    }
  } catch (error) {
    problems++;
    console.log(`${name.padEnd(18)} THREW ${error instanceof Error ? error.stack : error}`);
  }
}
process.exitCode = problems > 0 ? 1 : 0;
