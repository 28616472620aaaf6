#!/usr/bin/env node
// Inclusive (self + callees) time per function of a warm-loop CPU profile from
// bench/profile-once.mjs, optionally only functions whose file path contains a filter:
// which call sites own the time that profile-summary.mjs shows as scattered self time.
// node bench/profile-inclusive.mjs out.cpuprofile [top] [path-filter]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 30);
const filter = process.argv[4] ?? '';
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (f) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\/(packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
const inclusive = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  // Each function once per sample, however deep its recursion.
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur).callFrame;
    if (!frame.url.includes(filter)) continue;
    seen.add(name(frame));
  }
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
});
[...inclusive]
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)
  .forEach(([k, t]) => console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`));
