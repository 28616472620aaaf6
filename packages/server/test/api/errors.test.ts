import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;

beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 4096 });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

describe('error envelope', () => {
  it('answers unknown routes with 404 resource_not_found before any authentication', async () => {
    expectError(await call(server.url, '/api/v1/nope'), 404, 'not_found_error', 'resource_not_found');
    expectError(await call(server.url, '/api/other'), 404, 'not_found_error', 'resource_not_found');
    expectError(
      await call(server.url, '/api/v1/templates/x/y/z', { key: 'bogus' }),
      404,
      'not_found_error',
      'resource_not_found',
    );
  });

  it('serves the dashboard at / and its client-side routes, with security headers', async () => {
    for (const path of ['/', '/templates/tmpl_x']) {
      const res = await call(server.url, path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers a wrong method with 405 method_not_allowed and Allow; the method-specific route wins', async () => {
    const res = await call(server.url, '/api/v1/templates', { method: 'PATCH', key: alice.key });
    expectError(res, 405, 'invalid_request_error', 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    const del = await call(server.url, '/api/v1/render', { method: 'GET' });
    expectError(del, 405, 'invalid_request_error', 'method_not_allowed');
    expect(del.headers.get('allow')).toBe('POST');
    expect((await call(server.url, '/api/v1/templates', { key: alice.key })).status).toBe(200);
    const head = await call(server.url, '/api/v1/templates', { method: 'HEAD', key: alice.key });
    expect([head.status, head.bytes.byteLength]).toEqual([200, 0]);
  });

  it('answers missing or invalid credentials with 401 unauthorized', async () => {
    expectError(await call(server.url, '/api/v1/templates'), 401, 'authentication_error', 'unauthorized');
    expectError(
      await call(server.url, '/api/v1/templates', { key: 'platen_live_nope' }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, '/api/v1/templates', { headers: { authorization: 'Basic abc' } }),
      401,
      'authentication_error',
      'unauthorized',
    );
  });

  it('refuses malformed JSON with 400 invalid_json and never falls back to text', async () => {
    const res = await call(server.url, '/api/v1/templates', {
      raw: '{"name": ',
      key: alice.key,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'invalid_request_error', 'invalid_json');
  });

  it('refuses non-JSON content types with 415 unsupported_media_type', async () => {
    const res = await call(server.url, '/api/v1/templates', {
      raw: 'name=x',
      key: alice.key,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415, 'invalid_request_error', 'unsupported_media_type');
    const none = await call(server.url, '/api/v1/templates', { raw: '{"name":"x"}', key: alice.key });
    expectError(none, 415, 'invalid_request_error', 'unsupported_media_type');
  });

  it('refuses bodies over the limit with 413 payload_too_large, declared or chunked', async () => {
    const big = JSON.stringify({ name: 'x', html: 'a'.repeat(5000) });
    expectError(
      await call(server.url, '/api/v1/templates', {
        raw: big,
        key: alice.key,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'invalid_request_error',
      'payload_too_large',
    );
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++)
          controller.enqueue(new TextEncoder().encode(i === 0 ? '{"name":"' : 'a'.repeat(1000)));
        controller.close();
      },
    });
    const res = await fetch(server.url + '/api/v1/auth/login', {
      method: 'POST',
      body: chunks,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('refuses JSON nested deeper than 64 levels with 400 nesting_too_deep; 64 passes', async () => {
    const nest = (n: number) => '{"name":"deep","sample_data":' + '{"a":'.repeat(n - 1) + '1' + '}'.repeat(n - 1) + '}';
    const post = (raw: string) =>
      call(server.url, '/api/v1/templates', { raw, key: alice.key, headers: { 'content-type': 'application/json' } });
    expectError(await post(nest(65)), 400, 'invalid_request_error', 'nesting_too_deep');
    expect((await post(nest(64))).status).toBe(201);
  });

  it('answers a malformed URL with 400 bad_request in the envelope', async () => {
    expectError(
      await call(server.url, '/api/v1/templates/%ZZ', { key: alice.key }),
      400,
      'invalid_request_error',
      'bad_request',
    );
  });

  it('answers a Host header that is no valid host name with 400 bad_request (was 500)', async () => {
    const { hostname, port } = new URL(server.url);
    for (const path of ['/api/v1/openapi.json', '/api/v1/auth/login']) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            hostname,
            port,
            path,
            method: 'POST',
            headers: { host: 'xn--', 'content-type': 'application/json', origin: 'http://a.example' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error.code).toBe('bad_request');
    }
  });

  it('answers the same envelope for session and key callers on unknown IDs', async () => {
    expectError(
      await call(server.url, '/api/v1/templates/tmpl_unknown', { cookie: alice.cookie }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    expectError(
      await call(server.url, '/api/v1/components/comp_unknown', { key: alice.key }),
      404,
      'not_found_error',
      'resource_not_found',
    );
  });

  it('names the field at fault with param, missing vs invalid', async () => {
    expectError(
      await call(server.url, '/api/v1/templates', { body: {}, key: alice.key }),
      400,
      'invalid_request_error',
      'missing_parameter',
      'name',
    );
    expectError(
      await call(server.url, '/api/v1/templates', { body: { name: 5 }, key: alice.key }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'name',
    );
    expectError(
      await call(server.url, '/api/v1/templates', { body: [1, 2], key: alice.key }),
      400,
      'invalid_request_error',
      'invalid_parameter',
    );
  });

  it('answers a crash with 500 internal_error, no details, and logs it for the operator', async () => {
    const local = await startTestServer();
    try {
      const a = await seedAccount(local.url);
      await local.sql('DROP TABLE logs');
      const res = await call(local.url, '/api/v1/logs', { key: a.key });
      expectError(res, 500, 'api_error', 'internal_error');
      expect(res.json.error.message).toBe('Internal server error.');
      expect(local.errors.join('\n')).toMatch(
        local.database === 'sqlite' ? /no such table: logs/ : /relation \W*logs\W* does not exist/,
      );
    } finally {
      await local.close();
    }
  });
});
