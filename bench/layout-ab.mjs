#!/usr/bin/env node
// Layout alone, A/B in one process: the workload is parsed and styled once, then two builds
// of @platen/layout lay it out in alternation (same styled tree, a fresh measurer per
// render as in core/render.ts). On a machine shared with other jobs this resolves a few
// percent where whole-render runs in separate processes cannot.
// node --expose-gc bench/layout-ab.mjs <workload-index> <rounds> <layout-dist-A/index.js> [layout-dist-B/index.js]
// Prints CPU ms per layout for each build (median of rounds of 5 layouts) and B/A.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { layoutOptions, loadStages, parseWorkload } from './stages.mjs';
import { workloads } from './workloads.mjs';

const stages = await loadStages();
const [index = '2', roundsArg = '10', pathA, pathB] = process.argv.slice(2);
const { name, options } = workloads[Number(index)];
const { format, doc, chrome } = parseWorkload(stages, options);
const styles = stages.computeStyles(doc, { format, chrome });
const builds = [pathA, pathB].filter(Boolean).map((p) => resolve(p));
const layouts = await Promise.all(builds.map(async (p) => (await import(pathToFileURL(p).href)).layoutDocument));

const layoutOnce = (layoutDocument) => layoutDocument(styles.root, layoutOptions(stages, styles, format));
const cpuMs = (f, n) => {
  globalThis.gc?.(); // each batch starts from a clean heap (run with --expose-gc): no build pays for the other's garbage
  const t = process.cpuUsage();
  let pages = 0;
  for (let i = 0; i < n; i++) pages = f().length;
  const u = process.cpuUsage(t);
  return { ms: (u.user + u.system) / 1000 / n, pages };
};
for (const l of layouts) for (let i = 0; i < 3; i++) layoutOnce(l); // warm up
const samples = layouts.map(() => []);
let pages = 0;
for (let r = 0; r < Number(roundsArg); r++) {
  layouts.forEach((l, k) => {
    const s = cpuMs(() => layoutOnce(l), 5);
    samples[k].push(s.ms);
    pages = s.pages;
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = samples.map(median);
console.log(
  `${name}, ${pages} pages: ${m.map((x, k) => `${'AB'[k]} ${x.toFixed(1)} ms`).join(', ')}${m.length === 2 ? `, B/A ${(m[1] / m[0]).toFixed(3)}` : ''} (CPU per layout, median of ${roundsArg} rounds)`,
);
