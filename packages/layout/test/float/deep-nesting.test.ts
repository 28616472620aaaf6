import { describe, expect, it } from 'vitest';
import { el, type ElSpec } from '../helpers/style.js';
import { layoutPages } from '../helpers/layout.js';

/** The HTML parser caps nesting at 512 levels; floats and positioned boxes that deep must lay out. */
describe('deeply nested floats and positioned boxes', () => {
  const nest = (depth: number, props: (i: number) => Parameters<typeof el>[1]): ElSpec => {
    let spec: ElSpec = el('div', props(depth), 'deep');
    for (let i = depth - 1; i >= 0; i--) spec = el('div', props(i), 'x ', spec);
    return spec;
  };
  it('lays out 511 nested floats', () => {
    const pages = layoutPages(
      el(
        'body',
        {},
        nest(511, (i) => ({ float: i % 2 ? 'right' : 'left', paddingLeft: 1 })),
      ),
    );
    expect(pages.length).toBeGreaterThan(0);
  });
  it('lays out 511 nested absolute and relative boxes', () => {
    const pages = layoutPages(
      el(
        'body',
        {},
        nest(511, (i) => ({ position: i % 2 ? 'relative' : 'absolute', left: 1, top: 1 })),
      ),
    );
    expect(pages.length).toBeGreaterThan(0);
  });
});
