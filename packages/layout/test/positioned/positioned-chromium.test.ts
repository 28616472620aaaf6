import { describe, expect, it } from 'vitest';
import cases from './positioned-cases.json' with { type: 'json' };
import type { GeometryCase } from '../flex/rects.js';
import { rectsOfPositioned } from './positioned-spec.js';

/** Positioned boxes (CSS 2.1 §9.3, §10.3.7, §10.6.4) against Chromium's getBoundingClientRect for the same HTML. */
describe('positioned layout matches Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(rectsOfPositioned(c)).toEqual(c.expected);
    });
  }
});
