import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonArrayResponse } from '../../src/http/respond.js';
import { call, createKey, expectError, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    maxFieldBytes: 4000,
    maxAccountBytes: 10_000,
    maxTemplates: 3,
    maxComponents: 2,
    maxApiKeys: 2,
    sessionWriteLimitPerMinute: 1000,
  });
});
afterAll(() => server.close());

const template = (a: Account, body: unknown, path = '/api/v1/templates', method = 'POST') =>
  call(server.url, path, { method, body, key: a.key });
const component = (a: Account, body: unknown) =>
  call(server.url, '/api/v1/components', { body: { type: 'block', ...(body as object) }, key: a.key });

describe('per-account quotas', () => {
  it('refuses a field over maxFieldBytes, counted in UTF-8 bytes, naming it', async () => {
    const a = await seedAccount(server.url);
    expectError(
      await template(a, { name: 't', html: 'x'.repeat(4001) }),
      400,
      'invalid_request_error',
      'field_too_large',
      'html',
    );
    expectError(
      await template(a, { name: 't', html: 'é'.repeat(2001) }),
      400,
      'invalid_request_error',
      'field_too_large',
      'html',
    );
    expectError(
      await template(a, { name: 't', sample_data: { s: 'x'.repeat(4000) } }),
      400,
      'invalid_request_error',
      'field_too_large',
      'sample_data',
    );
    expectError(
      await component(a, { name: 'c', html: 'x'.repeat(4001) }),
      400,
      'invalid_request_error',
      'field_too_large',
      'html',
    );
    const ok = await template(a, { name: 't', html: 'é'.repeat(1999) });
    expect(ok.status).toBe(201);
    expectError(
      await template(a, { plain_text: 'x'.repeat(4001) }, `/api/v1/templates/${ok.json.id}`, 'PUT'),
      400,
      'invalid_request_error',
      'field_too_large',
      'plain_text',
    );
  });

  it('caps templates, components and API keys per account; deleting frees room', async () => {
    const a = await seedAccount(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await template(a, { name: `t${i}` })).json.id);
    expectError(await template(a, { name: 'one too many' }), 403, 'invalid_request_error', 'quota_exceeded');
    expectError(
      await call(server.url, `/api/v1/templates/${ids[0]}/duplicate`, { method: 'POST', key: a.key }),
      403,
      'invalid_request_error',
      'quota_exceeded',
    );
    expect((await template(a, { name: 'renamed' }, `/api/v1/templates/${ids[0]}`, 'PUT')).status).toBe(200);
    await call(server.url, `/api/v1/templates/${ids[0]}`, { method: 'DELETE', key: a.key });
    expect((await template(a, { name: 'again' })).status).toBe(201);

    expect((await component(a, { name: 'c1' })).status).toBe(201);
    expect((await component(a, { name: 'c2' })).status).toBe(201);
    expectError(await component(a, { name: 'c3' }), 403, 'invalid_request_error', 'quota_exceeded');

    expect(await createKey(server.url, a, 'render_only')).toMatch(/^platen_live_/); // seedAccount made the first
    expectError(
      await call(server.url, '/api/v1/api-keys', { body: { name: 'third' }, cookie: a.cookie }),
      403,
      'invalid_request_error',
      'quota_exceeded',
    );
    // Another account has its own quotas.
    const b = await seedAccount(server.url);
    expect((await template(b, { name: 't' })).status).toBe(201);
  });

  it('caps the bytes of all templates and components of an account together', async () => {
    const a = await seedAccount(server.url);
    // A template's bytes count html and the plain_text generated from it.
    const t = await template(a, { name: 't', html: 'x'.repeat(3000), plain_text: '' });
    expect(t.status).toBe(201);
    expect((await template(a, { name: 'u', html: 'y'.repeat(3000), plain_text: '' })).status).toBe(201);
    // 3,005 + 3,005 (html, name and `{}` twice) + 4,000 > 10,000
    expectError(
      await component(a, { name: 'c', html: 'z'.repeat(3999), preview: '' }),
      403,
      'invalid_request_error',
      'quota_exceeded',
    );
    expectError(
      await template(
        a,
        { html: 'x'.repeat(3999), plain_text: 'x'.repeat(3999) },
        `/api/v1/templates/${t.json.id}`,
        'PUT',
      ),
      403,
      'invalid_request_error',
      'quota_exceeded',
    );
    // Replacing a row counts its new size, not old + new.
    expect((await template(a, { html: 'x'.repeat(100) }, `/api/v1/templates/${t.json.id}`, 'PUT')).status).toBe(200);
    expect((await component(a, { name: 'c', html: 'z'.repeat(3999), preview: '' })).status).toBe(201);
  });

  it('lists every template, streamed in creation order', async () => {
    const a = await seedAccount(server.url);
    const ids = [
      (await template(a, { name: 'a', html: '<b>1</b>' })).json.id,
      (await template(a, { name: 'b' })).json.id,
    ];
    const list = await call(server.url, '/api/v1/templates', { key: a.key });
    expect(list.status).toBe(200);
    expect(list.json.map((t: { id: string }) => t.id)).toEqual(ids);
    expect(list.json[0].html).toBe('<b>1</b>');
    expect((await call(server.url, '/api/v1/components', { key: (await seedAccount(server.url)).key })).json).toEqual(
      [],
    );
  });
});

describe('jsonArrayResponse', () => {
  it('loads one row per chunk the client reads, never all of them up front', async () => {
    const loaded: string[] = [];
    const response = jsonArrayResponse(
      ['a', 'gone', 'b', 'c'],
      (id) => (loaded.push(id), id === 'gone' ? null : { id }),
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(loaded.length).toBeLessThanOrEqual(2); // the stream may pull one chunk ahead
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
    expect(JSON.parse(text)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
});

describe('session writes are rate-limited per account', () => {
  it('answers 429 with Retry-After past the limit; reads and API keys are not affected', async () => {
    const limited = await startTestServer({ sessionWriteLimitPerMinute: 3 });
    try {
      const a = await seedAccount(limited.url); // sign-up is not counted; creating its key is the first write
      for (let i = 0; i < 2; i++)
        expect(
          (await call(limited.url, '/api/v1/templates', { body: { name: `t${i}` }, cookie: a.cookie })).status,
        ).toBe(201);
      const refused = await call(limited.url, '/api/v1/templates', { body: { name: 'late' }, cookie: a.cookie });
      expectError(refused, 429, 'rate_limit_error', 'rate_limit_exceeded');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectError(
        await call(limited.url, '/api/v1/render/preview', { body: { html: 'x' }, cookie: a.cookie }),
        429,
        'rate_limit_error',
        'rate_limit_exceeded',
      );
      expect((await call(limited.url, '/api/v1/templates', { cookie: a.cookie })).status).toBe(200);
      expect((await call(limited.url, '/api/v1/templates', { body: { name: 'by key' }, key: a.key })).status).toBe(201);
      limited.advance(20_000); // one token back (3 per minute)
      expect((await call(limited.url, '/api/v1/templates', { body: { name: 'later' }, cookie: a.cookie })).status).toBe(
        201,
      );
    } finally {
      await limited.close();
    }
  });
});
