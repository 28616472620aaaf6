import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, expectError, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 6, rateLimitBurst: 3 });
  alice = await seedAccount(server.url);
  bob = await seedAccount(server.url);
});
afterAll(() => server.close());

describe('API keys', () => {
  it('shows the full key once at creation, then only the prefix', async () => {
    const created = await call(server.url, '/api/v1/api-keys', { body: { name: 'ci' }, cookie: alice.cookie });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^key_[0-9a-z]{26}$/),
      name: 'ci',
      prefix: created.json.key.slice(0, 16),
      permission: 'full_access',
      created_at: expect.any(String),
      key: expect.stringMatching(/^platen_live_[0-9A-Za-z]{32}$/),
    });
    const list = await call(server.url, '/api/v1/api-keys', { cookie: alice.cookie });
    const listed = list.json.find((k: { id: string }) => k.id === created.json.id);
    expect(listed).toEqual({
      id: created.json.id,
      name: 'ci',
      prefix: created.json.prefix,
      permission: 'full_access',
      created_at: created.json.created_at,
    });
    expect(JSON.stringify(list.json)).not.toContain(created.json.key);
  });

  it('validates name and permission', async () => {
    expectError(
      await call(server.url, '/api/v1/api-keys', { body: {}, cookie: alice.cookie }),
      400,
      'invalid_request_error',
      'missing_parameter',
      'name',
    );
    expectError(
      await call(server.url, '/api/v1/api-keys', { body: { name: 'x', permission: 'admin' }, cookie: alice.cookie }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'permission',
    );
  });

  it('revokes a deleted key at once', async () => {
    const created = await call(server.url, '/api/v1/api-keys', { body: { name: 'gone' }, cookie: alice.cookie });
    expect((await call(server.url, '/api/v1/templates', { key: created.json.key })).status).toBe(200);
    const del = await call(server.url, `/api/v1/api-keys/${created.json.id}`, {
      method: 'DELETE',
      cookie: alice.cookie,
    });
    expect(del.json).toEqual({ deleted: true });
    expectError(
      await call(server.url, '/api/v1/templates', { key: created.json.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, `/api/v1/api-keys/${created.json.id}`, { method: 'DELETE', cookie: alice.cookie }),
      404,
      'not_found_error',
      'resource_not_found',
    );
  });

  it("answers 404 for another user's key and does not delete it", async () => {
    expectError(
      await call(server.url, `/api/v1/api-keys/${alice.keyId}`, { method: 'DELETE', cookie: bob.cookie }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    expect((await call(server.url, '/api/v1/templates', { key: alice.key })).status).toBe(200);
    const bobs = await call(server.url, '/api/v1/api-keys', { cookie: bob.cookie });
    expect(bobs.json.map((k: { id: string }) => k.id)).toEqual([bob.keyId]);
  });

  it('takes sessions only: an API key on /api-keys or /account is 401', async () => {
    expectError(
      await call(server.url, '/api/v1/api-keys', { key: alice.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, '/api/v1/api-keys', { body: { name: 'x' }, key: alice.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, `/api/v1/api-keys/${alice.keyId}`, { method: 'DELETE', key: alice.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, '/api/v1/account', { method: 'DELETE', key: alice.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
  });
});

describe('scopes', () => {
  it('gives render_only keys 403 insufficient_permissions on full_access endpoints', async () => {
    const renderOnly = await createKey(server.url, bob, 'render_only');
    for (const path of [
      '/api/v1/templates',
      '/api/v1/components',
      '/api/v1/logs',
      '/api/v1/stats',
      '/api/v1/templates/x',
    ]) {
      server.advance(60_000); // this server's bucket holds 3 requests
      expectError(
        await call(server.url, path, { key: renderOnly }),
        403,
        'authentication_error',
        'insufficient_permissions',
      );
    }
    server.advance(60_000);
    expectError(
      await call(server.url, '/api/v1/templates', { body: { name: 'x' }, key: renderOnly }),
      403,
      'authentication_error',
      'insufficient_permissions',
    );
    // render_only may render: its answer is not a 401/403.
    const render = await call(server.url, '/api/v1/render', { body: {}, key: renderOnly });
    expectError(render, 400, 'invalid_request_error', 'missing_parameter', 'template_id');
  });
});

describe('rate limit', () => {
  it('limits each key with 429 rate_limit_exceeded and Retry-After, refilling over time', async () => {
    const carol = await seedAccount(server.url);
    const other = await createKey(server.url, carol, 'full_access');
    for (let i = 0; i < 3; i++)
      expect((await call(server.url, '/api/v1/templates', { key: carol.key })).status).toBe(200);
    const limited = await call(server.url, '/api/v1/templates', { key: carol.key });
    expectError(limited, 429, 'rate_limit_error', 'rate_limit_exceeded');
    expect(limited.headers.get('retry-after')).toBe('10');
    // Per key: another key of the same user is unaffected; every request counts, even a 403-bound one.
    expect((await call(server.url, '/api/v1/templates', { key: other })).status).toBe(200);
    server.advance(10_000);
    expect((await call(server.url, '/api/v1/templates', { key: carol.key })).status).toBe(200);
    expect((await call(server.url, '/api/v1/templates', { key: carol.key })).status).toBe(429);
  });

  it('limits an account over all its keys together, so rotating through new keys does not help', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 100, accountRateLimitPerMinute: 4 });
    try {
      const dave = await seedAccount(limited.url);
      const keys = [
        dave.key,
        await createKey(limited.url, dave, 'full_access'),
        await createKey(limited.url, dave, 'full_access'),
      ];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await call(limited.url, '/api/v1/templates', { key: keys[i % 3] })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      // Another account is not affected.
      expect((await call(limited.url, '/api/v1/templates', { key: (await seedAccount(limited.url)).key })).status).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});
