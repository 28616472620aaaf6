#!/usr/bin/env node
// Scale-out load run (issue 21): the real server (built) as one node on SQLite, one node on
// PostgreSQL + an S3-compatible store, and two nodes sharing that PostgreSQL and bucket,
// each loaded in turn by closed-loop clients (4 per render worker of the run, spread evenly
// over its nodes) sending invoice renders to POST /api/v1/render for `--seconds`, after a
// warm-up of `--warmup` renders per worker. Reports renders/s, p50/p99 latency and errors per
// run, and checks that the render log has exactly one row per answered render.
// PostgreSQL and s3rver are started as the tests start them (packages/server/test/helpers).
//   npm run build && node bench/cluster.mjs [--seconds 30] [--warmup 100] [--delivery binary|url] [--json out.json]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import Database from 'better-sqlite3';
import { createApiKey, createUser } from '@platen/server';
import { invoice } from './workloads.mjs';

// The tests' PostgreSQL and s3rver helpers are TypeScript: loaded through the server's loader.
register('../packages/server/src/render-pool/ts-loader.mjs', import.meta.url);
const { startPostgres } = await import('../packages/server/test/helpers/postgres.ts');
const { startS3 } = await import('../packages/server/test/helpers/s3.ts');

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '100' },
    delivery: { type: 'string', default: 'binary' },
    json: { type: 'string' },
  },
});
const seconds = Number(opts.seconds);
const workers = availableParallelism();
const NODE = fileURLToPath(new URL('./load/server.mjs', import.meta.url));

/** One `platen serve` (bench/load/server.mjs) configured through PLATEN_* variables. */
async function startNode(env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-cluster-'));
  const child = fork(NODE, [], {
    env: { ...process.env, ...env, PLATEN_DATA_DIR: dataDir, PLATEN_LOG_REQUESTS: 'false' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = await once(child.stdout, 'data');
  return { url: JSON.parse(line.toString()).url, child, dataDir };
}

async function stopNode(node) {
  node.child.send('stop');
  await once(node.child, 'exit');
  rmSync(node.dataDir, { recursive: true, force: true });
}

/** `clients` closed-loop clients over `urls` (round robin) until `ms` has passed; each request's latency. */
async function drive(urls, key, body, clients, ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + ms;
  const one = (url) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        new URL('/api/v1/render', url),
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => (errors++, resolve()));
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      while (performance.now() < deadline) await one(urls[i % urls.length]);
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN);
  return {
    renders: latencies.length,
    rendersPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50: at(50),
    p99: at(99),
    errors,
  };
}

/** Log rows of the run's one account, from the database behind the nodes. */
async function logRows(databaseUrl, dataDir) {
  if (!databaseUrl) {
    const db = new Database(join(dataDir, 'platen.db'), { readonly: true });
    try {
      return db.prepare('SELECT COUNT(*) AS n FROM logs').get().n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query('SELECT COUNT(*) AS n FROM logs')).rows[0].n);
  } finally {
    await client.end();
  }
}

/** One run: `count` nodes with `env`, warmed up, then loaded for `seconds`. */
async function run(name, count, givenEnv) {
  // One account sends everything: let it use every worker of the run (the default keeps one free for others).
  const env = { ...givenEnv, PLATEN_RENDER_WORKERS_PER_ACCOUNT: String(workers * count) };
  const nodes = [];
  for (let i = 0; i < count; i++) nodes.push(await startNode(env)); // one after the other: migrations
  try {
    const account = { dataDir: nodes[0].dataDir, databaseUrl: env.PLATEN_DATABASE_URL ?? null };
    await createUser(account, 'bench@example.com', 'bench-password');
    const { key } = await createApiKey(account, 'bench@example.com', 'bench', 'render_only');
    const { html, data } = invoice();
    const body = JSON.stringify({ html, data, ...(opts.delivery === 'url' ? { delivery: 'url' } : {}) });
    const urls = nodes.map((n) => n.url);
    const clients = 4 * workers * count;
    // Warm-up: `warmup` renders per worker of every node (the workers' JIT settles).
    for (let done = 0, target = Number(opts.warmup) * workers * count; done < target;) {
      const round = await drive(urls, key, body, 2 * workers * count, 2000);
      done += round.renders;
    }
    const before = await logRows(account.databaseUrl, account.dataDir);
    const load = [readFileSync('/proc/loadavg', 'utf8').split(' ')[0]];
    const result = await drive(urls, key, body, clients, seconds * 1000);
    load.push(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    const rows = (await logRows(account.databaseUrl, account.dataDir)) - before;
    return {
      name,
      nodes: count,
      workersPerNode: workers,
      clients,
      ...result,
      logRows: rows,
      oneRowPerRender: rows === result.renders + result.errors,
      loadAverage: load.join(' → '),
    };
  } finally {
    await Promise.all(nodes.map(stopNode));
  }
}

const noLimits = {
  PLATEN_RATE_LIMIT: '1000000000',
  PLATEN_ACCOUNT_RATE_LIMIT: '1000000000',
  PLATEN_RENDER_WORKERS: String(workers),
};
const [postgres, s3] = await Promise.all([startPostgres(), startS3()]);
const shared = async (prefix) => ({
  ...noLimits,
  PLATEN_DATABASE_URL: await postgres.createDatabase(),
  PLATEN_SECRET: 'one secret for every node of the bench',
  PLATEN_S3_BUCKET: s3.bucket,
  PLATEN_S3_ENDPOINT: s3.endpoint,
  PLATEN_S3_FORCE_PATH_STYLE: 'true',
  PLATEN_S3_ACCESS_KEY_ID: 'S3RVER',
  PLATEN_S3_SECRET_ACCESS_KEY: 'S3RVER',
  PLATEN_S3_PREFIX: `${prefix}/`,
});
const results = [];
try {
  results.push(await run('one node, SQLite + files', 1, noLimits));
  results.push(await run('one node, PostgreSQL + S3', 1, await shared('one')));
  results.push(await run('two nodes, one PostgreSQL + one bucket', 2, await shared('two')));
} finally {
  await postgres.stop();
  await s3.stop();
}
const report = { seconds, delivery: opts.delivery, cores: workers, results };
console.log(JSON.stringify(report, null, 2));
if (opts.json) writeFileSync(opts.json, JSON.stringify(report, null, 2));
process.exit(results.every((r) => r.oneRowPerRender && r.errors === 0) ? 0 : 1);
