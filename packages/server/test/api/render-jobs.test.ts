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

const logsOf = async (a: Account) => (await call(server.url, '/api/v1/logs', { key: a.key })).json.data as Record<string, unknown>[];

describe('async renders', () => {
  it('queues with 202 and Location, renders in the background and serves the result by signed URL', async () => {
    await call(server.url, '/api/v1/templates', { body: { name: 'Invoice', html: 'invoice {{n}}' }, key: alice.key });
    const accepted = await call(server.url, '/api/v1/render/async', { body: { template_id: 'invoice', data: { n: 1 }, metadata: { order: 42 } }, key: alice.key });
    expect(accepted.status).toBe(202);
    expect(accepted.json).toEqual({ id: expect.stringMatching(/^job_/), status: 'queued', created_at: expect.any(String) });
    expect(accepted.headers.get('location')).toBe(`/api/v1/render-jobs/${accepted.json.id}`);
    const job = await finished(alice, accepted.json.id);
    expect(job).toMatchObject({ id: accepted.json.id, status: 'succeeded', metadata: { order: 42 }, attempts: 1, size_bytes: expect.any(Number), duration_ms: expect.any(Number) });
    expect(job.template_id).toMatch(/^tmpl_/);
    expect(job.started_at >= job.created_at && job.finished_at >= job.started_at).toBe(true);
    const signed = new URL(job.url);
    const pdf = await call(server.url, signed.pathname + signed.search);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.byteLength).toBe(job.size_bytes);
    const [log] = await logsOf(alice);
    expect(log).toMatchObject({ status: 'success', template_name: 'Invoice', size_bytes: job.size_bytes, api_key_id: alice.keyId });
  });

  it('takes render_only keys, and shows a job to its owner only (session too)', async () => {
    const renderOnly = { ...alice, key: await createKey(server.url, alice, 'render_only') };
    const accepted = await call(server.url, '/api/v1/render/async', { body: { html: 'x' }, key: renderOnly.key });
    expect(accepted.status).toBe(202);
    await finished(renderOnly, accepted.json.id);
    expect((await call(server.url, `/api/v1/render-jobs/${accepted.json.id}`, { cookie: alice.cookie })).json.status).toBe('succeeded');
    const bob = await seedAccount(server.url);
    expectError(await call(server.url, `/api/v1/render-jobs/${accepted.json.id}`, { key: bob.key }), 404, 'not_found_error', 'resource_not_found');
    expectError(await call(server.url, '/api/v1/render/async', { body: { html: 'x' }, cookie: alice.cookie }), 401, 'authentication_error', 'unauthorized');
  });

  it('answers validation errors at once and logs them as /render does', async () => {
    const carol = await seedAccount(server.url);
    expectError(await call(server.url, '/api/v1/render/async', { body: { template_id: 'nope' }, key: carol.key }), 404, 'not_found_error', 'missing_template');
    expectError(await call(server.url, '/api/v1/render/async', { body: { html: 'x', metadata: { big: 'x'.repeat(5000) } }, key: carol.key }), 400, 'invalid_request_error', 'invalid_parameter', 'metadata');
    expectError(await call(server.url, '/api/v1/render/async', { body: { html: 'x', delivery: 'url' }, key: carol.key }), 400, 'invalid_request_error', 'invalid_parameter', 'delivery');
    const logs = await logsOf(carol);
    expect(logs.map((l) => l.status)).toEqual(['error', 'error', 'error']);
  });

  it('fails a render that fails on its own, once, with the error and one log row', async () => {
    const dave = await seedAccount(server.url);
    const accepted = await call(server.url, '/api/v1/render/async', { body: { html: 'FAIL:template_syntax_error' }, key: dave.key });
    const job = await finished(dave, accepted.json.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, error: { type: 'invalid_request_error', code: 'template_syntax_error', message: expect.any(String) } });
    expect(job.url).toBeUndefined();
    const logs = await logsOf(dave);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'error', error: expect.any(String) });
  });
});
