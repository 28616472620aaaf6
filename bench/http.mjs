#!/usr/bin/env node
// HTTP load benchmark: the real server in a child process (render worker pool, SQLite
// render log, auth, access log), loaded on loopback with binary invoice renders
// (POST /api/v1/render, html + data, PDF response): at a steady 100 renders/s and as fast
// as it goes. Reports renders/s, p50/p99 latency and the server's RSS (see measureHttp).
// Standalone: node bench/http.mjs [--seconds N] [--rate R] [--cpu-prof DIR];
// npm run bench runs it too.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { steadyRate } from './load/steady-rate.mjs';
import { invoice } from './workloads.mjs';

function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

/** `profileDir`: write a V8 CPU profile per server thread (main and each render worker) there. */
async function startChild(profileDir) {
  const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = fork(fileURLToPath(new URL('./http-server.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv,
  });
  child.stdout.resume(); // the access log, one JSON line per request: read and dropped
  const [ready] = await once(child, 'message');
  return { child, ...ready };
}

function load(url, key, options) {
  const { html, data } = invoice();
  return autocannon({
    url: `${url}/api/v1/render`,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ html, data }),
    ...options,
  });
}

/**
 * Peak RSS of the server with its workers, each process's at that peak and at the phase's end
 * (server first, then each worker: the pool runs as many as the load needs).
 */
function rssFigures(rss) {
  const mb = (parts) => parts.map((bytes) => Math.round(bytes / 2 ** 20));
  return { peakRssMb: rss.peakRss / 2 ** 20, peakRssPartsMb: mb(rss.peakParts), endRssPartsMb: mb(rss.parts) };
}

function summarise(result, rss) {
  const ok = result['2xx'];
  return {
    rendersPerSecond: ok / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ...rssFigures(rss),
  };
}

function summariseSteady(result, rss) {
  return {
    rendersPerSecond: result.ok / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    lateSends: result.lateSends,
    ...rssFigures(rss),
  };
}

/** Run one phase of load, with the server's own figures and the load generator's CPU (cores in use) beside it. */
async function phase(child, name, run, summary) {
  await ask(child, 'reset');
  const cpu = process.cpuUsage();
  const at = performance.now();
  const result = await run();
  const spent = process.cpuUsage(cpu);
  const server = await ask(child, 'stats');
  const rss = await ask(child, 'rss');
  const round = (x) => Math.round(x * 100) / 100;
  return {
    name,
    ...summary(result, rss),
    loadGeneratorCores: round((spent.user + spent.system) / 1e3 / (performance.now() - at)),
    server: JSON.parse(JSON.stringify(server, (k, v) => (typeof v === 'number' ? round(v) : v))),
  };
}

/**
 * Three runs against one server, `seconds` each, after a warm-up of 300 renders per worker
 * (a worker's JIT keeps recompiling core's hot code for its first few hundred renders, which
 * costs CPU on V8's background threads, and a running server is past that):
 * - `fixed`: a steady `rate` per second (open loop, bench/load/steady-rate.mjs);
 * - `fixedPoisson`: the same average rate with exponential gaps (independent clients);
 * - `fixedAutocannon`: autocannon's overallRate at the same rate, kept for comparison with
 *   earlier figures: it sends each connection's share of a second as a burst (see steady-rate.mjs);
 * - `max`: autocannon as fast as the server answers, 4 connections per worker.
 * Each also reports the server's own view (latency, requests in flight, event-loop delay, CPU
 * per thread and per request) and the cores the load generator itself used.
 */
export async function measureHttp(seconds = 10, profileDir = null, rate = 100) {
  const { child, url, key } = await startChild(profileDir);
  try {
    const { workers } = await ask(child, 'rss');
    await load(url, key, { connections: workers * 2, amount: workers * 300 }); // start and warm every worker
    const { html, data } = invoice();
    const steady = (poisson) => () =>
      steadyRate({
        url: `${url}/api/v1/render`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ html, data }),
        rate,
        seconds,
        connections: 20,
        poisson,
      });
    const fixed = await phase(child, `steady ${rate}/s`, steady(false), summariseSteady);
    const fixedPoisson = await phase(child, `Poisson ${rate}/s`, steady(true), summariseSteady);
    const fixedAutocannon = await phase(
      child,
      `autocannon overallRate ${rate}`,
      () => load(url, key, { connections: 20, overallRate: rate, duration: seconds }),
      summarise,
    );
    const max = await phase(
      child,
      'flat out',
      () => load(url, key, { connections: workers * 4, duration: seconds }),
      summarise,
    );
    return { workers, fixed, fixedPoisson, fixedAutocannon, max };
  } finally {
    child.send('stop');
    await once(child, 'exit');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  console.log(
    JSON.stringify(
      await measureHttp(Number(arg('--seconds') ?? 10), arg('--cpu-prof') ?? null, Number(arg('--rate') ?? 100)),
      null,
      2,
    ),
  );
}
