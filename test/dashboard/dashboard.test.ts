/**
 * The dashboard end to end, as a first-time visitor uses it: sign up, write a
 * template with a variable, watch the pdf.js preview show the sample value,
 * save, create an API key, render over HTTP with it, find that render in Logs
 * and Stats. UPDATE_SCREENSHOTS=1 rewrites docs/dashboard-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.js';
import { DOCS, FIRST_PREVIEW_MS, PREVIEW_MS, SHOTS, previewText, setEditor } from './page-helpers.js';

const INVOICE_HTML = `<style>
  body { font-family: Arial, sans-serif; color: #222; }
  table { width: 100%; border-collapse: collapse; margin: 1em 0; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid #ccc; }
</style>
<h1>Invoice for {{customer}}</h1>
<table>
  <tr><th>Item</th><th>Amount</th></tr>
  {{#each items}}<tr><td>{{name}}</td><td>{{amount}}</td></tr>{{/each}}
</table>
<p><strong>Total due: {{total}}</strong></p>
`;
const INVOICE_DATA = {
  customer: 'Zenobia Quartermaine',
  items: [
    { name: 'Typesetting', amount: '900.00 EUR' },
    { name: 'Proofreading', amount: '334.50 EUR' },
  ],
  total: '1,234.50 EUR',
};

/** Form controls with no accessible name: what "labels everywhere" must keep at zero. */
async function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'input, select, textarea, button, [contenteditable="true"]',
    )) {
      const labelled =
        el.getAttribute('aria-label') ||
        el.getAttribute('aria-labelledby') ||
        (el as HTMLInputElement).labels?.length ||
        (el.tagName === 'BUTTON' && el.textContent?.trim());
      if (!labelled) out.push(el.outerHTML.slice(0, 80));
    }
    return out;
  });
}

describe('dashboard in Chromium', { timeout: 180_000 }, () => {
  let stack: Stack;
  let page: Page;
  const email = `ada-${Date.now()}@example.com`;
  let templateId = '';
  let apiKey = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    const context = await stack.browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // 4xx answers the app handles (401 before sign-in, 400 for a template error) log
    // "Failed to load resource" in Chromium's console; anything else is a real error.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });
  afterEach(async (ctx) => {
    if (process.env.DASHBOARD_DEBUG && ctx.task.result?.state === 'fail') {
      await page.screenshot({ path: `/tmp/dashboard-fail-${ctx.task.name.replace(/\W+/g, '-')}.png` });
    }
    // Every step runs without script errors in the page.
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('signs a first-time visitor up and lands on Templates', async () => {
    await page.goto(`${stack.base}/`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign up · Platen'); // the title follows the page's first render
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await expect.poll(() => page.title()).toBe('Templates · Platen'); // the title follows the page's first render
    expect(new URL(page.url()).pathname).toBe('/templates');
    expect(await unlabelled(page)).toEqual([]);
  });

  it('opens the editor with a pdf.js preview already showing', async () => {
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: FIRST_PREVIEW_MS });
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('HelloWorld');
    expect(await unlabelled(page)).toEqual([]);
  });

  it('previews the sample value of a template variable as you type', async () => {
    await page.getByLabel('Name').fill('Invoice');
    await setEditor(page, 'HTML', INVOICE_HTML);
    await setEditor(page, 'Sample data (JSON)', JSON.stringify(INVOICE_DATA, null, 2));
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('InvoiceforZenobiaQuartermaine');
    expect(await previewText(page)).toContain('Proofreading334.50EUR');
    expect(await previewText(page)).toContain('Totaldue:1,234.50EUR');
    if (SHOTS) {
      mkdirSync(DOCS, { recursive: true });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(DOCS, 'dashboard-editor.png') });
    }
  });

  it('shows a template syntax error inline, on its line, and recovers', async () => {
    await setEditor(page, 'HTML', '<h1>Invoice for {{customer}}</h1>\n{{#if items}}\n<p>Total due: {{total}}</p>\n');
    const error = page.locator('#template-error');
    await error.waitFor({ timeout: PREVIEW_MS });
    expect(await error.textContent()).toMatch(/line \d+/i);
    // The unclosed block is reported at the end of the document (line 4), and
    // CodeMirror marks that line in its gutter.
    expect(await error.textContent()).toMatch(/line 4\b/i);
    await expect.poll(() => page.locator('.cm-lint-marker-error').count()).toBe(1);
    await setEditor(page, 'HTML', INVOICE_HTML);
    await error.waitFor({ state: 'detached', timeout: PREVIEW_MS });
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('InvoiceforZenobiaQuartermaine');
  });

  it('saves the template', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    await page.waitForURL(/\/templates\/tmpl_/);
    templateId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(templateId).toMatch(/^tmpl_/);
    await page.getByRole('link', { name: 'Templates', exact: true }).click();
    await page.getByRole('link', { name: 'Invoice', exact: true }).waitFor();
  });

  it('creates an API key and shows it once', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Key name').fill('dashboard test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const field = page.getByLabel('API key', { exact: true });
    await field.waitFor();
    apiKey = await field.inputValue();
    expect(apiKey).toMatch(/^platen_live_[A-Za-z0-9]{32}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    // Shown once: after a reload only the prefix is listed.
    await page.reload();
    await page.getByRole('rowheader', { name: 'dashboard test' }).waitFor();
    expect(await page.getByLabel('API key', { exact: true }).count()).toBe(0);
    expect(await page.locator('table.list code').first().textContent()).toBe(`${apiKey.slice(0, 16)}…`);
    expect(await page.content()).not.toContain(apiKey);
    await page.getByRole('rowheader', { name: 'dashboard test' }).waitFor();
    expect(await unlabelled(page)).toEqual([]);
  });

  it('renders the saved template over HTTP with that key', async () => {
    const res = await fetch(`${stack.api}/api/v1/render`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: templateId, data: { customer: 'Grace Hopper', total: '7 EUR' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  });

  it('shows that render in the logs', async () => {
    await page.getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
    const row = page.locator('table.logs tbody tr');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const cells = await row.first().locator('td').allTextContents();
    expect(cells[1]).toBe('Invoice');
    expect(cells[2]).toBe('success');
    expect(cells[5]).toBe('dashboard test');
    await expect.poll(() => page.title()).toBe('Logs · Platen'); // the title follows the page's first render
    expect(await unlabelled(page)).toEqual([]);
  });

  it('counts that render in the stats and charts it', async () => {
    await page.getByRole('link', { name: 'Stats' }).click();
    const renders = page.locator('[data-stat="total_renders"]');
    await renders.waitFor();
    expect(await renders.textContent()).toBe('1');
    expect(await page.locator('[data-stat="success_rate"]').textContent()).toBe('100%');
    expect(await page.locator('[data-stat="templates"]').textContent()).toBe('1');
    const bars = await page
      .locator('svg.chart rect.bar.ok')
      .evaluateAll((els) => els.filter((e) => Number(e.getAttribute('height')) > 0).length);
    expect(bars).toBe(1);
  });
});
