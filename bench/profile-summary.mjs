#!/usr/bin/env node
// Where the time of a warm-loop CPU profile (bench/profile-once.mjs … out.cpuprofile) goes:
// by pipeline stage (inclusive) and the functions with the most self time.
// node bench/profile-summary.mjs out.cpuprofile [top]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 15);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfTime = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
  total += dt;
});

/** First matching stage from the leaf up: the innermost stage wins (paint inside PDF end…). */
const STAGES = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['template expansion (Handlebars)', (f) => f.functionName === 'expandTemplate'],
  ['HTML parsing', (f) => f.functionName === 'parseHtml'],
  ['style (cascade, computed values)', (f) => f.functionName === 'computeStyles'],
  // Layout gives each page to the painter (streamDocument's sink) as it is laid out: paint is timed inside layout.
  [
    'layout (boxes, lines, tables, pages)',
    (f) => f.functionName === 'layoutDocument' || f.functionName === 'streamDocument',
  ],
  [
    'paint (content streams)',
    (f) =>
      f.functionName === 'paintPage' ||
      (f.url.includes('pdf-painter') && (f.functionName === 'page' || f.functionName === 'end')),
  ],
  ['PDF finish (fonts, xref, deflate)', (f) => f.functionName === 'end' && f.url.includes('pdfkit')],
];
const stageTime = new Map(STAGES.map(([name]) => [name, 0]));
let other = 0;
const name = (f) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\/(packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
const fnSelf = new Map();
for (const [id, t] of selfTime) {
  const node = byId.get(id);
  fnSelf.set(name(node.callFrame), (fnSelf.get(name(node.callFrame)) ?? 0) + t);
  let stage = null;
  for (let cur = id; cur !== undefined && stage === null; cur = parent.get(cur)) {
    const frame = byId.get(cur).callFrame;
    const hit = STAGES.find(([, test]) => test(frame));
    if (hit) stage = hit[0];
  }
  if (stage === null) other += t;
  else stageTime.set(stage, stageTime.get(stage) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log('| stage | share |\n|---|---:|');
for (const [stage, t] of stageTime) console.log(`| ${stage} | ${pct(t)} |`);
console.log(`| other (render glue, resources, idle ticks) | ${pct(other)} |`);
console.log(`\nTop ${top} functions by self time:\n`);
[...fnSelf]
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)
  .forEach(([k, t]) => console.log(`${pct(t)}  ${k}`));
