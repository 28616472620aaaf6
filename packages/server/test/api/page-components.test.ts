import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Template.first_page / last_page and RenderRequest's component choices, through the real worker, read back with pdftotext.
let server: TestServer;
let alice: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ renderTimeoutMs: 30_000, jobPollMs: 50 });
  alice = await seedAccount(server.url);
  const make = async (name: string, type: string, html: string) => {
    const res = await call(server.url, '/api/v1/components', { body: { name, type, html }, key: alice.key });
    ids[name] = res.json.id as string;
  };
  await make('head', 'header', '<div>EVERYHEAD</div>');
  await make('foot', 'footer', '<div>EVERYFOOT <span class="pageNumber"></span></div>');
  await make('letterhead', 'header', '<div style="height:150px">LETTERHEAD</div>');
  await make('totals', 'footer', '<div>TOTALSFOOT</div>');
});
afterAll(() => server.close());

/** The words of each page (pdftotext). */
function pageTexts(bytes: Uint8Array): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-pdf-')), 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

const threePages = '<p>One</p><p style="break-before:page">Two</p><p style="break-before:page">Three</p>';

describe('first_page and last_page', () => {
  it('are stored with the template and print on the first and last page only', async () => {
    const created = await call(server.url, '/api/v1/templates', {
      body: {
        name: 'Letter',
        html: threePages,
        header_component_id: ids.head,
        footer_component_id: ids.foot,
        first_page: { header_component_id: ids.letterhead },
        last_page: { footer_component_id: ids.totals },
      },
      key: alice.key,
    });
    expect(created.status).toBe(201);
    expect(created.json.first_page).toEqual({ header_component_id: ids.letterhead });
    expect(created.json.last_page).toEqual({ footer_component_id: ids.totals });
    const res = await call(server.url, '/api/v1/render', { body: { template_id: 'letter' }, key: alice.key });
    expect(res.status).toBe(200);
    const pages = pageTexts(res.bytes);
    expect(pages).toHaveLength(3);
    expect(
      pages.map((p) => ['LETTERHEAD', 'EVERYHEAD', 'EVERYFOOT', 'TOTALSFOOT'].filter((w) => p.includes(w))),
    ).toEqual([
      ['LETTERHEAD', 'EVERYFOOT'],
      ['EVERYHEAD', 'EVERYFOOT'],
      ['EVERYHEAD', 'TOTALSFOOT'],
    ]);
  });

  it("take the render request's choices over the template's, key by key; null prints none", async () => {
    const res = await call(server.url, '/api/v1/render', {
      body: {
        template_id: 'letter',
        first_page: { header_component_id: null },
        last_page: { header_component_id: ids.letterhead },
      },
      key: alice.key,
    });
    const pages = pageTexts(res.bytes);
    expect(
      pages.map((p) => ['LETTERHEAD', 'EVERYHEAD', 'EVERYFOOT', 'TOTALSFOOT'].filter((w) => p.includes(w))),
    ).toEqual([['EVERYFOOT'], ['EVERYHEAD', 'EVERYFOOT'], ['LETTERHEAD', 'TOTALSFOOT']]);
    // A raw-HTML render names its components itself.
    const raw = await call(server.url, '/api/v1/render', {
      body: { html: threePages, footer_component_id: ids.foot, last_page: { footer_component_id: null } },
      key: alice.key,
    });
    expect(pageTexts(raw.bytes).map((p) => p.includes('EVERYFOOT'))).toEqual([true, true, false]);
  });

  it('print none on that page once the component is deleted, and update as a whole', async () => {
    const t = await call(server.url, '/api/v1/templates', {
      body: { name: 'Gone', html: threePages, first_page: { header_component_id: ids.totals.replace(/.$/, '') } },
      key: alice.key,
    });
    expectError(t, 400, 'invalid_request_error', 'invalid_parameter', 'first_page.header_component_id');
    const temp = await call(server.url, '/api/v1/components', {
      body: { name: 'temp', type: 'header', html: 'TEMPHEAD' },
      key: alice.key,
    });
    const made = await call(server.url, '/api/v1/templates', {
      body: {
        name: 'Gone',
        html: threePages,
        header_component_id: ids.head,
        first_page: { header_component_id: temp.json.id },
      },
      key: alice.key,
    });
    expect(
      pageTexts((await call(server.url, '/api/v1/render', { body: { template_id: 'gone' }, key: alice.key })).bytes)[0],
    ).toContain('TEMPHEAD');
    await call(server.url, `/api/v1/components/${temp.json.id}`, { method: 'DELETE', key: alice.key });
    const after = await call(server.url, `/api/v1/templates/${made.json.id}`, { key: alice.key });
    expect(after.json.first_page).toEqual({ header_component_id: null });
    const pages = pageTexts(
      (await call(server.url, '/api/v1/render', { body: { template_id: 'gone' }, key: alice.key })).bytes,
    );
    expect(pages.map((p) => p.includes('EVERYHEAD'))).toEqual([false, true, true]);
    const cleared = await call(server.url, `/api/v1/templates/${made.json.id}`, {
      method: 'PUT',
      body: { first_page: {} },
      key: alice.key,
    });
    expect(cleared.json.first_page).toEqual({});
    const dup = await call(server.url, `/api/v1/templates/${made.json.id}/duplicate`, {
      method: 'POST',
      key: alice.key,
    });
    expect(dup.json.last_page).toEqual({});
  });

  it('refuses a header as a footer, unknown keys and components of the wrong type with 400 naming the field', async () => {
    expectError(
      await call(server.url, '/api/v1/render', {
        body: { html: 'x', last_page: { footer_component_id: ids.head } },
        key: alice.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'last_page.footer_component_id',
    );
    expectError(
      await call(server.url, '/api/v1/render', {
        body: { html: 'x', first_page: { header: ids.head } },
        key: alice.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'first_page',
    );
    expectError(
      await call(server.url, '/api/v1/render/async', {
        body: { html: 'x', header_component_id: ids.foot },
        key: alice.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'header_component_id',
    );
    // A header in use as a first-page header cannot become a footer.
    const t = await call(server.url, '/api/v1/templates', {
      body: { name: 'Role', first_page: { header_component_id: ids.letterhead } },
      key: alice.key,
    });
    expect(t.status).toBe(201);
    expectError(
      await call(server.url, `/api/v1/components/${ids.letterhead}`, {
        method: 'PUT',
        body: { type: 'footer' },
        key: alice.key,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'type',
    );
  });
});
