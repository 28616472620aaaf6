import { describe, expect, it } from 'vitest';
import { styleHtml } from './helpers.js';
import type { PdfFormat } from '../../src/format.js';

const MM = 96 / 25.4;
// The a4 preset: Chromium's print-API A4, 596 × 843 pt (src/format.ts).
const A4_W = (596 * 96) / 72;
const A4_H = (843 * 96) / 72;
const ZERO = { top: '0', right: '0', bottom: '0', left: '0' };
const page = (css: string, index = 0, name = '', format: PdfFormat = {}, blank = false) => {
  const r = styleHtml(`<!doctype html><style>${css}</style><p>x</p>`, format);
  expect(r.diagnostics).toEqual([]);
  return r.pageStyle({ index, name, blank });
};

describe('@page', () => {
  it('falls back to the PdfFormat page and margins', () => {
    const p = page('', 0, '', { preset: 'letter', margins: { top: '1in' }, background_color: '#fafafa' });
    expect(p).toMatchObject({
      width: 816,
      height: 1056,
      marginTop: 96,
      backgroundColor: { r: 250, g: 250, b: 250, a: 1 },
      marginBoxes: [],
    });
    // 15mm = 42.52pt: Chromium's print API takes whole points (42pt = 56px)
    expect(p.marginLeft).toBeCloseTo(56, 6);
  });
  it('@page margins keep their CSS value (no whole-point truncation)', () => {
    const p = page('@page { margin: 15mm }', 0, '', { preset: 'letter' });
    expect(p.marginLeft).toBeCloseTo(15 * MM, 6);
  });

  it.each<[string, number, number]>([
    ['size: A5', 148 * MM, 210 * MM],
    ['size: A4 landscape', 297 * MM, 210 * MM],
    ['size: letter', 816, 1056],
    ['size: landscape', A4_H, A4_W],
    ['size: 80mm 230mm', 80 * MM, 230 * MM],
    ['size: 4in', 384, 384],
    ['size: auto', A4_W, A4_H],
    // PDF's own limits, 3 to 14,400 pt a side (PDF 1.7 Annex C.2), not the API's 10 mm floor
    ['size: 8px 6px; margin: 0', 8, 6],
    ['size: 1mm 6000mm; margin: 0', 4, 19200],
  ])('%s', (decl, w, h) => {
    const p = page(`@page { ${decl} }`);
    expect(p.width).toBeCloseTo(w, 6);
    expect(p.height).toBeCloseTo(h, 6);
  });

  // Chromium's print of an 8 × 6 px `@page` (format margins 0): `margin: 2.5px 0` leaves 1 px
  // of page area and prints 6 × 5.04 pt pages; 2.55px (0.9 px left) prints on the format's sheet.
  it('honours a tiny page while 1 px of page area is left', () => {
    const p = page('@page { size: 8px 6px; margin: 2.5px 0 }', 0, '', { margins: ZERO });
    expect([p.width, p.height, p.marginTop, p.marginBottom]).toEqual([8, 6, 2.5, 2.5]);
  });
  it.each<[string, PdfFormat]>([
    ['@page { size: 8px 6px; margin: 2.55px 0 }', { margins: ZERO }],
    ['@page { size: 8px 6px; margin: 0 4px }', { margins: ZERO }],
    // the format's own margins (20 mm, 15 mm) leave no room on the tiny page either
    ['@page { size: 8px 6px }', {}],
  ])('%s without page area prints on the format page and margins', (css, format) => {
    const p = page(css, 0, '', format);
    const f = page('', 0, '', format);
    expect([p.width, p.height, p.marginTop, p.marginRight, p.marginBottom, p.marginLeft]).toEqual([
      f.width,
      f.height,
      f.marginTop,
      f.marginRight,
      f.marginBottom,
      f.marginLeft,
    ]);
  });

  it('margin shorthand and percentages', () => {
    const p = page('@page { margin: 10mm 5% 0 }');
    expect(p.marginTop).toBeCloseTo(10 * MM, 6);
    expect(p.marginRight).toBeCloseTo(0.05 * A4_W, 6);
    expect(p.marginBottom).toBe(0);
    expect(p.marginLeft).toBeCloseTo(0.05 * A4_W, 6);
  });

  it('pseudo-classes and named pages cascade by specificity', () => {
    const css =
      '@page { margin: 1in } @page :first { margin-top: 2in } @page :left { margin-left: 3in } @page wide { size: A4 landscape } @page wide:first { margin-top: 4in }';
    expect(page(css, 0).marginTop).toBe(192);
    expect(page(css, 1).marginTop).toBe(96);
    expect(page(css, 1).marginLeft).toBe(288);
    expect(page(css, 2).marginLeft).toBe(96);
    expect(page(css, 3, 'wide').width).toBeCloseTo(297 * MM, 6);
    expect(page(css, 0, 'wide').marginTop).toBe(384);
    expect(page('@page :blank { margin: 0 }', 3, '', {}, true).marginTop).toBe(0);
  });

  it('margin boxes with counters and default alignment', () => {
    const p = page(
      '@page { @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; color: #666 } @top-left { content: "Report" } @top-center { color: red } }',
    );
    const names = p.marginBoxes.map((b) => b.name).sort();
    expect(names).toEqual(['bottom-right', 'top-left']);
    const br = p.marginBoxes.find((b) => b.name === 'bottom-right')!;
    expect(br.content).toEqual([
      { kind: 'string', value: 'Page ' },
      { kind: 'counter', name: 'page', style: 'decimal' },
      { kind: 'string', value: ' of ' },
      { kind: 'counter', name: 'pages', style: 'decimal' },
    ]);
    expect(br.style.fontSize).toBeCloseTo(32 / 3, 6);
    expect(br.style.textAlign).toBe('right');
    expect(br.style.color).toEqual({ r: 0x66, g: 0x66, b: 0x66, a: 1 });
  });

  it.each<[string, string, string]>([
    ['top-left', 'left', 'middle'],
    ['top-center', 'center', 'middle'],
    ['bottom-right', 'right', 'middle'],
    ['top-left-corner', 'right', 'middle'],
    ['bottom-right-corner', 'left', 'middle'],
    ['left-top', 'center', 'top'],
    ['right-middle', 'center', 'middle'],
    ['left-bottom', 'center', 'bottom'],
  ])('@%s defaults to text-align %s, vertical-align %s', (name, textAlign, verticalAlign) => {
    const box = page(`@page { @${name} { content: "x" } }`).marginBoxes[0]!;
    expect(box.name).toBe(name);
    expect(box.style.textAlign).toBe(textAlign);
    expect(box.style.verticalAlign).toBe(verticalAlign);
  });

  it('@page background overrides the format background', () => {
    expect(page('@page { background: #000 }', 0, '', { background_color: 'white' }).backgroundColor).toEqual({
      r: 0,
      g: 0,
      b: 0,
      a: 1,
    });
  });

  it('reports an invalid page selector', () => {
    const r = styleHtml('<!doctype html><style>@page :nth(2) { margin: 0 }</style>');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['css_invalid_page_rule']);
  });

  it('reports the same in every render of the same rules (compiled once per process)', () => {
    const html = '<!doctype html><style>@page :nth(3) { margin: 0 } @page { margn: 1cm; margin: 2cm }</style>';
    const [first, again] = [styleHtml(html), styleHtml(html)];
    expect(first.diagnostics.map((d) => d.code)).toEqual(['css_invalid_page_rule', 'css_ignored_declaration']);
    expect(again.diagnostics).toEqual(first.diagnostics);
    expect(again.pageStyle({ index: 0, name: '', blank: false })).toBe(
      first.pageStyle({ index: 0, name: '', blank: false }),
    );
  });
});
