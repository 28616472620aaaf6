// node bench/paint-once.mjs [workload-index] [iterations]: as profile-once.mjs (warm renders,
// wall and process CPU per render; PLATEN_CORE selects the build), plus the main thread's
// own CPU (Linux /proc/self/task/<pid>/stat): work moved to libuv's thread pool (deflate)
// leaves the process CPU as it was but takes it off the thread that paints.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workloads } from './workloads.mjs';

const { render } = await import(process.env.PLATEN_CORE ? pathToFileURL(resolve(process.env.PLATEN_CORE)).href : '@platen/core');
const { name, options } = workloads[Number(process.argv[2] ?? 0)];
const n = Number(process.argv[3] ?? 30);
/** utime + stime of the main thread, ms (clock ticks of 10 ms). */
const mainThreadMs = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
await render(options);
await render(options);
const cpu = process.cpuUsage();
const main = mainThreadMs();
const start = performance.now();
for (let i = 0; i < n; i++) await render(options);
const wall = (performance.now() - start) / n;
const used = process.cpuUsage(cpu);
const mainMs = (mainThreadMs() - main) / n;
console.log(`${name}: ${wall.toFixed(1)} ms wall, ${((used.user + used.system) / 1000 / n).toFixed(1)} ms CPU, ${mainMs.toFixed(1)} ms main-thread CPU per render`);
