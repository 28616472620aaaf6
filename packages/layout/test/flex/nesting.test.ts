import { describe, expect, it } from 'vitest';
import { el, type ElSpec } from '../helpers/style.js';
import { layoutPages } from '../helpers/layout.js';

/** Nested flex/grid containers are measured, then laid out: the work must not multiply per level. */
function nest(depth: number): ElSpec {
  let inner: ElSpec = el('div', { height: 10, width: 10 }, 'x');
  for (let i = 0; i < depth; i++) {
    const grid = i % 2 === 1;
    inner = el('div', grid
      ? { display: 'grid', gridTemplateColumns: { tracks: [{ kind: 'auto' }, { kind: 'fr', value: 1 }], lineNames: [[], [], []], autoRepeat: null } }
      : { display: 'flex', alignItems: 'center' },
    el('div', {}, 'label'), inner);
  }
  return el('body', {}, inner);
}

describe('nested flex and grid', () => {
  it('work grows linearly with depth, not exponentially', () => {
    const time = (depth: number): number => {
      const t0 = performance.now();
      layoutPages(nest(depth));
      return performance.now() - t0;
    };
    time(4); // warm-up
    const shallow = Math.max(1, time(6));
    const deep = time(18);
    // 3× the depth: allow generous headroom for a loaded machine, far below 3^12-fold growth.
    expect(deep).toBeLessThan(shallow * 40 + 200);
  });
});
