import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startTestServer();
  alice = await seedAccount(server.url);
  bob = await seedAccount(server.url);
});
afterAll(() => server.close());

const create = (a: Account, body: unknown) => call(server.url, '/api/v1/components', { body, key: a.key });

describe('components', () => {
  it('creates with a plain-text preview generated from the HTML', async () => {
    const res = await create(alice, {
      name: 'Footer',
      type: 'footer',
      html: '<div style="x">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^comp_[0-9a-z]{26}$/),
      name: 'Footer',
      type: 'footer',
      html: '<div style="x">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
      preview: 'Page of',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await create(alice, { name: 'P', type: 'block', html: '<b>x</b>', preview: 'mine' })).json.preview).toBe(
      'mine',
    );
  });

  it('validates name and type', async () => {
    expectError(await create(alice, { type: 'block' }), 400, 'invalid_request_error', 'missing_parameter', 'name');
    expectError(await create(alice, { name: 'x' }), 400, 'invalid_request_error', 'missing_parameter', 'type');
    expectError(
      await create(alice, { name: 'x', type: 'sidebar' }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'type',
    );
  });

  it('filters the list by type and rejects unknown types', async () => {
    const h = await create(bob, { name: 'H', type: 'header' });
    const b = await create(bob, { name: 'B', type: 'block' });
    const headers = await call(server.url, '/api/v1/components?type=header', { key: bob.key });
    expect(headers.json.map((c: { id: string }) => c.id)).toEqual([h.json.id]);
    const all = await call(server.url, '/api/v1/components', { key: bob.key });
    expect(all.json.map((c: { id: string }) => c.id)).toEqual([h.json.id, b.json.id]);
    expectError(
      await call(server.url, '/api/v1/components?type=sidebar', { key: bob.key }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'type',
    );
  });

  it('updates given fields; new html regenerates the preview; body may be empty', async () => {
    const c = await create(alice, { name: 'U', type: 'block', html: '<p>one</p>' });
    const u = await call(server.url, `/api/v1/components/${c.json.id}`, {
      method: 'PUT',
      body: { html: '<p>two</p>' },
      key: alice.key,
    });
    expect(u.json).toMatchObject({ name: 'U', type: 'block', html: '<p>two</p>', preview: 'two' });
    const t = await call(server.url, `/api/v1/components/${c.json.id}`, {
      method: 'PUT',
      body: { type: 'header', name: 'V' },
      key: alice.key,
    });
    expect(t.json).toMatchObject({ name: 'V', type: 'header', preview: 'two' });
    const empty = await call(server.url, `/api/v1/components/${c.json.id}`, { method: 'PUT', key: alice.key });
    expect(empty.status).toBe(200);
    expectError(
      await call(server.url, `/api/v1/components/${c.json.id}`, {
        method: 'PUT',
        body: { type: 'nav' },
        key: alice.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'type',
    );
  });

  it('detaches a deleted component from every template that used it', async () => {
    const h = await create(alice, { name: 'H', type: 'header' });
    const f = await create(alice, { name: 'F', type: 'footer' });
    const t1 = await call(server.url, '/api/v1/templates', {
      body: { name: 'T1', header_component_id: h.json.id, footer_component_id: f.json.id },
      key: alice.key,
    });
    const t2 = await call(server.url, '/api/v1/templates', {
      body: { name: 'T2', header_component_id: h.json.id },
      key: alice.key,
    });
    expect(
      (await call(server.url, `/api/v1/components/${h.json.id}`, { method: 'DELETE', key: alice.key })).json,
    ).toEqual({ deleted: true });
    const after1 = await call(server.url, `/api/v1/templates/${t1.json.id}`, { key: alice.key });
    const after2 = await call(server.url, `/api/v1/templates/${t2.json.id}`, { key: alice.key });
    expect([after1.json.header_component_id, after1.json.footer_component_id, after2.json.header_component_id]).toEqual(
      [null, f.json.id, null],
    );
    expectError(
      await call(server.url, `/api/v1/components/${h.json.id}`, { key: alice.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
  });

  it('refuses to change the type of a header or footer that templates use, naming them', async () => {
    const h = await create(alice, { name: 'Letterhead', type: 'header' });
    const t = await call(server.url, '/api/v1/templates', {
      body: { name: 'Letter', header_component_id: h.json.id },
      key: alice.key,
    });
    const put = (body: unknown) =>
      call(server.url, `/api/v1/components/${h.json.id}`, { method: 'PUT', body, key: alice.key });
    const refused = await put({ type: 'footer' });
    expectError(refused, 400, 'invalid_request_error', 'invalid_parameter', 'type');
    expect(refused.json.error.message).toContain('"Letter" (header)');
    expect((await put({ type: 'block' })).status).toBe(400);
    expect((await put({ type: 'header', name: 'Letterhead 2' })).status).toBe(200);
    // The template still saves as it is, and once detached the type can change.
    expect(
      (
        await call(server.url, `/api/v1/templates/${t.json.id}`, {
          method: 'PUT',
          body: { name: 'Letter' },
          key: alice.key,
        })
      ).status,
    ).toBe(200);
    await call(server.url, `/api/v1/templates/${t.json.id}`, {
      method: 'PUT',
      body: { header_component_id: null },
      key: alice.key,
    });
    expect((await put({ type: 'footer' })).json.type).toBe('footer');
  });

  it("answers 404 on every {id} route for another user's component", async () => {
    const c = await create(alice, { name: 'Mine', type: 'block' });
    const p = `/api/v1/components/${c.json.id}`;
    expectError(await call(server.url, p, { key: bob.key }), 404, 'not_found_error', 'resource_not_found');
    expectError(
      await call(server.url, p, { method: 'PUT', body: { name: 'x' }, key: bob.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    expectError(
      await call(server.url, p, { method: 'DELETE', key: bob.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    expect((await call(server.url, p, { key: alice.key })).json.name).toBe('Mine');
    expect((await call(server.url, p, { cookie: alice.cookie })).json.name).toBe('Mine');
  });
});
