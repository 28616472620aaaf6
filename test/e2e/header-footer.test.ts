/** Header and footer components repeat on every page with their page numbers filled in. */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords, type Word } from '../helpers/poppler.js';

// The a4 preset lays out in Chromium's print-API A4 box, 596 × 843 pt, on a 210 × 297 mm sheet (core/format.ts).
const A4_HEIGHT_PT = 843;
const MARGIN_PT = 56; // default top/bottom margin, 20 mm, which Chromium's print API takes in whole points

const sections = [1, 2, 3]
  .map((n) => `<section style="${n < 3 ? 'break-after: page' : ''}"><h2>Chapter ${n}</h2><p>Body text of chapter ${n}.</p></section>`)
  .join('\n');
const header = '<div>ACME quarterly report</div>';
const footer = 'Page <span class="pageNumber"></span> of <span class="totalPages"></span>';

function line(words: readonly Word[], page: number, first: string): Word[] {
  const start = words.find((w) => w.page === page && w.text === first);
  if (!start) return [];
  return words.filter((w) => w.page === page && Math.abs(w.yMin - start.yMin) < 1 && w.xMin >= start.xMin);
}

describe('header and footer components', () => {
  it('repeat on each of three pages with "Page i of 3", footer pinned to the page bottom', async () => {
    const pdf = await render({ html: sections, header, footer, format: { footer_position: 'page-bottom' } });
    const { pages, words } = extractWords(pdf);
    expect(pages).toHaveLength(3);
    for (let page = 1; page <= 3; page++) {
      const head = line(words, page, 'ACME');
      expect(head.map((w) => w.text).join(' ')).toBe('ACME quarterly report');
      expect(head[0]!.yMin, 'glyph boxes may rise 1 pt above the line box').toBeGreaterThanOrEqual(MARGIN_PT - 1);
      expect(head[0]!.yMin).toBeLessThan(MARGIN_PT + 20);

      const foot = line(words, page, 'Page');
      expect(foot.map((w) => w.text).join(' ')).toBe(`Page ${page} of 3`);
      expect(foot[0]!.yMax).toBeLessThanOrEqual(A4_HEIGHT_PT - MARGIN_PT + 0.5);
      expect(foot[0]!.yMax).toBeGreaterThan(A4_HEIGHT_PT - MARGIN_PT - 20);

      const chapter = words.find((w) => w.page === page && w.text === 'Chapter');
      expect(chapter!.yMin, 'body starts below the header').toBeGreaterThan(head[0]!.yMax);
    }
  });

  it('puts the last page footer right after the content with footer_position after-content (the default)', async () => {
    const pdf = await render({ html: sections, header, footer });
    const { words } = extractWords(pdf);
    const lastBody = words.filter((w) => w.page === 3 && w.text === '3.').at(-1)!;
    const foot = line(words, 3, 'Page');
    expect(foot.map((w) => w.text).join(' ')).toBe('Page 3 of 3');
    expect(foot[0]!.yMin).toBeGreaterThan(lastBody.yMax);
    expect(foot[0]!.yMin - lastBody.yMax, 'footer follows the content closely').toBeLessThan(40);
    const footPage1 = line(words, 1, 'Page');
    expect(footPage1[0]!.yMax, 'earlier pages keep the footer at the bottom').toBeGreaterThan(A4_HEIGHT_PT - MARGIN_PT - 20);
  });
});
