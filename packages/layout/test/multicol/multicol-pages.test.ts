import { describe, expect, it } from 'vitest';
import { pick, rectsOf } from '../flex/rects.js';

/**
 * Columns continuing across pages of 800×200 px. Expected positions come from Chromium printing
 * the same HTML (a label on 10px lines at each block's top, located with pdftotext -bbox).
 */
describe('multi-column across pages (Chromium)', () => {
  it('fills the columns to the page end, then balances the rest on the next page', () => {
    const blocks = Array.from({ length: 20 }, (_, k) => `<div id="b${k}" style="height:30px">b${k}</div>`).join('');
    const html = `<div id="m" style="column-count:2;column-gap:20px;width:420px;font-size:10px;line-height:10px">${blocks}</div>`;
    // Chromium: page 1 columns 200px tall (b6 and b13 split), page 2 balanced to 100px (b16 split).
    const expected = {
      m: '0,0,420,200',
      b5: '0,150,200,30',
      b7: '220,10,200,30',
      b12: '220,160,200,30',
      'p1:m': '0,0,420,100',
      'p1:b14': '0,20,200,30',
      'p1:b17': '220,10,200,30',
      'p1:b19': '220,70,200,30',
    };
    expect(pick(rectsOf(html, { width: 800, height: 200, margin: 0 }), expected)).toEqual(expected);
  });

  it('balances content whose last bottom margin alone would overflow one page-tall column', () => {
    const blocks = [0, 1, 2].map((k) => `<div id="b${k}" style="height:50px;margin-bottom:20px"></div>`).join('');
    const html = `<div id="m" style="column-count:3;column-gap:0px;width:300px">${blocks}</div><div id="n" style="height:10px"></div>`;
    // Chromium: one block per column, the column height keeps the last margin (70), the next block at y 70.
    const expected = { m: '0,0,300,70', b0: '0,0,100,50', b1: '100,0,100,50', b2: '200,0,100,50', n: '0,70,800,10' };
    expect(pick(rectsOf(html, { width: 800, height: 200, margin: 0 }), expected)).toEqual(expected);
  });
});
