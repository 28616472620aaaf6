import { describe, expect, it } from 'vitest';
import cases from './margin-collapse-cases.json' with { type: 'json' };
import type { GeometryCase } from '../flex/rects.js';
import { rectsOfPositioned } from '../positioned/positioned-spec.js';

/**
 * Margin collapsing (CSS 2 §8.3.1) through parents with min-/max-height, and where a box whose
 * margins collapse through it sits. Expected border boxes are Chromium's getBoundingClientRect, taken with
 * `node packages/layout/test/flex/chromium-rects.mjs packages/layout/test/flow/margin-collapse-cases.json`.
 */
describe('margin collapsing matches Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(rectsOfPositioned(c)).toEqual(c.expected);
    });
  }
});
