import { describe, expect, it } from 'vitest';
import cases from './float-cases.json' with { type: 'json' };
import type { GeometryCase } from '../flex/rects.js';
import { rectsOfPositioned } from '../positioned/positioned-spec.js';

/** Floats and clear (CSS 2.1 §9.5, §10.3.5) against Chromium's getBoundingClientRect for the same HTML. */
describe('float layout matches Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(rectsOfPositioned(c)).toEqual(c.expected);
    });
  }
});
