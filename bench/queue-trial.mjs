#!/usr/bin/env node
// Issue 21: can graphile-worker 0.17.3 or pg-boss 10.4.2 (the last releases of each that run on
// Node 20) be the PostgreSQL queue of async renders? Measures, on a PostgreSQL of its own, the
// three guarantees our render_jobs table gives (packages/server/README.md, "Async renders"):
//   1. a job whose node dies (SIGKILL) is taken by another node within the lease (30 s);
//   2. a job still running on a live node is never handed to another (no double render), and
//      a stale attempt cannot finish the job;
//   3. claiming is fair across accounts (one account's backlog does not starve another's).
// The libraries are not dependencies of Platen: install them beside this script first,
//   mkdir /tmp/qtrial && cd /tmp/qtrial && npm i graphile-worker@0.17.3 pg-boss@10.4.2 pg@8.23.1
//   NODE_PATH=/tmp/qtrial/node_modules node bench/queue-trial.mjs   (or run it from /tmp/qtrial)
// Needs initdb/pg_ctl (on PATH or Debian's /usr/lib/postgresql/*/bin); as root it runs them as `postgres`.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(process.env.NODE_PATH ?? process.cwd(), 'x.js'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const [role, url, ...args] = process.argv.slice(2);

/** A worker node in its own process (so it can be SIGKILLed): prints `started <id>` / `completed <id> <accepted>`. */
async function node() {
  const holdMs = Number(args[0]);
  if (role === 'graphile') {
    const { run } = require('graphile-worker');
    const runner = await run({
      connectionString: url,
      concurrency: 1,
      pollInterval: 200,
      noHandleSignals: true,
      logger: new (require('graphile-worker').Logger)(() => () => {}),
      taskList: {
        render: async (_payload, helpers) => {
          console.log(`started ${helpers.job.id} ${runner.workerPool?.id ?? ''}`);
          await sleep(holdMs);
          console.log(`completed ${helpers.job.id} 1`);
        },
      },
    });
    await runner.promise;
  } else {
    const PgBoss = require('pg-boss');
    const boss = new PgBoss({ connectionString: url, maintenanceIntervalSeconds: 1, monitorStateIntervalSeconds: 60 });
    boss.on('error', () => {});
    await boss.start();
    for (;;) {
      const [job] = await boss.fetch('render');
      if (!job) {
        await sleep(200);
        continue;
      }
      console.log(`started ${job.id}`);
      await sleep(holdMs);
      const result = await boss.complete('render', job.id);
      console.log(`completed ${job.id} ${JSON.stringify(result)}`);
    }
  }
}

function startNode(kind, dbUrl, holdMs, name, events) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), kind, dbUrl, String(holdMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  child.stdout.on('data', (chunk) => {
    for (const line of chunk.toString().trim().split('\n')) events.push({ at: Date.now(), node: name, line });
  });
  return child;
}

async function waitFor(check, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = check();
    if (found) return found;
    await sleep(50);
  }
  return null;
}

function postgres() {
  let bin = (process.env.PATH ?? '').split(':').find((d) => d && existsSync(join(d, 'initdb')));
  if (!bin) {
    const v = readdirSync('/usr/lib/postgresql').sort((a, b) => b - a)[0];
    bin = `/usr/lib/postgresql/${v}/bin`;
  }
  const root = mkdtempSync(join(tmpdir(), 'qtrial-pg-'));
  const data = join(root, 'data');
  mkdirSync(data);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(root, uid, gid);
    chownSync(data, uid, gid);
  }
  const run = (tool, argv) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...argv], { cwd: root, stdio: 'pipe' })
      : execFileSync(join(bin, tool), argv, { cwd: root, stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = 20000 + Math.floor(Math.random() * 20000);
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(root, 'log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => (
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
      rmSync(root, { recursive: true, force: true })
    ),
  };
}

