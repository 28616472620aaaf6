import { describe, expect, it } from 'vitest';
import cases from './default-ignorables-cases.json' with { type: 'json' };
import { pick, type GeometryCase } from '../../../layout/test/flex/rects.js';
import { rectsOfDocument } from '../forms/layout-html.js';

/**
 * Invisible characters (Unicode's Default_Ignorable_Code_Point: word joiners, direction marks…)
 * stay in the font of the text around them, which lacks them: Chromium falls back for none, so no
 * fallback font's taller line grows the line. Numbers from Chromium's getBoundingClientRect,
 * taken with `node packages/layout/test/flex/chromium-rects.mjs packages/core/test/text/default-ignorables-cases.json`.
 */
describe('default-ignorable characters', () => {
  for (const c of cases as GeometryCase[]) {
    it(c.name, () => {
      expect(pick(rectsOfDocument(c.html), c.expected, 0.05)).toEqual(c.expected);
    });
  }
});
