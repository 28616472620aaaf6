import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, type Account, type Answer } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;
let doc: any;
let ajv: Ajv2020;

beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER });
  alice = await seedAccount(server.url);
  doc = (await call(server.url, '/api/v1/openapi.json')).json;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
});
afterAll(() => server.close());

/** Check a real answer against the document's schema for that operation and status. */
function expectConforms(method: string, path: string, res: Answer): void {
  const op = doc.paths[path]?.[method];
  expect(op, `${method} ${path} documented`).toBeDefined();
  const response = op.responses[String(res.status)];
  expect(response, `${method} ${path} documents ${res.status}`).toBeDefined();
  const type = (res.headers.get('content-type') ?? '').split(';')[0] ?? '';
  const media = response.content[type];
  expect(media, `${method} ${path} ${res.status} documents ${type}`).toBeDefined();
  if (type !== 'application/json') return;
  const schema = JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"doc#/components/'));
  const validate = ajv.compile(schema);
  const ok = validate(res.json);
  expect(ok ? [] : validate.errors, `${method} ${path} ${res.status}`).toEqual([]);
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with every route and the shared schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/render',
        '/api/v1/templates/{id}',
        '/api/v1/logs',
        '/api/v1/stats',
        '/api/v1/api-keys/{id}',
        '/api/v1/account',
        '/api/v1/auth/login',
      ]),
    );
    expect(doc.components.schemas.PdfFormat.properties.preset.enum).toEqual([
      'a4',
      'a4-landscape',
      'letter',
      'letter-landscape',
      'square',
      'custom',
    ]);
    expect(doc.components.schemas.RenderRequest.properties.delivery.enum).toEqual(['base64', 'url']);
    // Request bodies accept (and ignore) unknown keys; answers never carry any.
    expect(doc.components.schemas.CreateTemplate.additionalProperties).toBeUndefined();
    expect(doc.components.schemas.Template.additionalProperties).toBe(false);
    expect(doc.paths['/api/v1/logs'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'limit',
      'cursor',
      'status',
      'template_id',
      'from',
      'to',
    ]);
  });

  it('describes the real answers of every resource', async () => {
    const k = { key: alice.key };
    const comp = await call(server.url, '/api/v1/components', {
      body: { name: 'H', type: 'header', html: '<b>x</b>' },
      ...k,
    });
    expectConforms('post', '/api/v1/components', comp);
    expectConforms('get', '/api/v1/components', await call(server.url, '/api/v1/components?type=header', k));
    expectConforms('get', '/api/v1/components/{id}', await call(server.url, `/api/v1/components/${comp.json.id}`, k));
    expectConforms(
      'put',
      '/api/v1/components/{id}',
      await call(server.url, `/api/v1/components/${comp.json.id}`, { method: 'PUT', body: { name: 'H2' }, ...k }),
    );

    const tmpl = await call(server.url, '/api/v1/templates', {
      body: {
        name: 'Doc',
        html: '<p>{{a}}</p>',
        pdf_format: { preset: 'letter', margins: { top: '1in' } },
        sample_data: { a: 1 },
        header_component_id: comp.json.id,
      },
      ...k,
    });
    expectConforms('post', '/api/v1/templates', tmpl);
    expectConforms('get', '/api/v1/templates', await call(server.url, '/api/v1/templates', k));
    expectConforms('get', '/api/v1/templates/{id}', await call(server.url, '/api/v1/templates/doc', k));
    expectConforms(
      'put',
      '/api/v1/templates/{id}',
      await call(server.url, '/api/v1/templates/doc', { method: 'PUT', body: { html: '<p>b</p>' }, ...k }),
    );
    expectConforms(
      'post',
      '/api/v1/templates/{id}/duplicate',
      await call(server.url, '/api/v1/templates/doc/duplicate', { method: 'POST', ...k }),
    );

    expectConforms(
      'post',
      '/api/v1/render',
      await call(server.url, '/api/v1/render', { body: { template_id: 'doc' }, ...k }),
    );
    expectConforms(
      'post',
      '/api/v1/render',
      await call(server.url, '/api/v1/render', { body: { template_id: 'doc', delivery: 'base64' }, ...k }),
    );
    const url = await call(server.url, '/api/v1/render', { body: { html: 'x', delivery: 'url' }, ...k });
    expectConforms('post', '/api/v1/render', url);
    const signed = new URL(url.json.url);
    expectConforms('get', '/api/v1/renders/{id}', await call(server.url, signed.pathname + signed.search));
    expectConforms(
      'post',
      '/api/v1/render',
      await call(server.url, '/api/v1/render', { body: { template_id: 'nope' }, ...k }),
    );
    expectConforms(
      'post',
      '/api/v1/render/preview',
      await call(server.url, '/api/v1/render/preview', { body: { template_id: 'doc' }, cookie: alice.cookie }),
    );

    expectConforms('get', '/api/v1/logs', await call(server.url, '/api/v1/logs?limit=2', k));
    expectConforms('get', '/api/v1/stats', await call(server.url, '/api/v1/stats?period=24h', k));
    expectConforms('get', '/api/v1/api-keys', await call(server.url, '/api/v1/api-keys', { cookie: alice.cookie }));
    const key = await call(server.url, '/api/v1/api-keys', {
      body: { name: 'n', permission: 'render_only' },
      cookie: alice.cookie,
    });
    expectConforms('post', '/api/v1/api-keys', key);
    expectConforms(
      'delete',
      '/api/v1/api-keys/{id}',
      await call(server.url, `/api/v1/api-keys/${key.json.id}`, { method: 'DELETE', cookie: alice.cookie }),
    );
    expectConforms('get', '/api/v1/auth/me', await call(server.url, '/api/v1/auth/me', { cookie: alice.cookie }));
    expectConforms(
      'post',
      '/api/v1/auth/login',
      await call(server.url, '/api/v1/auth/login', { body: { email: alice.email, password: 'wrong-one' } }),
    );
    expectConforms(
      'post',
      '/api/v1/auth/signup',
      await call(server.url, '/api/v1/auth/signup', { body: { email: 'o@example.com', password: 'password1' } }),
    );
    expectConforms(
      'delete',
      '/api/v1/components/{id}',
      await call(server.url, `/api/v1/components/${comp.json.id}`, { method: 'DELETE', ...k }),
    );
    expectConforms(
      'delete',
      '/api/v1/templates/{id}',
      await call(server.url, '/api/v1/templates/doc', { method: 'DELETE', ...k }),
    );
    expectConforms('get', '/api/v1/templates/{id}', await call(server.url, '/api/v1/templates/doc', k));
    expectConforms(
      'post',
      '/api/v1/auth/logout',
      await call(server.url, '/api/v1/auth/logout', { method: 'POST', cookie: alice.cookie }),
    );
  });

  it('names, summarises and describes every operation, with every status it can answer', () => {
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId), `${where}: operationId used twice`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, where).toBeTruthy();
        expect(op.description, where).toBeTruthy();
        const codes = Object.keys(op.responses).map(Number);
        expect(codes, where).toContain(500);
        const byKey = op.security.some((s: Record<string, unknown>) => 'api_key' in s);
        if (byKey) expect(codes, `${where}: 429 (per-key rate limit)`).toEqual(expect.arrayContaining([401, 429]));
        if (op.requestBody) expect(codes, `${where}: body errors`).toEqual(expect.arrayContaining([400, 413, 415]));
      }
    }
    expect(doc.components.schemas.RenderRequest.examples.length).toBeGreaterThan(0);
    expect(doc.components.schemas.Error.examples.length).toBeGreaterThan(0);
  });

  it('answers the statuses it documents, with one JSON content type', async () => {
    const k = { key: alice.key };
    const answers = [
      await call(server.url, '/api/v1/templates', { body: '{', ...k }),
      await call(server.url, '/api/v1/templates', { body: 'x', headers: { 'content-type': 'text/plain' }, ...k }),
      await call(server.url, '/api/v1/templates', { body: { name: 'ok' }, ...k }),
      await call(server.url, '/api/v1/logs?limit=0', k),
      await call(server.url, '/api/v1/templates/nope', k),
      await call(server.url, '/api/v1/openapi.json'),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 415, 201, 400, 404, 200]);
    expectConforms('post', '/api/v1/templates', answers[0]!);
    expectConforms('post', '/api/v1/templates', answers[1]!);
    expectConforms('get', '/api/v1/logs', answers[3]!);
    expect(new Set(answers.map((a) => a.headers.get('content-type')))).toEqual(
      new Set(['application/json;charset=UTF-8']),
    );
  });

  it('rejects an answer that does not match (the check can fail)', async () => {
    const res = await call(server.url, '/api/v1/api-keys', {
      body: { name: 'x' },
      cookie: (await seedAccount(server.url)).cookie,
    });
    const broken = { ...res, json: { ...res.json, permission: 'everything' } };
    expect(() => expectConforms('post', '/api/v1/api-keys', broken)).toThrow();
  });
});
