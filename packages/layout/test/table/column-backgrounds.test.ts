import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import type { Color } from '../../src/style.js';
import { layoutPages } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

const RED: Color = { r: 255, g: 0, b: 0, a: 1 };
const YELLOW: Color = { r: 255, g: 255, b: 0, a: 1 };
const BLUE: Color = { r: 0, g: 0, b: 255, a: 1 };
const name = (c: Color): string => (c === RED ? 'red' : c === YELLOW ? 'yellow' : c === BLUE ? 'blue' : '?');
const cell = () => el('td', {}, el('div', { display: 'block', width: 40, height: 20 }));

/** Chromium paints column and column-group backgrounds behind each cell of the column (not in the spacing), under rows. */
describe('column backgrounds', () => {
  it('paint per cell, colgroup first, then col, before the row groups', () => {
    const doc = el(
      'body',
      { display: 'block' },
      el(
        'table',
        { borderSpacing: [4, 4] },
        el(
          'colgroup',
          { display: 'table-column-group', backgroundColor: YELLOW },
          el('col', { display: 'table-column', backgroundColor: RED }),
          el('col', { display: 'table-column' }),
        ),
        el('col', { display: 'table-column', backgroundColor: BLUE }),
        el('tbody', {}, el('tr', {}, cell(), cell(), cell()), el('tr', {}, cell(), cell(), cell())),
      ),
    );
    const out: string[] = [];
    const visit = (f: Fragment): void => {
      if (f.kind !== 'box') return;
      if (f.tag === '' && f.style.backgroundColor.a > 0)
        out.push(`${name(f.style.backgroundColor)} ${f.x},${f.y} ${f.width}x${f.height}`);
      if (f.tag === 'tbody') out.push('tbody');
      f.children.forEach(visit);
    };
    layoutPages(doc)[0]!.fragments.forEach(visit);
    // Chromium: cells at x 4, 48, 92 and y 4, 28 (rects of the cols: 4,4 40x44 …).
    expect(out).toEqual([
      'yellow 4,4 40x20',
      'yellow 48,4 40x20',
      'yellow 4,28 40x20',
      'yellow 48,28 40x20',
      'red 4,4 40x20',
      'blue 92,4 40x20',
      'red 4,28 40x20',
      'blue 92,28 40x20',
      'tbody',
    ]);
  });
});
