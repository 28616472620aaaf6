import { describe, expect, it } from 'vitest';
import cases from './document-cases.json' with { type: 'json' };
import { pick, type GeometryCase } from '../../../layout/test/flex/rects.js';
import { rectsOfDocument } from '../forms/layout-html.js';

/**
 * Layout that needs the whole pipeline (UA stylesheet, cascade, presentational hints, real
 * fonts) against Chromium's getBoundingClientRect for the same HTML, taken with
 * `node packages/layout/test/flex/chromium-rects.mjs packages/core/test/document/document-cases.json`.
 */
describe('documents lay out as in Chromium', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOfDocument(c.html), c.expected)).toEqual(c.expected);
    });
  }
});
