// A/B of two builds of @platen/core, alternating processes, for a machine whose load changes
// from one minute to the next:
//   node bench/ab.mjs <workload-index> <rounds> <a/dist/index.js> <b/dist/index.js> [renders-per-process]
// Each round runs bench/profile-once.mjs once with A and once with B (PLATEN_CORE; the order
// swaps every round) and prints the median over rounds of each build's CPU and wall ms per
// render (and main-thread CPU), and the median over rounds of B's CPU ÷ A's within the round
// (a load that moves from one minute to the next cancels out of the pair). Separate processes:
// two builds loaded in one process measured the first-loaded one 14 % slower whichever it was
// (the layout code they share saw both builds' objects).
// PLATEN_WARMUP=n (passed on to profile-once.mjs): warm-up renders per process; with the
// default 2 the process CPU is mostly V8's background compilation (session 18): compare the
// main-thread column, or warm up for ~100 renders.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [index = '2', roundsArg = '6', pathA, pathB, perProcess = '15'] = process.argv.slice(2);
if (!pathA || !pathB) throw new Error('usage: ab.mjs <workload> <rounds> <a/index.js> <b/index.js> [n]');
const script = fileURLToPath(new URL('./profile-once.mjs', import.meta.url));
const samples = [[], []];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let name = '';

for (let r = 0; r < Number(roundsArg); r++) {
  for (const b of r % 2 === 0 ? [0, 1] : [1, 0]) {
    const env = { ...process.env, PLATEN_CORE: [pathA, pathB][b] };
    const out = execFileSync(process.execPath, [script, index, perProcess], { env, encoding: 'utf8' });
    const m = /^(.*): ([\d.]+) ms wall, ([\d.]+) ms CPU, ([\d.]+) ms main-thread CPU/m.exec(out);
    if (!m) throw new Error(`unexpected output: ${out}`);
    name = m[1];
    samples[b].push({ wall: Number(m[2]), cpu: Number(m[3]), main: Number(m[4]) });
  }
}
const ratios = (field) => samples[1].map((b, r) => b[field] / samples[0][r][field]);
console.log(
  `B/A paired: ${median(ratios('cpu')).toFixed(3)} CPU, ${median(ratios('main')).toFixed(3)} main thread (median of ${samples[0].length} rounds)`,
);
for (const [b, label] of [
  [0, 'A'],
  [1, 'B'],
]) {
  const s = samples[b];
  const cpu = s.map((x) => x.cpu);
  console.log(
    `${label} ${name}: ${median(cpu).toFixed(1)} ms CPU (${cpu.join(' ')}), ${median(s.map((x) => x.main)).toFixed(1)} ms main thread, ${median(s.map((x) => x.wall)).toFixed(1)} ms wall (${s.map((x) => x.wall).join(' ')}), median of ${s.length} processes × ${perProcess}: ${[pathA, pathB][b]}`,
  );
}
