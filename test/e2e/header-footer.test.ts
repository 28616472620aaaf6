/** Header and footer components repeat on every page with their page numbers filled in. */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords, type Word } from '../helpers/poppler.js';

// The a4 preset lays out in Chromium's print-API A4 box, 596 × 843 pt, on a 210 × 297 mm sheet (core/format.ts).
const A4_HEIGHT_PT = 843;
const MARGIN_PT = 56; // default top/bottom margin, 20 mm, which Chromium's print API takes in whole points

const sections = [1, 2, 3]
  .map(
    (n) =>
      `<section style="${n < 3 ? 'break-after: page' : ''}"><h2>Chapter ${n}</h2><p>Body text of chapter ${n}.</p></section>`,
  )
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
    expect(footPage1[0]!.yMax, 'earlier pages keep the footer at the bottom').toBeGreaterThan(
      A4_HEIGHT_PT - MARGIN_PT - 20,
    );
  });
});

describe('first and last page header/footer (firstPage, lastPage)', () => {
  const paragraphs = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<p style="margin:0 0 8px;font:14px/20px Arimo">Paragraph ${i + 1} lorem ipsum dolor sit amet.</p>`,
    ).join('');
  const every = {
    header: '<div style="font:12px Arimo">EVERYHEAD</div>',
    footer: '<div style="font:12px Arimo">EVERYFOOT <span class="pageNumber"></span></div>',
  };
  const letterhead = '<div style="font:12px Arimo;height:150px">LETTERHEAD</div>';
  const totals = '<div style="font:12px Arimo;height:250px">TOTALSFOOT <span class="pageNumber"></span></div>';
  const on = (words: readonly Word[], page: number, text: string) =>
    words.filter((w) => w.page === page && w.text === text);
  const bodyWords = (words: readonly Word[], page: number) =>
    words.filter(
      (w) =>
        w.page === page &&
        /^(Paragraph|\d+|lorem|ipsum|dolor|sit|amet\.)$/.test(w.text) &&
        !on(words, page, 'EVERYFOOT').some((f) => Math.abs(f.yMin - w.yMin) < 1) &&
        !on(words, page, 'TOTALSFOOT').some((f) => Math.abs(f.yMin - w.yMin) < 1),
    );

  it('prints the first page header and the last page footer instead of the every-page ones, with the body in the room they leave', async () => {
    const pdf = await render({
      html: paragraphs(90),
      ...every,
      firstPage: { header: letterhead },
      lastPage: { footer: totals },
    });
    const { pages, words } = extractWords(pdf);
    const n = pages.length;
    expect(n).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= n; page++) {
      expect(on(words, page, 'LETTERHEAD').length, `letterhead on page ${page}`).toBe(page === 1 ? 1 : 0);
      expect(on(words, page, 'EVERYHEAD').length, `every-page header on page ${page}`).toBe(page === 1 ? 0 : 1);
      expect(on(words, page, 'TOTALSFOOT').length, `totals on page ${page}`).toBe(page === n ? 1 : 0);
      expect(on(words, page, 'EVERYFOOT').length, `every-page footer on page ${page}`).toBe(page === n ? 0 : 1);
      const body = bodyWords(words, page);
      const head = on(words, page, page === 1 ? 'LETTERHEAD' : 'EVERYHEAD')[0]!;
      const foot = on(words, page, page === n ? 'TOTALSFOOT' : 'EVERYFOOT')[0]!;
      expect(Math.min(...body.map((w) => w.yMin)), `body below the header on page ${page}`).toBeGreaterThan(head.yMax);
      expect(Math.max(...body.map((w) => w.yMax)), `body above the footer on page ${page}`).toBeLessThan(foot.yMin);
    }
    // Page 1's body starts where it does under the letterhead as the every-page header.
    const alone = extractWords(await render({ html: paragraphs(90), header: letterhead, footer: every.footer }));
    expect(on(words, 1, 'Paragraph')[0]!.yMin).toBeCloseTo(on(alone.words, 1, 'Paragraph')[0]!.yMin, 2);
    // The letterhead's 150 px (112.5 pt) leave fewer lines on page 1 than on page 2.
    expect(on(words, 1, 'Paragraph').length).toBeLessThan(on(words, 2, 'Paragraph').length);
  });

  it('moves what the taller last-page footer leaves no room for onto a further page, which gets that footer', async () => {
    // 64 paragraphs end on page 2 under the every-page footer, but not above the 250 px totals.
    const plain = extractWords(await render({ html: paragraphs(64), ...every }));
    expect(plain.pages).toHaveLength(2);
    const { pages, words } = extractWords(
      await render({ html: paragraphs(64), ...every, lastPage: { footer: totals } }),
    );
    expect(pages).toHaveLength(3);
    expect(on(words, 2, 'EVERYFOOT')).toHaveLength(1);
    expect(on(words, 3, 'TOTALSFOOT')).toHaveLength(1);
    expect(Math.max(...bodyWords(words, 2).map((w) => w.yMax))).toBeLessThan(on(words, 2, 'EVERYFOOT')[0]!.yMin);
    expect(bodyWords(words, 3).length).toBeGreaterThan(0);
  });

  it('prints no header on the first page with null, and the first page wins on a one-page document', async () => {
    const none = extractWords(
      await render({
        html: paragraphs(3),
        ...every,
        firstPage: { header: null, footer: '<b>FIRSTFOOT</b>' },
        lastPage: { footer: totals, header: '<b>LASTHEAD</b>' },
      }),
    );
    expect(none.pages).toHaveLength(1);
    expect(on(none.words, 1, 'EVERYHEAD')).toHaveLength(0);
    expect(on(none.words, 1, 'LASTHEAD'), 'the first page gives the header (none)').toHaveLength(0);
    expect(on(none.words, 1, 'FIRSTFOOT')).toHaveLength(1);
    expect(on(none.words, 1, 'TOTALSFOOT')).toHaveLength(0);
    // Without a header the body starts at the page margin, as with no header at all.
    const bare = extractWords(await render({ html: paragraphs(3) }));
    expect(on(none.words, 1, 'Paragraph')[0]!.yMin).toBeCloseTo(on(bare.words, 1, 'Paragraph')[0]!.yMin, 2);
    // Only lastPage given: a one-page document is its last page.
    const last = extractWords(await render({ html: paragraphs(3), ...every, lastPage: { footer: totals } }));
    expect(on(last.words, 1, 'TOTALSFOOT')).toHaveLength(1);
    expect(on(last.words, 1, 'EVERYHEAD')).toHaveLength(1);
  });

  it('refuses a firstPage that is not { header?, footer? } of strings or null', async () => {
    await expect(render({ html: '<p>x</p>', firstPage: { headr: 'x' } as never })).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'firstPage.headr',
    });
    await expect(render({ html: '<p>x</p>', lastPage: { footer: 3 } as never })).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'lastPage.footer',
    });
    await expect(render({ html: '<p>x</p>', lastPage: 'x' as never })).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'lastPage',
    });
  });
});
