import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// RenderRequest.pdf through the real worker and @platen/core, read back with poppler.
let server: TestServer;
let alice: Account;
const PASSWORD = 'pw-9f3a-never-logged';
const INVOICE_XML = readFileSync(new URL('../../../core/test/pdf/invoice-en16931.xml', import.meta.url), 'utf8');

beforeAll(async () => {
  server = await startTestServer({ renderTimeoutMs: 30_000, jobPollMs: 50 });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

function poppler(tool: string, bytes: Uint8Array, ...args: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-pdf-')), 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync(tool, [...args, file], { encoding: 'utf8' });
}

describe('RenderRequest.pdf', () => {
  it('sets metadata and encrypts with AES-256 (pdfinfo -upw)', async () => {
    const body = {
      html: '<html lang="en"><title>Statement</title><p>Balance {{b}}</p></html>',
      data: { b: 12 },
      pdf: {
        metadata: { author: 'ACME', creation_date: '2026-03-01T00:00:00Z' },
        encryption: { user_password: PASSWORD, permissions: { copy: false } },
      },
    };
    const res = await call(server.url, '/api/v1/render', { body, key: alice.key });
    expect(res.status).toBe(200);
    expect(() => poppler('pdfinfo', res.bytes)).toThrow();
    const info = poppler('pdfinfo', res.bytes, '-upw', PASSWORD);
    expect(info).toMatch(/^Title: +Statement$/m);
    expect(info).toMatch(/^Author: +ACME$/m);
    expect(info).toMatch(/^Encrypted: +yes \(print:yes copy:no change:yes addNotes:yes algorithm:AES-256\)$/m);
  });

  it('makes a Factur-X e-invoice from a template, data and the XML (pdfdetach)', async () => {
    await call(server.url, '/api/v1/templates', {
      body: { name: 'E-invoice', html: '<h1>Invoice {{n}}</h1>' },
      key: alice.key,
    });
    const res = await call(server.url, '/api/v1/render', {
      body: {
        template_id: 'e-invoice',
        data: { n: 'INV-2026-042' },
        pdf: { factur_x: { xml: INVOICE_XML } },
        delivery: 'base64',
      },
      key: alice.key,
    });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(res.json.pdf_base64 as string, 'base64');
    expect(poppler('pdfdetach', pdf, '-list')).toContain('1: factur-x.xml');
    expect(poppler('pdfinfo', pdf, '-meta')).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  });

  it('tags by default, leaves the tree out with tagged false, writes PDF/A-3a (pdfinfo)', async () => {
    const html = '<html lang="en"><title>Report</title><p>Text</p></html>';
    const render = (pdf?: unknown) => call(server.url, '/api/v1/render', { body: { html, pdf }, key: alice.key });
    const [tagged, untagged, levelA] = await Promise.all([
      render(),
      render({ tagged: false }),
      render({ standard: 'pdf/a-3a' }),
    ]);
    expect(poppler('pdfinfo', tagged.bytes)).toMatch(/^Tagged: +yes$/m);
    expect(poppler('pdfinfo', untagged.bytes)).toMatch(/^Tagged: +no$/m);
    expect(poppler('pdfinfo', levelA.bytes)).toMatch(/^Tagged: +yes$/m);
    expect(poppler('pdfinfo', levelA.bytes, '-meta')).toContain('<pdfaid:conformance>A</pdfaid:conformance>');
  });

  it.each([
    ['pdf.encryption', { standard: 'pdf/a-3b', encryption: { user_password: PASSWORD } }, /PDF\/A forbids encryption/],
    ['pdf.standard', { standard: 'pdf/a-1b' }, /pdf\/a-2b/],
    ['pdf.encryption', { encryption: { userPassword: PASSWORD } }, /userPassword/],
    [
      'pdf.attachments.0.filename',
      { standard: 'pdf/a-3b', attachments: [{ filename: '../etc/passwd', content: '' }] },
      /without "\/"/,
    ],
    ['pdf.factur_x.profile', { factur_x: { xml: INVOICE_XML, profile: 'MINIMUM' } }, /declares the EN 16931 profile/],
    ['pdf.tagged', { standard: 'pdf/a-2a', tagged: false }, /needs a tagged PDF/],
    ['pdf.metadata.language', { standard: 'pdf/a-2a' }, /needs the document language/],
  ])('answers 400 invalid_parameter naming %s', async (param, pdf, message) => {
    const res = await call(server.url, '/api/v1/render', { body: { html: '<p>x</p>', pdf }, key: alice.key });
    expectError(res, 400, 'invalid_request_error', 'invalid_parameter', param);
    expect(res.json.error.message).toMatch(message);
    expect(JSON.stringify(res.json)).not.toContain(PASSWORD);
  });

  it("merges a template's pdf_options under the request's, and never stores passwords with a template", async () => {
    const k = { key: alice.key };
    const created = await call(server.url, '/api/v1/templates', {
      body: {
        name: 'Archived',
        html: '<title>From HTML</title><p>x</p>',
        pdf_options: { standard: 'pdf/a-3b', metadata: { author: 'Template Author', subject: 'Kept' } },
      },
      ...k,
    });
    expect(created.status).toBe(201);
    expect(created.json.pdf_options).toEqual({
      standard: 'pdf/a-3b',
      metadata: { author: 'Template Author', subject: 'Kept' },
    });
    const res = await call(server.url, '/api/v1/render', {
      body: { template_id: 'archived', pdf: { metadata: { author: 'Request Author' } } },
      ...k,
    });
    expect(res.status).toBe(200);
    const info = poppler('pdfinfo', res.bytes);
    expect(info).toMatch(/^Author: +Request Author$/m);
    expect(info).toMatch(/^Subject: +Kept$/m);
    expect(info).toMatch(/^Title: +From HTML$/m);
    expect(poppler('pdfinfo', res.bytes, '-meta')).toContain('<pdfaid:part>3</pdfaid:part>');

    const refused = await call(server.url, '/api/v1/render', {
      body: { template_id: 'archived', pdf: { encryption: { user_password: PASSWORD } } },
      ...k,
    });
    expectError(refused, 400, 'invalid_request_error', 'invalid_parameter', 'pdf.encryption');
    expect(refused.json.error.message).toMatch(/PDF\/A forbids encryption/);
    const stored = await call(server.url, '/api/v1/templates', {
      body: { name: 'Locked', pdf_options: { encryption: { user_password: PASSWORD } } },
      ...k,
    });
    expectError(stored, 400, 'invalid_request_error', 'invalid_parameter', 'pdf_options.encryption');
    const updated = await call(server.url, '/api/v1/templates/archived', {
      method: 'PUT',
      body: { pdf_options: {} },
      ...k,
    });
    expect(updated.json.pdf_options).toEqual({});
  });

  it('keeps passwords out of logs, log rows and, once a job has ended, the stored job', async () => {
    const pdf = { encryption: { user_password: PASSWORD, owner_password: `${PASSWORD}-owner` } };
    const queued = await call(server.url, '/api/v1/render/async', { body: { html: '<p>x</p>', pdf }, key: alice.key });
    expect(queued.status).toBe(202);
    for (let i = 0; i < 400; i++) {
      const job = await call(server.url, `/api/v1/render-jobs/${queued.json.id as string}`, { key: alice.key });
      if (job.json.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await call(server.url, '/api/v1/render', { body: { html: '{{#if}}', pdf }, key: alice.key });
    const rows = [...(await server.sql('SELECT * FROM logs')), ...(await server.sql('SELECT * FROM render_jobs'))];
    expect(rows.length).toBeGreaterThan(2);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(JSON.stringify(server.requests) + server.errors.join('\n')).not.toContain(PASSWORD);
  });
});

describe('RenderRequest.pdf.signature', () => {
  const p12File = new URL('../../../core/test/pdf/test-signer.p12', import.meta.url);
  const p12 = new Uint8Array(readFileSync(p12File));

  it("signs with the server's certificate (pdfsig), and refuses when the server has none", async () => {
    const signer = await startTestServer({ renderTimeoutMs: 30_000, signing: { p12, passphrase: 'platen-test' } });
    try {
      const bob = await seedAccount(signer.url);
      const res = await call(signer.url, '/api/v1/render', {
        body: { html: '<p>Contract</p>', pdf: { signature: { reason: 'Approved', location: 'Bern' } } },
        key: bob.key,
      });
      expect(res.status).toBe(200);
      const report = poppler('pdfsig', res.bytes);
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signer Certificate Common Name: Platen Test Signer');
      // Visible, in a rectangle of the page; a bad rectangle is a 400 naming it.
      const visible = { page: 1, x: 300, y: 400, width: 200, height: 60 };
      const shown = await call(signer.url, '/api/v1/render', {
        body: { html: '<p>Contract</p>', pdf: { signature: { reason: 'Approved', visible } } },
        key: bob.key,
      });
      expect(shown.status).toBe(200);
      expect(poppler('pdfsig', shown.bytes)).toContain('Signature Validation: Signature is Valid.');
      expect(poppler('qpdf', shown.bytes, '--json=2')).toMatch(/"\/FT": "\/Sig"/);
      const flat = await call(signer.url, '/api/v1/render', {
        body: { html: '<p>x</p>', pdf: { signature: { visible: { ...visible, height: 0 } } } },
        key: bob.key,
      });
      expectError(flat, 400, 'invalid_request_error', 'invalid_parameter', 'pdf.signature.visible.height');
      // A request cannot bring its own certificate.
      const own = await call(signer.url, '/api/v1/render', {
        body: { html: '<p>x</p>', pdf: { signature: { p12: 'AAAA' } } },
        key: bob.key,
      });
      expectError(own, 400, 'invalid_request_error', 'invalid_parameter', 'pdf.signature');
      const both = await call(signer.url, '/api/v1/render', {
        body: { html: '<p>x</p>', pdf: { signature: {}, encryption: { user_password: 'x' } } },
        key: bob.key,
      });
      expectError(both, 400, 'invalid_request_error', 'invalid_parameter', 'pdf.signature');
    } finally {
      await signer.close();
    }
    const none = await call(server.url, '/api/v1/render', {
      body: { html: '<p>x</p>', pdf: { signature: {} } },
      key: alice.key,
    });
    expectError(none, 400, 'invalid_request_error', 'invalid_parameter', 'pdf.signature');
    expect(none.json.error.message).toContain('PLATEN_SIGNING_P12');
  });

  it('checks the configured certificate at start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platen-config-'));
    const path = fileURLToPath(p12File);
    expect(
      loadConfig({ PLATEN_SIGNING_P12: path, PLATEN_SIGNING_PASSPHRASE: 'platen-test' }, { dataDir }, false).signing
        ?.passphrase,
    ).toBe('platen-test');
    expect(() =>
      loadConfig({ PLATEN_SIGNING_P12: path, PLATEN_SIGNING_PASSPHRASE: 'wrong' }, { dataDir }, false),
    ).toThrow(/PLATEN_SIGNING_P12: .*passphrase is wrong/);
  });
});
