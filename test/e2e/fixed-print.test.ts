/**
 * `position: fixed` and root-level `position: absolute` boxes in print, against Chromium 150's
 * print of the same documents (A4, 25mm margins, three pages; word tops and lefts from
 * `pdftotext -bbox`, pt). Chromium lays fixed boxes out once against the first page's initial
 * containing block (the page area floored to whole px: 604 × 933 px here) and prints that layer
 * on every page at the page area's corner, and on later pages once more one first-page-area
 * height higher (a box below page 1's area shows on pages 2+ only).
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

function doc(pageCss: string, boxes: string): string {
  return (
    `<style>@page { size: A4; margin: 25mm } ${pageCss} body{margin:0;font:12px 'Liberation Sans'}</style>` +
    `<body><div style="height:900px">p1</div><div style="height:900px">p2</div><div style="height:300px">p3</div>${boxes}</body>`
  );
}
const fixed = (css: string): string => `<div style="position:fixed;${css};font-size:10pt">FIXED</div>`;
const FIRST = '@page :first { margin-top: 40mm }';

/** [page, x, y] of each FIXED word Chromium prints. */
const CASES: { name: string; html: string; words: [number, number, number][] }[] = [
  {
    name: 'bottom:0 right:0 sits on the floored page area',
    html: doc('', fixed('bottom:0;right:0')),
    words: [
      [1, 494.06, 758.95],
      [2, 494.06, 758.95],
      [3, 494.06, 758.95],
    ],
  },
  {
    name: 'bottom:0 keeps the first page offset on taller later page areas',
    html: doc(FIRST, fixed('bottom:0;right:0')),
    words: [
      [1, 494.06, 758.95],
      [2, 494.06, 716.2],
      [3, 494.06, 716.2],
    ],
  },
  {
    name: 'a box below the first page area prints on later pages only',
    html: doc('', fixed('bottom:-15mm;right:0')),
    words: [
      [2, 494.06, 101.2],
      [3, 494.06, 101.2],
    ],
  },
  {
    name: 'bottom:5mm',
    html: doc('', fixed('bottom:5mm;right:0')),
    words: [
      [1, 494.06, 744.7],
      [2, 494.06, 744.7],
      [3, 494.06, 744.7],
    ],
  },
  {
    name: 'bottom:5mm with a taller first-page margin',
    html: doc(FIRST, fixed('bottom:5mm;right:0')),
    words: [
      [1, 494.06, 744.7],
      [2, 494.06, 701.95],
      [3, 494.06, 701.95],
    ],
  },
  {
    name: 'top:0 left:0',
    html: doc('', fixed('top:0;left:0')),
    words: [
      [1, 70.5, 70.45],
      [2, 70.5, 70.45],
      [3, 70.5, 70.45],
    ],
  },
  {
    name: 'top:10mm with a taller first-page margin',
    html: doc(FIRST, fixed('top:10mm;left:0')),
    words: [
      [1, 70.5, 141.7],
      [2, 70.5, 98.95],
      [3, 70.5, 98.95],
    ],
  },
  {
    name: 'top:250mm lies below page 1',
    html: doc('', fixed('top:250mm;left:0')),
    words: [
      [2, 70.5, 78.7],
      [3, 70.5, 78.7],
    ],
  },
];

describe('fixed boxes in print match Chromium', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { words } = extractWords(await render({ html: c.html }));
      const got = words.filter((w) => w.text === 'FIXED').map((w) => [w.page, w.xMin, w.yMin] as const);
      expect(got.map((g) => g[0])).toEqual(c.words.map((w) => w[0]));
      got.forEach(([, x, y], i) => {
        expect(Math.abs(x - c.words[i]![1]), `x on page ${i + 1}: ${x}`).toBeLessThan(0.1);
        expect(Math.abs(y - c.words[i]![2]), `y on page ${i + 1}: ${y}`).toBeLessThan(0.1);
      });
    });
  }
  it('absolute boxes of the root use the floored first page area too', async () => {
    const html =
      `<style>@page { size: A4; margin: 25mm } body{margin:0;font:12px 'Liberation Sans'}</style><body>` +
      '<div style="position:absolute;right:0;top:0">ABS</div><div style="position:absolute;bottom:0;left:0">ABSB</div></body>';
    const { words } = extractWords(await render({ html }));
    const abs = words.find((w) => w.text === 'ABS')!;
    const absb = words.find((w) => w.text === 'ABSB')!;
    expect(Math.abs(abs.xMin - 505.49)).toBeLessThan(0.1);
    expect(Math.abs(absb.yMin - 759.85)).toBeLessThan(0.1);
  });
  it('anchored root absolute boxes land on the page their position falls on, static ones stay with their placeholder', async () => {
    const html =
      `<style>@page { size: A4; margin: 25mm } body{margin:0;font:12px 'Liberation Sans'}</style><body>` +
      '<div style="height:900px">p1</div><div style="height:300px">p2</div><div style="position:absolute;bottom:30mm;right:0">STAMP</div>' +
      '<div style="position:absolute;top:280mm;left:0">LOWER</div><div style="position:absolute;left:50px">STATIC</div><div>end</div></body>';
    const { words } = extractWords(await render({ html }));
    const at = (text: string): [number, number, number] => {
      const w = words.find((x) => x.text === text)!;
      return [w.page, Math.round(w.xMin * 100) / 100, Math.round(w.yMin * 100) / 100];
    };
    // Chromium: the stamp on page 1 although its placeholder is on page 2; LOWER 280mm down the
    // document, i.e. on page 2 one 934 px page (the 933.54 px area rounded up) lower.
    expect(at('STAMP')).toEqual([1, 493.16, 675.1]);
    expect(at('LOWER')).toEqual([2, 70.5, 163.6]);
    expect(at('STATIC')).toEqual([2, 108, 270.1]);
  });
});

/** How much a page holds (Chromium, A4; word tops from pdftotext -bbox). */
describe('the page area holds content down to its height rounded up to a whole px', () => {
  const page = (margins: string, above: number) =>
    `<style>@page { size: A4; margin: ${margins} } body{margin:0;font:12px/20px 'Liberation Sans'}</style>` +
    `<body><div style="height:${above}px">p1</div><div>LINEA</div><div>after</div></body>`;
  const pageOf = async (html: string): Promise<number> =>
    extractWords(await render({ html })).words.find((w) => w.text === 'LINEA')!.page;
  it('933.54 px area: a line ending at 933.99 stays, one ending at 934.1 moves on', async () => {
    expect(await pageOf(page('25mm', 913.99))).toBe(1);
    expect(await pageOf(page('25mm', 914.1))).toBe(2);
  });
  it('932.03 px area: a line ending at 932.9 stays (rounded up, not to nearest), one ending at 933.1 moves on', async () => {
    expect(await pageOf(page('25mm 25mm 25.4mm', 912.9))).toBe(1);
    expect(await pageOf(page('25mm 25mm 25.4mm', 913.1))).toBe(2);
  });
});
