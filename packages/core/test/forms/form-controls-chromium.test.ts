import { describe, expect, it } from 'vitest';
import cases from './form-controls-cases.json' with { type: 'json' };
import { pick, type GeometryCase } from '../../../layout/test/flex/rects.js';
import { rectsOfDocument } from './layout-html.js';

/**
 * Chromium keeps shrink-to-fit widths in LayoutUnits (1/64 px, rounded up), which Platen does
 * not: a button's text width differs by up to 0.03px, and the boxes after it move as much.
 */
const TOLERANCE = 0.05;

/**
 * Form controls' sizes and places (UA stylesheet, intrinsic sizes from size / cols / rows and
 * the font, baselines) against Chromium's getBoundingClientRect for the same HTML, taken with
 * `node packages/layout/test/flex/chromium-rects.mjs packages/core/test/forms/form-controls-cases.json`.
 */
describe('form controls match Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOfDocument(c.html), c.expected, TOLERANCE)).toEqual(c.expected);
    });
  }
});
