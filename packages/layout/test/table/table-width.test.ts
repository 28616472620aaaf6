import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { layoutPages } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

describe('table column widths', () => {
  it('round intrinsic widths up to 1/64 px like Chromium, so max-content text never wraps in its own column', () => {
    // 13.3px glyphs are 6.65px wide: widths off the 1/64 grid.
    const doc = el('body', { display: 'block' }, el('table', { borderSpacing: [0, 0], fontSize: 13.3, lineHeight: 20 },
      el('tbody', {}, el('tr', {}, el('td', {}, 'abc defg hi'), el('td', {}, 'jklmn op'), el('td', {}, 'q')))));
    const cells: number[][] = [];
    const visit = (f: Fragment): void => {
      if (f.kind !== 'box') return;
      if (f.tag === 'td') cells.push([f.width, f.height]);
      f.children.forEach(visit);
    };
    layoutPages(doc)[0]!.fragments.forEach(visit);
    const ceil64 = (v: number): number => Math.ceil(v * 64) / 64;
    expect(cells).toEqual([[ceil64(11 * 6.65), 20], [ceil64(8 * 6.65), 20], [ceil64(6.65), 20]]);
  });
});
