// Profile helper: node --cpu-prof bench/profile-once.mjs [workload-index] [iterations]
import { render } from '@platen/core';
import { workloads } from './workloads.mjs';
const { name, options } = workloads[Number(process.argv[2] ?? 0)];
const n = Number(process.argv[3] ?? 30);
await render(options);
const start = performance.now();
for (let i = 0; i < n; i++) await render(options);
console.log(`${name}: ${((performance.now() - start) / n).toFixed(1)} ms per render`);
