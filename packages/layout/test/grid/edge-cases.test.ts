import { describe, expect, it } from 'vitest';
import { MAX_TRACKS } from '../../src/grid/grid-placement.js';
import { pick, rectsOf } from '../flex/rects.js';

/** Degenerate and hostile inputs: layout stays bounded and places what there is. */
describe('grid, flex and multicol edge cases', () => {
  it('empty containers have their own size only', () => {
    const html =
      '<div id="g" style="display:grid;grid-template-columns:1fr 1fr;padding:5px"></div>' +
      '<div id="f" style="display:flex;flex-direction:column;height:20px"></div><div id="m" style="column-count:3"></div>';
    expect(pick(rectsOf(html), { g: '0,0,800,10', f: '0,10,800,20', m: '0,30,800,0' })).toEqual({
      g: '0,0,800,10',
      f: '0,10,800,20',
      m: '0,30,800,0',
    });
  });

  // The timeout is the only time bound: unclamped, this grid has 800,000 columns and 100,000 rows.
  it('huge spans and line numbers are clamped, tiny auto-fill tracks are bounded', { timeout: 10_000 }, () => {
    const html =
      '<div id="g" style="display:grid;grid-template-columns:repeat(auto-fill, 0.001px)">' +
      '<div id="a" style="grid-column:span 100000;height:10px"></div><div id="b" style="grid-row:99999;height:10px"></div></div>';
    const rects = rectsOf(html);
    // a spans the MAX_TRACKS auto-fill columns of 0.001px; b sits below it, the empty rows between have no height.
    const aWidth = MAX_TRACKS * 0.001;
    expect(pick(rects, { a: `0,0,${aWidth},10`, b: '0,10,0,10' })).toEqual({ a: `0,0,${aWidth},10`, b: '0,10,0,10' });
  });
});
