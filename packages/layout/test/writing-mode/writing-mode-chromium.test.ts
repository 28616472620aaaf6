import { describe, expect, it } from 'vitest';
import { pick, rectsOf, rectsOfSpec, type GeometryCase } from '../flex/rects.js';
import { tableHtml } from '../table/table-html.js';
import cases from './writing-mode-cases.json' with { type: 'json' };
import tableCases from './writing-mode-table-cases.json' with { type: 'json' };

/**
 * Vertical writing modes (CSS Writing Modes 4, src/writing-mode) against Chromium's
 * getBoundingClientRect for the same HTML: orthogonal flow roots in block flow, inline
 * formatting and flex, and vertical table cells (font-free content: sized blocks).
 */
describe('vertical writing modes match Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOf(c.html), c.expected)).toEqual(c.expected);
    });
  }
  for (const c of tableCases as unknown as GeometryCase[]) {
    it(`table: ${c.name}`, () => {
      expect(pick(rectsOfSpec(tableHtml(c.html)), c.expected, 0.05)).toEqual(c.expected);
    });
  }
});
