import { describe, expect, it } from 'vitest';
import type { BorderStyle, Color } from '@platen/layout';
import { render } from '../../src/render.js';
import { box, paintPage } from './fixtures.js';
import { cssPixels } from './poppler.js';

const rgb = (r: number, g: number, b: number): Color => ({ r, g, b, a: 1 });

/**
 * The two colours of 10px inset/outset/groove/ridge borders, read from Chromium 156's screenshot
 * of `<div style="width:20px;height:20px;border:10px <style> <colour>">`: [top (outer half), bottom (outer half)].
 */
const CHROMIUM: [BorderStyle, Color, [number, number, number], [number, number, number]][] = [
  ['outset', rgb(0, 0, 0), [168, 168, 168], [84, 84, 84]],
  ['outset', rgb(10, 10, 10), [178, 178, 178], [94, 94, 94]],
  ['outset', rgb(32, 32, 32), [200, 200, 200], [116, 116, 116]],
  ['outset', rgb(33, 33, 33), [117, 117, 117], [0, 0, 0]],
  ['outset', rgb(51, 51, 51), [135, 135, 135], [0, 0, 0]],
  ['outset', rgb(0, 0, 80), [0, 0, 249], [0, 0, 164]],
  ['outset', rgb(128, 128, 128), [212, 212, 212], [44, 44, 44]],
  ['outset', rgb(221, 221, 221), [255, 255, 255], [137, 137, 137]],
  ['outset', rgb(238, 238, 238), [238, 238, 238], [154, 154, 154]],
  ['outset', rgb(255, 255, 0), [255, 255, 0], [171, 171, 0]],
  ['inset', rgb(224, 224, 224), [140, 140, 140], [255, 255, 255]],
  ['groove', rgb(128, 128, 128), [44, 44, 44], [212, 212, 212]],
  ['groove', rgb(0, 0, 0), [84, 84, 84], [168, 168, 168]],
  ['ridge', rgb(238, 238, 238), [238, 238, 238], [154, 154, 154]],
  ['ridge', rgb(255, 0, 0), [255, 0, 0], [171, 0, 0]],
];

describe('inset/outset/groove/ridge shades match Chromium', () => {
  it.each(CHROMIUM)('%s %o', async (style, color, top, bottom) => {
    const side = { width: 10, style, color };
    const pdf = await paintPage([
      box(40, 40, 40, 40, { borderTop: side, borderRight: side, borderBottom: side, borderLeft: side }),
    ]);
    const at = cssPixels(pdf);
    // Outer halves of the top and bottom sides, away from the corners.
    const close = (a: number[], b: number[]): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= 2);
    const [t, b] = [at(60, 42), at(60, 78)];
    expect(close(t, top) ? top : t).toEqual(top);
    expect(close(b, bottom) ? bottom : b).toEqual(bottom);
  });
});

/**
 * 10px borders of boxes 20px×20px inside, one under another 20px apart, as Chromium 156 prints
 * them (pdftoppm at 96 dpi): [top, bottom] (outer halves) colours. A 3D border whose colour is
 * `currentcolor` (initial, written or inherited) is shaded from #eeeeee whatever `color` is, but
 * on a table box; a colour written out is shaded as given.
 */
const CURRENTCOLOR_CASES: [string, [number, number, number], [number, number, number]][] = [
  ['<div style="border: 10px inset; color: red"></div>', [154, 154, 154], [238, 238, 238]],
  ['<div style="border: 10px outset currentcolor"></div>', [238, 238, 238], [154, 154, 154]],
  ['<div style="border: 10px groove"></div>', [154, 154, 154], [238, 238, 238]],
  ['<div style="border: 10px ridge; color: blue"></div>', [238, 238, 238], [154, 154, 154]],
  ['<div style="border: 10px inset; color: red; border-color: inherit"></div>', [154, 154, 154], [238, 238, 238]],
  ['<div style="border: 10px inset black"></div>', [84, 84, 84], [168, 168, 168]],
  ['<div style="border: 10px solid; color: red"></div>', [255, 0, 0], [255, 0, 0]],
  ['<div style="border: 10px outset; display: table"><div></div></div>', [255, 0, 0], [171, 0, 0]],
];

describe('3D borders of colour currentcolor match Chromium', () => {
  it('shades them from #eeeeee', async () => {
    const boxes = CURRENTCOLOR_CASES.map(([box]) => box).join('');
    const html = `<style>@page { margin: 0 } body { margin: 0; color: red } body > div { margin: 0 0 20px 40px } div { width: 20px; height: 20px }</style>${boxes}`;
    const at = cssPixels(await render({ html, format: { preset: 'a4' } }));
    const seen = CURRENTCOLOR_CASES.map(([box], i) => [box, at(50, i * 60 + 2), at(50, i * 60 + 38)]);
    expect(seen).toEqual(CURRENTCOLOR_CASES);
  });
});
