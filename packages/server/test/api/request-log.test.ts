import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;

beforeAll(async () => {
  server = await startTestServer();
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

describe('request log', () => {
  it('records method, path, status, duration and key ID, never the key, cookie or query', async () => {
    server.requests.length = 0;
    await call(server.url, '/api/v1/templates?secret=x', { key: alice.key });
    await call(server.url, '/api/v1/auth/me', { cookie: alice.cookie });
    await call(server.url, '/api/v1/missing', { key: alice.key });
    expect(server.requests).toEqual([
      {
        time: expect.any(String),
        method: 'GET',
        path: '/api/v1/templates',
        status: 200,
        duration_ms: expect.any(Number),
        key_id: alice.keyId,
        user_id: alice.userId,
      },
      {
        time: expect.any(String),
        method: 'GET',
        path: '/api/v1/auth/me',
        status: 200,
        duration_ms: expect.any(Number),
        key_id: null,
        user_id: alice.userId,
      },
      {
        time: expect.any(String),
        method: 'GET',
        path: '/api/v1/missing',
        status: 404,
        duration_ms: expect.any(Number),
        key_id: null,
        user_id: null,
      },
    ]);
    const text = JSON.stringify(server.requests);
    expect(text).not.toContain(alice.key);
    expect(text).not.toContain(alice.cookie.split('=')[1]);
    expect(text).not.toContain('secret=x');
  });
});
