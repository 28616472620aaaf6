import { describe, expect, it } from 'vitest';
import cases from './aspect-ratio-cases.json' with { type: 'json' };
import { pick, type GeometryCase } from '../../../layout/test/flex/rects.js';
import { rectsOfDocument } from '../forms/layout-html.js';

/**
 * `aspect-ratio` (CSS Sizing 4 §5) on blocks, floats and inline-blocks: sizes through the
 * ratio, box-sizing, the automatic minimum size, transferred min/max, against Chromium's
 * getBoundingClientRect for the same HTML, taken with
 * `node packages/layout/test/flex/chromium-rects.mjs packages/core/test/sizing/aspect-ratio-cases.json`.
 */
describe('aspect-ratio matches Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOfDocument(c.html), c.expected)).toEqual(c.expected);
    });
  }
});
