import { describe, expect, it } from 'vitest';
import type { StyledElement } from '@platen/layout';
import { byId, find, styleHtml } from './helpers.js';
import { loadSheet, type SheetLoader } from '../../src/style/sheets.js';
import { createLayerRegistry } from '../../src/style/stylesheet.js';

const doc = (css: string, body: string): string =>
  `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`;
const GREEN = { r: 0, g: 128, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 255, a: 1 };

function cells(root: StyledElement): StyledElement[] {
  const out: StyledElement[] = [];
  const walk = (el: StyledElement): void => {
    if (el.tag === 'td') out.push(el);
    for (const c of el.children) if (c.kind === 'element') walk(c);
  };
  walk(root);
  return out;
}

describe('computed styles shared between siblings', () => {
  const rows = Array.from({ length: 6 }, (_, i) => `<tr><td>${i}</td><td class="n">${i}</td></tr>`).join('');
  const result = styleHtml(
    doc('tbody tr:nth-child(even) { background: blue } td.n { color: green }', `<table><tbody>${rows}</tbody></table>`),
  );
  const tds = cells(result.root);

  it('cells with the same rules under rows with the same style share one ComputedStyle', () => {
    expect(tds).toHaveLength(12);
    // Rows 1, 3, 5 (odd) and 2, 4, 6 (even) differ; within each parity the cells share.
    expect(tds[4]!.style).toBe(tds[0]!.style);
    expect(tds[5]!.style).toBe(tds[1]!.style);
    expect(tds[6]!.style).toBe(tds[2]!.style);
    expect(tds[1]!.style).not.toBe(tds[0]!.style);
    expect(tds[1]!.style.color).toEqual(GREEN);
    expect(tds[0]!.style.color).not.toEqual(GREEN);
  });

  it('rows matched by :nth-child(even) get their own style', () => {
    const tbody = find(result.root, (e) => e.tag === 'tbody')!;
    const trs = tbody.children.filter((c): c is StyledElement => c.kind === 'element');
    expect(trs.map((tr) => tr.style.backgroundColor)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 1 ? BLUE : expect.objectContaining({ a: 0 }))),
    );
    expect(trs[3]!.style).toBe(trs[1]!.style);
    expect(trs[2]!.style).toBe(trs[0]!.style);
  });
});

describe('matching with and without id and attribute buckets agrees', () => {
  it.each([
    ['class only', '<div id="t" class="  a a "></div>'],
    ['class and a bucketed attribute', '<div id="t" class="a" data-x></div>'],
    ['class and a bucketed id', '<div id="t" class="a b"></div>'],
  ])('%s: source order and specificity decide', (_name, body) => {
    const css =
      'div.a { color: blue } div { color: red } .a { color: green } [data-x] { margin-top: 1px } #nothing { color: red } .b { margin-left: 2px }';
    const style = byId(styleHtml(doc(css, body)), 't').style;
    expect(style.color).toEqual(BLUE);
  });

  it('a rule in the id bucket still applies when the element has classes', () => {
    const style = byId(
      styleHtml(doc('#t { color: green } .a { color: red; margin-top: 3px }', '<div id="t" class="a"></div>')),
      't',
    ).style;
    expect(style.color).toEqual(GREEN);
    expect(style.marginTop).toBe(3);
  });
});

describe('style attributes and lang keep siblings apart', () => {
  it('lang="" is not the inherited language', () => {
    const result = styleHtml(doc('', '<div lang="fr"><span id="a" lang="">x</span><span id="b">y</span></div>'));
    expect(byId(result, 'a').style.lang).toBe('');
    expect(byId(result, 'b').style.lang).toBe('fr');
  });

  it('an inline style makes its own style; siblings without one share', () => {
    const result = styleHtml(doc('', '<p id="a">1</p><p id="b" style="color:green">2</p><p id="c">3</p>'));
    expect(byId(result, 'b').style.color).toEqual(GREEN);
    expect(byId(result, 'c').style).toBe(byId(result, 'a').style);
    expect(byId(result, 'b').style).not.toBe(byId(result, 'a').style);
  });
});

