import { describe, expect, it } from 'vitest';
import { el, type ElSpec } from '../helpers/style.js';
import { layoutCountingStyleReads } from '../helpers/style-reads.js';

/** Nested flex/grid containers are measured, then laid out: the work must not multiply per level. */
function nest(depth: number): ElSpec {
  let inner: ElSpec = el('div', { height: 10, width: 10, attrs: { id: 'leaf' } }, 'x');
  for (let i = 0; i < depth; i++) {
    const grid = i % 2 === 1;
    inner = el(
      'div',
      grid
        ? {
            display: 'grid',
            gridTemplateColumns: {
              tracks: [{ kind: 'auto' }, { kind: 'fr', value: 1 }],
              lineNames: [[], [], []],
              autoRepeat: null,
            },
          }
        : { display: 'flex', alignItems: 'center' },
      el('div', {}, 'label'),
      inner,
    );
  }
  return el('body', {}, inner);
}

describe('nested flex and grid', () => {
  it('work grows linearly with depth, not exponentially', () => {
    // Work counted as style reads (helpers/style-reads.ts); a pass per level per child would multiply by 2^12.
    const leaf = (depth: number) => layoutCountingStyleReads(nest(depth), (e) => e.attrs['id'] === 'leaf').reads;
    const all = (depth: number) => layoutCountingStyleReads(nest(depth), (e) => e.tag === 'div').reads;
    // The innermost box is laid out as often 18 levels down as 6 levels down ...
    expect(leaf(18)).toBeLessThan(2 * leaf(6));
    // ... and three times the levels cost about three times the work.
    expect(all(18)).toBeLessThan(4 * all(6));
  });
});
