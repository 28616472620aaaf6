// Issue 19: every long-block shape of bench/long-shapes.mjs at N, 2N and 4N, so that a
// super-linear path shows as a 4N ÷ N ratio above 4. Each shape in a fresh child process:
// two warm-up renders at N/4, then `runs` renders per size, median wall and CPU time.
// Standalone: node bench/long-scaling.mjs [runs] [shape indexes, e.g. 0,2]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { longShapes } from './long-shapes.mjs';

const SIZES = [1, 2, 4];

/** One shape, measured in this process (child side). */
async function measureChild(index, runs) {
  const { renderDocument } = await import('@platen/core');
  const shape = longShapes[index];
  const render = (n) => renderDocument({ maxPages: 100_000, ...shape.options(n) });
  for (let i = 0; i < 2; i++) await render(Math.ceil(shape.n / 4));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const sizes = [];
  for (const factor of SIZES) {
    const n = shape.n * factor;
    const walls = [];
    const cpus = [];
    let pages = 0;
    for (let i = 0; i < runs; i++) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      pages = (await render(n)).pageCount;
      walls.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
    }
    sizes.push({ n, pages, ms: median(walls), cpuMs: median(cpus) });
  }
  return { name: shape.name, unit: shape.unit, sizes };
}

/** Every shape (or those of `indexes`), each in a fresh process. */
export function measureLongScaling(runs = 3, indexes = longShapes.map((_, i) => i)) {
  const script = fileURLToPath(import.meta.url);
  return indexes.map((index) => {
    const out = execFileSync(process.execPath, [script, '--child', String(index), String(runs)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    return JSON.parse(out.trim().split('\n').pop());
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
    'Each shape in a fresh process: two warm-up renders at N/4, then the median of the timed renders per size. Linear: 4N ÷ N ≤ 4.5.',
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
