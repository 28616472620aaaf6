import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import type { BorderSide } from '../../src/style.js';
import { buildBoxes } from '../../src/boxes/build-boxes.js';
import { createLayoutContext } from '../../src/flow/context.js';
import { layoutBox } from '../../src/flow/layout-box.js';
import { NO_MARGINS } from '../../src/flow/types.js';
import { fakeMeasurer } from '../helpers/fake-measurer.js';
import { layoutPages } from '../helpers/layout.js';
import { el, styled, type ElSpec } from '../helpers/style.js';

const solid: BorderSide = { width: 2, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } };
const borders = { borderTop: solid, borderRight: solid, borderBottom: solid, borderLeft: solid };

function numbers(pages: ReturnType<typeof layoutPages>): number[] {
  const out: number[] = [];
  const visit = (f: Fragment): void => {
    if (f.kind === 'box') {
      out.push(f.x, f.y, f.width, f.height);
      f.children.forEach(visit);
    } else if (f.kind === 'text') out.push(f.x, f.baseline, f.width);
  };
  pages.forEach((p) => p.fragments.forEach(visit));
  return out;
}

/** Degenerate tables lay out to finite geometry (never NaN, never a crash), separated or collapsed. */
describe('table edge cases', () => {
  const cases: [string, ElSpec][] = [
    ['empty table', el('table', borders)],
    ['row without cells', el('table', borders, el('tbody', {}, el('tr', {})))],
    ['caption only', el('table', borders, el('caption', { display: 'table-caption' }, 'Title'))],
    ['text directly in a table', el('table', borders, 'loose text')],
    [
      'colspan larger than the row',
      el(
        'table',
        borders,
        el('tbody', {}, el('tr', {}, el('td', { attrs: { colspan: '5' } }, 'a')), el('tr', {}, el('td', {}, 'b'))),
      ),
    ],
    [
      'rowspan 0 spans the group',
      el(
        'table',
        borders,
        el(
          'tbody',
          {},
          el('tr', {}, el('td', { attrs: { rowspan: '0' } }, 'a'), el('td', {}, 'b')),
          el('tr', {}, el('td', {}, 'c')),
        ),
      ),
    ],
  ];
  for (const collapse of [false, true]) {
    for (const [name, table] of cases) {
      it(`${name}${collapse ? ' (collapsed borders)' : ''}`, () => {
        const t = { ...table, props: { ...table.props, borderCollapse: collapse ? 'collapse' : 'separate' } } as ElSpec;
        const pages = layoutPages(el('body', { display: 'block' }, t, el('div', { display: 'block', height: 10 })));
        expect(pages).toHaveLength(1);
        expect(numbers(pages).every(Number.isFinite)).toBe(true);
      });
    }
  }
});

describe('table in an unbounded containing block', () => {
  it('keeps finite geometry with percentage widths and auto margins', () => {
    const root = buildBoxes(
      styled(
        el(
          'div',
          { display: 'block' },
          el(
            'table',
            { width: { px: 0, pct: 50 }, marginLeft: 'auto', marginRight: 'auto', minWidth: { px: 0, pct: 10 } },
            el('tbody', {}, el('tr', {}, el('td', {}, 'cell text'))),
          ),
        ),
      ),
      { images: () => null, chrome: false },
    );
    const table = root.children[0]!;
    const r = layoutBox(
      table,
      {
        inlineSize: Infinity,
        blockSize: Infinity,
        pageIsEmpty: true,
        mode: 'measure',
        marginAbove: NO_MARGINS,
        truncateMargins: false,
        cbBlockSize: null,
      },
      null,
      createLayoutContext(fakeMeasurer(), () => null),
    );
    const f = r.fragment!;
    expect(f.kind === 'box' && [f.x, f.width, r.height].every(Number.isFinite)).toBe(true);
  });
});
