import { describe, expect, it } from 'vitest';
import { pick, rectsOf } from '../flex/rects.js';

/** Degenerate and hostile inputs: layout stays bounded and places what there is. */
describe('grid, flex and multicol edge cases', () => {
  it('empty containers have their own size only', () => {
    const html = '<div id="g" style="display:grid;grid-template-columns:1fr 1fr;padding:5px"></div>' +
      '<div id="f" style="display:flex;flex-direction:column;height:20px"></div><div id="m" style="column-count:3"></div>';
    expect(pick(rectsOf(html), { g: '0,0,800,10', f: '0,10,800,20', m: '0,30,800,0' })).toEqual({ g: '0,0,800,10', f: '0,10,800,20', m: '0,30,800,0' });
  });

  it('huge spans and line numbers are clamped, tiny auto-fill tracks are bounded', () => {
    const html = '<div id="g" style="display:grid;grid-template-columns:repeat(auto-fill, 0.001px)">' +
      '<div id="a" style="grid-column:span 100000;height:10px"></div><div id="b" style="grid-row:99999;height:10px"></div></div>';
    const t0 = performance.now();
    const rects = rectsOf(html);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(rects.a).toBeDefined();
    expect(rects.b).toBeDefined();
  });
});
