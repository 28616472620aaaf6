import { describe, expect, it } from 'vitest';
import cases from './fragment-growth-cases.json' with { type: 'json' };
import { fragmentRectsOf } from '../flex/rects.js';

/**
 * Grid rows broken across columns grow with the content of their items, and stretched items
 * with them, as Chromium lays them out: every fragment of the elements with an id, against
 * Chromium's getClientRects of the same HTML (flex/chromium-rects.mjs records them).
 */
describe('grid rows broken across columns (Chromium getClientRects)', () => {
  for (const c of cases as { name: string; html: string; expected: Record<string, string[]> }[]) {
    it(c.name, () => {
      const actual = fragmentRectsOf(c.html);
      const picked = Object.fromEntries(Object.keys(c.expected).map((k) => [k, actual[k]]));
      expect(picked).toEqual(c.expected);
    });
  }
});
