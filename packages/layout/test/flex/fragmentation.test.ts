import { describe, expect, it } from 'vitest';
import { pick, rectsOf } from './rects.js';

/**
 * Flex and grid containers across pages of 800×200 px. Expected page and top of every item
 * come from Chromium printing the same HTML (a 10px label at each item's top, located with
 * pdftotext -bbox); heights of the parts follow from the page end.
 */
const page = { width: 800, height: 200, margin: 0 };
const items = (n: number, style: string): string =>
  Array.from({ length: n }, (_, k) => `<div id="i${k}" style="${style}"></div>`).join('');

describe('flex fragmentation (Chromium)', () => {
  it('a wrapped row whose line reaches past the page end breaks its items in parallel', () => {
    const html = `<div id="c" style="display:flex;flex-wrap:wrap;width:300px">${items(10, 'width:100px;height:60px')}</div>`;
    // Chromium: i0–i8 on page 1 at y 0/60/120; i9 starts at y 180 on page 1 and continues on page 2.
    expect(
      pick(rectsOf(html, page), {
        i2: '200,0,100,60',
        i8: '200,120,100,60',
        i9: '0,180,100,20',
        'p1:i9': '0,0,100,40',
      }),
    ).toEqual({ i2: '200,0,100,60', i8: '200,120,100,60', i9: '0,180,100,20', 'p1:i9': '0,0,100,40' });
  });

  it('a column container breaks inside the item at the page end; the next items follow its rest', () => {
    const html = `<div id="c" style="display:flex;flex-direction:column;width:300px">${items(5, 'height:70px')}</div>`;
    // Chromium: i2 at y 140 (split), i3 at y 10 and i4 at y 80 on page 2.
    const expected = { i2: '0,140,300,60', 'p1:i2': '0,0,300,10', 'p1:i3': '0,10,300,70', 'p1:i4': '0,80,300,70' };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });

  it('break-inside: avoid moves a column item to the next page', () => {
    const html =
      `<div id="c" style="display:flex;flex-direction:column;width:300px"><div id="i0" style="height:150px"></div>` +
      `<div id="i1" style="height:80px;break-inside:avoid"></div><div id="i2" style="height:30px"></div></div>`;
    // Chromium: i1 at the top of page 2, i2 below it at y 80.
    const expected = { i0: '0,0,300,150', 'p1:i1': '0,0,300,80', 'p1:i2': '0,80,300,30' };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });

  it('a row container after other content splits its items at the page end', () => {
    const html =
      `<div style="height:150px"></div><div id="c" style="display:flex;width:300px">` +
      `<div id="i0" style="width:100px;height:80px"></div><div id="i1" style="width:100px;height:20px"></div></div>`;
    // Chromium: both items start at y 150 on page 1; i0 continues on page 2.
    const expected = { i0: '0,150,100,50', i1: '100,150,100,20', 'p1:i0': '0,0,100,30' };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });
});

