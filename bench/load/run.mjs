#!/usr/bin/env node
// Service load test (issue 10): the real server in a child process with a temporary data
// directory, 50 clients for 60 s sending a mix of renders (stored templates and raw HTML;
// binary, base64 and url delivery) and malformed or oversized requests. Reports throughput,
// p50/p99 latency, answers by status and code, and the server's RSS; checks that there is no
// 5xx, that every answer is the expected one, that the render log has exactly one row for
// each request DECISIONS.md says is logged and none for the others, and that memory is flat
// after a warm-up. Then the same mix runs again while another tenant sends the abusive
// requests of issue 17 (abuse.mjs) on --abusers connections of its own: the normal tenant's
// render p99 must stay within 2× of the quiet run's, with no 5xx but the abusive renders'
// own, the server alive, RSS flat and every log row there. Exits 1 when a check fails.
//   npm run load -- [--duration 60] [--rounds 3] [--connections 50] [--abusers 6] [--warmup 20] [--seed 1] [--json out.json]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiKey, createUser } from '@platen/server';
import { buildAbuse, startImageHost } from './abuse.mjs';
import { drive } from './driver.mjs';
import { buildMix, templateBodies } from './mix.mjs';
import { smapsMb } from './smaps.mjs';
import { compareLog, createTally, record, summarise } from './report.mjs';
import { createTemplate, fetchLog, setUp } from './setup.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    abusers: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    'max-p99-ratio': { type: 'string', default: '2' },
    warmup: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    'max-rss-growth': { type: 'string', default: '15' },
    json: { type: 'string' },
  },
});
const num = (name) => Number(opts[name]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
const processRss = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 }; // a worker that just exited
  }
};
/** The server process and its render workers (child processes): one figure for the service. */
const rssMb = (pid) => {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const own = processRss(pid);
  const workers = children.reduce((sum, child) => sum + processRss(child).rss, 0);
  const biggest = Math.max(0, ...children.map((c) => processRss(c).rss));
  return {
    rss: Math.round((own.rss + workers) / 1024),
    serverRss: Math.round(own.rss / 1024),
    workersRss: Math.round(workers / 1024),
    biggestWorker: Math.round(biggest / 1024),
    hwm: Math.round(own.hwm / 1024),
  };
};

