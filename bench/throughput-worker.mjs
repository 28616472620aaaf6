// One core's share of the throughput measurement: render one workload in a loop.
import { parentPort, workerData } from 'node:worker_threads';
import { render } from '@platen/core';
import { workloads } from './workloads.mjs';

const { options } = workloads[workerData.index];
await render(options);
let count = 0;
const end = performance.now() + workerData.budgetMs;
while (performance.now() < end) {
  await render(options);
  count++;
}
parentPort.postMessage(count);