async function graphileTrial(dbUrl) {
  const { makeWorkerUtils } = require('graphile-worker');
  const utils = await makeWorkerUtils({ connectionString: dbUrl });
  await utils.migrate();
  const events = [];
  const job = await utils.addJob('render', {}, { maxAttempts: 3 });
  const a = startNode('graphile', dbUrl, 60_000, 'A', events);
  const b = startNode('graphile', dbUrl, 1_000, 'B', events);
  const startedA = await waitFor(() => events.find((e) => e.line.startsWith(`started ${job.id}`)), 30_000);
  const killedAt = Date.now();
  (startedA.node === 'A' ? a : b).kill('SIGKILL');
  const other = startedA.node === 'A' ? 'B' : 'A';
  const retaken = await waitFor(
    () => events.find((e) => e.node === other && e.line.startsWith(`started ${job.id}`)),
    40_000,
  );
  const pg = require('pg');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const { rows } = await client.query(
    'SELECT locked_at, locked_by, attempts, is_available FROM graphile_worker._private_jobs WHERE id = $1',
    [job.id],
  );
  await client.end();
  a.kill('SIGKILL');
  b.kill('SIGKILL');
  await utils.release();
  return {
    library: 'graphile-worker 0.17.3',
    deadNode: retaken
      ? `taken again after ${retaken.at - killedAt} ms`
      : `not taken again within 40 s of the kill (locked_at ${rows[0]?.locked_at?.toISOString()}, attempts ${rows[0]?.attempts}, is_available ${rows[0]?.is_available}); get_job only unlocks after 4 hours`,
  };
}

async function pgBossTrial(dbUrl) {
  const PgBoss = require('pg-boss');
  const boss = new PgBoss({ connectionString: dbUrl, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue('render');
  const result = { library: 'pg-boss 10.4.2' };

  // 1. A node dies during a job (expiry 5 s, maintenance every second).
  let events = [];
  let job = await boss.send('render', {}, { expireInSeconds: 5, retryLimit: 2, retryDelay: 0 });
  let a = startNode('pgboss', dbUrl, 60_000, 'A', events);
  await waitFor(() => events.find((e) => e.line === `started ${job}`), 30_000);
  const killedAt = Date.now();
  a.kill('SIGKILL');
  let b = startNode('pgboss', dbUrl, 500, 'B', events);
  const retaken = await waitFor(() => events.find((e) => e.node === 'B' && e.line === `started ${job}`), 40_000);
  result.deadNode = retaken
    ? `taken again after ${retaken.at - killedAt} ms (expireInSeconds 5, maintenance every 1 s)`
    : 'not taken again within 40 s';
  b.kill('SIGKILL');

  // 2. A live node still rendering past the expiry: handed to another node, and the stale attempt completes it.
  events = [];
  job = await boss.send('render', {}, { expireInSeconds: 3, retryLimit: 2, retryDelay: 0 });
  a = startNode('pgboss', dbUrl, 10_000, 'A', events);
  await waitFor(() => events.find((e) => e.line === `started ${job}`), 30_000);
  b = startNode('pgboss', dbUrl, 15_000, 'B', events);
  const twice = await waitFor(() => events.find((e) => e.node === 'B' && e.line === `started ${job}`), 20_000);
  const staleEnd = await waitFor(
    () => events.find((e) => e.node === 'A' && e.line.startsWith(`completed ${job}`)),
    20_000,
  );
  result.liveNode = `a 10 s job with expireInSeconds 3 on a live node: ${twice ? `started again on another node ${twice.at - events[0].at} ms after it began, while still running` : 'not started twice'}; the first attempt's complete() then answered ${staleEnd?.line.split(' ').slice(2).join(' ')}, job state afterwards: ${(await boss.getJobById('render', job))?.state}`;
  if (process.env.TRIAL_DEBUG)
    console.error(events.map((e) => `${e.at - events[0].at} ${e.node} ${e.line}`).join('\n'));
  a.kill('SIGKILL');
  b.kill('SIGKILL');

  // 3. Fairness: 10 jobs of account X, then 1 of account Y; the order fetch() hands them out.
  await boss.createQueue('fair');
  for (let i = 0; i < 10; i++) await boss.send('fair', { account: 'X' });
  await boss.send('fair', { account: 'Y' });
  const order = [];
  for (let i = 0; i < 11; i++) order.push((await boss.fetch('fair'))[0].data.account);
  result.fairness = `fetch order of 10 jobs of X then 1 of Y: ${order.join('')} (Y's job ${order.indexOf('Y') + 1}th; no per-account claiming, only priority)`;
  await boss.stop({ graceful: false, wait: true });
  return result;
}

if (role) {
  await node();
} else {
  const pg = postgres();
  try {
    const { Client } = require('pg');
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('CREATE DATABASE gw');
    await admin.query('CREATE DATABASE boss');
    await admin.end();
    console.log(JSON.stringify(await graphileTrial(pg.url.replace(/postgres$/, 'gw')), null, 2));
    console.log(JSON.stringify(await pgBossTrial(pg.url.replace(/postgres$/, 'boss')), null, 2));
  } finally {
    pg.stop();
  }
  process.exit(0);
}
