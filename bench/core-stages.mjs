#!/usr/bin/env node
// CPU ms per stage of a warm render, medians over n renders, run the way render.ts runs
// them: a stage's own work plus the garbage it makes is collected while it runs, so
// compare builds within one minute (A/B), not against figures from another load.
// node bench/core-stages.mjs [workload-index] [iterations]
// PLATEN_CORE_DIST=/path/to/core/dist compares another build of packages/core.
import { resolve } from 'node:path';
import { CORE_DIST, layoutOptions, loadStages } from './stages.mjs';
import { workloads } from './workloads.mjs';

const stages = await loadStages(resolve(process.env.PLATEN_CORE_DIST ?? CORE_DIST));
const { name, options } = workloads[Number(process.argv[2] ?? 2)];
const n = Number(process.argv[3] ?? 20);
// Layout gives each page to the painter as soon as it is laid out (render.ts), so the two
// are one stage here; `finish` writes the fonts, the outline and the file.
const times = { expand: [], parse: [], style: [], 'layout+paint': [], finish: [], total: [] };

async function once() {
  const stamps = [process.cpuUsage()];
  const lap = () => stamps.push(process.cpuUsage());
  const format = stages.resolveFormat(options.format);
  const expand = (html) => stages.expandTemplate(html, options.data ?? {}, { blocks: {}, maxBytes: 2 ** 30 });
  const html = expand(options.html);
  const header = options.header ? expand(options.header) : null;
  const footer = options.footer ? expand(options.footer) : null;
  lap();
  const doc = stages.parseHtml(html);
  const chrome = {
    ...(header ? { header: stages.parseHtml(header) } : {}),
    ...(footer ? { footer: stages.parseHtml(footer) } : {}),
  };
  lap();
  const styles = stages.computeStyles(doc, { format, chrome });
  lap();
  const fonts = stages.getFontRegistry().createFontSet();
  const painter = stages.streamDocument(
    styles.root,
    layoutOptions(stages, styles, format, fonts),
    () => new stages.PdfPainter({ fonts, images: new Map(), outline: true }),
  );
  lap();
  await painter.finish();
  lap();
  const ms = (i) => (stamps[i + 1].user + stamps[i + 1].system - (stamps[i].user + stamps[i].system)) / 1000;
  ['expand', 'parse', 'style', 'layout+paint', 'finish'].forEach((k, i) => times[k].push(ms(i)));
  times.total.push(ms(0) + ms(1) + ms(2) + ms(3) + ms(4));
}

for (let i = 0; i < 3; i++) await once();
for (const k in times) times[k].length = 0;
for (let i = 0; i < n; i++) await once();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `${name}: ` +
    Object.entries(times)
      .map(([k, xs]) => `${k} ${median(xs).toFixed(1)}`)
      .join(', ') +
    ' CPU ms (medians)',
);