async function startServer(dataDir) {
  const env = {
    ...process.env,
    PLATEN_DATA_DIR: dataDir,
    // The test measures the service, not the per-key limiter (300/min by default would
    // answer most of the mix with 429): the bucket is made large enough never to empty.
    PLATEN_RATE_LIMIT: '100000000',
    PLATEN_RATE_LIMIT_BURST: '100000000',
    PLATEN_ACCOUNT_RATE_LIMIT: '100000000',
    // The fan-out kind fetches from a host on 127.0.0.1, which the SSRF guard refuses otherwise.
    PLATEN_ALLOW_PRIVATE_NETWORK: 'true',
    PLATEN_LOG_REQUESTS: 'false',
  };
  const child = fork(fileURLToPath(new URL('./server.mjs', import.meta.url)), [], {
    env,
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return { child, url: JSON.parse(line).url };
}

function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

/**
 * Wait for quiet, collect garbage in the main thread, then read the process's RSS once it has
 * settled. 6 s: the server's text worker thread, which large templates start, stops after 5 s
 * without work. Settled: V8 returns the pages a GC frees from a background thread, after the
 * GC (RSS read right after it was up to 30 MB higher than half a second later), and on a
 * machine at load 15-25 that thread may wait for a core. So the server's RSS is read every
 * 250 ms until it stops falling (two reads within 1 MB), 10 s at most. `parts` says where it
 * is (smaps.mjs); `youngGenerationMb` is V8's young generation, which it keeps at whatever
 * size (1 or 32 MB) the last allocation rate gave it.
 */
async function memory(child) {
  await sleep(6000);
  const main = await ask(child, 'memory');
  let last = Infinity;
  const started = Date.now();
  for (;;) {
    await sleep(250);
    const now = processRss(child.pid).rss / 1024;
    if (last - now < 1 || Date.now() - started > 10_000) break;
    last = now;
  }
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  return {
    ...rssMb(child.pid),
    afterGcMb: mb(main.rss),
    settledMs: Date.now() - started,
    parts: smapsMb(child.pid),
    youngGenerationMb: main.youngGenerationMb,
    heapUsedMb: mb(main.heapUsed),
    workers: main.workers,
    renderWorkers: main.workerMemory.map(workerSplit),
  };
}

/**
 * A render worker's RSS split two ways (MB): V8's heap spaces (resident pages; `new` is the
 * young generation), external memory and ArrayBuffers as the worker reports them, and its
 * smaps parts as for the server (glibc arenas, V8 pages, files, other anonymous mappings,
 * where V8's large objects are).
 */
function workerSplit(w) {
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  const space = (name) => mb(w.heapSpaces[name] ?? 0);
  return {
    pid: w.pid,
    rssMb: mb(w.rss),
    v8: {
      new: space('new_space'),
      old: space('old_space'),
      code: space('code_space'),
      largeObjects: space('large_object_space') + space('new_large_object_space') + space('code_large_object_space'),
      other: space('read_only_space') + space('shared_space') + space('shared_large_object_space'),
    },
    heapUsedMb: mb(w.heapUsed),
    externalMb: mb(w.external),
    arrayBuffersMb: mb(w.arrayBuffers),
    parts: smapsMb(w.pid),
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-load-'));
  const database = { dataDir };
  const email = 'load@example.com';
  const abuserEmail = 'abuser@example.com';
  const victimEmail = 'victim@example.com';
  await createUser(database, email, 'load-test-password');
  await createUser(database, abuserEmail, 'abuser-password');
  await createUser(database, victimEmail, 'victim-password');
  const admin = await createApiKey(database, email, 'load admin', 'full_access');
  const abuserAdmin = await createApiKey(database, abuserEmail, 'abuser admin', 'full_access');
  const { child, url } = await startServer(dataDir);
  const imageHost = await startImageHost();
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  try {
    const templates = await setUp(url, admin.key, templateBodies());
    const mix = buildMix(templates);
    const keys = { render_only: (await createApiKey(database, email, 'load render_only', 'render_only')).key };
    const keyIds = {};
    for (const kind of mix.filter((k) => k.key === 'own')) {
      const created = await createApiKey(database, email, `load ${kind.name}`, 'full_access');
      keys[kind.name] = created.key;
      keyIds[kind.name] = created.id;
    }
    // The abusive tenant: its own account, a template to overwrite, a session, a key per kind.
    const abuseTemplate = await createTemplate(url, abuserAdmin.key, { name: 'Abuse', html: '<p>x</p>' });
    const logIn = () =>
      fetch(new URL('/api/v1/auth/login', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: abuserEmail, password: 'abuser-password' }),
      });
    keys.session = ((await logIn()).headers.get('set-cookie') ?? '').split(';')[0];
    // Password checks run scrypt (16 MB each) on libuv's 4 threads, and glibc keeps each
    // thread's arena once grown: 8 log-ins at once take the server process to that fixed
    // size (43 → 107 MB in a bare process), so that the memory checks compare warm figures.
    await Promise.all(Array.from({ length: 8 }, logIn));
    const abuse = buildAbuse({ templateId: abuseTemplate, imageHost: imageHost.url, victim: victimEmail, origin: url });
    for (const kind of abuse.filter((k) => k.key === 'own')) {
      const created = await createApiKey(database, abuserEmail, kind.name, 'full_access');
      keys[kind.name] = created.key;
      keyIds[kind.name] = created.id;
    }
    const connections = num('connections');
    const load = { start: loadAverage() };
    const memStart = await memory(child);

    const warm = createTally();
    const warmSamples = [];
    const warmSampler = setInterval(() => warmSamples.push(rssMb(child.pid).rss), 1000);
    // The warm-up starts everything the abusive run will use too (the text worker thread, the
    // abuser's render worker), so that memory compared after it is warm.
    const [warmSeconds] = await Promise.all([
      drive({
        url,
        mix,
        keys,
        connections,
        seconds: num('warmup'),
        seed: num('seed') + 1000,
        onAnswer: (k, r, ms) => record(warm, k, r, ms),
      }),
      drive({
        url,
        mix: abuse,
        keys,
        connections: num('abusers'),
        seconds: num('warmup'),
        seed: num('seed') + 4000,
        onAnswer: (k, r, ms) => record(warm, k, r, ms),
      }),
    ]);
    clearInterval(warmSampler);
    const memWarm = { ...(await memory(child)), peakMb: Math.max(...warmSamples) };

    // The quiet run: the normal mix alone.
    const tally = createTally();
    await ask(child, 'event-loop-reset');
    const samples = [];
    const sampler = setInterval(() => samples.push(rssMb(child.pid).rss), 1000);
    const seconds = await drive({
      url,
      mix,
      keys,
      connections,
      seconds: num('duration'),
      seed: num('seed'),
      onAnswer: (k, r, ms) => record(tally, k, r, ms),
    });
    clearInterval(sampler);
    const eventLoop = await ask(child, 'event-loop');

    // The abusive run: the same normal mix, and beside it the abusive tenant.
    const abused = createTally();
    await ask(child, 'event-loop-reset');
    const abusedSamples = [];
    const abusedSplit = [];
    let biggestWorkerMb = 0;
    let sampling = true; // not while the memory is read between rounds, with no traffic
    const abusedSampler = setInterval(() => {
      if (!sampling) return;
      const now = rssMb(child.pid);
      abusedSamples.push(now.rss);
      abusedSplit.push([now.serverRss, now.workersRss]);
      biggestWorkerMb = Math.max(biggestWorkerMb, now.biggestWorker);
    }, 1000);
    const both = (k, r, ms) => record(abused, k, r, ms);
    // Several rounds, with the memory read after each: flat RSS must hold beyond one run.
    let abusedSeconds = 0;
    const memRounds = [];
    let eventLoopAbused;
    for (let round = 0; round < num('rounds'); round++) {
      const [roundSeconds] = await Promise.all([
        drive({
          url,
          mix,
          keys,
          connections,
          seconds: num('duration'),
          seed: num('seed') + 2000 + round,
          onAnswer: both,
        }),
        drive({
          url,
          mix: abuse,
          keys,
          connections: num('abusers'),
          seconds: num('duration'),
          seed: num('seed') + 3000 + round,
          onAnswer: both,
        }),
      ]);
      abusedSeconds += roundSeconds;
      if (round === 0) eventLoopAbused = await ask(child, 'event-loop');
      sampling = false;
      memRounds.push(await memory(child));
      sampling = true;
    }
    clearInterval(abusedSampler);
    load.end = loadAverage();
    const memAfter = memRounds.at(-1);

    const rows = [...(await fetchLog(url, admin.key)), ...(await fetchLog(url, abuserAdmin.key))];
    const log = compareLog([...mix, ...abuse], keyIds, [warm, tally, abused], rows);
    const result = {
      connections,
      abusers: num('abusers'),
      warmup: summarise(warm, warmSeconds),
      run: summarise(tally, seconds),
      abusedRun: summarise(abused, abusedSeconds),
      loadAverage: load,
      eventLoop,
      eventLoopAbused,
      imageHost: imageHost.stats(),
      memory: {
        start: memStart,
        afterWarmup: memWarm,
        after: memAfter,
        afterEachRound: memRounds,
        peakDuringRunMb: Math.max(...samples, ...abusedSamples),
        biggestWorkerMb,
        samplesMb: samples,
        abusedSamplesMb: abusedSamples,
        abusedServerAndWorkersMb: abusedSplit,
      },
      log,
    };

    const fiveXx = [warm, tally, abused]
      .flatMap((t) => Object.entries(t.byStatus))
      .filter(([s]) => Number(s) >= 500 || s === 'transport');
    check('no 5xx and no transport errors for the normal tenant', fiveXx.length === 0, JSON.stringify(fiveXx));
    const abuse5xx = Object.entries(abused.byStatusAbuse).filter(([s]) => Number(s) >= 500 || s === 'transport');
    result.abusive5xx = Object.fromEntries(abuse5xx);
    const resets = [warm, tally, abused]
      .flatMap((t) => Object.values(t.byKind))
      .reduce((sum, k) => sum + (k.reset ?? 0), 0);
    result.oversizedUploadResets = resets;
    const mismatches = [...warm.mismatches, ...tally.mismatches, ...abused.mismatches];
    check(
      "every answer is an expected status, code and body (a 5xx only for the abusive renders' own limits; 10 MiB uploads may be reset instead)",
      mismatches.length === 0,
      JSON.stringify(mismatches.slice(0, 5)),
    );
    check(
      'the server process is the one started, still running',
      child.exitCode === null && child.signalCode === null,
      `exit ${child.exitCode} ${child.signalCode}`,
    );
    check(
      'render log: one row per logged request, none for the others',
      log.lines.every((l) => l.ok) && log.stray === 0,
      JSON.stringify(log.lines.filter((l) => !l.ok)),
    );
    const ratio = result.abusedRun.renderLatencyMs.p99 / result.run.renderLatencyMs.p99;
    result.p99Ratio = Math.round(ratio * 100) / 100;
    check(
      `the normal tenant's render p99 beside the abuser within ${opts['max-p99-ratio']}× of the quiet run's`,
      ratio <= num('max-p99-ratio'),
      `${result.run.renderLatencyMs.p99} → ${result.abusedRun.renderLatencyMs.p99} ms (${ratio.toFixed(2)}×)`,
    );
    // The server process itself (render workers are bounded by their own cap, and replaced),
    // without V8's young generation: V8 keeps it at 1 or 32 MB after a full GC depending on the
    // allocation rate it last measured, so one figure may catch it at 1 MB and the other at 32
    // (issue 17: the +30 MB that failed this check). It is headroom V8 bounds, not memory the
    // server holds; everything else, the rest of the V8 heap included, is compared.
    const held = (m) => m.serverRss - m.youngGenerationMb;
    const growth = ((held(memAfter) - held(memWarm)) / held(memWarm)) * 100;
    check(
      `server process RSS (without V8's young generation) after the runs within ${opts['max-rss-growth']}% of RSS after warm-up`,
      growth <= num('max-rss-growth'),
      `${held(memWarm)} → ${held(memAfter)} MB (${growth.toFixed(1)}%)`,
    );
    // A leak raises the floor of the GC sawtooth; warm caches and heap headroom do not.
    result.memory.floorsMb = {};
    for (const [name, list] of [
      ['quiet run', samples],
      ['abusive run', abusedSamples],
    ]) {
      const quarter = Math.max(1, Math.floor(list.length / 4));
      const floors = [Math.min(...list.slice(0, quarter)), Math.min(...list.slice(-quarter))];
      result.memory.floorsMb[name] = floors;
      const floorGrowth = ((floors[1] - floors[0]) / floors[0]) * 100;
      check(
        `RSS (server and workers) floor of the last quarter of the ${name} within ${opts['max-rss-growth']}% of its first quarter's`,
        floorGrowth <= num('max-rss-growth'),
        `${floors[0]} → ${floors[1]} MB (${floorGrowth.toFixed(1)}%)`,
      );
    }
    result.checks = checks;
    print(result);
    if (opts.json) writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    child.send('stop');
    await once(child, 'exit');
    await imageHost.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}

function print(r) {
  const run = r.run;
  const out = [];
  out.push(
    `load test: ${r.connections} connections, ${run.seconds} s (after a ${r.warmup.seconds} s warm-up); load average ${r.loadAverage.start.join(' ')} → ${r.loadAverage.end.join(' ')}`,
  );
  out.push(`  ${run.requests} requests, ${run.requestsPerSecond} req/s; ${run.rendersPerSecond} successful renders/s`);
  out.push(`  latency all     p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, max ${run.latencyMs.max} ms`);
  out.push(
    `  latency renders p50 ${run.renderLatencyMs.p50} ms, p99 ${run.renderLatencyMs.p99} ms, max ${run.renderLatencyMs.max} ms`,
  );
  out.push('  answers by status and code:');
  for (const [code, n] of Object.entries(run.byCode)) out.push(`    ${code.padEnd(34)} ${n}`);
  const ab = r.abusedRun;
  out.push(
    `abusive run: the same mix, plus ${r.abusers} connections of another tenant sending issue 17's abusive requests, ${ab.seconds} s`,
  );
  out.push(
    `  ${ab.requests} requests, ${ab.requestsPerSecond} req/s; normal tenant ${ab.rendersPerSecond} successful renders/s`,
  );
  out.push(
    `  normal tenant's renders p50 ${ab.renderLatencyMs.p50} ms, p99 ${ab.renderLatencyMs.p99} ms (${r.p99Ratio}× the quiet run's p99), max ${ab.renderLatencyMs.max} ms`,
  );
  out.push(
    `  abusive tenant's 5xx: ${JSON.stringify(r.abusive5xx)}; image host: ${r.imageHost.requests} requests, at most ${r.imageHost.mostOpen} open at once`,
  );
  out.push('  latency by kind (quiet run):');
  for (const [name, k] of Object.entries(run.byKind))
    out.push(
      `    ${name.padEnd(42)} n ${String(k.sent).padStart(5)}  p50 ${String(k.p50).padStart(7)} ms  p99 ${String(k.p99).padStart(7)} ms${k.reset ? `  (${k.reset} reset before the answer)` : ''}`,
    );
  out.push('  latency by kind (abusive run):');
  for (const [name, k] of Object.entries(ab.byKind))
    out.push(
      `    ${name.padEnd(52)} n ${String(k.sent).padStart(5)}  p50 ${String(k.p50).padStart(7)} ms  p99 ${String(k.p99).padStart(7)} ms  ok ${k.ok}`,
    );
  out.push(
    `  server event loop delay: quiet run p50 ${r.eventLoop.p50} ms, p99 ${r.eventLoop.p99} ms, max ${r.eventLoop.max} ms; abusive run p50 ${r.eventLoopAbused.p50} ms, p99 ${r.eventLoopAbused.p99} ms, max ${r.eventLoopAbused.max} ms`,
  );
  out.push(`  render log (warm-up + run): ${r.log.total} rows, ${r.log.stray} from unknown keys`);
  for (const l of r.log.lines)
    out.push(
      `    ${l.ok ? 'ok  ' : 'FAIL'} ${l.kind.padEnd(42)} logged: ${l.logged.padEnd(7)} sent ${String(l.sent).padStart(5)}  rows ${String(l.rows).padStart(5)}`,
    );
  const m = r.memory;
  out.push(
    `  RSS of the server and its render workers: start ${m.start.rss} MB, after warm-up ${m.afterWarmup.rss} MB (server ${m.afterWarmup.serverRss} MB; warm-up peak ${m.afterWarmup.peakMb} MB), floors first/last quarter: quiet run ${m.floorsMb['quiet run'].join(' → ')} MB, abusive run ${m.floorsMb['abusive run'].join(' → ')} MB; peak ${m.peakDuringRunMb} MB, largest worker ${m.biggestWorkerMb} MB; after ${m.after.rss} MB (server ${m.after.serverRss} MB; main-thread heap after GC ${m.afterWarmup.heapUsedMb} → ${m.after.heapUsedMb} MB; ${m.after.workers} render workers)`,
  );
  const parts = (p) =>
    Object.entries(p ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const server = (x) =>
    `${x.serverRss} MB, V8's young generation ${x.youngGenerationMb} MB (${parts(x.parts)}; right after the GC ${x.afterGcMb} MB, settled in ${x.settledMs} ms)`;
  const workers = (x) =>
    x.renderWorkers.map(
      (w) =>
        `    render worker ${w.pid}: ${w.rssMb} MB; V8 ${parts(w.v8)} (live and garbage ${w.heapUsedMb}); external ${w.externalMb}, of it ArrayBuffers ${w.arrayBuffersMb}; ${parts(w.parts)}`,
    );
  out.push(`  server process after warm-up: ${server(m.afterWarmup)}`, ...workers(m.afterWarmup));
  m.afterEachRound.forEach((x, i) =>
    out.push(`  server process after abusive round ${i + 1}: ${server(x)}`, ...workers(x)),
  );
  for (const c of r.checks) out.push(`  ${c.ok ? 'PASS' : 'FAIL'} ${c.name}${c.ok ? '' : `: ${c.detail}`}`);
  console.log(out.join('\n'));
}

await main();
