// Profile helper: node bench/profile-once.mjs [workload-index] [iterations] [profile.cpuprofile]
// Prints wall and CPU (user+system of this process) ms per warm render: on a shared machine
// CPU time moves far less with load than wall time. With a third argument, writes a CPU
// profile of the warm loop only (startup and the first render excluded), unlike --cpu-prof.
// PLATEN_CORE=/path/to/another/dist/index.js renders with another build (A/B: bench/ab.mjs).
// Also prints the main thread's own CPU (Linux /proc): work moved to libuv's thread pool
// leaves the process CPU as it was but takes it off the thread that renders.
// PLATEN_WARMUP=n: n warm-up renders before the measured ones (default 2).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { workloads } from './workloads.mjs';

const { render } = await import(
  process.env.PLATEN_CORE ? pathToFileURL(resolve(process.env.PLATEN_CORE)).href : '@platen/core'
);

const { name, options } = workloads[Number(process.argv[2] ?? 0)];
const n = Number(process.argv[3] ?? 30);
const profilePath = process.argv[4];
/** utime + stime of the main thread, ms (clock ticks of 10 ms). */
const mainThreadMs = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
// PLATEN_WARMUP renders first (default 2). Early in a process V8's worker threads compile and
// collect for as long as the main thread renders (session 18: after 5 renders of the designer
// invoice, 21–24 ms a render on them against 19–22 on the main thread; after 100, 5–9 against
// 15–17), so a short warm-up measures the JIT's warm-up in the process CPU.
const warmup = Number(process.env.PLATEN_WARMUP ?? 2);
for (let i = 0; i < warmup; i++) await render(options);
const session = profilePath ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const cpu = process.cpuUsage();
const main = mainThreadMs();
const start = performance.now();
for (let i = 0; i < n; i++) await render(options);
const wall = (performance.now() - start) / n;
const used = process.cpuUsage(cpu);
const mainMs = (mainThreadMs() - main) / n;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profilePath, JSON.stringify(profile));
}
const cpuMs = (used.user + used.system) / 1000 / n;
console.log(
  `${name}: ${wall.toFixed(1)} ms wall, ${cpuMs.toFixed(1)} ms CPU, ${mainMs.toFixed(1)} ms main-thread CPU per render`,
);
