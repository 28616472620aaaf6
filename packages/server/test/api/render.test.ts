import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFormat, type InvalidFormatError, type PdfFormat } from '@platen/core';
import { call, createKey, expectError, seedAccount, type Account } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

// The render path with a stand-in worker (test/fixtures/fake-render-worker.mjs):
// delivery modes, logging, signed URLs and the limits. render-core.test.ts
// renders through @platen/core for real.
let server: TestServer;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER, renderTimeoutMs: 2000, renderMemoryMb: 32 });
  alice = await seedAccount(server.url);
  bob = await seedAccount(server.url);
});
afterAll(() => server.close());

const render = (a: Account | string, body: unknown) =>
  call(server.url, '/api/v1/render', { body, key: typeof a === 'string' ? a : a.key });
const logsOf = async (a: Account) => (await call(server.url, '/api/v1/logs?limit=100', { key: a.key })).json.data;

describe('POST /render deliveries', () => {
  it('answers binary application/pdf inline with the slug as filename', async () => {
    await call(server.url, '/api/v1/templates', {
      body: { name: 'Quarterly Report', html: '<p>{{x}}</p>' },
      key: alice.key,
    });
    const res = await render(alice, { template_id: 'quarterly-report', data: { x: 1 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="quarterly-report.pdf"');
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-');
    const raw = await render(alice, { html: '<p>hi</p>' });
    expect(raw.headers.get('content-disposition')).toBe('inline; filename="document.pdf"');
  });

  it('answers base64 JSON with size and duration', async () => {
    const res = await render(alice, { html: '<p>b64</p>', delivery: 'base64' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      pdf_base64: expect.any(String),
      size_bytes: expect.any(Number),
      duration_ms: expect.any(Number),
      warnings: [],
    });
    const bytes = Buffer.from(res.json.pdf_base64, 'base64');
    expect(bytes.byteLength).toBe(res.json.size_bytes);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stores url deliveries behind a signed link that expires after 24 hours', async () => {
    const res = await render(alice, { html: '<p>url</p>', delivery: 'url' });
    expect(res.json).toEqual({
      url: expect.stringMatching(/\/api\/v1\/renders\/render_[0-9a-z]{26}\?token=/),
      expires_at: expect.any(String),
      size_bytes: expect.any(Number),
      duration_ms: expect.any(Number),
      warnings: [],
    });
    expect(Date.parse(res.json.expires_at) - server.now()).toBe(24 * 3600 * 1000);
    const url = new URL(res.json.url);
    expect(url.origin).toBe(server.url);
    const path = url.pathname + url.search;
    const got = await call(server.url, path);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.bytes.byteLength).toBe(res.json.size_bytes);
    expect(Number(got.headers.get('content-length'))).toBe(res.json.size_bytes);

    const tampered = path.replace(/token=(\d+)\./, (_m, exp: string) => `token=${Number(exp) + 1000}.`);
    expectError(await call(server.url, tampered), 404, 'not_found_error', 'resource_not_found');
    expectError(await call(server.url, url.pathname), 404, 'not_found_error', 'resource_not_found');
    expectError(
      await call(server.url, path.replace(/render_\w+/, 'render_01abc')),
      404,
      'not_found_error',
      'resource_not_found',
    );

    server.advance(24 * 3600 * 1000 - 1000);
    expect((await call(server.url, path)).status).toBe(200);
    server.advance(1000);
    expectError(await call(server.url, path), 404, 'not_found_error', 'resource_not_found');
    server.advance(-24 * 3600 * 1000);
  });

  it('uses PLATEN_PUBLIC_URL for signed links and sweeps expired and orphaned files', async () => {
    const pub = await startTestServer({
      renderWorkerUrl: FAKE_WORKER,
      publicUrl: 'https://pdf.example.com/',
      sweepIntervalMs: 1000,
    });
    try {
      const a = await seedAccount(pub.url);
      const res = await call(pub.url, '/api/v1/render', { body: { html: 'x', delivery: 'url' }, key: a.key });
      expect(res.json.url.startsWith('https://pdf.example.com/api/v1/renders/render_')).toBe(true);
      expect(await pub.blobs.list()).toHaveLength(1);
      await pub.blobs.put('render_orphan', new TextEncoder().encode('%PDF-'));
      pub.advance(25 * 3600 * 1000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await pub.blobs.list()).toHaveLength(0);
    } finally {
      await pub.close();
    }
  });
});

describe('POST /render errors and logs', () => {
  it('requires template_id or html (400 missing_parameter) and logs it', async () => {
    const carol = await seedAccount(server.url);
    expectError(await render(carol, { data: {} }), 400, 'invalid_request_error', 'missing_parameter', 'template_id');
    const [log] = await logsOf(carol);
    expect(log).toMatchObject({
      status: 'error',
      template_id: null,
      template_name: null,
      api_key_id: carol.keyId,
      size_bytes: null,
      error: expect.any(String),
    });
  });

  it("answers 404 missing_template for unknown and other users' templates, even with html", async () => {
    const t = await call(server.url, '/api/v1/templates', { body: { name: 'Bobs' }, key: bob.key });
    expectError(await render(alice, { template_id: 'nope' }), 404, 'not_found_error', 'missing_template');
    expectError(
      await render(alice, { template_id: t.json.id, html: '<p>x</p>' }),
      404,
      'not_found_error',
      'missing_template',
    );
    expectError(await render(alice, { template_id: 'bobs' }), 404, 'not_found_error', 'missing_template');
  });

  it('validates fields with param paths', async () => {
    const bad = async (body: unknown, param: string) =>
      expectError(await render(alice, body), 400, 'invalid_request_error', 'invalid_parameter', param);
    await bad({ html: 'x', delivery: 'email' }, 'delivery');
    await bad({ html: 'x', data: [1] }, 'data');
    await bad({ html: 'x', data: 'str' }, 'data');
    await bad({ html: 'x', format: { preset: 'a3' } }, 'format.preset');
    await bad({ html: 'x', format: { preset: 'custom', height: '100mm' } }, 'format.width');
    await bad({ html: 'x', format: { margins: { top: '150mm', bottom: '150mm' } } }, 'format.margins');
    await bad({ html: 'x', format: { preset: 'A4' } }, 'format.preset');
    await bad({ html: 'x', format: { margins: { left: '10' } } }, 'format.margins.left');
    await bad({ html: 'x', format: { preset: 'custom', width: '100 mm', height: '100mm' } }, 'format.width');
  });

  it("refuses a format in core's own words, as the CLI and the library do (one source of truth)", async () => {
    const formats = [
      { preset: 'a3' },
      { margins: { left: '10' } },
      { preset: 'custom', width: '5mm', height: '100mm' },
      { preset: 'custom', width: '100 mm', height: '100mm' },
      { component_gap: '-1mm' },
      { vertical_align: 'middle' },
      5,
    ];
    for (const format of formats) {
      const core = (() => {
        try {
          resolveFormat(format as PdfFormat, 'format');
        } catch (error) {
          return error as InvalidFormatError;
        }
        throw new Error(`core accepts ${JSON.stringify(format)}`);
      })();
      const a = await render(alice, { html: 'x', format });
      expect(a.json.error).toEqual({
        type: 'invalid_request_error',
        code: 'invalid_parameter',
        message: core.message,
        param: core.param,
      });
    }
  });

  it('accepts the lengths core accepts (one grammar everywhere)', async () => {
    const format = {
      preset: 'custom',
      width: '.5in',
      height: '1e1mm',
      margins: { top: '0', bottom: '0', left: '1MM', right: '+1pt' },
    };
    const a = await render(alice, { html: '<p>x</p>', format });
    expect(a.status).toBe(200);
  });

  // DECISIONS.md: google_fonts_url is checked when rendering; what may not be fetched is skipped with a warning.
  it('renders with a google_fonts_url it may not fetch', async () => {
    const a = await render(alice, { html: '<p>x</p>', format: { google_fonts_url: 'ftp://fonts.example/x.css' } });
    expect(a.status).toBe(200);
  });

  it('maps core failures: template_syntax_error 400, invalid_parameter 400, document_too_large 422', async () => {
    expectError(
      await render(alice, { html: 'FAIL:template_syntax_error' }),
      400,
      'invalid_request_error',
      'template_syntax_error',
    );
    expectError(
      await render(alice, { html: 'FAIL:invalid_parameter' }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'format.width',
    );
    expectError(
      await render(alice, { html: 'FAIL:document_too_large' }),
      422,
      'invalid_request_error',
      'document_too_large',
    );
    expectError(await render(alice, { html: 'FAIL:something_else' }), 500, 'api_error', 'render_failed');
  });

  it('stops a render over the time limit with 504 render_timeout and keeps serving', async () => {
    let slowDone = false;
    const slow = render(alice, { html: 'HANG' }).finally(() => (slowDone = true));
    await new Promise((r) => setTimeout(r, 100));
    // The event loop stays responsive while the worker spins: this answer comes before the timeout.
    const ping = await call(server.url, '/api/v1/templates', { key: bob.key });
    expect(ping.status).toBe(200);
    expect(slowDone).toBe(false);
    expectError(await slow, 504, 'api_error', 'render_timeout');
    expect((await render(alice, { html: 'after' })).status).toBe(200);
  });

  it('answers 500 render_failed when a worker runs out of memory or crashes, then replaces it', async () => {
    expectError(await render(alice, { html: 'OOM' }), 500, 'api_error', 'render_failed');
    expectError(await render(alice, { html: 'CRASH' }), 500, 'api_error', 'render_failed');
    expect((await render(alice, { html: 'fine' })).status).toBe(200);
  });

  it('logs each logged outcome exactly once with template name, key, duration and size', async () => {
    const dan = await seedAccount(server.url);
    const t = await call(server.url, '/api/v1/templates', { body: { name: 'Logged' }, key: dan.key });
    const ok = await render(dan, { template_id: t.json.id });
    await render(dan, { template_id: 'missing' });
    await render(dan, { html: 'FAIL:document_too_large' });
    await render(dan, { html: 'HANG' });
    // Not logged: 401, 403 (none possible), 415, invalid_json, nesting_too_deep, 413.
    await call(server.url, '/api/v1/render', { body: { html: 'x' }, key: 'platen_live_bad' });
    await call(server.url, '/api/v1/render', {
      raw: '{',
      key: dan.key,
      headers: { 'content-type': 'application/json' },
    });
    await call(server.url, '/api/v1/render', { raw: 'x', key: dan.key, headers: { 'content-type': 'text/plain' } });
    await call(server.url, '/api/v1/render', {
      raw: '['.repeat(70) + ']'.repeat(70),
      key: dan.key,
      headers: { 'content-type': 'application/json' },
    });
    const logs = await logsOf(dan);
    expect(logs.map((l: { status: string; error?: string }) => [l.status, l.error ?? null])).toEqual([
      ['error', expect.stringContaining('time limit')],
      ['error', 'fake document_too_large'],
      ['error', 'Template "missing" was not found.'],
      ['success', null],
    ]);
    expect(logs[3]).toEqual({
      id: expect.stringMatching(/^log_/),
      template_id: t.json.id,
      template_name: 'Logged',
      api_key_id: dan.keyId,
      status: 'success',
      duration_ms: expect.any(Number),
      size_bytes: ok.bytes.byteLength,
      created_at: expect.any(String),
    });
    expect(logs[0].duration_ms).toBeGreaterThanOrEqual(2000);
    // Logs outlive their template and keep the name it had.
    await call(server.url, `/api/v1/templates/${t.json.id}`, {
      method: 'PUT',
      body: { name: 'Renamed' },
      key: dan.key,
    });
    await call(server.url, `/api/v1/templates/${t.json.id}`, { method: 'DELETE', key: dan.key });
    expect((await logsOf(dan))[3].template_name).toBe('Logged');
  });
});

describe('render credentials', () => {
  it('takes render_only keys, refuses sessions', async () => {
    const renderOnly = await createKey(server.url, alice, 'render_only');
    expect((await render(renderOnly, { html: 'x' })).status).toBe(200);
    expectError(
      await call(server.url, '/api/v1/render', { body: { html: 'x' }, cookie: alice.cookie }),
      401,
      'authentication_error',
      'unauthorized',
    );
  });
});

describe('POST /render/preview', () => {
  it('renders for sessions with sample_data, unsaved components, and is not logged', async () => {
    const erin = await seedAccount(server.url);
    const h = await call(server.url, '/api/v1/components', { body: { name: 'H', type: 'header' }, key: erin.key });
    await call(server.url, '/api/v1/templates', {
      body: { name: 'Prev', html: '<p>{{n}}</p>', sample_data: { n: 1 } },
      key: erin.key,
    });
    const res = await call(server.url, '/api/v1/render/preview', {
      body: { template_id: 'prev', header_component_id: h.json.id },
      cookie: erin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await logsOf(erin)).toEqual([]);
    expectError(
      await call(server.url, '/api/v1/render/preview', { body: { html: 'x' }, key: erin.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
    expectError(
      await call(server.url, '/api/v1/render/preview', { body: { template_id: 'prev' }, cookie: alice.cookie }),
      404,
      'not_found_error',
      'missing_template',
    );
    expectError(
      await call(server.url, '/api/v1/render/preview', { body: {}, cookie: erin.cookie }),
      400,
      'invalid_request_error',
      'missing_parameter',
      'template_id',
    );
    expectError(
      await call(server.url, '/api/v1/render/preview', {
        body: { html: 'x', footer_component_id: h.json.id },
        cookie: erin.cookie,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'footer_component_id',
    );
    // The HTML of a header/footer being edited (the dashboard's component preview).
    expect(
      (
        await call(server.url, '/api/v1/render/preview', {
          body: { html: 'x', footer_html: '<p>f</p>' },
          cookie: erin.cookie,
        })
      ).status,
    ).toBe(200);
    expectError(
      await call(server.url, '/api/v1/render/preview', { body: { html: 'x', header_html: 7 }, cookie: erin.cookie }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'header_html',
    );
  });
});
