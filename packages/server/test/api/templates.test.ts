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

const create = (a: Account, body: unknown) => call(server.url, '/api/v1/templates', { body, key: a.key });

describe('templates', () => {
  it('creates with defaults, a slug and plain_text from the HTML', async () => {
    const res = await create(alice, {
      name: 'Invoice Ünïcode №1',
      html: '<h1>Hello {{name}}</h1><p>Total &amp; tax</p>',
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^tmpl_[0-9a-z]{26}$/),
      name: 'Invoice Ünïcode №1',
      slug: 'invoice-unicode-no1',
      html: '<h1>Hello {{name}}</h1><p>Total &amp; tax</p>',
      plain_text: 'Hello {{name}}\nTotal & tax',
      pdf_format: {},
      pdf_options: {},
      sample_data: {},
      header_component_id: null,
      footer_component_id: null,
      first_page: {},
      last_page: {},
      created_at: expect.any(String),
      updated_at: res.json.created_at,
    });
  });

  it('makes slugs unique per user with -2, -3 and keeps them on rename', async () => {
    const a = await create(alice, { name: 'Report' });
    const b = await create(alice, { name: 'report!' });
    const c = await create(alice, { name: ' REPORT ' });
    expect([a.json.slug, b.json.slug, c.json.slug]).toEqual(['report', 'report-2', 'report-3']);
    expect((await create(bob, { name: 'Report' })).json.slug).toBe('report');
    expect((await create(alice, { name: '!!!' })).json.slug).toBe('template');
    const renamed = await call(server.url, `/api/v1/templates/${a.json.id}`, {
      method: 'PUT',
      body: { name: 'Renamed' },
      key: alice.key,
    });
    expect(renamed.json).toMatchObject({ name: 'Renamed', slug: 'report' });
  });

  it('looks templates up by ID or slug and lists only the caller’s', async () => {
    const t = await create(alice, { name: 'Lookup Me' });
    expect((await call(server.url, '/api/v1/templates/lookup-me', { key: alice.key })).json.id).toBe(t.json.id);
    expect((await call(server.url, `/api/v1/templates/${t.json.id}`, { key: alice.key })).json.slug).toBe('lookup-me');
    const listed = await call(server.url, '/api/v1/templates', { key: bob.key });
    expect(listed.json.map((x: { id: string }) => x.id)).not.toContain(t.json.id);
    expect(
      (await call(server.url, '/api/v1/templates', { cookie: alice.cookie })).json.map((x: { id: string }) => x.id),
    ).toContain(t.json.id);
  });

  it('updates only given fields; new html without plain_text regenerates it', async () => {
    const t = await create(alice, {
      name: 'Upd',
      html: '<p>a</p>',
      sample_data: { x: 1 },
      pdf_format: { preset: 'letter' },
    });
    server.advance(1000);
    const u = await call(server.url, '/api/v1/templates/upd', {
      method: 'PUT',
      body: { html: '<p>b</p>' },
      key: alice.key,
    });
    expect(u.json).toMatchObject({
      name: 'Upd',
      html: '<p>b</p>',
      plain_text: 'b',
      sample_data: { x: 1 },
      pdf_format: { preset: 'letter' },
    });
    expect(u.json.updated_at > t.json.updated_at).toBe(true);
    const v = await call(server.url, '/api/v1/templates/upd', {
      method: 'PUT',
      body: { plain_text: 'custom', sample_data: { y: 2 } },
      key: alice.key,
    });
    expect(v.json).toMatchObject({ html: '<p>b</p>', plain_text: 'custom', sample_data: { y: 2 } });
  });

  it('saves a broken template without compiling it', async () => {
    expect((await create(alice, { name: 'Broken', html: '{{#each items}}<p>' })).status).toBe(201);
  });

  it('duplicates with " (copy)", a new slug and every other field', async () => {
    const header = await call(server.url, '/api/v1/components', {
      body: { name: 'H', type: 'header', html: '<b>h</b>' },
      key: alice.key,
    });
    const t = await create(alice, {
      name: 'Dup',
      html: '<p>x</p>',
      plain_text: 'pt',
      pdf_format: { preset: 'square' },
      sample_data: { a: [1] },
      header_component_id: header.json.id,
    });
    const d = await call(server.url, `/api/v1/templates/${t.json.slug}/duplicate`, { method: 'POST', key: alice.key });
    expect(d.status).toBe(201);
    const { id, slug, name, created_at, updated_at, ...rest } = d.json;
    const { id: _i, slug: _s, name: _n, created_at: _c, updated_at: _u, ...original } = t.json;
    expect({ name, slug }).toEqual({ name: 'Dup (copy)', slug: 'dup-copy' });
    expect(id).not.toBe(t.json.id);
    expect(rest).toEqual(original);
  });

  it('deletes permanently', async () => {
    const t = await create(alice, { name: 'Gone' });
    expect(
      (await call(server.url, `/api/v1/templates/${t.json.id}`, { method: 'DELETE', key: alice.key })).json,
    ).toEqual({ deleted: true });
    expectError(
      await call(server.url, `/api/v1/templates/${t.json.id}`, { key: alice.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    expectError(
      await call(server.url, `/api/v1/templates/${t.json.id}`, { method: 'DELETE', key: alice.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
  });

  it('validates pdf_format with param paths', async () => {
    const bad = async (pdf_format: unknown, param: string) =>
      expectError(
        await create(alice, { name: 'F', pdf_format }),
        400,
        'invalid_request_error',
        'invalid_parameter',
        param,
      );
    await bad({ preset: 'a5' }, 'pdf_format.preset');
    await bad({ margins: { top: '2 furlongs' } }, 'pdf_format.margins.top');
    await bad({ preset: 'custom' }, 'pdf_format.width');
    await bad({ preset: 'custom', width: '100mm' }, 'pdf_format.height');
    await bad({ preset: 'custom', width: '5mm', height: '100mm' }, 'pdf_format.width');
    await bad({ text_align: 'middle' }, 'pdf_format.text_align');
    await bad({ footer_position: 'top' }, 'pdf_format.footer_position');
    await bad({ margins: { left: '111mm', right: '100mm' } }, 'pdf_format.margins');
    await bad('a4', 'pdf_format');
    expectError(
      await create(alice, { name: 'F', sample_data: [1] }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'sample_data',
    );
    expect(
      (
        await create(alice, {
          name: 'F',
          pdf_format: { preset: 'custom', width: '4in', height: '150mm', margins: { top: '0' } },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses attaching missing, foreign or wrong-type components', async () => {
    const block = await call(server.url, '/api/v1/components', { body: { name: 'B', type: 'block' }, key: alice.key });
    const bobsHeader = await call(server.url, '/api/v1/components', {
      body: { name: 'H', type: 'header' },
      key: bob.key,
    });
    const bad = async (body: unknown, param: string) =>
      expectError(
        await create(alice, { name: 'A', ...(body as object) }),
        400,
        'invalid_request_error',
        'invalid_parameter',
        param,
      );
    await bad({ header_component_id: 'comp_missing' }, 'header_component_id');
    await bad({ header_component_id: bobsHeader.json.id }, 'header_component_id');
    await bad({ footer_component_id: block.json.id }, 'footer_component_id');
    const t = await create(alice, { name: 'A' });
    expectError(
      await call(server.url, `/api/v1/templates/${t.json.id}`, {
        method: 'PUT',
        body: { header_component_id: block.json.id },
        key: alice.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'header_component_id',
    );
  });

  it('removes an attachment with null', async () => {
    const f = await call(server.url, '/api/v1/components', { body: { name: 'F', type: 'footer' }, key: alice.key });
    const t = await create(alice, { name: 'Attach', footer_component_id: f.json.id });
    expect(t.json.footer_component_id).toBe(f.json.id);
    const u = await call(server.url, `/api/v1/templates/${t.json.id}`, {
      method: 'PUT',
      body: { footer_component_id: null },
      key: alice.key,
    });
    expect(u.json.footer_component_id).toBe(null);
  });

  it("answers 404 on every {id} route for another user's template, by ID and by slug", async () => {
    const t = await create(alice, { name: 'Private' });
    for (const ref of [t.json.id, t.json.slug]) {
      const p = `/api/v1/templates/${ref}`;
      expectError(await call(server.url, p, { key: bob.key }), 404, 'not_found_error', 'resource_not_found');
      expectError(
        await call(server.url, p, { method: 'PUT', body: { name: 'hijack' }, key: bob.key }),
        404,
        'not_found_error',
        'resource_not_found',
      );
      expectError(
        await call(server.url, `${p}/duplicate`, { method: 'POST', key: bob.key }),
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
    }
    expect((await call(server.url, `/api/v1/templates/${t.json.id}`, { key: alice.key })).json.name).toBe('Private');
  });
});
