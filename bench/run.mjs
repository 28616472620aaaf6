#!/usr/bin/env node
// npm run bench: renders per workload, warm and in-process (median/p95), throughput on all
// cores through the server's render worker pool, PDF size, peak RSS, and the same HTML
// through a warm headless Chromium when /usr/bin/chromium exists; then the HTTP load
// benchmark (bench/http.mjs), long documents of 50/250/500 pages (bench/page-scaling.mjs, issue 7),
// long blocks at N, 2N and 4N (bench/long-scaling.mjs, issue 19) and a cold CLI render. Writes bench/results/latest.md.
// --quick: short budgets (a smoke run, not figures to quote). --only=0,4,7: those workloads'
// rows only (in-process, all cores, Chromium), without the other sections. Needs the packages built.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRenderPool } from '../packages/server/dist/render-pool/pool.js';
import { measureHttp } from './http.mjs';
import { measurePageScaling, pageScalingTable } from './page-scaling.mjs';
import { longScalingTable, measureLongScaling } from './long-scaling.mjs';
import Handlebars from 'handlebars';
import { workloads } from './workloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const budgetMs = quick ? 500 : 3000;
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').map(Number)) : null;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/** Median/p95 ms, PDF size and peak RSS of one workload, in a fresh child process. */
function measureOnce(index) {
  const script = fileURLToPath(new URL('./measure-inprocess.mjs', import.meta.url));
  const out = execFileSync(process.execPath, [script, String(index), String(budgetMs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

/**
 * measureOnce in fresh processes; the one with the middle median is reported (peak RSS: the
 * largest). One process's median moved more between processes than between its renders
 * (600 rows: 31.3, 33.0 and 39.7 ms in three runs of one build), as each process's compiled
 * code and heap settle differently.
 */
const PROCESSES = quick ? 1 : 3;
function measureInProcess(index) {
  const runs = Array.from({ length: PROCESSES }, () => measureOnce(index)).sort((a, b) => a.median - b.median);
  return { ...runs[Math.floor(runs.length / 2)], maxRssMb: Math.max(...runs.map((r) => r.maxRssMb)) };
}

/**
 * Renders per second on all cores through the server's render pool (one worker thread per
 * core), kept busy with two jobs per worker. Workers are started and warmed first; then
 * completions are counted in a window of at least `budgetMs` and at least one render per
 * worker, and divided by the time up to the last counted completion (a slow render that
 * ends after the budget is not credited to a shorter window).
 */
async function measureThroughput(options) {
  const size = availableParallelism();
  const pool = createRenderPool({ size, timeoutMs: 600_000, memoryMb: 4096 });
  const job = {
    html: options.html,
    data: options.data ?? {},
    format: {},
    header: options.header ?? null,
    footer: options.footer ?? null,
    blocks: {},
    baseDir: null,
    allowPrivateNetwork: false,
    maxPages: 5000,
    maxHtmlBytes: 64 * 2 ** 20,
  };
  const runOne = async () => {
    const outcome = await pool.run(job);
    if (!outcome.ok) throw new Error(`render failed in the pool: ${outcome.code}: ${outcome.message}`);
  };
  try {
    await Promise.all(Array.from({ length: size * 2 }, runOne)); // start and warm every worker
    const start = performance.now();
    let count = 0;
    let last = start;
    const loop = async () => {
      while (performance.now() - start < budgetMs || count < size) {
        await runOne();
        count++;
        last = performance.now();
      }
    };
    await Promise.all(Array.from({ length: size * 2 }, loop));
    return count / ((last - start) / 1000);
  } finally {
    await pool.close();
  }
}

/** Wall time of a whole `platen render` process for the invoice (Node start-up included). */
function measureColdCli(runs) {
  const cli = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'platen-bench-cli-'));
  const { html, data } = workloads[0].options;
  writeFileSync(join(dir, 'invoice.html'), html);
  writeFileSync(join(dir, 'data.json'), JSON.stringify(data));
  const samples = [];
  // Without NODE_EXTRA_CA_CERTS: Node reads and parses that file when it starts, whatever the
  // script (this machine's environment names a 200 KB bundle: ~50 ms of CPU a process).
  const { NODE_EXTRA_CA_CERTS: _extraCerts, ...env } = process.env;
  try {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      execFileSync(
        process.execPath,
        [cli, 'render', join(dir, 'invoice.html'), '--data', join(dir, 'data.json'), '-o', join(dir, 'out.pdf')],
        { env },
      );
      samples.push(performance.now() - start);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return percentile(
    samples.sort((a, b) => a - b),
    0.5,
  );
}

async function startChromium() {
  if (!existsSync(chromiumPath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  return { browser, page };
}

async function measureChromium(chrome, options) {
  const html = Handlebars.create().compile(options.html)(options.data ?? {});
  const pdfOptions = {
    format: 'A4',
    printBackground: true,
    preferCSSPageSize: true,
    margin: { top: '20mm', bottom: '20mm', left: '15mm', right: '15mm' },
    displayHeaderFooter: Boolean(options.header || options.footer),
    headerTemplate: options.header ?? '<span></span>',
    footerTemplate: options.footer ?? '<span></span>',
  };
  const once = async () => {
    await chrome.page.setContent(html);
    await chrome.page.pdf(pdfOptions);
  };
  await once();
  const samples = [];
  const end = performance.now() + budgetMs;
  while (performance.now() < end || samples.length < 5) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return percentile(samples, 0.5);
}

// The render pool's workers are unref'd (a server must be able to exit): nothing else keeps
// the event loop alive while the pool works.
const keepAlive = setInterval(() => {}, 2 ** 30);
// Platen's columns for every workload first, then Chromium's: a Chromium left running keeps
// working after page.pdf (measured: the 6000-row report's median 601–611 ms beside an idle
// Chromium against 532 ms without one), and neither side should pay for the other.
const chosen = [...workloads.entries()].filter(([index]) => !only || only.has(index));
const local = chosen.map(([index, { options }]) => ({ ...measureInProcess(index), perSecond: 0, options }));
for (const l of local) l.perSecond = await measureThroughput(l.options);
const chrome = await startChromium();
if (!chrome) console.log(`chromium not found at ${chromiumPath}: the Chromium column is skipped`);
const rows = [];
for (const [position, [, { name, options }]] of chosen.entries()) {
  const l = local[position];
  const chromium = chrome ? await measureChromium(chrome, options) : null;
  const row = {
    name,
    median: l.median.toFixed(1),
    p95: l.p95.toFixed(1),
    perSecond: l.perSecond.toFixed(1),
    sizeKb: (l.size / 1024).toFixed(1),
    rssMb: l.maxRssMb.toFixed(0),
    chromium: chromium === null ? 'n/a' : chromium.toFixed(1),
    ratio: chromium === null ? 'n/a' : `${(chromium / l.median).toFixed(1)}×`,
  };
  rows.push(row);
  console.log(row);
}
await chrome?.browser.close();
if (only) {
  clearInterval(keepAlive);
  process.exit(0);
}

const scaling = measurePageScaling(quick ? 1 : 2);
const longBlocks = measureLongScaling(quick ? 1 : 3);
const http = await measureHttp(quick ? 3 : 10);
const coldCli = measureColdCli(quick ? 3 : 7);
/** RSS of the server and the workers still running when the phase ended: the pool has stopped those the load did not need by then. */
const endRss = (r) =>
  `${r.endRssPartsMb.reduce((sum, mb) => sum + mb, 0)} (${r.endRssPartsMb.length - 1} worker${r.endRssPartsMb.length === 2 ? '' : 's'})`;
const line = (r) =>
  `${r.rendersPerSecond.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.peakRssMb.toFixed(0)} | ${endRss(r)} | ${r.errors}`;
const table = [
  `# Benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores, Node ${process.version}${quick ? ', --quick' : ''})`,
  '',
  '| workload | median ms | p95 ms | renders/s (all cores) | PDF KiB | peak RSS MB | Chromium median ms | Chromium ÷ Platen |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.median} | ${r.p95} | ${r.perSecond} | ${r.sizeKb} | ${r.rssMb} | ${r.chromium} | ${r.ratio} |`,
  ),
  '',
  'Median and p95: warm renders in one process, the middle one of three by median; peak RSS: the largest of the three (one workload each).',
  chrome ? '' : `Chromium was not found at ${chromiumPath}: its columns are n/a.`,
  ...pageScalingTable(scaling),
  ...longScalingTable(longBlocks),
  `## HTTP (POST /api/v1/render, binary invoice, ${http.workers} render workers, loopback)`,
  '',
  '| load | renders/s | p50 ms | p99 ms | server peak RSS MB | RSS at the end MB | errors |',
  '|---|---:|---:|---:|---:|---:|---:|',
  `| 100 renders/s, evenly spaced (bench/load/steady-rate.mjs) | ${line(http.fixed)} |`,
  `| 100 renders/s, Poisson arrivals | ${line(http.fixedPoisson)} |`,
  `| autocannon overallRate 100 (bursts at each second, see docs/load-test.md) | ${line(http.fixedAutocannon)} |`,
  `| as fast as it goes (autocannon) | ${line(http.max)} |`,
  '',
  "Latency from each request's due time (open loop); the autocannon rows as autocannon reports them.",
  'Peak RSS: the server and its render workers together, at the most in the phase; the first phase starts right after a',
  'flat-out warm-up that started every worker, and the pool stops one the load does not need only after a 10 s period',
  '(render-pool/pool.ts `shrinkAfterMs`). RSS at the end: the same sum when the phase ended, with the workers running then.',
  '',
  `Cold CLI \`platen render\` of the invoice, whole process (median): ${coldCli.toFixed(0)} ms.`,
  '',
];
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', quick ? 'quick.md' : 'latest.md'), table.join('\n'));
console.log(table.join('\n'));
clearInterval(keepAlive);
