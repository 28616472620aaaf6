import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, expectError, seedAccount, type Account } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;
beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER, jobPollMs: 50 });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

/** The job once it has finished (polling its route). */
async function finished(account: Account, id: string) {
  for (let i = 0; i < 400; i++) {
    const res = await call(server.url, `/api/v1/render-jobs/${id}`, { key: account.key });
    if (res.json.status === 'succeeded' || res.json.status === 'failed') return res.json;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

const logsOf = async (a: Account) =>
  (await call(server.url, '/api/v1/logs', { key: a.key })).json.data as Record<string, unknown>[];

describe('async renders', () => {
  it('queues with 202 and Location, renders in the background and serves the result by signed URL', async () => {
    await call(server.url, '/api/v1/templates', { body: { name: 'Invoice', html: 'invoice {{n}}' }, key: alice.key });
    const accepted = await call(server.url, '/api/v1/render/async', {
      body: { template_id: 'invoice', data: { n: 1 }, metadata: { order: 42 } },
      key: alice.key,
    });
    expect(accepted.status).toBe(202);
    expect(accepted.json).toEqual({
      id: expect.stringMatching(/^job_/),
      status: 'queued',
      created_at: expect.any(String),
    });
    expect(accepted.headers.get('location')).toBe(`/api/v1/render-jobs/${accepted.json.id}`);
    const job = await finished(alice, accepted.json.id);
    expect(job).toMatchObject({
      id: accepted.json.id,
      status: 'succeeded',
      metadata: { order: 42 },
      attempts: 1,
      size_bytes: expect.any(Number),
      duration_ms: expect.any(Number),
    });
    expect(job.template_id).toMatch(/^tmpl_/);
    expect(job.started_at >= job.created_at && job.finished_at >= job.started_at).toBe(true);
    const signed = new URL(job.url);
    const pdf = await call(server.url, signed.pathname + signed.search);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.byteLength).toBe(job.size_bytes);
    const [log] = await logsOf(alice);
    expect(log).toMatchObject({
      status: 'success',
      template_name: 'Invoice',
      size_bytes: job.size_bytes,
      api_key_id: alice.keyId,
    });
  });

  it('takes render_only keys, and shows a job to its owner only (session too)', async () => {
    const renderOnly = { ...alice, key: await createKey(server.url, alice, 'render_only') };
    const accepted = await call(server.url, '/api/v1/render/async', { body: { html: 'x' }, key: renderOnly.key });
    expect(accepted.status).toBe(202);
    await finished(renderOnly, accepted.json.id);
    expect(
      (await call(server.url, `/api/v1/render-jobs/${accepted.json.id}`, { cookie: alice.cookie })).json.status,
    ).toBe('succeeded');
    const bob = await seedAccount(server.url);
    expectError(
      await call(server.url, `/api/v1/render-jobs/${accepted.json.id}`, { key: bob.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    expectError(
      await call(server.url, '/api/v1/render/async', { body: { html: 'x' }, cookie: alice.cookie }),
      401,
      'authentication_error',
      'unauthorized',
    );
  });

  it('answers validation errors at once and logs them as /render does', async () => {
    const carol = await seedAccount(server.url);
    expectError(
      await call(server.url, '/api/v1/render/async', { body: { template_id: 'nope' }, key: carol.key }),
      404,
      'not_found_error',
      'missing_template',
    );
    expectError(
      await call(server.url, '/api/v1/render/async', {
        body: { html: 'x', metadata: { big: 'x'.repeat(5000) } },
        key: carol.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'metadata',
    );
    expectError(
      await call(server.url, '/api/v1/render/async', { body: { html: 'x', delivery: 'url' }, key: carol.key }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'delivery',
    );
    const logs = await logsOf(carol);
    expect(logs.map((l) => l.status)).toEqual(['error', 'error', 'error']);
  });

  it('fails a render that fails on its own, once, with the error and one log row', async () => {
    const dave = await seedAccount(server.url);
    const accepted = await call(server.url, '/api/v1/render/async', {
      body: { html: 'FAIL:template_syntax_error' },
      key: dave.key,
    });
    const job = await finished(dave, accepted.json.id);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { type: 'invalid_request_error', code: 'template_syntax_error', message: expect.any(String) },
    });
    expect(job.url).toBeUndefined();
    const logs = await logsOf(dave);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'error', error: expect.any(String) });
  });
  it("takes accounts in turn: one account's backlog does not hold back another's job", async () => {
    const [busy, quiet] = [await seedAccount(server.url), await seedAccount(server.url)];
    const queue = async (account: Account, html: string) =>
      (await call(server.url, '/api/v1/render/async', { body: { html }, key: account.key })).json.id as string;
    const backlog = [];
    for (let i = 0; i < 6; i++) backlog.push(await queue(busy, `SLEEP:300 backlog ${i}`));
    const latecomer = await queue(quiet, 'SLEEP:300 latecomer');
    const statuses = async () =>
      Promise.all(
        backlog.map(
          async (id) => (await call(server.url, `/api/v1/render-jobs/${id}`, { key: busy.key })).json.status as string,
        ),
      );
    const begun = (await statuses()).filter((s) => s !== 'queued').length;
    await finished(quiet, latecomer);
    const done = (await statuses()).filter((s) => s === 'succeeded').length;
    // One render worker: first in first out would have finished the whole backlog first; taking
    // turns, one backlog job at most starts between the latecomer's arrival and its own start.
    expect(begun).toBeLessThan(4);
    expect(done - begun).toBeLessThanOrEqual(1);
    await Promise.all(backlog.map((id) => finished(busy, id)));
  });
});

describe('webhooks', () => {
  let hooked: TestServer;
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  /** Status codes the receiver answers with, in turn (then 200). */
  const answers: number[] = [];
  beforeAll(async () => {
    // The receiver listens on loopback: this server allows private addresses.
    hooked = await startTestServer({ renderWorkerUrl: FAKE_WORKER, jobPollMs: 50, allowPrivateNetwork: true });
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await hooked.close();
    receiver.close();
  });

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  };

  it('POSTs the finished job once, signed, and retries after a 500 with backoff', async () => {
    const erin = await seedAccount(hooked.url);
    const secret = (await call(hooked.url, '/api/v1/webhook-secret', { cookie: erin.cookie })).json.secret as string;
    expect(secret).toMatch(/^whsec_/);
    answers.push(500);
    const accepted = await call(hooked.url, '/api/v1/render/async', {
      body: { html: 'hooked', webhook_url: receiverUrl },
      key: erin.key,
    });
    expect(accepted.status).toBe(202);
    await waitFor(() => received.length === 1);
    // The next attempt waits 30 s (on the server's clock).
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);
    hooked.advance(31_000);
    await waitFor(() => received.length === 2);
    const [first, second] = received as [(typeof received)[0], (typeof received)[0]];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    // Standard Webhooks: v1, base64 HMAC-SHA256 over id.timestamp.body with the secret's bytes.
    const id = String(second.headers['webhook-id']);
    const timestamp = String(second.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${second.body}`)
      .digest('base64');
    expect(second.headers['webhook-signature']).toBe(`v1,${expected}`);
    const event = JSON.parse(second.body);
    const job = (await call(hooked.url, `/api/v1/render-jobs/${accepted.json.id}`, { key: erin.key })).json;
    expect(event).toEqual({ type: 'render.succeeded', data: job });
    hooked.advance(3_600_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(2); // delivered: never again
  });

  it('sends render.failed for a failed job, signs with a rotated secret, and never posts to private addresses unless allowed', async () => {
    received.length = 0;
    const fred = await seedAccount(hooked.url);
    const rotated = (await call(hooked.url, '/api/v1/webhook-secret/rotate', { method: 'POST', cookie: fred.cookie }))
      .json.secret as string;
    expect((await call(hooked.url, '/api/v1/webhook-secret', { cookie: fred.cookie })).json.secret).toBe(rotated);
    await call(hooked.url, '/api/v1/render/async', {
      body: { html: 'FAIL:template_syntax_error', webhook_url: receiverUrl },
      key: fred.key,
    });
    await waitFor(() => received.length === 1);
    const event = JSON.parse(received[0]!.body);
    expect(event).toMatchObject({
      type: 'render.failed',
      data: { status: 'failed', error: { code: 'template_syntax_error' } },
    });
    const signature = createHmac('sha256', Buffer.from(rotated.slice(6), 'base64'))
      .update(`${received[0]!.headers['webhook-id']}.${received[0]!.headers['webhook-timestamp']}.${received[0]!.body}`)
      .digest('base64');
    expect(received[0]!.headers['webhook-signature']).toBe(`v1,${signature}`);

    // The default server refuses loopback targets (the address guard of every outgoing request).
    const gina = await seedAccount(server.url);
    const refused = await call(server.url, '/api/v1/render/async', {
      body: { html: 'x', webhook_url: receiverUrl },
      key: gina.key,
    });
    await finished(gina, refused.json.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(1);
    expectError(
      await call(server.url, '/api/v1/render/async', {
        body: { html: 'x', webhook_url: 'ftp://example.com/x' },
        key: gina.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'webhook_url',
    );
  });
});
