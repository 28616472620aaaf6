// Issue 19: every long-block shape of bench/long-shapes.mjs at N, 2N and 4N, so that a
// super-linear path shows as a 4N ÷ N ratio above 4. Every timed render is the only one of a
// fresh child process, after two warm-up renders at N/4 (compiled code, the same cache contents
// for every size): with several timed renders per process, the later ones at N and 2N reused
// the words the first had shaped, and at 4N the process-wide shape cache passed its bound and
// was dropped in every render, a cliff of the cache and not of the algorithm (docs/performance.md).
// Median wall and CPU time of `runs` processes per size, the sizes taken in turn.
// Standalone: node bench/long-scaling.mjs [runs] [shape indexes, e.g. 0,2]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { longShapes } from './long-shapes.mjs';

const SIZES = [1, 2, 4];

/** One render of one shape at `factor` × N, measured in this process (child side). */
async function measureChild(index, factor) {
  const { renderDocument } = await import('@platen/core');
  const shape = longShapes[index];
  const render = (n) => renderDocument({ maxPages: 100_000, ...shape.options(n) });
  for (let i = 0; i < 2; i++) await render(Math.ceil(shape.n / 4));
  const n = shape.n * factor;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const pages = (await render(n)).pageCount;
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { n, pages, ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Every shape (or those of `indexes`), each render timed in a fresh process. */
export function measureLongScaling(runs = 3, indexes = longShapes.map((_, i) => i)) {
  const script = fileURLToPath(import.meta.url);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const child = (index, factor) =>
    JSON.parse(
      execFileSync(process.execPath, [script, '--child', String(index), String(factor)], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      })
        .trim()
        .split('\n')
        .pop(),
    );
  return indexes.map((index) => {
    const samples = SIZES.map(() => []);
    for (let r = 0; r < runs; r++) SIZES.forEach((factor, i) => samples[i].push(child(index, factor)));
    const sizes = samples.map((s) => ({
      n: s[0].n,
      pages: s[0].pages,
      ms: median(s.map((x) => x.ms)),
      cpuMs: median(s.map((x) => x.cpuMs)),
    }));
    return { name: longShapes[index].name, unit: longShapes[index].unit, sizes };
  });
}

export function longScalingTable(results) {
  const cell = (s) => `${s.ms.toFixed(0)} (${s.cpuMs.toFixed(0)})`;
  return [
    '## Long blocks (issue 19: one block at N, 2N and 4N)',
    '',
    '| shape | N | pages at N | ms (CPU ms) at N | at 2N | at 4N | 4N ÷ N (CPU) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => {
      const [a, b, c] = r.sizes;
      return `| ${r.name} | ${a.n} ${r.unit} | ${a.pages} | ${cell(a)} | ${cell(b)} | ${cell(c)} | ${(c.cpuMs / a.cpuMs).toFixed(1)}× |`;
    }),
    '',
    'Each timed render in a fresh process after two warm-up renders at N/4 (the same cache contents at every size); medians of the processes per size. Linear: 4N ÷ N ≤ 4.5.',
    '',
  ];
}

if (process.argv[2] === '--child') {
  const result = await measureChild(Number(process.argv[3]), Number(process.argv[4]));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const indexes = process.argv[3]?.split(',').map(Number);
  console.log(longScalingTable(measureLongScaling(Number(process.argv[2] ?? 3), indexes)).join('\n'));
}
