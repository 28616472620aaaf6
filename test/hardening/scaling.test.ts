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
