import { describe, expect, it } from 'vitest';
import { shrinkFactor } from '../../src/page/shrink-to-fit.js';
import { el } from '../helpers/style.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { dumpFragments } from '../../src/debug/dump-fragments.js';

const page = { pageStyle: pageStyleOf({ width: 220, height: 120, margin: 10 }) };

describe('shrink to fit (Chromium prints content wider than the page scaled down)', () => {
  it('scales by area / content width, at most by 1 / 1.5 (measured: 1.05 → 0.9524, 2.5 → 0.6667)', () => {
    expect(shrinkFactor(200, 200)).toBe(1);
    expect(shrinkFactor(210, 200)).toBeCloseTo(1 / 1.05, 6);
    expect(shrinkFactor(500, 200)).toBeCloseTo(1 / 1.5, 6);
  });

  it('lays a page out again on a wider, taller area and records the scale', () => {
    const pages = layoutPages(el('body', {}, el('div', { width: 250, height: 10 }), el('div', { height: 100 })), page);
    expect(pages).toHaveLength(1);
    const p = pages[0]!;
    expect(p.scale).toBeCloseTo(200 / 250, 6);
    expect([p.width, p.height]).toEqual([220, 120]);
    // the page area is 250 layout px wide and 125 tall (100 px of paper / 0.8): both divs fit
    const html = p.fragments.find((f) => f.kind === 'box');
    const body = html?.kind === 'box' ? html.children[0] : undefined;
    const second = body?.kind === 'box' ? body.children[1] : undefined;
    expect(second?.kind === 'box' ? [second.x, second.width] : null).toEqual([12.5, 250]);
  });

  it('ignores overflow clipped by an overflow: hidden box, and content that fits', () => {
    const clipped = el('div', { overflow: 'hidden', width: 100 }, el('div', { width: 400, height: 10 }));
    expect(layoutPages(el('body', {}, clipped), page)[0]?.scale).toBeUndefined();
  });
  it('lays a multi-page document with a repeated table header out again from scratch, as if its page were that much larger', () => {
    // The first pass's pages are converted to page coordinates while their overflow is measured;
    // the second pass must not reuse cached fragments of the first (rows, lines, header cells).
    const rows = Array.from({ length: 12 }, (_, i) => el('tr', {}, el('td', {}, `row ${i}`), el('td', {}, 'x')));
    const body = (): ReturnType<typeof el> =>
      el(
        'body',
        {},
        el('div', { width: 255, height: 10 }),
        el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Head'))), el('tbody', {}, ...rows)),
      );
    const shrunk = layoutPages(body(), { pageStyle: pageStyleOf({ width: 220, height: 120, margin: 8 }) });
    expect(shrunk.length).toBeGreaterThan(1);
    for (const p of shrunk) expect(p.scale).toBeCloseTo(204 / 255, 9);
    // The same content on a page 1 / 0.8 as large, laid out directly: the same geometry.
    const direct = layoutPages(body(), { pageStyle: pageStyleOf({ width: 275, height: 150, margin: 10 }) });
    const rounded = (d: string): string => d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 1000) / 1000));
    expect(shrunk.map((p) => rounded(dumpFragments(p)))).toEqual(direct.map((p) => rounded(dumpFragments(p))));
  });
});
