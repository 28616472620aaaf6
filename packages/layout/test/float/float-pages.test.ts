import { describe, expect, it } from 'vitest';
import type { Fragment, Page } from '../../src/fragment.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { positionedSpec } from '../positioned/positioned-spec.js';

function rects(page: Page): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    if (f.attrs.id) out[f.attrs.id] = [f.x, f.y, f.width, f.height].join(',');
    f.children.forEach(visit);
  };
  page.fragments.forEach(visit);
  return out;
}

/**
 * Chromium's print of the same document (400×300 px pages, 20 px margins, read with
 * pdftotext -bbox): a float that does not fit moves to the next page while the flow after it
 * stays; a later float may not go above it (CSS 2.1 §9.5.1 rule 5), so it moves along.
 */
describe('floats across pages', () => {
  const html =
    '<div id="a" style="height:200px"></div>' +
    '<div id="f" style="float:left;width:100px;height:100px;break-inside:avoid"></div>' +
    '<div id="r" style="float:right;width:100px;height:30px"></div>' +
    '<div id="b" style="height:20px"></div><div id="c" style="height:20px"></div>';
  const pages = layoutPages(positionedSpec(html), { pageStyle: pageStyleOf({ width: 400, height: 300, margin: 20 }) });

  it('keeps the flow after the float on the first page', () => {
    expect(rects(pages[0]!)).toMatchObject({ a: '20,20,360,200', b: '20,220,360,20', c: '20,240,360,20' });
    expect(rects(pages[0]!).f).toBeUndefined();
  });
  it('puts the floats at the top of the next page', () => {
    expect(pages).toHaveLength(2);
    expect(rects(pages[1]!)).toMatchObject({ f: '20,20,100,100', r: '280,20,100,30' });
  });
});

/**
 * The float moved to the next page sits beside the rest of the paragraph there: the lines
 * continued on that page are broken again around it (Chromium's print; words are 60×20 px boxes).
 */
describe('a paragraph continued beside a float moved to its page', () => {
  const words = Array.from(
    { length: 30 },
    (_, i) =>
      `<div id="w${i}" style="display:inline-block;overflow:hidden;width:60px;height:20px;font-size:12px;line-height:20px">w${i}</div>`,
  ).join('');
  const html =
    '<div id="a" style="height:200px"></div><div id="f" style="float:left;width:100px;height:100px;break-inside:avoid"></div>' +
    `<div id="p" style="font-size:0">${words}</div>`;
  const pages = layoutPages(positionedSpec(html), { pageStyle: pageStyleOf({ width: 400, height: 300, margin: 20 }) });

  it('fills the first page at full width', () => {
    expect(rects(pages[0]!)).toMatchObject({ w0: '20,220,60,20', w6: '20,240,60,20', w17: '320,260,60,20' });
  });
  it('shortens the continued lines beside the float', () => {
    expect(rects(pages[1]!)).toMatchObject({
      f: '20,20,100,100',
      w18: '120,20,60,20',
      w21: '300,20,60,20',
      w22: '120,40,60,20',
      w29: '300,60,60,20',
    });
  });
});

/**
 * A float that may break is split at the page end and its rest heads the next page, with the
 * paragraph beside both parts (Chromium's print of the same document).
 */
describe('a float split across pages', () => {
  const words = Array.from(
    { length: 30 },
    (_, i) =>
      `<div id="w${i}" style="display:inline-block;overflow:hidden;width:60px;height:20px;font-size:12px;line-height:20px">w${i}</div>`,
  ).join('');
  const lines = Array.from({ length: 5 }, (_, i) => `<div id="l${i}" style="height:20px"></div>`).join('');
  const html =
    `<div id="a" style="height:200px"></div><div id="f" style="float:left;width:100px">${lines}</div>` +
    `<div id="p" style="font-size:0">${words}</div>`;
  const pages = layoutPages(positionedSpec(html), { pageStyle: pageStyleOf({ width: 400, height: 300, margin: 20 }) });

  it('fills the first page beside the float', () => {
    expect(rects(pages[0]!)).toMatchObject({
      l0: '20,220,100,20',
      l2: '20,260,100,20',
      w0: '120,220,60,20',
      w4: '120,240,60,20',
      w11: '300,260,60,20',
    });
    expect(rects(pages[0]!).l3).toBeUndefined();
  });
  it('continues the float and the paragraph beside it on the next page', () => {
    expect(rects(pages[1]!)).toMatchObject({
      l3: '20,20,100,20',
      l4: '20,40,100,20',
      w12: '120,20,60,20',
      w19: '300,40,60,20',
      w20: '20,60,60,20',
      w26: '20,80,60,20',
    });
  });
});

/** Orphans and widows (CSS Fragmentation 3 §3.3) hold beside floats too (Chromium's print: 2 widows move a fourth line on). */
describe('widows in a paragraph beside a float', () => {
  const words = Array.from(
    { length: 21 },
    (_, i) =>
      `<div id="w${i}" style="display:inline-block;overflow:hidden;width:60px;height:20px;font-size:12px;line-height:20px">w${i}</div>`,
  ).join('');
  const html = `<div id="a" style="height:180px"></div><div id="p" style="font-size:0"><div id="f" style="float:left;width:100px;height:60px"></div>${words}</div>`;
  const pages = layoutPages(positionedSpec(html), { pageStyle: pageStyleOf({ width: 400, height: 300, margin: 20 }) });

  it('leaves two lines for the next page', () => {
    expect(rects(pages[0]!)).toMatchObject({ f: '20,200,100,60', w0: '120,200,60,20', w11: '300,240,60,20' });
    expect(rects(pages[0]!).w12).toBeUndefined();
    expect(rects(pages[1]!)).toMatchObject({ w12: '20,20,60,20', w17: '320,20,60,20', w18: '20,40,60,20' });
  });
});
