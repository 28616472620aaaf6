import { describe, expect, it } from 'vitest';
import { matchesMedia, parseInlineStyle, parseStylesheet } from '../../src/style/stylesheet.js';
import { serialize, parseComponents } from '../../src/style/tokenizer.js';

const MEDIA = { width: 700, height: 1000 };
const rules = (css: string) =>
  parseStylesheet(css, MEDIA).items.map((i) =>
    i.kind === 'style'
      ? `${i.selector} {${i.declarations.map((d) => `${d.name}:${d.value}${d.important ? '!' : ''}`).join(';')}}`
      : i.kind,
  );

describe('parseStylesheet', () => {
  it.each<[string, string[]]>([
    ['a { color: red }', ['a {color:red}']],
    ['a{color:red;;background:blue !important}', ['a {color:red;background:blue!}']],
    ['/* x { } */ a /* c */ { color: /* in value */ red }', ['a {color:red}']],
    ['a { content: "}{;" ; color: red }', ['a {content:"}{;";color:red}']],
    // CSS Nesting 1: nested rules follow what precedes them; later declarations are a rule again.
    ['a { color: red; b { color: blue } margin: 0 }', ['a {color:red}', 'a b {color:blue}', 'a {margin:0}']],
    ['.x { &:hover, > p, & + & { c: d } }', ['.x:hover, .x > p, .x + .x {c:d}']],
    ['.x .y, .z { .w & { c: d } }', ['.w :is(.x .y, .z) {c:d}']],
    ['a { @media print { c: d; b { e: f } } @media screen { g: h } }', ['a {c:d}', 'a b {e:f}']],
    ['a { b { c { d: e } } }', [':is(a b) c {d:e}']],
    ['a { [x="&"] { d: e } }', ['a [x="&"] {d:e}']],
    ['@unknown foo { a { color: red } } b { color: blue }', ['b {color:blue}']],
    ['@charset "utf-8"; a { color: red }', ['a {color:red}']],
    ['@media print { a { color: red } } @media screen { b { color: red } }', ['a {color:red}']],
    ['@media print and (orientation: portrait) { a { x: 1 } } @media (min-width: 1000px) { b { x: 1 } }', ['a {x:1}']],
    ['@supports (display: grid) { a { x: 1 } } @supports not (display: grid) { b { x: 1 } }', ['a {x:1}']],
    ['a { --Brand-Color: #123; COLOR: Red }', ['a {--Brand-Color:#123;color:Red}']],
    ['<!-- a { color: red } -->', ['a {color:red}']],
    ['a { color: red', ['a {color:red}']],
    ['a { b: url(x;y.png) }', ['a {b:url(x;y.png)}']],
    ['a:not([x="}"]) { c: d }', ['a:not([x="}"]) {c:d}']],
  ])('%s', (css, expected) => {
    expect(rules(css)).toEqual(expected);
  });

  it('drops a byte order mark opening the sheet, which would otherwise void its first rule', () => {
    expect(rules('\ufeff:root { color: red } p { margin: 0 }')).toEqual([':root {color:red}', 'p {margin:0}']);
  });
  it('keeps @import, @font-face and @page with margin boxes', () => {
    const items = parseStylesheet(
      '@import url("a.css") print; @font-face { font-family: X; src: url(x.ttf) } @page :first { margin: 0; @top-center { content: "T" } }',
      MEDIA,
    ).items;
    expect(items[0]).toEqual({ kind: 'import', url: 'a.css', media: 'print' });
    expect(items[1]).toMatchObject({
      kind: 'font-face',
      declarations: [
        { name: 'font-family', value: 'X' },
        { name: 'src', value: 'url(x.ttf)' },
      ],
    });
    expect(items[2]).toMatchObject({
      kind: 'page',
      selector: ':first',
      declarations: [{ name: 'margin', value: '0' }],
      marginBoxes: [{ name: 'top-center', declarations: [{ name: 'content', value: '"T"' }] }],
    });
  });

  it('parses style attributes', () => {
    expect(parseInlineStyle('color: red; background: url("a;b.png") !important; bogus')).toEqual([
      { name: 'color', value: 'red', important: false },
      { name: 'background', value: 'url("a;b.png")', important: true },
    ]);
  });

  it.each<[string, boolean]>([
    ['', true],
    ['print', true],
    ['all', true],
    ['screen', false],
    ['screen, print', true],
    ['not screen', true],
    ['only print', true],
    ['print and (max-width: 600px)', false],
    ['(min-width: 10cm)', true],
    ['speech', false],
    ['(width >= 40rem)', true],
    ['(width < 40rem)', false],
    ['(400px < width <= 700px)', true],
    ['(700px < width)', false],
    ['(height > 900px)', true],
    ['screen and (width >= 1px)', false],
    ['not all and (width >= 1px)', false],
  ])('media %j → %s', (query, expected) => {
    expect(matchesMedia(query, MEDIA)).toBe(expected);
  });
});

describe('tokenizer', () => {
  it.each<[string, string]>([
    ['1.5em -2px +.5% 1e2', '1.5em -2px 0.5% 100'],
    ['"a\\"b" \'c\'', '"a\\"b" "c"'],
    ['\\31 0px', '\\31 0px'],
    ['rgb(1,2,3) #fff', 'rgb(1,2,3) #fff'],
    ['calc( 100% - ( 2 * 3px ) )', 'calc( 100% - ( 2 * 3px ) )'],
  ])('%s', (input, expected) => {
    const out = serialize(parseComponents(input));
    if (input.startsWith('\\31')) expect(parseComponents(input)[0]).toMatchObject({ t: 'ident', v: '10px' });
    else expect(out).toBe(expected);
  });
});
