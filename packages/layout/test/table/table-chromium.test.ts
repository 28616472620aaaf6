import { describe, expect, it } from 'vitest';
import { pick, rectsOfSpec, type GeometryCase } from '../flex/rects.js';
import cases from './table-cases.json' with { type: 'json' };
import { tableHtml } from './table-html.js';

/** Table geometry against the numbers Chromium gives for the same HTML (font-free content: sized blocks). */
describe('table layout matches Chromium', () => {
  for (const c of cases as unknown as GeometryCase[]) {
    it(c.name, () => {
      // Within 0.05px: Chromium snaps to 1/64 px and these numbers were rounded to 0.01.
      expect(pick(rectsOfSpec(tableHtml(c.html)), c.expected, 0.05)).toEqual(c.expected);
    });
  }
});
