import { describe, expect, it } from 'vitest';
import { snapRect } from '../../src/paint/geometry.js';
import { BLACK, box, contentStreams, paintPage, solid } from './fixtures.js';
import { rasterise } from './poppler.js';

/** Grey level of device pixel (x, y): 0 black, 255 white. */
const grey = (img: ReturnType<typeof rasterise>, x: number, y: number): number => img.at(x, y)[0];

describe('snapRect (Chromium PixelSnappedIntRect)', () => {
  it('rounds the origin and the far edges, the size lies between them', () => {
    expect(snapRect({ x: 10.6, y: 10.4, width: 20.3, height: 20.3 })).toEqual({ x: 11, y: 10, width: 20, height: 21 });
    expect(snapRect({ x: 110.5, y: 0.49, width: 0.2, height: 3 })).toEqual({ x: 111, y: 0, width: 0, height: 3 });
  });
});

describe('pixel-snapped backgrounds', () => {
  it('starts a background at x = 11.4 on CSS px 11, as Chromium does', async () => {
    // Snapped to x 11..31 (device 5.5..15.5 at 48 dpi, which Chromium's prints rasterise to
    // pixels 5..14); unsnapped, 11.4..31.4 would cover pixels 6..15.
    const pdf = await paintPage([box(11.4, 40.6, 20, 20, { backgroundColor: BLACK })]);
    const img = rasterise(pdf, 48);
    expect([grey(img, 5, 25), grey(img, 14, 25), grey(img, 15, 25)]).toEqual([0, 0, 255]);
    // y 40.6..60.6 snaps to 41..61: device 20.5..30.5, pixels 20..29 (unsnapped 20.3..30.3: 20..29 too).
    expect([grey(img, 10, 19), grey(img, 10, 20), grey(img, 10, 29), grey(img, 10, 30)]).toEqual([255, 0, 0, 255]);
  });
  it("puts a 1px bar on an odd px on the device pixel Chromium's print rasterises it to at 48 dpi", async () => {
    // Chromium's px → pt factor is a hair under 0.75: x = 111 (55.5 device px) falls to pixel 55.
    const pdf = await paintPage([box(111, 100, 1, 40, { backgroundColor: BLACK })]);
    const img = rasterise(pdf, 48);
    expect([grey(img, 55, 60), grey(img, 56, 60)]).toEqual([0, 255]);
  });
  it('does not snap inside a transformed box (Chromium paints it in its own layer)', async () => {
    const rotated = box(11.4, 40.6, 20, 20, { backgroundColor: BLACK, transform: [{ kind: 'rotate', deg: 0 }] });
    const img = rasterise(await paintPage([rotated]), 48);
    // Unsnapped: 11.4..31.4 px, device 5.7..15.7, pixels 6..15.
    expect([grey(img, 5, 25), grey(img, 6, 25), grey(img, 15, 25)]).toEqual([255, 0, 0]);
  });
});

describe('pixel-snapped borders', () => {
  it('paints a 1px border at y = 10.4 as one fully black pixel row at 96 dpi', async () => {
    const side = solid(1, BLACK);
    const framed = box(20.3, 10.4, 40, 30, {
      borderTop: side,
      borderRight: side,
      borderBottom: side,
      borderLeft: side,
    });
    const img = rasterise(await paintPage([framed]), 96);
    // Snapped border box: x 20..60, y 10..40; top row 10, bottom row 39, left column 20,
    // right column 59, each fully black (its neighbours keep at most a hair of anti-aliasing).
    const light = (v: number): boolean => v > 200;
    expect([light(grey(img, 40, 9)), grey(img, 40, 10), light(grey(img, 40, 11))]).toEqual([true, 0, true]);
    expect([light(grey(img, 40, 38)), grey(img, 40, 39), light(grey(img, 40, 40))]).toEqual([true, 0, true]);
    expect([light(grey(img, 19, 25)), grey(img, 20, 25), light(grey(img, 21, 25))]).toEqual([true, 0, true]);
    expect([light(grey(img, 58, 25)), grey(img, 59, 25), light(grey(img, 60, 25))]).toEqual([true, 0, true]);
  });
  it("paints a lone 1px bottom rule on an odd px as one black 48 dpi row, as Chromium's filled rectangle does", async () => {
    // y 101..102 is device 50.5..51 at 48 dpi: a lone rectangle is snapped to row 50, a ring is anti-aliased grey.
    const rule = box(20, 60, 300, 42, { borderBottom: solid(1, BLACK) });
    const img = rasterise(await paintPage([rule]), 48);
    expect(grey(img, 80, 50)).toBe(0);
  });
  it('strokes a uniform square border so that every side stays black at 48 dpi', async () => {
    const side = solid(1, BLACK);
    const framed = box(21, 61, 100, 40, { borderTop: side, borderRight: side, borderBottom: side, borderLeft: side });
    const img = rasterise(await paintPage([framed]), 48);
    // Top row at y 61 (device 30.5), left column at x 21 (device 10.5): whole black pixels.
    expect([grey(img, 40, 30), grey(img, 10, 40)]).toEqual([0, 0]);
  });
});

describe('decoration operators', () => {
  it("draws the page under Chromium's px → pt matrix, and nothing under another", async () => {
    const content = contentStreams(await paintPage([box(20, 60, 100, 20, { borderBottom: solid(1, BLACK) })]));
    expect(content.match(/[\d.]+ 0 0 [\d.]+ 0 0 cm\n/g)).toEqual(['0.74999996875 0 0 0.74999996875 0 0 cm\n']);
  });
  it('draws nothing for a box whose border widths have no visible style (a collapsed-border table cell)', async () => {
    // Layout gives such a cell half the collapsed border's width with the border styles the
    // table paints as segments: the cell itself paints nothing.
    const hidden = { width: 1, style: 'none' as const, color: BLACK };
    const cell = box(20, 60, 100, 20, {
      borderBottom: hidden,
      borderTop: { ...hidden, style: 'hidden' },
      borderLeft: solid(1, { ...BLACK, a: 0 }),
    });
    const content = contentStreams(await paintPage([cell]));
    // The canvas background alone.
    expect(content.match(/ re\n/g)?.length).toBe(1);
  });
  it('sets a colour for consecutive block boxes only when it changes, and draws them all', async () => {
    const mid = { r: 128, g: 128, b: 128, a: 1 };
    const rows = [0, 1, 2, 3].map((i) =>
      box(0, i * 20, 200, 20, { backgroundColor: i % 2 ? mid : BLACK }, [], { tag: 'tr' }),
    );
    const wrapper = box(0, 0, 400, 200, {}, [...rows, box(0, 80, 200, 10, { borderBottom: solid(2, mid) })]);
    const pdf = await paintPage([wrapper]);
    const content = contentStreams(pdf);
    // The page's white, then the rows' four changes; the border has the last row's grey.
    expect(content.match(/ rg\n/g)?.length).toBe(1 + 4);
    const img = rasterise(pdf, 48);
    // 2 CSS px per device pixel: rows at device rows 0–9, 10–19 …, the 2px border on row 44.
    expect([grey(img, 50, 5), grey(img, 50, 15), grey(img, 50, 25), grey(img, 50, 35), grey(img, 50, 44)]).toEqual([
      0, 128, 0, 128, 128,
    ]);
  });
});
