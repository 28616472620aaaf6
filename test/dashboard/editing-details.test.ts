/**
 * Details of the dashboard at the smallest supported width (1024 px): the
 * page-format panel stays in its column and shows the real defaults, the HTML
 * editor's auto-closed tags do not double when the user types them, a
 * header/footer component previews on a page with its numbers filled in, log
 * filters live in the URL, and account deletion ends on a confirmation.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.js';
import { FIRST_PREVIEW_MS, PREVIEW_MS, previewText, setEditor } from './page-helpers.js';

/** Each preview page's text, and the top of the first text-layer span containing each of `words` (CSS px from the page's top). */
async function pagesOfPreview(
  page: Page,
  words: string[],
): Promise<Array<{ text: string; top: Record<string, number> }>> {
  return page.locator('.pdf-page').evaluateAll(
    (pages, words) =>
      pages.map((p) => {
        const spans = [...p.querySelectorAll('.textLayer span')];
        const pageTop = p.getBoundingClientRect().top;
        const top: Record<string, number> = {};
        for (const w of words) {
          const span = spans.find((s) => s.textContent?.includes(w));
          if (span) top[w] = span.getBoundingClientRect().top - pageTop;
        }
        return {
          text: spans
            .map((s) => s.textContent)
            .join('')
            .replace(/\s+/g, ''),
          top,
        };
      }),
    words,
  );
}

