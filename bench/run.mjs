#!/usr/bin/env node
// npm run bench: renders per workload, warm and in-process (median/p95), throughput on all
// cores through worker threads, PDF size, peak RSS, and the same HTML through a warm
// headless Chromium when /usr/bin/chromium exists. Writes bench/results/latest.md.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Bench } from 'tinybench';
import Handlebars from 'handlebars';
import { render } from '@platen/core';
import { workloads } from './workloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const budgetMs = quick ? 500 : 3000;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

async function measureInProcess(options) {
  const pdf = await render(options); // warm-up, and the size
  const bench = new Bench({ time: budgetMs, iterations: 5, warmupIterations: 2, retainSamples: true });
  bench.add('render', () => render(options));
  await bench.run();
  const samples = [...(bench.tasks[0].result.latency.samples ?? [])].sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95), size: pdf.byteLength };
}

/** Renders per second with one worker thread per core, each rendering in a loop. */
async function measureThroughput(index) {
  const cores = availableParallelism();
  const workers = Array.from({ length: cores }, () => new Worker(join(here, 'throughput-worker.mjs'), { workerData: { index, budgetMs } }));
  const counts = await Promise.all(workers.map((w) => new Promise((done, fail) => { w.once('message', done); w.once('error', fail); })));
  return counts.reduce((a, b) => a + b, 0) / (budgetMs / 1000);
}

async function startChromium() {
  if (!existsSync(chromiumPath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  return { browser, page };
}

async function measureChromium(chrome, options) {
  const html = Handlebars.create().compile(options.html)(options.data ?? {});
  const pdfOptions = {
    format: 'A4', printBackground: true, preferCSSPageSize: true,
    margin: { top: '20mm', bottom: '20mm', left: '15mm', right: '15mm' },
    displayHeaderFooter: Boolean(options.header || options.footer),
    headerTemplate: options.header ?? '<span></span>',
    footerTemplate: options.footer ?? '<span></span>',
  };
  const once = async () => { await chrome.page.setContent(html); await chrome.page.pdf(pdfOptions); };
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

const chrome = await startChromium();
if (!chrome) console.log(`chromium not found at ${chromiumPath}: the Chromium column is skipped`);
const rows = [];
for (const [index, { name, options }] of workloads.entries()) {
  const local = await measureInProcess(options);
  const perSecond = await measureThroughput(index);
  const chromium = chrome ? await measureChromium(chrome, options) : null;
  const row = {
    name,
    median: local.median.toFixed(1),
    p95: local.p95.toFixed(1),
    perSecond: perSecond.toFixed(1),
    sizeKb: (local.size / 1024).toFixed(1),
    chromium: chromium === null ? 'n/a' : chromium.toFixed(1),
    ratio: chromium === null ? 'n/a' : `${(chromium / local.median).toFixed(1)}×`,
  };
  rows.push(row);
  console.log(row);
}
await chrome?.browser.close();

const rssMb = (process.resourceUsage().maxRSS / 1024).toFixed(0);
const table = [
  `# Benchmark (${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, Node ${process.version}${quick ? ', --quick' : ''})`,
  '',
  '| workload | median ms | p95 ms | renders/s (all cores) | PDF KiB | Chromium median ms | Chromium ÷ Platen |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.name} | ${r.median} | ${r.p95} | ${r.perSecond} | ${r.sizeKb} | ${r.chromium} | ${r.ratio} |`),
  '',
  `Peak RSS of the benchmark process (Platen in-process): ${rssMb} MB.`,
  '',
];
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.md'), table.join('\n'));
console.log(table.join('\n'));
