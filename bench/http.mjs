#!/usr/bin/env node
// HTTP load benchmark: the real server in a child process (render worker pool, SQLite
// render log, auth), loaded on loopback by autocannon with binary invoice renders
// (POST /api/v1/render, html + data, PDF response): once at a fixed 100 renders/s and
// once as fast as it goes. Reports renders/s, p50/p99 latency and the server's RSS.
// Standalone: node bench/http.mjs [--seconds N]; npm run bench runs it too.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { invoice } from './workloads.mjs';

function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

async function startChild() {
  const child = fork(fileURLToPath(new URL('./http-server.mjs', import.meta.url)), [], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return { child, ...JSON.parse(line) };
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

function summarise(result, rss) {
  const ok = result['2xx'];
  return {
    rendersPerSecond: ok / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    peakRssMb: rss.peakRss / 2 ** 20,
  };
}

/** Both runs against one server; `seconds` each, after a short warm-up of every worker. */
export async function measureHttp(seconds = 10) {
  const { child, url, key } = await startChild();
  try {
    const { workers } = await ask(child, 'rss');
    await load(url, key, { connections: workers * 2, amount: workers * 20 }); // start and warm every worker
    await ask(child, 'reset-peak');
    const fixed = await load(url, key, { connections: 20, overallRate: 100, duration: seconds });
    const fixedRss = await ask(child, 'rss');
    await ask(child, 'reset-peak');
    const max = await load(url, key, { connections: workers * 4, duration: seconds });
    const maxRss = await ask(child, 'rss');
    return { workers, fixed: summarise(fixed, fixedRss), max: summarise(max, maxRss) };
  } finally {
    child.send('stop');
    await once(child, 'exit');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--seconds');
  console.log(JSON.stringify(await measureHttp(at > 0 ? Number(process.argv[at + 1]) : 10), null, 2));
}
