/**
 * The rest of the dashboard in Chromium: components attached to a template,
 * duplicate and delete behind a confirmation, key revocation, log filters and
 * pagination, stats periods, keyboard focus, and account deletion.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.js';
import { DOCS, FIRST_PREVIEW_MS, PREVIEW_MS, SHOTS, previewText, setEditor } from './page-helpers.js';

async function confirmDialog(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('dashboard management pages in Chromium', { timeout: 180_000 }, () => {
  let stack: Stack;
  let page: Page;
  const email = `grace-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  let key = '';

  const render = (body: unknown, bearer = key) =>
    fetch(`${stack.api}/api/v1/render`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    stack = await startStack();
    page = await stack.browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${stack.base}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('moves keyboard focus with a visible outline, starting at the skip link', async () => {
    await page.goto(`${stack.base}/templates`);
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent, outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(focus).toEqual({ text: 'Platen', outline: 'solid', width: '3px' });
  });

  it('creates a footer component and attaches it to a template, visible in the preview', async () => {
    await page.getByRole('link', { name: 'Components' }).click();
    await page.getByRole('button', { name: 'New component' }).click();
    await page.getByLabel('Name').fill('Thank-you footer');
    await page.getByLabel('Type', { exact: true }).selectOption('footer');
    await setEditor(page, 'HTML', '<p>Thanks for your business, {{customer}}</p>');
    await expect.poll(() => previewText(page), { timeout: FIRST_PREVIEW_MS }).toContain('Thanksforyourbusiness');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit component' }).waitFor();

    await page.getByRole('link', { name: 'Components' }).click();
    await page.getByRole('button', { name: 'New component' }).click();
    await page.getByLabel('Name').fill('Address');
    await setEditor(page, 'HTML', '<p>ACME Ltd, 1 Main Street</p>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit component' }).waitFor();

    await page.getByRole('link', { name: 'Templates', exact: true }).click();
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Name').fill('Receipt');
    await setEditor(page, 'HTML', '<h1>Receipt for {{customer}}</h1>\n');
    await page.getByLabel('Insert block').selectOption({ label: 'Address' });
    await setEditor(page, 'Sample data (JSON)', '{"customer": "Hypatia"}');
    await page.getByLabel('Footer', { exact: true }).selectOption({ label: 'Thank-you footer' });
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('Thanksforyourbusiness,Hypatia');
    expect(await previewText(page)).toContain('ReceiptforHypatiaACMELtd,1MainStreet');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
  });

  it('applies the page format controls to the preview and flags a bad field', async () => {
    const pageBox = async () =>
      page
        .locator('.pdf-page')
        .first()
        .evaluate((e) => ({ w: e.clientWidth, h: e.clientHeight }));
    await page.getByText('Page format').click();
    const size = page.getByLabel('Page size');
    await size.selectOption('a4-landscape');
    await expect
      .poll(
        async () => {
          const b = await pageBox();
          return b.w > b.h;
        },
        { timeout: PREVIEW_MS },
      )
      .toBe(true);
    const ratio = await pageBox();
    expect(ratio.w / ratio.h).toBeCloseTo(297 / 210, 1);

    await size.selectOption('custom');
    await page.getByLabel('Height', { exact: true }).fill('100mm');
    const alert = page.getByRole('alert').filter({ hasText: 'Preview failed' });
    await alert.waitFor({ timeout: PREVIEW_MS });
    expect(await page.getByLabel('Width', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Width', { exact: true }).fill('100mm');
    await alert.waitFor({ state: 'detached', timeout: PREVIEW_MS });
    await expect
      .poll(
        async () => {
          const b = await pageBox();
          return Math.abs(b.w - b.h) <= 2;
        },
        { timeout: PREVIEW_MS },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved at' }).waitFor();
  });

  it('logs out and back in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await expect.poll(() => page.title()).toBe('Log in · Platen'); // the title follows the page's first render
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
  });

  it('keeps unsaved work when the session ends and asks to log in again', async () => {
    await page.getByRole('link', { name: 'Receipt', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    // Let the editor finish loading (its first preview) so that only the edit below meets the ended session.
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('ReceiptforHypatia');
    await page.context().clearCookies();
    await setEditor(page, 'HTML', '<h1>Receipt No. 2 for {{customer}}</h1>');
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor({ timeout: PREVIEW_MS });
    await dialog.getByLabel(`Password for ${email}`).fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: 'HTML', exact: true }).textContent()).toContain('Receipt No. 2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved at' }).waitFor();
    await expect.poll(() => previewText(page), { timeout: PREVIEW_MS }).toContain('ReceiptNo.2forHypatia');
  });

  it('asks before a link leaves an editor with unsaved changes', async () => {
    await page.getByLabel('Name').fill('Receipt (draft)');
    await page.getByRole('link', { name: 'Logs' }).click();
    await confirmDialog(page, 'Cancel');
    expect(new URL(page.url()).pathname).toMatch(/^\/templates\/tmpl_/);
    expect(await page.getByLabel('Name').inputValue()).toBe('Receipt (draft)');
    await page.getByRole('link', { name: 'Logs' }).click();
    await confirmDialog(page, 'Leave');
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
  });

  it('duplicates a template and deletes the copy after confirming', async () => {
    await page.getByRole('link', { name: 'Templates', exact: true }).click();
    await page.getByRole('button', { name: 'Duplicate Receipt' }).click();
    const copy = page.getByRole('link', { name: 'Receipt (copy)' });
    await copy.waitFor();
    await page.getByRole('button', { name: 'Delete Receipt (copy)' }).click();
    await confirmDialog(page, 'Cancel');
    expect(await copy.count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Receipt (copy)' }).click();
    await confirmDialog(page, 'Delete template');
    await copy.waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Receipt', exact: true }).count()).toBe(1);
  });

  it('revokes a key so that it stops working', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Key name').fill('short-lived');
    await page.getByLabel('Permission').selectOption('render_only');
    await page.getByRole('button', { name: 'Create key' }).click();
    const doomed = await page.getByLabel('API key', { exact: true }).inputValue();
    await page.getByRole('button', { name: 'Done' }).click();
    expect((await render({ html: '<p>hi</p>' }, doomed)).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke short-lived' }).click();
    await confirmDialog(page, 'Revoke key');
    await page.getByRole('rowheader', { name: 'short-lived' }).waitFor({ state: 'detached' });
    expect((await render({ html: '<p>hi</p>' }, doomed)).status).toBe(401);

    await page.getByLabel('Key name').fill('main');
    await page.getByRole('button', { name: 'Create key' }).click();
    key = await page.getByLabel('API key', { exact: true }).inputValue();
  });

  it('filters logs by status and pages through them', async () => {
    for (let i = 0; i < 26; i++)
      expect((await render({ template_id: 'receipt', data: { customer: `c${i}` } })).status).toBe(200);
    expect((await render({ template_id: 'no-such-template' })).status).toBe(404);
    await page.getByRole('link', { name: 'Logs' }).click();
    await page.getByLabel('Per page').selectOption('25');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const rows = page.locator('table.logs tbody tr');
    // 28 renders in all: the revoked key's one, 26 of the receipt, one failure.
    await expect.poll(() => rows.count()).toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => rows.count()).toBe(25);

    await page.getByLabel('Status').selectOption('error');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells[2]).toBe('error');
    expect(cells[6]).not.toBe('');
    if (SHOTS) {
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => rows.count()).toBe(28);
      await page.screenshot({ path: join(DOCS, 'dashboard-logs.png') });
    }
  });

  it('switches stats periods', async () => {
    await page.getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('button', { name: 'All time' }).click();
    expect(await page.getByRole('button', { name: 'All time' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[data-stat="total_renders"]').textContent()).toBe('28');
    expect(await page.locator('[data-stat="success_rate"]').textContent()).toBe(`${Math.round((27 / 28) * 100)}%`);
    const bars = page.locator('svg.chart rect.bar.err');
    const failed = await bars.evaluateAll((els) => els.filter((e) => Number(e.getAttribute('height')) > 0).length);
    expect(failed).toBe(1);
    if (SHOTS) await page.screenshot({ path: join(DOCS, 'dashboard-stats.png') });
  });

  /** A second browser (another session of the same account), signed in through the form. */
  async function otherSession(pass: string): Promise<{ signedIn: () => Promise<boolean>; close: () => Promise<void> }> {
    const context = await stack.browser.newContext();
    const other = await context.newPage();
    await other.goto(`${stack.base}/login`);
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill(pass);
    await other.getByRole('button', { name: 'Log in' }).click();
    await other.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    return {
      signedIn: async () => (await other.evaluate(() => fetch('/api/v1/auth/me').then((r) => r.status))) === 200,
      close: () => context.close(),
    };
  }

  async function logIn(pass: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(pass);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  const newPassword = 'battery staple horse correct';

  it('changes the password, which logs out the other sessions but not this one', async () => {
    const other = await otherSession(password);
    expect(await other.signedIn()).toBe(true);
    await page.getByRole('link', { name: 'Account' }).click();
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Repeat new password').fill(`${newPassword}!`);
    await form.getByRole('button', { name: 'Change password' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('The new passwords do not match.');
    await form.getByLabel('Repeat new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).not.toBe('The new passwords do not match.');
    expect(await other.signedIn()).toBe(true); // a wrong current password changes nothing
    await form.getByLabel('Current password').fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    // Earlier tests left sessions of their own (a login after a simulated expiry): at least the other browser's.
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(/^Password changed\. ([1-9]\d*) other sessions? (was|were) logged out\.$/);
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    expect(await other.signedIn()).toBe(false);
    await other.close();
    // This session goes on; the old password no longer logs in, the new one does.
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    const status = (pass: string) =>
      fetch(`${stack.api}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.api },
        body: JSON.stringify({ email, password: pass }),
      }).then((r) => r.status);
    expect(await status(password)).toBe(401);
    expect(await status(newPassword)).toBe(200);
  });

  it('shows the webhook secret on request and rotates it after a confirmation', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Show secret' }).click();
    const shown = page.getByLabel('Webhook secret', { exact: true });
    const first = await shown.textContent();
    expect(first).toMatch(/^whsec_/);
    expect(first).toBe((await page.evaluate(() => fetch('/api/v1/webhook-secret').then((r) => r.json()))).secret);
    await page.getByRole('button', { name: 'Rotate secret…' }).click();
    await confirmDialog(page, 'Cancel');
    expect(await shown.textContent()).toBe(first);
    await page.getByRole('button', { name: 'Rotate secret…' }).click();
    await confirmDialog(page, 'Rotate secret');
    await expect.poll(() => shown.textContent()).not.toBe(first);
    expect(await shown.textContent()).toBe(
      (await page.evaluate(() => fetch('/api/v1/webhook-secret').then((r) => r.json()))).secret,
    );
  });

  it('logs out everywhere after a confirmation: every session ends, this one too, API keys keep working', async () => {
    const other = await otherSession(newPassword);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Log out everywhere…' }).click();
    await confirmDialog(page, 'Cancel');
    expect(await other.signedIn()).toBe(true); // cancelled: nothing ended
    await page.getByRole('button', { name: 'Log out everywhere…' }).click();
    await confirmDialog(page, 'Log out everywhere');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    expect(await other.signedIn()).toBe(false);
    await other.close();
    expect(await page.evaluate(() => fetch('/api/v1/auth/me').then((r) => r.status))).toBe(401);
    expect((await render({ html: '<p>hi</p>' })).status).toBe(200);
    await logIn(newPassword);
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
  });

  it('deletes the account only after the email is typed, confirms it, and signs out', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill(email);
    await confirm.click();
    await page.getByRole('heading', { level: 1, name: 'Account deleted' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    expect((await render({ html: '<p>hi</p>' })).status).toBe(401);
  });
});
