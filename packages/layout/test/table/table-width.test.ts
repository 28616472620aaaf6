import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { layoutPages } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

describe('table column widths', () => {
  it('round intrinsic widths up to 1/64 px like Chromium, so max-content text never wraps in its own column', () => {
    // 13.3px glyphs are 6.65px wide: widths off the 1/64 grid.
    const doc = el(
      'body',
      { display: 'block' },
      el(
        'table',
        { borderSpacing: [0, 0], fontSize: 13.3, lineHeight: 20 },
        el('tbody', {}, el('tr', {}, el('td', {}, 'abc defg hi'), el('td', {}, 'jklmn op'), el('td', {}, 'q'))),
      ),
    );
    const cells: number[][] = [];
    const visit = (f: Fragment): void => {
      if (f.kind !== 'box') return;
      if (f.tag === 'td') cells.push([f.width, f.height]);
      f.children.forEach(visit);
    };
    layoutPages(doc)[0]!.fragments.forEach(visit);
    const ceil64 = (v: number): number => Math.ceil(v * 64) / 64;
    expect(cells).toEqual([
      [ceil64(11 * 6.65), 20],
      [ceil64(8 * 6.65), 20],
      [ceil64(6.65), 20],
    ]);
  });

  it('counts overflow-wrap: anywhere and word-break: break-all breaks for min-content, not break-word (CSS Text 3 §5.5)', () => {
    // 150 glyphs of 8px = 1200px in an 800px-wide body.
    const word = 'x'.repeat(150);
    const widths = (cellStyle: Parameters<typeof el>[1]): { table: number; cells: number[]; lines: number[] } => {
      const doc = el(
        'body',
        { display: 'block' },
        el(
          'table',
          { borderSpacing: [0, 0] },
          el('tbody', {}, el('tr', {}, el('td', cellStyle, word), el('td', {}, 'short'))),
        ),
      );
      const out = { table: 0, cells: [] as number[], lines: [] as number[] };
      const visit = (f: Fragment): void => {
        if (f.kind === 'text') out.lines.push(f.width);
        if (f.kind !== 'box') return;
        if (f.tag === 'table') out.table = f.width;
        if (f.tag === 'td') out.cells.push(f.width);
        f.children.forEach(visit);
      };
      layoutPages(doc)[0]!.fragments.forEach(visit);
      return out;
    };
    for (const style of [{ overflowWrap: 'anywhere' as const }, { wordBreak: 'break-all' as const }]) {
      const r = widths(style);
      expect(r.table).toBeLessThanOrEqual(800);
      expect(r.cells[0]! + r.cells[1]!).toBeLessThanOrEqual(800);
      expect(r.lines.length).toBeGreaterThan(2);
      for (const line of r.lines) expect(line).toBeLessThanOrEqual(r.cells[0]!);
    }
    // break-word only breaks to avoid overflow at layout: its min-content keeps the whole word.
    expect(widths({ overflowWrap: 'break-word' }).cells[0]).toBeGreaterThanOrEqual(1200);
  });
});
