// Child process of the HTTP benchmark: the real server (packages/server, built) on loopback
// with a temporary data directory and one API key, its access log on (the default) into the
// stdout pipe that the parent drains like a log collector would. Sends {url, key} over IPC,
// answers "rss" messages with its resident set size, "reset" by starting a new measuring
// phase and "stats" with that phase's figures seen from inside the server (latency from the
// request's first byte to the response's last, requests in flight, event-loop delay, CPU per
// thread), and stops on "stop".
import dc from 'node:diagnostics_channel';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApiKey, createUser, loadConfig, startServer } from '@platen/server';

const dataDir = mkdtempSync(join(tmpdir(), 'platen-bench-http-'));
const email = 'bench@example.com';
await createUser({ dataDir }, email, 'bench-password');
const { key } = await createApiKey({ dataDir }, email, 'bench', 'render_only');
const config = loadConfig(
  {},
  {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    // The benchmark is the only client: no rate limit.
    rateLimitPerMinute: 1e9,
    rateLimitBurst: 1e9,
    accountRateLimitPerMinute: 1e9,
  },
);
// One account (the benchmark) may use every worker: the default cap keeps one free for other
// accounts (docs/security.md), which would measure one worker's throughput, not the server's.
const server = await startServer({ ...config, renderWorkersPerAccount: config.renderWorkers });
/** Render workers are child processes of the server (render-pool/pool.ts). */
function workerPids() {
  try {
    return readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}
/** RSS in bytes of the server process (first) and of each render worker. */
function processRss() {
  const rss = [process.memoryUsage.rss()];
  for (const pid of workerPids()) {
    try {
      rss.push(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024);
    } catch {
      /* the worker ended */
    }
  }
  return rss;
}
/** RSS of the server process and its render workers together, in bytes. */
const serviceRss = () => processRss().reduce((sum, bytes) => sum + bytes, 0);
let peakRss = serviceRss();
/** Each process's RSS when the sum peaked: what the peak is made of. */
let peakParts = processRss();
const sampler = setInterval(() => {
  const parts = processRss();
  const sum = parts.reduce((total, bytes) => total + bytes, 0);
  if (sum > peakRss) [peakRss, peakParts] = [sum, parts];
}, 50);

// Server-side view of each request (node:http's diagnostics channels, so the server is untouched).
const started = new WeakMap();
let latencies = [];
let inFlight = 0;
let peakInFlight = 0;
dc.subscribe('http.server.request.start', ({ request }) => {
  started.set(request, performance.now());
  peakInFlight = Math.max(peakInFlight, ++inFlight);
});
dc.subscribe('http.server.response.finish', ({ request }) => {
  inFlight--;
  const t = started.get(request);
  if (t !== undefined) latencies.push(performance.now() - t);
});
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

/** utime + stime (1/100 s) from a /proc …/stat file. */
function statTicks(path) {
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU ticks (1/100 s) per thread of this process (the main thread's ID is the process ID),
 * and per render worker process (`worker:<pid>`, its V8 threads included).
 */
function threadTicks() {
  const ticks = new Map();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      ticks.set(tid, statTicks(`/proc/self/task/${tid}/stat`));
    } catch {
      /* the thread ended */
    }
  }
  for (const pid of workerPids()) {
    try {
      ticks.set(`worker:${pid}`, statTicks(`/proc/${pid}/stat`));
    } catch {
      /* the worker ended */
    }
  }
  return ticks;
}
let phase = { at: performance.now(), ticks: threadTicks(), cpu: process.cpuUsage() };

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats() {
  const seconds = (performance.now() - phase.at) / 1000;
  const now = threadTicks();
  const perThread = [...now].map(([tid, t]) => ({ tid, cpu: (t - (phase.ticks.get(tid) ?? 0)) / 100 / seconds }));
  const main = perThread.find((t) => t.tid === String(process.pid))?.cpu ?? 0;
  const workers = perThread
    .filter((t) => t.tid.startsWith('worker:'))
    .sort((a, b) => b.cpu - a.cpu)
    .map((t) => t.cpu);
  const others = perThread.filter((t) => t.tid !== String(process.pid) && !t.tid.startsWith('worker:'));
  const own = process.cpuUsage(phase.cpu);
  const workerSeconds = workers.reduce((sum, c) => sum + c, 0) * seconds;
  const cpu = { user: own.user + workerSeconds * 1e6, system: own.system };
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    seconds,
    requests: sorted.length,
    latency: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) },
    peakInFlight,
    cpuMsPerRequest: sorted.length === 0 ? 0 : (cpu.user + cpu.system) / 1e3 / sorted.length,
    loopDelay: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    // Cores in use on average: 1.0 = one core busy the whole phase.
    cores: {
      process: (cpu.user + cpu.system) / 1e6 / seconds,
      main,
      workers,
      rest: others.reduce((sum, t) => sum + t.cpu, 0),
    },
  };
}

process.on('message', async (message) => {
  if (message === 'rss')
    process.send({ rss: serviceRss(), parts: processRss(), peakRss, peakParts, workers: config.renderWorkers });
  if (message === 'reset-peak') {
    peakParts = processRss();
    peakRss = serviceRss();
    process.send({ ok: true });
  }
  if (message === 'reset') {
    latencies = [];
    peakInFlight = inFlight;
    loopDelay.reset();
    phase = { at: performance.now(), ticks: threadTicks(), cpu: process.cpuUsage() };
    peakParts = processRss();
    peakRss = serviceRss();
    process.send({ ok: true });
  }
  if (message === 'stats') process.send(stats());
  if (message === 'stop') {
    clearInterval(sampler);
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send({ url: server.url, key });
