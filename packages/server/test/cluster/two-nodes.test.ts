import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { get as httpGet, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { call as callNode, seedAccount, type Account } from '../helpers/client.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { FAKE_WORKER } from '../helpers/server.js';

/** Every request the test sends, counted for the figures it prints at the end. */
let requests = 0;
const call: typeof callNode = (...args) => (requests++, callNode(...args));

/** GET on a connection of its own (not a kept-alive one), as a balancer's health check does. */
function probe(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const SERVE = fileURLToPath(new URL('../fixtures/serve-child.mjs', import.meta.url));

interface Node {
  readonly url: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
}

/** `platen serve` in its own process, configured through the environment as an operator would. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-node-'));
  const child = spawn(process.execPath, [SERVE], {
    env: { ...process.env, ...env, PLATEN_DATA_DIR: dataDir, FAKE_WORKER: FAKE_WORKER.href },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`node exited ${code}`)));
  });
  return { url, child, dataDir };
}

async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) {
    const exited = new Promise((r) => node.child.once('exit', r));
    node.child.kill('SIGKILL');
    await exited;
  }
  rmSync(node.dataDir, { recursive: true, force: true });
}

describe('two nodes on one PostgreSQL and one bucket', () => {
  let postgres: TestPostgres;
  let s3: TestS3;
  let a: Node;
  let b: Node;
  let c: Node | undefined;
  let alice: Account;
  let env: Record<string, string>;
  let database: pg.Client;
  let kills = 0;
  /** The webhook receiver: every POST it got, and the status codes to answer in turn (then 200). */
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: Record<string, string | string[] | undefined>; body: string; status: number }[] = [];
  const answers: number[] = [];
  beforeAll(async () => {
    [postgres, s3] = await Promise.all([startPostgres(), startS3()]);
    const databaseUrl = await postgres.createDatabase();
    env = {
      PLATEN_DATABASE_URL: databaseUrl,
      PLATEN_SECRET: 'one secret for every node',
      PLATEN_S3_BUCKET: s3.bucket,
      PLATEN_S3_ENDPOINT: s3.endpoint,
      PLATEN_S3_FORCE_PATH_STYLE: 'true',
      PLATEN_S3_ACCESS_KEY_ID: 'S3RVER',
      PLATEN_S3_SECRET_ACCESS_KEY: 'S3RVER',
      PLATEN_RENDER_WORKERS: '1',
      PLATEN_JOB_POLL_MS: '100',
      PLATEN_JOB_LEASE_MS: '2000',
      PLATEN_RENDER_SLOT_LEASE_MS: '2000',
      // The webhook receiver listens on loopback: allowed by the setting made for that, as in
      // the API tests (never the default).
      PLATEN_ALLOW_PRIVATE_NETWORK: 'true',
      PLATEN_DRAIN_DELAY_MS: '1000',
    };
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const status = answers.shift() ?? 200;
        received.push({ headers: req.headers, body, status });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // Started together: the migrations run once (advisory lock).
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
    alice = await seedAccount(a.url);
    database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
  }, 240_000); // two processes loading the server from TypeScript sources, on a busy machine
  afterAll(async () => {
    if (database) {
      // The figures of the closing note of issue 21.
      const count = async (q: string) => Number((await database.query(q)).rows[0].n);
      const figures = {
        requests,
        renders: await count(`SELECT COUNT(*) AS n FROM logs WHERE status = 'success'`),
        logRows: await count('SELECT COUNT(*) AS n FROM logs'),
        jobs: await count('SELECT COUNT(*) AS n FROM render_jobs'),
        jobAttempts: await count('SELECT SUM(attempts) AS n FROM render_jobs'),
        kills,
        webhooksDelivered: await count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'delivered'`),
        webhookRetries: await count('SELECT SUM(attempts - 1) AS n FROM webhook_deliveries'),
      };
      process.stdout.write(`two-node figures ${JSON.stringify(figures)}\n`);
      await database.end();
    }
    receiver?.close();
    await Promise.all([a, b, c].filter((n): n is Node => n !== undefined).map(stopNode));
    await Promise.all([postgres?.stop(), s3?.stop()]);
  });

  it('are both ready, and a session opened on one works on the other', async () => {
    for (const node of [a, b])
      expect((await call(node.url, '/readyz')).json).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', storage: 'ok' },
      });
    expect((await call(b.url, '/api/v1/auth/me', { cookie: alice.cookie })).json.user.email).toBe(alice.email);
    const made = await call(b.url, '/api/v1/templates', { body: { name: 'Shared' }, cookie: alice.cookie });
    expect(made.status).toBe(201);
    expect((await call(a.url, '/api/v1/templates/shared', { key: alice.key })).json.id).toBe(made.json.id);
  });

  it("serves a render stored by one node from the other node's signed URL", async () => {
    const stored = await call(a.url, '/api/v1/render', {
      body: { html: 'stored on A', delivery: 'url' },
      key: alice.key,
    });
    expect(stored.status).toBe(200);
    const signed = new URL(stored.json.url);
    const fromB = await call(b.url, signed.pathname + signed.search);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('application/pdf');
    expect(fromB.bytes.byteLength).toBe(stored.json.size_bytes);
  });

  it('shares the rate limit of one key: past 300 a minute, 429 on whichever node', async () => {
    const bob = await seedAccount(a.url);
    const started = Date.now();
    const answers: { node: number; status: number; retryAfter: number }[] = [];
    // Rounds of 40 at once over both nodes until each node has refused the key.
    const refusedOn = () => new Set(answers.filter((r) => r.status === 429).map((r) => r.node));
    while (refusedOn().size < 2 && answers.length < 2000) {
      const round = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res = await call(i % 2 ? a.url : b.url, '/api/v1/components', { key: bob.key });
          return { node: i % 2, status: res.status, retryAfter: Number(res.headers.get('retry-after')) };
        }),
      );
      answers.push(...round);
    }
    const seconds = (Date.now() - started) / 1000;
    const ok = answers.filter((r) => r.status === 200).length;
    // One bucket for both nodes: 300 of burst plus what refills at 5 a second (two buckets would pass 600).
    expect(refusedOn().size).toBe(2);
    expect(ok).toBeGreaterThanOrEqual(300);
    expect(ok).toBeLessThanOrEqual(300 + Math.ceil(seconds * 5));
    expect(answers.every((r) => r.status === 200 || (r.status === 429 && r.retryAfter >= 1))).toBe(true);
  });

  it('keeps one log row per render, and both nodes agree on logs and stats', async () => {
    const carol = await seedAccount(b.url);
    const renders = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? a.url : b.url, '/api/v1/render', { body: { html: `doc ${i}`, delivery: 'url' }, key: carol.key }),
      ),
    );
    expect(renders.every((r) => r.status === 200)).toBe(true);
    const failed = await call(a.url, '/api/v1/render', { body: { template_id: 'missing' }, key: carol.key });
    expect(failed.status).toBe(404);
    const [logsA, logsB] = await Promise.all(
      [a, b].map((n) => call(n.url, '/api/v1/logs?limit=100', { key: carol.key })),
    );
    expect(logsA!.json.data).toHaveLength(13);
    expect(logsB!.json).toEqual(logsA!.json);
    const [statsA, statsB] = await Promise.all([a, b].map((n) => call(n.url, '/api/v1/stats', { key: carol.key })));
    expect(statsA!.json).toMatchObject({ total_renders: 13, success_rate: 92 });
    expect(statsB!.json).toEqual(statsA!.json);
  });

  it("keeps a worker of the two for another account while one floods both nodes, and takes an account's slot where a worker is free", async () => {
    const [flooder, other] = [await seedAccount(a.url), await seedAccount(b.url)];
    const renderMs = 4000;
    const answered: string[] = [];
    const render = async (node: Node, account: Account, html: string) => {
      expect((await call(node.url, '/api/v1/render', { body: { html }, key: account.key })).status).toBe(200);
      answered.push(html);
    };
    const slotsHeld = async () => Number((await database.query('SELECT COUNT(*) AS n FROM render_slots')).rows[0].n);
    const started = Date.now();
    // The flooder's first render runs on A, with its account's one slot (the cluster's 2 workers − 1)…
    const flood = [render(a, flooder, `SLEEP:${renderMs} flood 0`)];
    while ((await slotsHeld()) === 0) await new Promise((r) => setTimeout(r, 50));
    // …and three more wait, on both nodes: each node's own cap (1 of its 1 worker) would let B run one.
    flood.push(...[b, a, b].map((node, i) => render(node, flooder, `SLEEP:${renderMs} flood ${i + 1}`)));
    // The other account asks the busy node A first, then the free node B. Its render on B must
    // not wait for a slot its request on A would hold in A's queue, behind the flood (issue 17).
    const onA = render(a, other, 'other on A');
    await new Promise((r) => setTimeout(r, 1000));
    await render(b, other, 'other on B');
    await Promise.all([...flood, onA]);
    const floodBefore = (html: string) =>
      answered.slice(0, answered.indexOf(html)).filter((h) => h.startsWith('SLEEP')).length;
    // Counted, not timed: on B at once, before the flood's first render ended; on A next after it.
    expect(floodBefore('other on B')).toBe(0);
    expect(floodBefore('other on A')).toBeLessThanOrEqual(1);
    // The flood ran one at a time over the cluster: four renders take at least four render times.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * renderMs);
  });

  it("delivers each job's webhook once, signed, from whichever node ran the job, and retries after a 500", async () => {
    const erin = await seedAccount(b.url);
    const secret = (await call(a.url, '/api/v1/webhook-secret', { cookie: erin.cookie })).json.secret as string;
    answers.push(500);
    const accepted = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 ? a.url : b.url, '/api/v1/render/async', {
          body: { html: `hooked ${i}`, webhook_url: receiverUrl },
          key: erin.key,
        }),
      ),
    );
    expect(accepted.every((r) => r.status === 202)).toBe(true);
    const jobIds = accepted.map((r) => r.json.id as string);
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(check()).toBe(true);
    };
    await waitFor(() => received.length === 8);
    // A node settles an attempt after the receiver answered it (claimed: pending, attempts 1, leased):
    // wait for all 8 to be settled (7 delivered, the one answered 500 pending with no lease), or one
    // still in flight reads as a second pending row.
    const recorded = async () =>
      Number(
        (
          await database.query(
            `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'delivered' OR (status = 'pending' AND attempts = 1 AND lease_until IS NULL)`,
          )
        ).rows[0].n,
      );
    for (let i = 0; i < 600 && (await recorded()) < 8; i++) await new Promise((r) => setTimeout(r, 50));
    // The delivery answered 500 waits its backoff (30 s) before its second attempt…
    const { rows: pending } = await database.query(
      `SELECT id, attempts, next_at, status FROM webhook_deliveries WHERE status = 'pending'`,
    );
    expect(pending).toHaveLength(1);
    expect(Number(pending[0].attempts)).toBe(1);
    expect(Number(pending[0].next_at) - Date.now()).toBeGreaterThan(25_000);
    // …which the test does not sit through: it makes it due now, behind the nodes' backs.
    await database.query('UPDATE webhook_deliveries SET next_at = 0 WHERE id = $1', [pending[0].id]);
    await waitFor(() => received.length === 9);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received).toHaveLength(9); // nothing delivered twice
    const firstTry = received.find((r) => r.status === 500)!;
    const retried = received.filter((r) => r.headers['webhook-id'] === firstTry.headers['webhook-id']);
    expect(retried.map((r) => r.status)).toEqual([500, 200]);
    // Once per job with a 2xx, each a valid Standard Webhooks signature of the job as GET shows it.
    const delivered = received.filter((r) => r.status === 200);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    for (const hook of delivered) {
      const signed = `${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`;
      expect(hook.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);
    }
    const events = delivered.map((hook) => JSON.parse(hook.body) as { type: string; data: { id: string } });
    expect(events.map((e) => e.data.id).sort()).toEqual([...jobIds].sort());
    expect(events.every((e) => e.type === 'render.succeeded')).toBe(true);
    const job = (await call(a.url, `/api/v1/render-jobs/${events[0]!.data.id}`, { key: erin.key })).json;
    expect(events[0]!.data).toEqual(job);
    const logs = (await call(a.url, '/api/v1/logs?limit=100', { key: erin.key })).json.data as unknown[];
    expect(logs).toHaveLength(8);
  });

  // It kills node A.
  it('finishes on B the async job A was running when A is killed, once, with one log row per job', async () => {
    const dave = await seedAccount(a.url);
    const job = async (id: string) => (await call(b.url, `/api/v1/render-jobs/${id}`, { key: dave.key })).json;
    const until = async (id: string, statuses: string[]) => {
      for (let i = 0; i < 600; i++) {
        const j = await job(id);
        if (statuses.includes(j.status)) return j;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`job ${id} never ${statuses.join('/')}`);
    };
    // One render worker per node: while each node runs one of these, neither can take the other.
    const first = (await call(a.url, '/api/v1/render/async', { body: { html: 'SLEEP:3000 first' }, key: dave.key }))
      .json.id as string;
    await until(first, ['running']);
    const second = (await call(a.url, '/api/v1/render/async', { body: { html: 'SLEEP:3000 second' }, key: dave.key }))
      .json.id as string;
    await until(second, ['running']);
    a.child.kill('SIGKILL');
    kills++;
    const done = [await until(first, ['succeeded', 'failed']), await until(second, ['succeeded', 'failed'])];
    expect(done.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    // The job A was running was started again on B; B's own ran once.
    expect(done.map((j) => j.attempts).sort()).toEqual([1, 2]);
    const logs = (await call(b.url, '/api/v1/logs', { key: dave.key })).json.data as { status: string }[];
    expect(logs.map((l) => l.status)).toEqual(['success', 'success']);
    const pdf = new URL(done[0].url);
    expect((await call(b.url, pdf.pathname + pdf.search)).status).toBe(200);
  });

  // Last: node B drains on SIGTERM, beside a node C started for that.
  it('drains a node on SIGTERM: /readyz 503, no new job taken, its running job finished, then it exits', async () => {
    c = await startNode(env);
    const gina = await seedAccount(c.url);
    const job = async (id: string) => (await call(c!.url, `/api/v1/render-jobs/${id}`, { key: gina.key })).json;
    const until = async (id: string, statuses: string[]) => {
      for (let i = 0; i < 600; i++) {
        const j = await job(id);
        if (statuses.includes(j.status)) return j;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`job ${id} never ${statuses.join('/')}`);
    };
    // One render worker per node: each node runs one of these.
    const first = (await call(b.url, '/api/v1/render/async', { body: { html: 'SLEEP:4000 first' }, key: gina.key }))
      .json.id as string;
    await until(first, ['running']);
    const second = (await call(b.url, '/api/v1/render/async', { body: { html: 'SLEEP:4000 second' }, key: gina.key }))
      .json.id as string;
    await until(second, ['running']);
    const exited = new Promise<number | null>((resolve) => b.child.once('exit', (code) => resolve(code)));
    b.child.kill('SIGTERM');
    kills++;
    // Still answering, on new connections too, but not ready.
    await new Promise((r) => setTimeout(r, 200));
    const ready = await probe(`${b.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).status).toBe('draining');
    expect((await probe(`${c.url}/readyz`)).status).toBe(200);
    // Queued while B drains: only C takes it, after its own job. Had B taken it, B would have
    // waited for it to end before exiting.
    const third = (
      await call(c.url, '/api/v1/render/async', { body: { html: 'SLEEP:2000 after the drain began' }, key: gina.key })
    ).json.id as string;
    expect(await exited).toBe(0);
    expect((await job(third)).status).not.toBe('succeeded');
    const done = await Promise.all([first, second, third].map((id) => until(id, ['succeeded', 'failed'])));
    expect(done.map((j) => [j.status, j.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
    const logs = (await call(c.url, '/api/v1/logs', { key: gina.key })).json.data as unknown[];
    expect(logs).toHaveLength(3);
  });
});
