/**
 * Text rasterised onto Chromium's pixels: ./text-pixels/baselines.html puts every baseline and
 * underline on a whole or half device pixel at 48 dpi, where a hair of the px → pt factor
 * decides which row a rasteriser fills (paint-context.ts, CHROMIUM_PT_PER_PX). Its Chromium
 * print, rasterised with `pdftoppm -r 48`, is baselines.chromium.p1.png (recorded with
 * `PIXELS_DIR=test/e2e/text-pixels node test/e2e/chromium-pixels/record.mjs`). Each band of
 * rows with ink must match Chromium's best without a shift, not one pixel up or down.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { rasterise, type Pixels } from './../helpers/poppler.js';

const dir = fileURLToPath(new URL('./text-pixels/', import.meta.url));
const BAND = 12;

const grey = (img: Pixels, x: number, y: number): number => img.data[(y * img.width + x) * 4]!;

/** Summed grey difference of rows y0..y0+BAND of `a` against `b` moved down by `shift` rows. */
function bandDifference(a: Pixels, b: Pixels, y0: number, shift: number): number {
  let sum = 0;
  const width = Math.min(a.width, b.width);
  for (let y = y0; y < y0 + BAND; y++)
    for (let x = 0; x < width; x++) sum += Math.abs(grey(a, x, y) - grey(b, x, y + shift));
  return sum;
}

describe('text on pixel boundaries rasterises as Chromium prints it', () => {
  it('every band of text lines matches Chromium best unshifted', async () => {
    const result = await renderDocument({
      html: readFileSync(`${dir}/baselines.html`, 'utf8'),
      format: { preset: 'a4' },
    });
    const [page] = rasterise(result.pdf);
    const chromium = PNG.sync.read(readFileSync(`${dir}/baselines.chromium.p1.png`));
    const shifted: string[] = [];
    let bands = 0;
    for (let y0 = 1; y0 + BAND + 1 < Math.min(page!.height, chromium.height); y0 += BAND) {
      const still = bandDifference(chromium, page!, y0, 0);
      const up = bandDifference(chromium, page!, y0, -1);
      const down = bandDifference(chromium, page!, y0, 1);
      if (bandDifference(chromium, chromium, y0, 1) === 0) continue; // no ink
      bands++;
      if (Math.min(up, down) < still) shifted.push(`rows ${y0}-${y0 + BAND}: ${up} / ${still} / ${down}`);
    }
    expect(bands).toBeGreaterThan(5);
    expect(shifted).toEqual([]);
  });
});
