import { describe, expect, it } from 'vitest';
import cases from './flex-cases.json' with { type: 'json' };
import { pick, rectsOf, type GeometryCase } from './rects.js';

/** Geometry of flex layouts against the numbers Chromium gives for the same HTML (getBoundingClientRect). */
describe('flex layout matches Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOf(c.html, c.page), c.expected)).toEqual(c.expected);
    });
  }
});
