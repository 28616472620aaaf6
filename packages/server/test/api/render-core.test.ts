import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Renders through the real worker and @platen/core (no stand-in).
let server: TestServer;
let alice: Account;

beforeAll(async () => {
  server = await startTestServer({ renderTimeoutMs: 30_000, maxPages: 3 });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

function pdfInfo(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-pdf-')), 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

/** The PDF's text through poppler's pdftotext (required by the project's visual tests too). */
function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-pdf-')), 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('rendering with @platen/core', () => {
  it('renders raw HTML with data to a PDF', async () => {
    const res = await call(server.url, '/api/v1/render', {
      body: { html: '<h1>Hello {{name}}</h1>', data: { name: 'Platen' } },
      key: alice.key,
    });
    expect(res.json).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-');
    expect(pdfText(res.bytes)).toContain('Hello Platen');
  });

  it('expands header, footer and <svc-block> components with the same data', async () => {
    const k = { key: alice.key };
    const header = await call(server.url, '/api/v1/components', {
      body: { name: 'H', type: 'header', html: '<div>Head {{who}}</div>' },
      ...k,
    });
    const footer = await call(server.url, '/api/v1/components', {
      body: {
        name: 'F',
        type: 'footer',
        html: '<div>Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
      },
      ...k,
    });
    const block = await call(server.url, '/api/v1/components', {
      body: { name: 'B', type: 'block', html: '<p>Block {{who}}</p>' },
      ...k,
    });
    const html = `<p>Body</p><svc-block id="${block.json.id}"></svc-block><svc-block id="comp_gone"></svc-block>`;
    await call(server.url, '/api/v1/templates', {
      body: { name: 'Full', html, header_component_id: header.json.id, footer_component_id: footer.json.id },
      ...k,
    });
    const res = await call(server.url, '/api/v1/render', { body: { template_id: 'full', data: { who: 'Ada' } }, ...k });
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    for (const expected of ['Head Ada', 'Body', 'Block Ada', 'Page 1 of 1']) expect(text).toContain(expected);
  });

  it("reports the engine's warnings in headers, in JSON answers and in the log", async () => {
    // ftp: is never fetched (DECISIONS.md): the image is skipped with a warning, the PDF still made.
    const html = '<p>Logo: <img src="ftp://files.example/logo.png" alt=""></p><p>Café</p>';
    const binary = await call(server.url, '/api/v1/render', { body: { html }, key: alice.key });
    expect(binary.status).toBe(200);
    expect(binary.headers.get('platen-warning-count')).toBe('1');
    const fromHeader = JSON.parse(binary.headers.get('platen-warnings')!) as { code: string; message: string }[];
    expect(fromHeader).toEqual([
      { code: 'resource_not_loaded', message: expect.stringContaining('ftp://files.example/logo.png') },
    ]);
    const json = await call(server.url, '/api/v1/render', { body: { html, delivery: 'base64' }, key: alice.key });
    expect(json.json.warnings).toEqual(fromHeader);
    const [log] = (await call(server.url, '/api/v1/logs?limit=1', { key: alice.key })).json.data;
    expect(log.warnings).toEqual(fromHeader);
    const clean = await call(server.url, '/api/v1/render', {
      body: { html: '<p>fine</p>', delivery: 'base64' },
      key: alice.key,
    });
    expect(clean.json.warnings).toEqual([]);
    expect((await call(server.url, '/api/v1/logs?limit=1', { key: alice.key })).json.data[0]).not.toHaveProperty(
      'warnings',
    );
  });

  it('gives templates the fonts of PLATEN_FONT_DIRS folders by family name', async () => {
    const fontDir = fileURLToPath(new URL('../../../../test/e2e/text-positions/fonts/', import.meta.url));
    const withFonts = await startTestServer({ renderTimeoutMs: 30_000, fontDirs: [fontDir] });
    try {
      const bob = await seedAccount(withFonts.url);
      const res = await call(withFonts.url, '/api/v1/render', {
        body: { html: `<p style="font-family: 'Platen Fixture Mono'">Brand font</p>` },
        key: bob.key,
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(res.bytes).toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+PlatenFixtureMono-Regular/);
    } finally {
      await withFonts.close();
    }
  });

  it('answers 400 template_syntax_error naming the line for a template that does not compile', async () => {
    const res = await call(server.url, '/api/v1/render', {
      body: { html: '<p>ok</p>\n{{#each items}}\n<p>' },
      key: alice.key,
    });
    expectError(res, 400, 'invalid_request_error', 'template_syntax_error');
    expect(res.json.error.message).toMatch(/line \d+/);
  });

  it('applies format precedence: request format over the template pdf_format', async () => {
    await call(server.url, '/api/v1/templates', {
      body: { name: 'Sized', html: '<p>x</p>', pdf_format: { preset: 'letter' } },
      key: alice.key,
    });
    const letter = await call(server.url, '/api/v1/render', { body: { template_id: 'sized' }, key: alice.key });
    expect(pdfInfo(letter.bytes)).toMatch(/Page size:\s+612 x 792 pts/);
    const square = await call(server.url, '/api/v1/render', {
      body: { template_id: 'sized', format: { preset: 'a4-landscape' } },
      key: alice.key,
    });
    expect(pdfInfo(square.bytes)).toMatch(/Page size:\s+841\.89 x 595\.276 pts \(A4\)/);
    const a4 = await call(server.url, '/api/v1/render', { body: { html: '<p>x</p>' }, key: alice.key });
    expect(pdfInfo(a4.bytes)).toMatch(/Page size:\s+595\.276 x 841\.89 pts \(A4\)/);
  });

  it('delivers base64 and signed-URL renders of real PDFs, and blocks in raw HTML', async () => {
    const block = await call(server.url, '/api/v1/components', {
      body: { name: 'Sig', type: 'block', html: '<p>Signed {{by}}</p>' },
      key: alice.key,
    });
    const html = `<p>Raw</p><svc-block id="${block.json.id}"></svc-block>`;
    const b64 = await call(server.url, '/api/v1/render', {
      body: { html, data: { by: 'Grace' }, delivery: 'base64' },
      key: alice.key,
    });
    expect(pdfText(Buffer.from(b64.json.pdf_base64, 'base64'))).toContain('Signed Grace');
    const url = await call(server.url, '/api/v1/render', {
      body: { html, data: { by: 'Lin' }, delivery: 'url' },
      key: alice.key,
    });
    const signed = new URL(url.json.url);
    const got = await call(server.url, signed.pathname + signed.search);
    expect(got.bytes.byteLength).toBe(url.json.size_bytes);
    expect(pdfText(got.bytes)).toContain('Signed Lin');
  });

  it('answers 422 document_too_large past the page limit, and logs it', async () => {
    const html = '{{#each rows}}<p style="page-break-after: always">row {{this}}</p>{{/each}}';
    const res = await call(server.url, '/api/v1/render', {
      body: { html, data: { rows: [1, 2, 3, 4, 5] } },
      key: alice.key,
    });
    expectError(res, 422, 'invalid_request_error', 'document_too_large');
    const [log] = (await call(server.url, '/api/v1/logs?limit=1', { key: alice.key })).json.data;
    expect(log).toMatchObject({ status: 'error', size_bytes: null });
  });
});
