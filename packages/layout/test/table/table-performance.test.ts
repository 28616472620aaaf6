import { describe, expect, it } from 'vitest';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

/** Long tables lay out in time linear in their rows: rows are measured once, not once per page. */
describe('table performance', () => {
  const build = (n: number) => el('body', { display: 'block' },
    el('table', { width: { px: 0, pct: 100 }, borderCollapse: 'collapse' },
      el('thead', { display: 'table-header-group' }, el('tr', {}, el('td', {}, 'Date'), el('td', {}, 'Description'), el('td', {}, 'Amount'))),
      el('tbody', {}, ...Array.from({ length: n }, (_, i) => el('tr', {}, el('td', {}, `2024-01-${i % 28}`), el('td', {}, `Payment number ${i} to a supplier`), el('td', {}, `${i * 3}.00`))))));

  it('600 rows take a few tens of ms and twice the rows take about twice the time', () => {
    const options = { pageStyle: pageStyleOf({ width: 600, height: 800 }) };
    const time = (n: number): number => {
      const doc = build(n);
      const t0 = performance.now();
      const pages = layoutPages(doc, options);
      const t = performance.now() - t0;
      expect(pages.length).toBeGreaterThan(n / 50);
      return t;
    };
    time(600); // warm-up (JIT)
    const t600s: number[] = [];
    const t1200s: number[] = [];
    for (let i = 0; i < 3; i++) {
      t600s.push(time(600));
      t1200s.push(time(1200));
    }
    const t600 = Math.min(...t600s);
    const t1200 = Math.min(...t1200s);
    // About 40 ms on an idle machine; the absolute bound only catches disasters on a loaded box,
    // the ratio catches a quadratic pass (which would make it about 4).
    expect(t600).toBeLessThan(2000);
    expect(t1200 / t600).toBeLessThan(3);
  });
});
