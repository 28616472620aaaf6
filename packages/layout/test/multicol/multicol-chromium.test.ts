import { describe, expect, it } from 'vitest';
import cases from './multicol-cases.json' with { type: 'json' };
import { pick, rectsOf, type GeometryCase } from '../flex/rects.js';

/** Multi-column geometry against the numbers Chromium gives for the same HTML (getBoundingClientRect). */
describe('multi-column layout matches Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOf(c.html, c.page), c.expected)).toEqual(c.expected);
    });
  }
});
