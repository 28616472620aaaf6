#!/usr/bin/env node
// Service load test (issue 10): the real server in a child process with a temporary data
// directory, 50 clients for 60 s sending a mix of renders (stored templates and raw HTML;
// binary, base64 and url delivery) and malformed or oversized requests. Reports throughput,
// p50/p99 latency, answers by status and code, and the server's RSS; checks that there is no
// 5xx, that every answer is the expected one, that the render log has exactly one row for
// each request DECISIONS.md says is logged and none for the others, and that memory is flat
// after a warm-up. Exits 1 when a check fails.
//   npm run load -- [--duration 60] [--connections 50] [--warmup 20] [--seed 1] [--json out.json]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiKey, createUser } from '@platen/server';
import { drive } from './driver.mjs';
import { buildMix, templateBodies } from './mix.mjs';
import { compareLog, createTally, record, summarise } from './report.mjs';
import { fetchLog, setUp } from './setup.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    'max-rss-growth': { type: 'string', default: '15' },
    json: { type: 'string' },
  },
});
const num = (name) => Number(opts[name]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
};

async function startServer(dataDir) {
  const env = {
    ...process.env,
    PLATEN_DATA_DIR: dataDir,
    // The test measures the service, not the per-key limiter (300/min by default would
    // answer most of the mix with 429): the bucket is made large enough never to empty.
    PLATEN_RATE_LIMIT: '100000000',
    PLATEN_RATE_LIMIT_BURST: '100000000',
    PLATEN_LOG_REQUESTS: 'false',
  };
  const child = fork(fileURLToPath(new URL('./server.mjs', import.meta.url)), [], { env, execArgv: ['--expose-gc'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return { child, url: JSON.parse(line).url };
}

function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

/** Wait for quiet, collect garbage in the main thread, then read the process's RSS. */
async function memory(child) {
  await sleep(2000);
  const main = await ask(child, 'memory');
  await sleep(500);
  return { ...rssMb(child.pid), heapUsedMb: Math.round(main.heapUsed / 2 ** 20), workers: main.workers };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-load-'));
  const email = 'load@example.com';
  await createUser(dataDir, email, 'load-test-password');
  const admin = createApiKey(dataDir, email, 'load admin', 'full_access');
  const { child, url } = await startServer(dataDir);
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  try {
    const templates = await setUp(url, admin.key, templateBodies());
    const probe = buildMix(templates);
    const keys = { render_only: createApiKey(dataDir, email, 'load render_only', 'render_only').key };
    const keyIds = {};
    for (const kind of probe.filter((k) => k.key === 'own')) {
      const created = createApiKey(dataDir, email, `load ${kind.name}`, 'full_access');
      keys[kind.name] = created.key;
      keyIds[kind.name] = created.id;
    }
    const mix = probe;
    const connections = num('connections');
    const load = { start: loadAverage() };
    const memStart = await memory(child);

    const warm = createTally();
    const warmSamples = [];
    const warmSampler = setInterval(() => warmSamples.push(rssMb(child.pid).rss), 1000);
    const warmSeconds = await drive({ url, mix, keys, connections, seconds: num('warmup'), seed: num('seed') + 1000, onAnswer: (k, r, ms) => record(warm, k, r, ms) });
    clearInterval(warmSampler);
    const memWarm = { ...(await memory(child)), peakMb: Math.max(...warmSamples) };

    const tally = createTally();
    await ask(child, 'event-loop-reset');
    const samples = [];
    const sampler = setInterval(() => samples.push(rssMb(child.pid).rss), 1000);
    const seconds = await drive({ url, mix, keys, connections, seconds: num('duration'), seed: num('seed'), onAnswer: (k, r, ms) => record(tally, k, r, ms) });
    clearInterval(sampler);
    load.end = loadAverage();
    const eventLoop = await ask(child, 'event-loop');
    const memAfter = await memory(child);

    const rows = await fetchLog(url, admin.key);
    const log = compareLog(mix, keyIds, [warm, tally], rows);
    const result = { connections, warmup: summarise(warm, warmSeconds), run: summarise(tally, seconds), loadAverage: load,
      eventLoop, memory: { start: memStart, afterWarmup: memWarm, after: memAfter, peakDuringRunMb: Math.max(...samples), samplesMb: samples }, log };

    const fiveXx = Object.entries({ ...warm.byStatus }).concat(Object.entries(tally.byStatus)).filter(([s]) => Number(s) >= 500 || s === 'transport');
    check('no 5xx and no transport errors', fiveXx.length === 0, JSON.stringify(fiveXx));
    const resets = [warm, tally].flatMap((t) => Object.values(t.byKind)).reduce((sum, k) => sum + (k.reset ?? 0), 0);
    result.oversizedUploadResets = resets;
    check('every answer is the expected status, code and body (10 MiB uploads may be reset instead)', warm.mismatches.length + tally.mismatches.length === 0, JSON.stringify([...warm.mismatches, ...tally.mismatches].slice(0, 5)));
    check('render log: one row per logged request, none for the others', log.lines.every((l) => l.ok) && log.stray === 0, JSON.stringify(log.lines.filter((l) => !l.ok)));
    const growth = ((memAfter.rss - memWarm.rss) / memWarm.rss) * 100;
    check(`RSS after the run within ${opts['max-rss-growth']}% of RSS after warm-up`, growth <= num('max-rss-growth'), `${memWarm.rss} → ${memAfter.rss} MB (${growth.toFixed(1)}%)`);
    // A leak raises the floor of the GC sawtooth; warm caches and heap headroom do not.
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    const floors = [Math.min(...samples.slice(0, quarter)), Math.min(...samples.slice(-quarter))];
    result.memory.floorsMb = floors;
    const floorGrowth = ((floors[1] - floors[0]) / floors[0]) * 100;
    check(`RSS floor of the last quarter of the run within ${opts['max-rss-growth']}% of the first quarter's`, floorGrowth <= num('max-rss-growth'), `${floors[0]} → ${floors[1]} MB (${floorGrowth.toFixed(1)}%)`);
    result.checks = checks;
    print(result);
    if (opts.json) writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    child.send('stop');
    await once(child, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}

function print(r) {
  const run = r.run;
  const out = [];
  out.push(`load test: ${r.connections} connections, ${run.seconds} s (after a ${r.warmup.seconds} s warm-up); load average ${r.loadAverage.start.join(' ')} → ${r.loadAverage.end.join(' ')}`);
  out.push(`  ${run.requests} requests, ${run.requestsPerSecond} req/s; ${run.rendersPerSecond} successful renders/s`);
  out.push(`  latency all     p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, max ${run.latencyMs.max} ms`);
  out.push(`  latency renders p50 ${run.renderLatencyMs.p50} ms, p99 ${run.renderLatencyMs.p99} ms, max ${run.renderLatencyMs.max} ms`);
  out.push('  answers by status and code:');
  for (const [code, n] of Object.entries(run.byCode)) out.push(`    ${code.padEnd(34)} ${n}`);
  out.push('  latency by kind (run):');
  for (const [name, k] of Object.entries(run.byKind)) out.push(`    ${name.padEnd(42)} n ${String(k.sent).padStart(5)}  p50 ${String(k.p50).padStart(7)} ms  p99 ${String(k.p99).padStart(7)} ms${k.reset ? `  (${k.reset} reset before the answer)` : ''}`);
  out.push(`  server event loop delay during the run: p50 ${r.eventLoop.p50} ms, p99 ${r.eventLoop.p99} ms, max ${r.eventLoop.max} ms`);
  out.push(`  render log (warm-up + run): ${r.log.total} rows, ${r.log.stray} from unknown keys`);
  for (const l of r.log.lines) out.push(`    ${l.ok ? 'ok  ' : 'FAIL'} ${l.kind.padEnd(42)} logged: ${l.logged.padEnd(7)} sent ${String(l.sent).padStart(5)}  rows ${String(l.rows).padStart(5)}`);
  const m = r.memory;
  out.push(`  server RSS: start ${m.start.rss} MB, after warm-up ${m.afterWarmup.rss} MB (warm-up peak ${m.afterWarmup.peakMb} MB), run floor first/last quarter ${m.floorsMb.join(' → ')} MB, peak during run ${m.peakDuringRunMb} MB, after ${m.after.rss} MB (main-thread heap after GC ${m.afterWarmup.heapUsedMb} → ${m.after.heapUsedMb} MB; ${m.after.workers} render workers)`);
  for (const c of r.checks) out.push(`  ${c.ok ? 'PASS' : 'FAIL'} ${c.name}${c.ok ? '' : `: ${c.detail}`}`);
  console.log(out.join('\n'));
}

await main();
