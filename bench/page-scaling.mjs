// Issue 7: a long document (the report table repeated) must render without a stack overflow
// and in time linear in its length. Renders the report at about 50, 250 and 500 pages, each
// size in a fresh child process (one warm-up render, then `runs` timed ones, median) and
// reports ms, ms per page and CPU ms per page. Standalone: node bench/page-scaling.mjs [runs]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PAGE_TARGETS = [50, 250, 500];
/** Rows per page of the report workload, measured: 18750 rows make 481 A4 pages. */
const ROWS_PER_PAGE = 39;

/** One size, measured in this process (child side). */
async function measureChild(rowCount, runs) {
  const { render } = await import('@platen/core');
  const { report } = await import('./workloads.mjs');
  const options = report(rowCount);
  const pdf = await render(options);
  const pages = (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
  const walls = [];
  const cpus = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await render(options);
    walls.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  return {
    rows: rowCount,
    pages,
    ms: median(walls),
    cpuMs: median(cpus),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** Every target size, each in a fresh process so that sizes do not share heap or caches. */
export function measurePageScaling(runs = 3) {
  const script = fileURLToPath(import.meta.url);
  return PAGE_TARGETS.map((pages) => {
    const rows = Math.round(pages * ROWS_PER_PAGE);
    const out = execFileSync(process.execPath, [script, '--child', String(rows), String(runs)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    return JSON.parse(out.trim().split('\n').pop());
  });
}

export function pageScalingTable(results) {
  return [
    '## Long documents (issue 7: the report table repeated to 50, 250 and 500 pages)',
    '',
    '| rows | pages | median ms | ms per page | CPU ms per page | peak RSS MB |',
    '|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.rows} | ${r.pages} | ${r.ms.toFixed(0)} | ${(r.ms / r.pages).toFixed(2)} | ${(r.cpuMs / r.pages).toFixed(2)} | ${r.maxRssMb.toFixed(0)} |`,
    ),
    '',
    "Each size in a fresh process with Node's default stack: one warm-up render, then the median of the timed ones.",
    '',
  ];
}

if (process.argv[2] === '--child') {
  const result = await measureChild(Number(process.argv[3]), Number(process.argv[4]));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(pageScalingTable(measurePageScaling(Number(process.argv[2] ?? 3))).join('\n'));
}
