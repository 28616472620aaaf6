import { describe, expect, it } from 'vitest';
import type { BackgroundLayer, Color, ColorStop } from '@platen/layout';
import { gradientStops } from '../../src/paint/gradient-stops.js';
import { BLACK, BLUE, RED, box, paintPage } from './fixtures.js';
import { rasterise } from './poppler.js';

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
const CLEAR: Color = { r: 0, g: 0, b: 0, a: 0 };
const stop = (color: Color, position: number | null): ColorStop => ({ color, position });

describe('gradientStops', () => {
  it('spreads unpositioned stops evenly and pins the ends', () => {
    const s = gradientStops([stop(RED, null), stop(WHITE, null), stop(BLUE, null)], 200, false);
    expect(s.map((x) => x.at)).toEqual([0, 100, 200]);
  });
  it('repeats a repeating gradient over the whole line', () => {
    // repeating-linear-gradient(90deg, #000 0, #000 1px, #fff 1px, #fff 3px) over 12px: period 3px.
    const s = gradientStops([stop(BLACK, 0), stop(BLACK, 1), stop(WHITE, 1), stop(WHITE, 3)], 12, true);
    const blackStarts = s.filter((x, i) => x.color.r === 0 && s[i - 1]?.color.r !== 0).map((x) => x.at);
    expect(blackStarts).toEqual([0, 3, 6, 9]);
    expect(s[s.length - 1]?.at).toBe(12);
  });
  it('fades to transparent in the neighbour colour (premultiplied), not through black', () => {
    const s = gradientStops([stop(RED, null), stop(CLEAR, null)], 100, false);
    expect(s.map((x) => [x.color.r, x.color.a])).toEqual([
      [255, 1],
      [255, 0],
    ]);
  });
  it('cuts stops outside the line with interpolated colours', () => {
    const s = gradientStops([stop(BLACK, -100), stop(WHITE, 100)], 100, false);
    expect(s[0]?.at).toBe(0);
    expect(s[0]?.color.r).toBeCloseTo(127.5, 5);
  });
});

describe('gradients in the PDF', () => {
  const layer = (image: BackgroundLayer['image']): BackgroundLayer => ({
    image,
    size: 'auto',
    position: [0, 0],
    repeat: ['repeat', 'repeat'],
    origin: 'padding-box',
    clip: 'border-box',
  });
  it('draws repeating stripes and transparent gradients anywhere on the page', async () => {
    const stripes = box(100, 100, 96, 40, {
      backgroundLayers: [
        layer({
          kind: 'linear-gradient',
          angleDeg: 90,
          repeating: true,
          stops: [stop(BLACK, 0), stop(BLACK, 8), stop(WHITE, 8), stop(WHITE, 16)],
        }),
      ],
    });
    // Far right and low on the page, where PDFKit's soft mask would have clipped it.
    const fade = box(700, 1000, 80, 80, {
      backgroundLayers: [
        layer({ kind: 'linear-gradient', angleDeg: 90, repeating: false, stops: [stop(RED, null), stop(CLEAR, null)] }),
      ],
    });
    const pdf = await paintPage([stripes, fade]);
    const img = rasterise(pdf, 96);
    expect(img.at(104, 120)).toEqual([0, 0, 0]);
    expect(img.at(112, 120)).toEqual([255, 255, 255]);
    expect(img.at(120, 120)).toEqual([0, 0, 0]);
    expect(img.at(191, 120)).toEqual([255, 255, 255]);
    const [r, g, b] = img.at(704, 1040);
    expect([r, g > 0 && g < 40, b > 0 && b < 40]).toEqual([255, true, true]);
    const [r2, g2] = img.at(740, 1040);
    expect(r2).toBe(255);
    expect(g2).toBeGreaterThan(100);
  });
  it("draws 1 px repeating bars crisp, as one period of a function-based shading (Chromium's barcodes)", async () => {
    // repeating-linear-gradient(90deg, #000 0 1px, #fff 1px 3px) at a fractional position.
    const bars = box(100.4, 100, 60, 20, {
      backgroundLayers: [
        layer({
          kind: 'linear-gradient',
          angleDeg: 90,
          repeating: true,
          stops: [stop(BLACK, 0), stop(BLACK, 1), stop(WHITE, 1), stop(WHITE, 3)],
        }),
      ],
    });
    const pdf = await paintPage([bars]);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toMatch(/\/ShadingType 1/);
    expect(text).toMatch(/\/FunctionType 4/);
    const img = rasterise(pdf, 96);
    const row = Array.from({ length: 60 }, (_, i) => img.at(100 + i, 110)[0]);
    expect(row.every((v) => v === 0 || v === 255)).toBe(true); // no grey: each pixel sampled
    // Snapped to whole px like Chromium's backgrounds: black at 100, 103, 106…
    expect(row.slice(0, 9)).toEqual([0, 255, 255, 0, 255, 255, 0, 255, 255]);
  });
  it('keeps transparent repeating stops on the axial shading with a soft mask', async () => {
    const faded = box(100, 100, 60, 20, {
      backgroundLayers: [
        layer({ kind: 'linear-gradient', angleDeg: 90, repeating: true, stops: [stop(BLACK, 0), stop(CLEAR, 3)] }),
      ],
    });
    const text = Buffer.from(await paintPage([faded])).toString('latin1');
    expect(text).not.toMatch(/\/ShadingType 1/);
    expect(text).toMatch(/\/ShadingType 2/);
  });
  it('paints an axis-aligned gradient tiled over a page as one shading per layer, not one per tile', async () => {
    // A grid paper background: two 20 px tiled layers of hard stops over a page-sized box
    // (1,600 tiles each), 3 % lines in the tiles' first pixels.
    const line = (angleDeg: number): BackgroundLayer => ({
      ...layer({ kind: 'linear-gradient', angleDeg, repeating: false, stops: [stop(BLUE, 0.6), stop(CLEAR, 0.6)] }),
      size: [20, 20],
    });
    const grid = box(0, 0, 800, 800, { backgroundLayers: [line(90), line(180)] });
    const pdf = await paintPage([grid]);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.match(/\/ShadingType/g)?.length).toBeLessThanOrEqual(4);
    const img = rasterise(pdf, 96);
    // Blue in each tile's first column and row, nothing between.
    expect(img.at(200, 210)[2]).toBeGreaterThan(200);
    expect(img.at(210, 200)[2]).toBeGreaterThan(200);
    expect(img.at(210, 210)).toEqual([255, 255, 255]);
  });
});
