import { describe, expect, it } from 'vitest';
import cases from './size-keywords-cases.json' with { type: 'json' };
import type { GeometryCase } from '../flex/rects.js';
import { rectsOfPositioned } from '../positioned/positioned-spec.js';

/**
 * width / min-width / max-width: min-content | max-content | fit-content (CSS Sizing 3 §3.2, §5)
 * on block-level boxes, floats, inline-blocks, absolutely positioned boxes, flex and grid items.
 * Expected border boxes are Chromium's getBoundingClientRect for the same HTML, taken with
 * `node packages/layout/test/flex/chromium-rects.mjs packages/layout/test/flow/size-keywords-cases.json`.
 */
describe('intrinsic size keywords match Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(rectsOfPositioned(c)).toEqual(c.expected);
    });
  }
});
