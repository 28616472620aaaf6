// Child process of bench/run.mjs: one workload, warm and in-process, in a fresh process so
// that its peak RSS is that workload's own. Prints one JSON line.
// node bench/measure-inprocess.mjs <workload-index> <budget-ms>
import { Bench } from 'tinybench';
import { render } from '@platen/core';
import { workloads } from './workloads.mjs';

const { options } = workloads[Number(process.argv[2])];
const budgetMs = Number(process.argv[3]);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
const pdf = await render(options); // warm-up, and the size
// At least 11 timed renders: a long document fits only ~6 in the budget, and with so few the
// median moves by whether a major GC lands in it (6000 rows: 515–776 ms medians at 6 renders).
// Warm-up by time as well as count, so that every workload is timed warm: a fresh process's
// 6000-row renders took 1117, 776, 627, 459, 502 ms before settling near 440, so with two
// warm-up renders the third counted as warm, while the 600-row report's 250 ms default
// warm-up had already left its slow start behind (408, 263, 143, 96, 49, then ~38 ms).
const bench = new Bench({ time: budgetMs, iterations: 11, warmupTime: 1500, warmupIterations: 4, retainSamples: true });
bench.add('render', () => render(options));
await bench.run();
const samples = [...(bench.tasks[0].result.latency.samples ?? [])].sort((a, b) => a - b);
const result = {
  median: percentile(samples, 0.5),
  p95: percentile(samples, 0.95),
  renders: samples.length,
  size: pdf.byteLength,
  maxRssMb: process.resourceUsage().maxRSS / 1024,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
