/**
 * The native look of form controls as Chromium prints it: form-controls/controls.html
 * (checkboxes, radios, empty text fields, textarea, selects and buttons, progress, meter,
 * range, colour, author-styled, disabled and `appearance: none` controls; no text, whose
 * anti-aliasing differs between the two rasterised PDFs whatever the layout) against Chromium's
 * own print of the page at 48 dpi, made with
 *   node /work/shared/tools/fidelity/chromium-render.mjs test/e2e/form-controls/controls.html c.pdf --format A4
 *   pdftoppm -png -r 48 -singlefile c.pdf test/visual/refs/form-controls-chromium
 * (never with UPDATE_REFS, which would store Platen's output). Word positions in and around
 * controls are checked by text-positions.test.ts (forms.html).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { rasterise } from '../helpers/poppler.js';
import { compareWithReference } from '../helpers/visual.js';

describe('form controls print as in Chromium', () => {
  it('draws the controls of controls.html as Chromium does', async () => {
    const html = readFileSync(new URL('./form-controls/controls.html', import.meta.url), 'utf8');
    const [page] = rasterise(await render({ html, format: { preset: 'a4' } }));
    expect(compareWithReference('form-controls-chromium', page!).diffRatio).toBeLessThan(0.001);
  });
});
