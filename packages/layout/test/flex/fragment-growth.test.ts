import { describe, expect, it } from 'vitest';
import cases from './fragment-growth-cases.json' with { type: 'json' };
import { fragmentRectsOf } from './rects.js';

/**
 * Flex items broken across columns grow with their content or keep their size, as Chromium
 * lays them out (flex/fragment-growth.ts): every fragment of the elements with an id, against
 * Chromium's getClientRects of the same HTML (chromium-rects.mjs records them).
 */
describe('flex items broken across columns (Chromium getClientRects)', () => {
  for (const c of cases as { name: string; html: string; expected: Record<string, string[]> }[]) {
    it(c.name, () => {
      const actual = fragmentRectsOf(c.html);
      const picked = Object.fromEntries(Object.keys(c.expected).map((k) => [k, actual[k]]));
      expect(picked).toEqual(c.expected);
    });
  }
});
