import { describe, expect, it } from 'vitest';
import { pageStyleOf } from '../helpers/layout.js';
import { el } from '../helpers/style.js';
import { layoutCountingStyleReads } from '../helpers/style-reads.js';

/**
 * Long tables lay out in work linear in their rows: rows are measured once, not once per page.
 * Work is counted as style reads of rows and cells (speed is measured in bench/, "report" workloads).
 */
describe('table work', () => {
  const build = (n: number) =>
    el(
      'body',
      { display: 'block' },
      el(
        'table',
        { width: { px: 0, pct: 100 }, borderCollapse: 'collapse' },
        el(
          'thead',
          { display: 'table-header-group' },
          el('tr', {}, el('td', {}, 'Date'), el('td', {}, 'Description'), el('td', {}, 'Amount')),
        ),
        el(
          'tbody',
          {},
          ...Array.from({ length: n }, (_, i) =>
            el(
              'tr',
              {},
              el('td', {}, `2024-01-${i % 28}`),
              el('td', {}, `Payment number ${i} to a supplier`),
              el('td', {}, `${i * 3}.00`),
            ),
          ),
        ),
      ),
    );

  it('twice the rows (and pages) cost twice the work', () => {
    const work = (n: number): number => {
      const { pages, reads } = layoutCountingStyleReads(build(n), (e) => e.tag === 'tr' || e.tag === 'td', {
        pageStyle: pageStyleOf({ width: 600, height: 800 }),
      });
      expect(pages.length).toBeGreaterThan(n / 50);
      return reads;
    };
    // Linear work gives 2; laying rows out again on every page would give about 4.
    expect(work(600) / work(300)).toBeLessThan(2.2);
  });
});
