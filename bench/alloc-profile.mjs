#!/usr/bin/env node
// Which functions allocate, over warm renders (sampled every 4 KiB, collected objects
// included): bytes allocated by built-ins (Array push/map/slice, Map/Set, sort, spread…) are
// charged to the nearest JavaScript caller, so a package's own lines show what they cost.
// node bench/alloc-profile.mjs [workload] [n] [top] [filter]
// PLATEN_CORE=/path/to/another/dist/index.js measures another build (as bench/profile-once.mjs).
import { resolve } from 'node:path';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { workloads } from './workloads.mjs';

const { render } = await import(
  process.env.PLATEN_CORE ? pathToFileURL(resolve(process.env.PLATEN_CORE)).href : '@platen/core'
);
const { name, options } = workloads[Number(process.argv[2] ?? 0)];
const n = Number(process.argv[3] ?? 10);
const top = Number(process.argv[4] ?? 40);
const filter = process.argv[5] ?? '';
await render(options);
await render(options);
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (let i = 0; i < n; i++) await render(options);
const { profile } = await session.post('HeapProfiler.stopSampling');
const bytes = new Map();
let total = 0;
const label = (f) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\/(packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
const visit = (node, caller) => {
  const own = node.callFrame.url !== '' ? label(node.callFrame) : (caller ?? label(node.callFrame));
  bytes.set(own, (bytes.get(own) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const child of node.children) visit(child, own);
};
visit(profile.head, null);
let shown = 0;
for (const [k, v] of bytes) if (k.includes(filter)) shown += v;
console.log(
  `${name}: ${(total / n / 2 ** 20).toFixed(1)} MiB allocated per render, ${(shown / n / 2 ** 20).toFixed(1)} MiB in "${filter}"`,
);
[...bytes]
  .filter(([k]) => k.includes(filter))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)
  .forEach(([k, v]) =>
    console.log(
      `${(v / n / 2 ** 20).toFixed(2).padStart(7)} MiB ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`,
    ),
  );
