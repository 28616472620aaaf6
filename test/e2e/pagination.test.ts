/**
 * The long-table corpus case printed across pages as Chromium prints it: the header row
 * repeats at the top of every page the table continues on, and no row is split.
 */
import { describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { loadCorpus } from '../helpers/corpus.js';
import { extractWords, type Word } from '../helpers/poppler.js';

interface Store {
  id: string;
  city: string;
  revenue: string;
  margin: string;
}
const report = loadCorpus().find((c) => c.name === 'report-multipage')!;
const stores = (report.data['regions'] as { stores: Store[] }[]).flatMap((r) => r.stores);
const HEADER = ['Store', 'Location', 'Manager', 'Revenue', 'Budget', 'Variance', 'Margin'];

describe('a long table across pages (corpus report-multipage)', async () => {
  const result = await renderDocument({
    html: report.html,
    data: report.data,
    format: report.format,
    baseDir: report.dir,
  });
  const { words } = extractWords(result.pdf);
  const storeWords = words.filter((w) => /^S-\d{3}$/.test(w.text));

  it('has as many pages as Chromium prints', () => {
    expect(result.pageCount).toBe(report.reference.pages.length);
  });

  it('starts the table on every page it continues on with the header row', () => {
    const pages = [...new Set(storeWords.map((w) => w.page))];
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      const onPage = words.filter((w) => w.page === page);
      const headerLine = onPage.find(
        (start) =>
          start.text === HEADER[0] &&
          HEADER.every((text) => onPage.some((w) => w.text === text && Math.abs(w.yMin - start.yMin) < 1)),
      );
      expect(headerLine, `header row on page ${page}`).toBeDefined();
      const headerY = headerLine!.yMin;
      const firstRow = Math.min(...storeWords.filter((w) => w.page === page).map((w) => w.yMin));
      expect(headerY, `header above the first row on page ${page}`).toBeLessThan(firstRow);
    }
  });

  it('never splits a row: every cell of a store row is on one page and one line', () => {
    for (const store of stores) {
      const id = storeWords.find((w) => w.text === store.id);
      expect(id, store.id).toBeDefined();
      const sameLine = (w: Word) => w.page === id!.page && Math.abs(w.yMin - id!.yMin) < 1.5;
      for (const value of [store.city.split(' ')[0]!, store.revenue, store.margin]) {
        expect(
          words.some((w) => w.text === value && sameLine(w)),
          `${store.id}: ${value} beside its id`,
        ).toBe(true);
      }
    }
  });
});
