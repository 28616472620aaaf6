/** What both browser tests do with the dashboard's pages, and their shared settings. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Where UPDATE_SCREENSHOTS=1 writes docs/dashboard-*.png. */
export const DOCS = resolve(fileURLToPath(import.meta.url), '../../../docs');
export const SHOTS = process.env.UPDATE_SCREENSHOTS === '1';
/** The first preview starts the render worker (and, from sources, compiles it): slow on a loaded CI machine. */
export const FIRST_PREVIEW_MS = 90_000;
export const PREVIEW_MS = 45_000;

/** Everything pdf.js put in its text layers, whitespace removed (spans split words unpredictably). */
export async function previewText(page: Page): Promise<string> {
  return (await page.locator('.textLayer').allTextContents()).join('').replace(/\s+/g, '');
}

/** Replace an editor's whole content without CodeMirror's auto-close adding tags. */
export async function setEditor(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name, exact: true }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
