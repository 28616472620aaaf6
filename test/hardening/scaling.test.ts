/**
 * Inputs that used to take super-linear time (docs/security.md, "Open findings"). Each
 * asserts what the PDF holds; the only time bound is the test's timeout — speed itself is
 * measured in bench/, not here.
 */
import { describe, expect, it } from 'vitest';
import { attempt, expectPdf, pdfText } from './helpers.js';

describe('nesting', () => {
  // Each level used to deep-copy every cell fragment below it (layout/table alignedCell):
  // the DOM cap stops nesting after ~128 tables, but the flattened rest sat in the
  // deepest cell and was copied once per level.
  it('5,000 nested tables keep the text after them', async () => {
    const outcome = await attempt({ html: `${'<table><tr><td>'.repeat(5_000)}deep` });
    expect(pdfText(expectPdf(outcome).pdf)).toContain('deep');
  }, 30_000);
});

/** A word of `n` characters whose text shows where any piece went missing. */
const word = (n: number): string => 'abcdefghij'.repeat(n / 10);

describe('very long words', () => {
  // Shaped once per word (the run is cached), and broken by one linear walk.
  it('a 2·10^5-character word with overflow-wrap: anywhere is all there, across pages', async () => {
    const w = word(200_000);
    const { pdf, pageCount } = expectPdf(await attempt({ html: `<p style="overflow-wrap:anywhere">${w}</p>` }));
    expect(pageCount).toBeGreaterThan(10);
    expect(pdfText(pdf).replace(/\s+/g, '')).toBe(w);
  }, 60_000);

  it('a 10^6-character word in a table cell overflows, and what follows the table is there', async () => {
    const w = word(1_000_000);
    const outcome = await attempt({ html: `<table><tr><td>start</td><td>${w}</td></tr></table><p>after</p>` });
    const text = pdfText(expectPdf(outcome).pdf);
    expect(text).toContain('start');
    expect(text).toContain('after');
  }, 60_000);
});
