#!/usr/bin/env node
// Which functions allocate, over warm renders (sampled every 4 KiB, collected objects
// included): GC is a large share of a render, and this says where its garbage comes from.
// node bench/alloc-profile.mjs [workload-index] [iterations] [top]
import { Session } from 'node:inspector/promises';
import { render } from '@platen/core';
import { workloads } from './workloads.mjs';

const { name, options } = workloads[Number(process.argv[2] ?? 0)];
const n = Number(process.argv[3] ?? 20);
const top = Number(process.argv[4] ?? 25);
await render(options);
await render(options);
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
for (let i = 0; i < n; i++) await render(options);
const { profile } = await session.post('HeapProfiler.stopSampling');
const bytes = new Map();
let total = 0;
const visit = (node) => {
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\/(packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
  bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const child of node.children) visit(child);
};
visit(profile.head);
console.log(`${name}: ${(total / n / 2 ** 20).toFixed(1)} MiB allocated per render`);
[...bytes].sort((a, b) => b[1] - a[1]).slice(0, top).forEach(([k, v]) => console.log(`${(v / n / 2 ** 20).toFixed(2).padStart(7)} MiB ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`));
