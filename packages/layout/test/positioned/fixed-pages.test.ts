import { describe, expect, it } from 'vitest';
import type { Fragment, Page } from '../../src/fragment.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { positionedSpec } from './positioned-spec.js';

function rects(page: Page, id: string): string[] {
  const out: string[] = [];
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    if (f.attrs.id === id) out.push([f.x, f.y, f.width, f.height].join(','));
    f.children.forEach(visit);
  };
  page.fragments.forEach(visit);
  return out;
}

/**
 * Numbers from Chromium's print of the same document (400×300 px pages, 20 px margins; read with
 * pdftotext -bbox): the fixed box is on both pages at the same place in the page area, the
 * absolute one only on the first, against the first page's area (the initial containing block).
 */
describe('fixed and absolute boxes across pages', () => {
  const html =
    '<div id="b1" style="height:100px"></div><div id="b2" style="height:100px"></div>' +
    '<div id="fx" style="position:fixed;top:10px;right:15px;width:100px;height:30px"></div>' +
    '<div id="ab" style="position:absolute;top:5px;left:5px;width:50px;height:20px"></div>' +
    '<div id="b3" style="height:100px"></div><div id="b4" style="height:100px"></div><div id="b5" style="height:100px"></div>';
  const pages = layoutPages(positionedSpec(html), { pageStyle: pageStyleOf({ width: 400, height: 300, margin: 20 }) });

  it('paginates the flow without the positioned boxes', () => {
    expect(pages).toHaveLength(2);
    expect(rects(pages[1]!, 'b4')).toEqual(['20,60,360,100']);
  });
  it('repeats the fixed box on every page, against the page area', () => {
    expect(pages.map((p) => rects(p, 'fx'))).toEqual([['265,30,100,30'], ['265,30,100,30']]);
  });
  it('places the absolute box once, in the initial containing block', () => {
    expect(pages.map((p) => rects(p, 'ab'))).toEqual([['25,25,50,20'], []]);
  });
});

/** Chromium's print (400×300 px page, 20 px margins, body margin 10 px): bottom/right insets are from the first page area. */
describe('the initial containing block of a printed document', () => {
  it('is the page area of the first page, not the root box', () => {
    const html =
      '<div id="x" style="height:20px"></div><div id="ab" style="position:absolute;bottom:5px;right:5px;width:50px;height:20px"></div>' +
      '<div id="y" style="height:400px"></div>';
    const body = {
      ...positionedSpec(html),
      props: { marginTop: 10, marginRight: 10, marginBottom: 10, marginLeft: 10 },
    };
    const pages = layoutPages(body, { pageStyle: pageStyleOf({ width: 400, height: 300, margin: 20 }) });
    expect(rects(pages[0]!, 'ab')).toEqual(['325,255,50,20']);
  });
});