describe('dashboard details in Chromium at 1024 px', { timeout: 180_000 }, () => {
  let stack: Stack;
  let page: Page;
  const email = `lin-${Date.now()}@example.com`;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    page = await stack.browser.newPage({ viewport: { width: 1024, height: 768 } });
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${stack.base}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });
  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('keeps the page-format panel inside its column and shows the defaults', async () => {
    await page.goto(`${stack.base}/templates/new`);
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
    await page.getByText('Page format').click();
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 768 });
      // Every control of the panel ends inside the form column, left of the preview.
      const outside = await page.evaluate(() => {
        const column = document.querySelector('.editor-form')!.getBoundingClientRect();
        const preview = document.querySelector('.editor-preview')!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('details.format :is(input, select, fieldset)')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < column.left || r.right > column.right || r.right > preview.left;
          })
          .map((el) => el.closest('.field, fieldset')?.textContent?.trim().slice(0, 20));
      });
      expect(outside, `at ${width} px`).toEqual([]);
    }
    const placeholder = (label: string) => page.getByLabel(label, { exact: true }).getAttribute('placeholder');
    expect(await Promise.all(['Top', 'Bottom', 'Left', 'Right'].map(placeholder))).toEqual([
      '20mm',
      '20mm',
      '15mm',
      '15mm',
    ]);
    expect(
      await Promise.all(['Width', 'Height', 'Header/footer gap', 'Font size', 'Text colour'].map(placeholder)),
    ).toEqual(['210mm', '297mm', '0mm', '12pt', 'black']);
    const chosen = (label: string) => page.getByLabel(label, { exact: true }).locator('option:checked').textContent();
    expect(await chosen('Page size')).toBe('Default (a4)');
    expect(await chosen('Footer position')).toBe('Default (after-content)');
    // The size fields follow the preset.
    await page.getByLabel('Page size').selectOption('letter-landscape');
    expect([await placeholder('Width'), await placeholder('Height')]).toEqual(['11in', '8.5in']);
  });

  it("saves a template's PDF options and shows why the preview refuses bad ones", async () => {
    await page.goto(`${stack.base}/templates/new`);
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
    await setEditor(page, 'HTML', '<title>Dashboard title</title><p>Archived body</p>');
    await page.getByText('PDF options', { exact: true }).click();
    await setEditor(page, 'PDF options (JSON)', '{"standard": "pdf/a-1b"}');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Preview failed' }).allTextContents(), {
        timeout: FIRST_PREVIEW_MS,
      })
      .toEqual([
        expect.stringContaining('Invalid pdf.standard: Invalid option: expected one of "pdf/a-2b"|"pdf/a-3b"'),
      ]);
    await setEditor(page, 'PDF options (JSON)', '{"standard": "pdf/a-3b", "metadata": {"author": "Dashboard Author"}}');
    // The refusal above came from validation: this is the stack's first render, which starts its worker.
    await expect.poll(() => previewText(page), { timeout: FIRST_PREVIEW_MS }).toContain('Archivedbody');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved at/).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await page.evaluate(
      async (id) => (await (await fetch(`/api/v1/templates/${id}`)).json()) as { pdf_options: unknown },
      id,
    );
    expect(saved.pdf_options).toEqual({ standard: 'pdf/a-3b', metadata: { author: 'Dashboard Author' } });
    await page.reload();
    await page.getByText('PDF options', { exact: true }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'PDF options (JSON)', exact: true }).textContent())
      .toContain('Dashboard Author');
  });

  it('keeps auto-closed tags single when the user types them in full', async () => {
    const editor = page.getByRole('textbox', { name: 'HTML', exact: true });
    /** What typing `keys` into an emptied HTML editor leaves (one line, so textContent is the document). */
    const typed = async (...keys: string[]) => {
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      for (const k of keys) {
        if (k.startsWith('{') && k.endsWith('}')) await page.keyboard.press(k.slice(1, -1));
        else await page.keyboard.type(k);
      }
      return editor.textContent();
    };
    expect(await typed('<p>x</p>')).toBe('<p>x</p>');
    expect(await typed('<p><b>bold</b> and <i>italic</i> text</p>')).toBe('<p><b>bold</b> and <i>italic</i> text</p>');
    // A character that departs from the close tag is typed, not lost.
    expect(await typed('<p>x<br>y</p>')).toBe('<p>x<br>y</p>');
    expect(await typed('<p>x<', '{Backspace}', '</p>')).toBe('<p>x</p>');
    // Auto-closing itself still works, and a `</` completion absorbs the name typed after it.
    expect(await typed('<p>x')).toBe('<p>x</p>');
    expect(await typed('<div>', '{Shift+End}', '{Delete}', 'hi</div>')).toBe('<div>hi</div>');
  });

  it('previews a footer or header component on numbered pages, below or above the body', async () => {
    await page.goto(`${stack.base}/components/new`);
    await page.getByRole('heading', { level: 1, name: 'New component' }).waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('footer');
    await setEditor(page, 'HTML', '<p>Folio <span class="pageNumber"></span> of <span class="totalPages"></span></p>');
    await expect.poll(() => previewText(page), { timeout: FIRST_PREVIEW_MS }).toContain('Folio2of2');
    const footer = await pagesOfPreview(page, ['Folio', 'Template']);
    // (Text order in the PDF is paint order, so placement is checked by position.)
    expect(
      footer.map((p) => [
        p.text.includes('Templatebody,pageone.'),
        p.text.includes('Folio1of2'),
        p.text.includes('Folio2of2'),
      ]),
    ).toEqual([
      [true, true, false],
      [false, false, true],
    ]);
    // On page one the footer sits at the page's bottom, far below the one line of body.
    const height = await page
      .locator('.pdf-page')
      .first()
      .evaluate((e) => e.clientHeight);
    expect(footer[0]!.top['Folio']).toBeGreaterThan(height * 0.8);
    expect(footer[0]!.top['Template']).toBeLessThan(height * 0.2);

    await page.getByLabel('Type', { exact: true }).selectOption('header');
    await setEditor(page, 'HTML', '<p>Masthead, sheet <span class="pageNumber"></span></p>');
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('Masthead,sheet2');
    const header = await pagesOfPreview(page, ['Masthead', 'Template']);
    expect(
      header.map((p) => [
        p.text.includes('Templatebody,pagetwo.'),
        p.text.includes('Masthead,sheet1'),
        p.text.includes('Masthead,sheet2'),
      ]),
    ).toEqual([
      [false, true, false],
      [true, false, true],
    ]);
    expect(header[1]!.top['Masthead']).toBeLessThan(header[1]!.top['Template']!);
  });

  it('keeps log filters in the URL: reload, a shared link, back and forward', async () => {
    // Three logged renders: two that succeed, one whose template does not exist.
    const key = await page.evaluate(async () => {
      const res = await fetch('/api/v1/api-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'logs', permission: 'full_access' }),
      });
      return ((await res.json()) as { key: string }).key;
    });
    const render = (body: unknown) =>
      fetch(`${stack.api}/api/v1/render`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status);
    expect([
      await render({ html: '<p>a</p>' }),
      await render({ html: '<p>b</p>' }),
      await render({ template_id: 'nope' }),
    ]).toEqual([200, 200, 404]);

    const rows = page.locator('table.logs tbody tr');
    const status = page.getByLabel('Status');
    const url = () => {
      const u = new URL(page.url());
      return u.pathname + u.search;
    };
    await page.goto(`${stack.base}/logs`);
    await expect.poll(() => rows.count()).toBe(3);
    await status.selectOption('error');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(url).toBe('/logs?status=error');
    await expect.poll(() => rows.count()).toBe(1);

    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await status.inputValue()).toBe('error');

    await status.selectOption('success');
    await page.getByLabel('Per page').selectOption('25');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(url).toBe('/logs?status=success&limit=25');
    await expect.poll(() => rows.count()).toBe(2);

    await page.goBack();
    await expect.poll(url).toBe('/logs?status=error');
    await expect.poll(() => rows.count()).toBe(1);
    expect([await status.inputValue(), await page.getByLabel('Per page').inputValue()]).toEqual(['error', '50']);
    await page.goBack();
    await expect.poll(url).toBe('/logs');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await status.inputValue()).toBe('');
    await page.goForward();
    await expect.poll(() => rows.count()).toBe(1);

    // The link opened in another window of the same session shows the same logs.
    const window2 = await stack.browser.newContext({ storageState: await page.context().storageState() });
    const other = await window2.newPage();
    await other.goto(`${stack.base}/logs?status=success&limit=25`);
    await expect.poll(() => other.locator('table.logs tbody tr').count()).toBe(2);
    expect(await other.getByLabel('Per page').inputValue()).toBe('25');
    await window2.close();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(url).toBe('/logs');
    await expect.poll(() => rows.count()).toBe(3);
  });

  it('confirms on a page of its own that the account and its data were deleted', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account deleted' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account-deleted');
    await expect.poll(() => page.title()).toBe('Account deleted · Platen');
    expect(await page.getByRole('status').textContent()).toMatch(
      /account and all its data were deleted: templates, components, API keys, render logs and stored renders/,
    );
    // Nothing of the account is left behind the page: a reload keeps the confirmation, signed out.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Account deleted' }).waitFor();
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Create a new account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  });
});