describe('grid fragmentation (Chromium)', () => {
  it('rows that fit stay; the row reaching past the page end breaks its items; later rows follow', () => {
    const html = `<div id="c" style="display:grid;grid-template-columns:1fr 1fr;width:300px;row-gap:5px">${items(8, 'height:70px')}</div>`;
    // Chromium: rows at 0, 75, 150 on page 1 (i4/i5 split), i6/i7 at y 25 on page 2.
    const expected = {
      i3: '150,75,150,70',
      i4: '0,150,150,50',
      i5: '150,150,150,50',
      'p1:i5': '150,0,150,20',
      'p1:i6': '0,25,150,70',
      'p1:i7': '150,25,150,70',
    };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });

  it('rows bridged by a row-spanning item break together; the rows after it follow its rest', () => {
    const html =
      '<div id="c" style="display:grid;grid-template-columns:100px 100px;width:200px">' +
      '<div id="a" style="grid-row:span 3"></div>' +
      ['b1', 'b2', 'b3', 'e1', 'e2'].map((id) => `<div id="${id}" style="height:70px"></div>`).join('') +
      '</div><div id="n" style="height:20px"></div>';
    // Chromium: b3 at y 140 split, the spanning item split with it; e1/e2 at y 10 and the next block at y 80 on page 2.
    const expected = {
      a: '0,0,100,200',
      b3: '100,140,100,60',
      'p1:a': '0,0,100,10',
      'p1:b3': '100,0,100,10',
      'p1:e1': '0,10,100,70',
      'p1:e2': '100,10,100,70',
      'p1:n': '0,80,800,20',
    };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });

  it('forced breaks between column items, flex lines and grid rows', () => {
    const div = (id: string, style: string): string => `<div id="${id}" style="${style}"></div>`;
    const html =
      `<div style="display:flex;flex-direction:column;width:300px">${div('i0', 'height:30px')}${div('i1', 'height:30px;break-before:page')}${div('i2', 'height:30px')}</div>` +
      `<div style="display:flex;flex-wrap:wrap;width:200px">${div('j0', 'width:100px;height:30px')}${div('j1', 'width:100px;height:30px')}` +
      `${div('j2', 'width:100px;height:30px;break-before:page')}${div('j3', 'width:100px;height:30px')}</div>` +
      `<div style="display:grid;grid-template-columns:1fr 1fr;width:200px">${div('k0', 'height:30px')}${div('k1', 'height:30px;break-after:page')}${div('k2', 'height:30px')}</div>`;
    // Chromium: i1 and j2 begin pages 2 and 3; k2 (the row after k1) begins page 4.
    const expected = {
      i0: '0,0,300,30',
      'p1:i1': '0,0,300,30',
      'p1:i2': '0,30,300,30',
      'p1:j0': '0,60,100,30',
      'p2:j2': '0,0,100,30',
      'p2:j3': '100,0,100,30',
      'p2:k0': '0,30,100,30',
      'p3:k2': '0,0,100,30',
    };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });

  it('a line or row moves on whole when one of its items cannot start on the page', () => {
    const item =
      '<div id="i0" style="width:100px;height:20px"></div><div id="i1" style="width:100px"><div id="k" style="height:80px;break-inside:avoid"></div></div>';
    const flex = `<div style="height:150px"></div><div style="display:flex;width:300px">${item}</div>`;
    const grid = `<div style="height:150px"></div><div style="display:grid;grid-template-columns:100px 100px;width:300px">${item}</div>`;
    // Chromium: i0 and the avoid block both begin page 2, for flex and for grid.
    const expected = { 'p1:i0': '0,0,100,20', 'p1:k': '100,0,100,80' };
    expect(pick(rectsOf(flex, page), expected)).toEqual(expected);
    expect(pick(rectsOf(grid, page), expected)).toEqual(expected);
  });

  it("a forced break inside an item ends the page there; what follows flows after the item's rest", () => {
    const div = (id: string, style: string, inner = ''): string => `<div id="${id}" style="${style}">${inner}</div>`;
    const html =
      div(
        'c',
        'display:flex;flex-direction:column;width:300px',
        div('A', '', div('a1', 'height:30px') + div('a2', 'height:30px;break-before:page')) + div('B', 'height:30px'),
      ) +
      div(
        'r',
        'display:flex;width:300px',
        div('x', 'width:100px', div('x1', 'height:20px') + div('x2', 'height:20px;break-before:page')) +
          div('y', 'width:100px;height:60px'),
      ) +
      div('z', 'height:10px');
    // Chromium: a2 begins page 2 with B below it; x2 begins page 3 and z follows it at y 20.
    const expected = {
      a1: '0,0,300,30',
      'p1:a2': '0,0,300,30',
      'p1:B': '0,30,300,30',
      'p1:x1': '0,60,100,20',
      'p1:y': '100,60,100,60',
      'p2:x2': '0,0,100,20',
      'p2:z': '0,20,800,10',
    };
    expect(pick(rectsOf(html, page), expected)).toEqual(expected);
  });
});
