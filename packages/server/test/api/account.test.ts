import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER });
  alice = await seedAccount(server.url);
  bob = await seedAccount(server.url);
  for (const a of [alice, bob]) {
    const h = await call(server.url, '/api/v1/components', { body: { name: 'H', type: 'header' }, key: a.key });
    await call(server.url, '/api/v1/templates', { body: { name: 'T', header_component_id: h.json.id }, key: a.key });
    await call(server.url, '/api/v1/render', { body: { template_id: 't', delivery: 'url' }, key: a.key });
    await call(server.url, '/api/v1/render', { body: { template_id: 'missing' }, key: a.key });
  }
});
afterAll(() => server.close());

/** Rows of `userId` in every table, read straight from the database. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const count = async (sql: string) => Number((await server.sql<{ n: number }>(sql, userId))[0]?.n);
  const rows: Record<string, number> = { users: await count('SELECT COUNT(*) AS n FROM users WHERE id = ?') };
  for (const t of ['sessions', 'api_keys', 'templates', 'components', 'logs', 'renders'])
    rows[t] = await count(`SELECT COUNT(*) AS n FROM ${t} WHERE user_id = ?`);
  return rows;
}

describe('DELETE /account', () => {
  it('deletes every row and stored file of the user, and nothing of others', async () => {
    const before = await rowsOf(alice.userId);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    expect(await server.blobs.list()).toHaveLength(2);

    const res = await call(server.url, '/api/v1/account', { method: 'DELETE', cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true });

    expect(Object.values(await rowsOf(alice.userId))).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await rowsOf(bob.userId)).toEqual(
      Object.fromEntries(
        Object.keys(before).map((k) => [
          k,
          k === 'sessions' || k === 'users' || k === 'renders' ? 1 : k === 'logs' ? 2 : 1,
        ]),
      ),
    );
    expect(await server.blobs.list()).toHaveLength(1);

    expectError(
      await call(server.url, '/api/v1/templates', { key: alice.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, '/api/v1/auth/me', { cookie: alice.cookie }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expect((await call(server.url, '/api/v1/templates', { key: bob.key })).json).toHaveLength(1);
  });

  it('frees the email for a new sign-up', async () => {
    const again = await call(server.url, '/api/v1/auth/signup', {
      body: { email: alice.email, password: 'another pass' },
    });
    expect(again.status).toBe(201);
    expect(again.json.user.id).not.toBe(alice.userId);
  });

  it('takes a session only', async () => {
    expectError(
      await call(server.url, '/api/v1/account', { method: 'DELETE', key: bob.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, '/api/v1/account', { method: 'DELETE' }),
      401,
      'authentication_error',
      'unauthorized',
    );
  });
});
