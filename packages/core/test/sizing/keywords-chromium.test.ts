import { describe, expect, it } from 'vitest';
import cases from './keywords-cases.json' with { type: 'json' };
import { pick, type GeometryCase } from '../../../layout/test/flex/rects.js';
import { rectsOfDocument } from '../forms/layout-html.js';

/**
 * min-content / max-content / fit-content (CSS Sizing 3 §3.2) where the whole pipeline is
 * needed (logical properties, fonts), against Chromium's getBoundingClientRect for the same
 * HTML, taken with `node packages/layout/test/flex/chromium-rects.mjs packages/core/test/sizing/keywords-cases.json`.
 */
describe('size keywords match Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOfDocument(c.html), c.expected)).toEqual(c.expected);
    });
  }
});