describe('compiled author declarations are shared across renders', () => {
  it('equal declaration text gives the same compiled list; importance and values keep them apart', async () => {
    const { compileAuthorDeclarations } = await import('../../src/style/cascade.js');
    const decls = (value: string, important = false) => [
      { name: 'margin', value, important },
      { name: 'color', value: 'red', important: false },
    ];
    const first = compileAuthorDeclarations(decls('1px 2px'));
    expect(compileAuthorDeclarations(decls('1px 2px'))).toBe(first);
    expect(first.map((d) => d.name)).toEqual(['margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'color']);
    expect(compileAuthorDeclarations(decls('1px 2px', true))).not.toBe(first);
    expect(compileAuthorDeclarations(decls('1px 3px'))).not.toBe(first);
  });

  it('a second render of the same sheet styles the same', () => {
    const html = doc('td.n { color: green; padding: 1px 2px }', '<table><tr><td id="t" class="n">1</td></tr></table>');
    const a = byId(styleHtml(html), 't').style;
    const b = byId(styleHtml(html), 't').style;
    expect(b).toEqual(a);
    expect(b.color).toEqual(GREEN);
    expect(b.paddingLeft).toBe(2);
  });
});

describe('computed styles shared between renders of the same sheets', () => {
  const page = (rootSize: number, cls: string): string =>
    doc(
      '.big { font-size: 2rem } .a { color: green } .b { color: blue }',
      `<p id="t" class="big ${cls}">x</p>`,
    ).replace('<html>', `<html style="font-size: ${rootSize}px">`);

  it('a second render of the same template computes no style again (the same objects come back)', () => {
    const first = styleHtml(page(10, 'a'));
    const second = styleHtml(page(10, 'a'));
    expect(byId(second, 't').style).toBe(byId(first, 't').style);
    expect(second.root.style).toBe(first.root.style);
  });

  it("rem lengths follow each render's own root font size", () => {
    expect(byId(styleHtml(page(10, 'a')), 't').style.fontSize).toBe(20);
    expect(byId(styleHtml(page(20, 'a')), 't').style.fontSize).toBe(40);
    expect(byId(styleHtml(page(10, 'a')), 't').style.fontSize).toBe(20);
  });

  it('elements matching other rules of the same sheets get their own styles', () => {
    expect(byId(styleHtml(page(10, 'a')), 't').style.color).toEqual(GREEN);
    expect(byId(styleHtml(page(10, 'b')), 't').style.color).toEqual(BLUE);
  });

  it('other sheets, page sizes or modes make another index', () => {
    const a = byId(styleHtml(page(10, 'a')), 't').style;
    expect(byId(styleHtml(page(10, 'a'), { width: '100mm', height: '100mm' }), 't').style).not.toBe(a);
    expect(byId(styleHtml(page(10, 'a').replace('<!doctype html>', '')), 't').style).not.toBe(a);
  });
});

describe('stylesheets parsed once per process', () => {
  const loader = (): SheetLoader => ({
    baseUrl: undefined,
    media: { width: 600, height: 900 },
    layers: createLayerRegistry(),
    resolve: undefined,
    diagnostics: [],
    urls: [],
  });
  const declarationsOf = (css: string) =>
    loadSheet(css, undefined, loader()).map((item) => ('declarations' in item ? item.declarations : null));

  it('the same sheet text gives back the same parsed declarations', () => {
    const css = '.cached-sheet-a { color: red } @media (min-width: 500px) { .cached-sheet-b { color: blue } }';
    const first = declarationsOf(css);
    expect(first).toHaveLength(2);
    declarationsOf(css).forEach((d, i) => expect(d).toBe(first[i]));
  });

  it('a sheet naming cascade layers is parsed each time: its ranks depend on the sheets before it', () => {
    const css = '@layer x { .cached-sheet-c { color: red } }';
    const later = loader();
    loadSheet('@layer first, x;', undefined, later);
    const [alone] = loadSheet(css, undefined, loader());
    const [after] = loadSheet(css, undefined, later);
    expect(alone).toMatchObject({ kind: 'style', layer: 0 });
    expect(after).toMatchObject({ kind: 'style', layer: 1 });
  });
});
