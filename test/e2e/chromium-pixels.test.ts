/**
 * What pages look like, checked against headless Chromium: each page in ./chromium-pixels/ was
 * printed with Chromium once (record.mjs, A4) and every page of it rasterised at 48 dpi as
 * <name>.chromium.p<N>.png. Platen's print of the same page must match it pixel for pixel, up
 * to 1 px of shift and antialiasing (differenceFromRaster, both ways: nothing extra, nothing missing). Pages here carry no text: text is
 * checked by word positions (text-positions.test.ts), not by glyph pixels.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { rasterise } from '../helpers/poppler.js';
import { differenceFromRaster } from '../helpers/visual.js';

/**
 * Pixels allowed to differ per page (0.2 %): a tiled background's tile edges may fall a device
 * pixel apart near the page's bottom (Chromium's A4 is 1 pt taller and its tiles drift by up to
 * 0.5 px over the page), a full row of tiles' edges at most. A broken 96 px image is 2300 pixels.
 */
const ALLOWED_DIFFERING = 400;
const dir = fileURLToPath(new URL('./chromium-pixels/', import.meta.url));
const pages = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort();

describe('pages against Chromium prints, pixel by pixel', () => {
  for (const file of pages) {
    const name = file.replace(/\.html$/, '');
    it(`${file} looks as Chromium prints it`, async () => {
      const references = readdirSync(dir)
        .filter((f) => f.startsWith(`${name}.chromium.p`))
        .sort((a, b) => Number(/p(\d+)/.exec(a)?.[1]) - Number(/p(\d+)/.exec(b)?.[1]));
      expect(references.length).toBeGreaterThan(0);
      const result = await renderDocument({
        html: readFileSync(`${dir}/${file}`, 'utf8'),
        format: { preset: 'a4' },
        baseDir: dir,
      });
      expect(result.diagnostics.filter((d) => d.code.startsWith('image'))).toEqual([]);
      const rasters = rasterise(result.pdf);
      expect(rasters.length).toBe(references.length);
      rasters.forEach((raster, i) => {
        const reference = PNG.sync.read(readFileSync(`${dir}/${references[i]}`));
        // Both ways: what Platen draws that Chromium does not, and what it leaves out.
        const extra = differenceFromRaster(`chromium-pixels-${name}-p${i + 1}`, raster, reference);
        const missing = differenceFromRaster(`chromium-pixels-${name}-p${i + 1}-missing`, reference, raster);
        const differing = Math.max(extra.differing, missing.differing);
        const examples = [...extra.examples, ...missing.examples.map((e) => `missing ${e}`)];
        expect({
          page: i + 1,
          differing: Math.max(0, differing - ALLOWED_DIFFERING),
          examples: differing > ALLOWED_DIFFERING ? examples : [],
        }).toEqual({ page: i + 1, differing: 0, examples: [] });
      });
    });
  }
});
