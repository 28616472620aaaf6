import { describe, expect, it } from 'vitest';
import type { BoxFragment, Fragment } from '../../src/fragment.js';
import type { BorderSide } from '../../src/style.js';
import { layoutPages } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

const side = (width: number, style: BorderSide['style'] = 'solid', r = 0): BorderSide => ({
  width,
  style,
  color: { r, g: 0, b: 0, a: 1 },
});
const all = (s: BorderSide) => ({ borderTop: s, borderRight: s, borderBottom: s, borderLeft: s });

function tableFragment(pages: ReturnType<typeof layoutPages>): BoxFragment {
  let found: BoxFragment | null = null;
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    if (f.tag === 'table' && !found) found = f;
    f.children.forEach(visit);
  };
  pages[0]!.fragments.forEach(visit);
  return found!;
}

/** Collapsed borders paint as merged segments on the grid lines, after the cells, strongest last (CSS 2.1 §17.6.2). */
describe('collapsed border segments', () => {
  const doc = el(
    'body',
    { display: 'block' },
    el(
      'table',
      { borderCollapse: 'collapse', ...all(side(3, 'solid', 200)) },
      el(
        'thead',
        { display: 'table-header-group' },
        el('tr', {}, el('td', all(side(1)), 'a'), el('td', all(side(1)), 'b')),
      ),
      el(
        'tfoot',
        { display: 'table-footer-group' },
        el('tr', {}, el('td', { ...all(side(1)), attrs: { colspan: '2' } }, 'total')),
      ),
      el(
        'tbody',
        {},
        el('tr', {}, el('td', all(side(1)), 'c'), el('td', { ...all(side(1)), borderLeft: side(0, 'hidden') }, 'd')),
      ),
    ),
  );

  it('emits one fragment per run of equal borders, none inside spans or at hidden edges', () => {
    const table = tableFragment(layoutPages(doc));
    const segments = table.children.filter((f): f is BoxFragment => f.kind === 'box' && f.tag === '');
    const text = segments.map(
      (f) =>
        `${f.border.top ? 'h' : 'v'}${Math.max(f.border.top, f.border.left)} ${f.x - table.x},${f.y - table.y} ${f.width}x${f.height}`,
    );
    // 1px lines first (the internal vertical line only in the header row: hidden in the body row, spanned in the footer),
    // then the 3px table border on top of them; the table's own border box paints nothing.
    expect(text).toEqual([
      'h1 0,19 46x1',
      'h1 0,36 46x1',
      'v1 22.5,1.5 1x18',
      'h3 0,0 46x3',
      'h3 0,53 46x3',
      'v3 0,0 3x56',
      'v3 43,0 3x56',
    ]);
    expect(table.style.borderTop.style).toBe('none');
    expect(table.border).toEqual({ top: 1.5, right: 1.5, bottom: 1.5, left: 1.5 });
  });
});
