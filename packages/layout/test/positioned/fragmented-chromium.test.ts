import { describe, expect, it } from 'vitest';
import cases from './fragmented-cases.json' with { type: 'json' };
import { pick, rectsOf, type GeometryCase } from '../flex/rects.js';

/** Absolutely positioned boxes broken across columns (positioned/fragmented.ts) against Chromium's getBoundingClientRect. */
describe('fragmented absolute boxes match Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOf(c.html, c.page), c.expected)).toEqual(c.expected);
    });
  }
});
