import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '@platen/layout';
import { byId, styleDropping, styleHtml, styleOf } from './helpers.js';

const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });
const RED = rgb(255, 0, 0);
const GREEN = rgb(0, 128, 0);
const BLUE = rgb(0, 0, 255);

describe('cascade order', () => {
  it('ignores an invalid declaration, with a warning', () => {
    const { style, ignored } = styleDropping('div{color:green} div{color:notacolor}');
    expect(style.color).toEqual(GREEN);
    expect(ignored).toEqual(['Ignored CSS declaration "color: notacolor" (line 1): invalid or unsupported value']);
  });

  it.each<[string, string, string, keyof ComputedStyle, unknown]>([
    ['later rule wins at equal specificity', 'div{color:red} div{color:green}', '<div id="t"></div>', 'color', GREEN],
    ['class beats later type', '.a{color:green} div{color:red}', '<div id="t" class="a"></div>', 'color', GREEN],
    ['id beats classes', '#t{color:green} .a.b.c{color:red}', '<div id="t" class="a b c"></div>', 'color', GREEN],
    [
      'attribute counts like a class',
      '[data-x].a{color:green} .a.b{color:red}',
      '<div id="t" class="a b" data-x></div>',
      'color',
      RED,
    ],
    ['two classes beat one', '.a.b{color:green} .b{color:red}', '<div id="t" class="a b"></div>', 'color', GREEN],
    [
      ':is() takes its most specific argument',
      ':is(#t, div){color:green} .a{color:red}',
      '<div id="t" class="a"></div>',
      'color',
      GREEN,
    ],
    [':where() has no specificity', ':where(#t){color:red} div{color:green}', '<div id="t"></div>', 'color', GREEN],
    [
      ':not() counts its argument',
      'div:not(.x){color:green} div.a{color:red}',
      '<div id="t" class="a"></div>',
      'color',
      RED,
    ],
    ['!important beats specificity', 'div{color:green!important} #t{color:red}', '<div id="t"></div>', 'color', GREEN],
    ['!important beats inline', 'div{color:green !important}', '<div id="t" style="color:red"></div>', 'color', GREEN],
    ['inline beats id', '#t{color:red}', '<div id="t" style="color:green"></div>', 'color', GREEN],
    [
      'inline !important beats author !important',
      '#t{color:red!important}',
      '<div id="t" style="color:green!important"></div>',
      'color',
      GREEN,
    ],
    ['author beats UA', 'h1{font-size:10px}', '<h1 id="t"></h1>', 'fontSize', 10],
    [
      'presentational hint loses to author CSS',
      'td{background-color:green}',
      '<table><tr><td id="t" bgcolor="red"></td></tr></table>',
      'backgroundColor',
      GREEN,
    ],
    [
      'presentational hint beats UA',
      '',
      '<table><tr><td id="t" bgcolor="#0000ff"></td></tr></table>',
      'backgroundColor',
      BLUE,
    ],
    ['descendant combinator', 'p span{color:green}', '<p><em><span id="t"></span></em></p>', 'color', GREEN],
    [
      'child combinator does not skip levels',
      'p > span{color:red}',
      '<p><em><span id="t"></span></em></p>',
      'color',
      rgb(0, 0, 0),
    ],
    ['sibling combinators', 'h2 + p{color:green} h2 ~ p{margin-top:3px}', '<h2></h2><p id="t"></p>', 'color', GREEN],
    [
      'nth-child(odd)',
      'li:nth-child(odd){color:green} li{color:red}',
      '<ul><li></li><li></li><li id="t"></li></ul>',
      'color',
      GREEN,
    ],
    [
      '@media screen is ignored',
      '@media screen{div{color:red}} div{color:green}',
      '<div id="t"></div>',
      'color',
      GREEN,
    ],
    ['@media print applies', 'div{color:red} @media print{div{color:green}}', '<div id="t"></div>', 'color', GREEN],
    [
      '@media (min-width) against the page',
      '@media (min-width: 100mm){div{color:green}}',
      '<div id="t"></div>',
      'color',
      GREEN,
    ],
    [
      'unlayered beats layered regardless of specificity',
      '@layer base { #t { color: red } } div { color: green }',
      '<div id="t"></div>',
      'color',
      GREEN,
    ],
    [
      'later layer beats earlier layer',
      '@layer a, b; @layer b { div { color: green } } @layer a { #t { color: red } }',
      '<div id="t"></div>',
      'color',
      GREEN,
    ],
    [
      'important in an earlier layer wins',
      '@layer a { div { color: green !important } } @layer b { div { color: red !important } } div { color: blue !important }',
      '<div id="t"></div>',
      'color',
      GREEN,
    ],
    [
      ':lang() follows inherited lang',
      ':lang(fr) span{color:green} span{color:red}',
      '<div lang="fr-CA"><span id="t"></span></div>',
      'color',
      GREEN,
    ],
    [
      ':lang() does not match another language',
      'span:lang(de){color:red}',
      '<div lang="fr"><span id="t"></span></div>',
      'color',
      rgb(0, 0, 0),
    ],
    [
      ':lang() on the element',
      'span:lang(fr){color:green}',
      '<div lang="fr-CA"><span id="t"></span></div>',
      'color',
      GREEN,
    ],
    [':dir(rtl)', 'span:dir(rtl){color:green}', '<div dir="rtl"><span id="t"></span></div>', 'color', GREEN],
    [':focus never matches', 'div:focus{color:red} div{color:green}', '<div id="t"></div>', 'color', GREEN],
    [':hover never matches in print', 'div:hover{color:red}', '<div id="t"></div>', 'color', rgb(0, 0, 0)],
  ])('%s', (_name, css, body, prop, expected) => {
    expect(styleOf(css, body)[prop]).toEqual(expected);
  });
});

describe('inheritance and CSS-wide keywords', () => {
  it.each<[string, string, string, keyof ComputedStyle, unknown]>([
    ['color inherits', 'body{color:green}', '<div><span id="t"></span></div>', 'color', GREEN],
    ['margin does not inherit', 'body{margin:30px}', '<div id="t"></div>', 'marginTop', 0],
    [
      'inherit forces inheritance',
      'div{border:2px solid red} span{border-top-width:inherit;border-top-style:solid}',
      '<div><span id="t"></span></div>',
      'borderTop',
      { width: 2, style: 'solid', color: rgb(0, 0, 0) },
    ],
    ['initial resets', 'body{color:green} span{color:initial}', '<span id="t"></span>', 'color', rgb(0, 0, 0)],
    [
      'unset on inherited = inherit',
      'body{color:green} span{color:red} #t{color:unset}',
      '<span id="t"></span>',
      'color',
      GREEN,
    ],
    [
      'unset on non-inherited = initial',
      'span{padding-left:5px} #t{padding-left:unset}',
      '<span id="t"></span>',
      'paddingLeft',
      0,
    ],
    [
      'em resolves against own font-size',
      'div{font-size:20px;margin-left:2em}',
      '<div id="t"></div>',
      'marginLeft',
      40,
    ],
    [
      'em in font-size resolves against the parent',
      'body{font-size:10px} div{font-size:2em}',
      '<div id="t"></div>',
      'fontSize',
      20,
    ],
    ['% font-size', 'body{font-size:10px} div{font-size:150%}', '<div id="t"></div>', 'fontSize', 15],
    [
      'rem uses the root',
      'html{font-size:10px} body{font-size:30px} div{padding-top:2rem}',
      '<div id="t"></div>',
      'paddingTop',
      20,
    ],
    ['bolder from normal', 'body{font-weight:normal}', '<b id="t"></b>', 'fontWeight', 700],
    ['bolder from bold', 'body{font-weight:bold}', '<b id="t"></b>', 'fontWeight', 900],
    [
      'lighter from bold',
      'div{font-weight:bold} span{font-weight:lighter}',
      '<div><span id="t"></span></div>',
      'fontWeight',
      400,
    ],
    ['font-size keywords', 'div{font-size:x-large}', '<div id="t"></div>', 'fontSize', 24],
    ['larger', 'body{font-size:10px} div{font-size:larger}', '<div id="t"></div>', 'fontSize', 12],
    ['small element', '', '<small id="t"></small>', 'fontSize', 16 / 1.2],
    ['monospace quirk: 13px default', '', '<pre id="t"></pre>', 'fontSize', 13],
    [
      'monospace quirk keeps an inherited px size (Chromium 156, measured)',
      'body{font-size:16px}',
      '<code id="t"></code>',
      'fontSize',
      16,
    ],
    [
      'monospace quirk scales an em size of a keyword',
      'body{font-size:1.25em}',
      '<code id="t"></code>',
      'fontSize',
      16.25,
    ],
    // Chromium 156, measured (getComputedStyle): a relative size on the element whose family
    // turns monospace, or back, scales by 13/16 or 16/13 like an inherited one.
    [
      'monospace quirk scales the em size of the element turning monospace',
      'pre{font-size:.95em}',
      '<pre id="t"></pre>',
      'fontSize',
      12.35,
    ],
    ['monospace quirk scales larger', 'pre{font-size:larger}', '<pre id="t"></pre>', 'fontSize', 15.6],
    ['monospace quirk scales %', 'pre{font-size:80%}', '<pre id="t"></pre>', 'fontSize', 10.4],
    [
      'monospace quirk scales an em of a 2em parent',
      'div{font-size:2em} span{font-size:.95em;font-family:monospace}',
      '<div><span id="t"></span></div>',
      'fontSize',
      24.7,
    ],
    [
      'an em size leaving monospace scales back',
      'pre,code{font-size:.95em} code{font-family:Courier, monospace}',
      '<pre><code id="t"></code></pre>',
      'fontSize',
      14.44,
    ],
    [
      'an em size leaving monospace scales back (1em)',
      'span{font-family:serif;font-size:1em}',
      '<code><span id="t"></span></code>',
      'fontSize',
      16,
    ],
    ['no quirk with a second family', 'code{font-family:monospace, monospace}', '<code id="t"></code>', 'fontSize', 16],
    ['explicit size beats the quirk', 'code{font-size:14px}', '<code id="t"></code>', 'fontSize', 14],
    ['line-height number stays a factor', 'div{line-height:1.5}', '<div id="t"></div>', 'lineHeight', { factor: 1.5 }],
    ['line-height % is computed to px', 'div{font-size:10px;line-height:150%}', '<div id="t"></div>', 'lineHeight', 15],
    ['line-height em', 'div{font-size:10px;line-height:2em}', '<div id="t"></div>', 'lineHeight', 20],
    [
      '<font face> keeps generic families',
      '',
      '<font id="t" face="Trebuchet MS, sans-serif">x</font>',
      'fontFamily',
      ['Trebuchet MS', 'sans-serif'],
    ],
    ['<font size=+1>', '', '<font id="t" size="+1">x</font>', 'fontSize', 18],
    ['<font size=1>', '', '<font id="t" size="1">x</font>', 'fontSize', 10],
    ['lang inherits from attributes', '', '<div lang="fr"><p><span id="t"></span></p></div>', 'lang', 'fr'],
    ['dir=rtl sets direction', '', '<div dir="rtl"><span id="t"></span></div>', 'direction', 'rtl'],
    [
      'dir=auto takes the first strong character (Hebrew)',
      '',
      '<p dir="auto" id="t">123 שלום world</p>',
      'direction',
      'rtl',
    ],
    [
      'dir=auto takes the first strong character (Latin)',
      'body{direction:rtl}',
      '<p dir="auto" id="t">— hello مرحبا</p>',
      'direction',
      'ltr',
    ],
    ['bdi is auto by default', '', '<bdi id="t">مرحبا</bdi>', 'direction', 'rtl'],
  ])('%s', (_name, css, body, prop, expected) => {
    const value = styleOf(css, body)[prop];
    if (typeof expected === 'number') expect(value).toBeCloseTo(expected, 6);
    else expect(value).toEqual(expected);
  });
});

describe('custom properties', () => {
  it.each<[string, string, keyof ComputedStyle, unknown]>([
    ['var() substitutes', ':root{--c:green} div{color:var(--c)}', 'color', GREEN],
    ['custom properties inherit', 'body{--w:12px} div{padding-left:var(--w)}', 'paddingLeft', 12],
    ['fallback when undefined', 'div{color:var(--nope, green)}', 'color', GREEN],
    ['nested fallback', 'div{color:var(--a, var(--b, green))}', 'color', GREEN],
    ['var inside a shorthand', ':root{--p:1px 2px} div{padding:var(--p)}', 'paddingRight', 2],
    ['var inside calc', ':root{--n:3} div{width:calc(var(--n) * 10px)}', 'width', 30],
    ['var referencing var', ':root{--a:var(--b);--b:green} div{color:var(--a)}', 'color', GREEN],
    [
      'cycle is invalid → unset',
      ':root{--a:var(--b);--b:var(--a)} body{color:green} div{color:var(--a)}',
      'color',
      GREEN,
    ],
    [
      'invalid at computed time → unset (not earlier value)',
      'body{color:green} div{color:red} div{color:var(--missing)}',
      'color',
      GREEN,
    ],
    ['redefined on a child', ':root{--c:red} div{--c:green; color:var(--c)}', 'color', GREEN],
  ])('%s', (_name, css, prop, expected) => {
    expect(styleOf(css)[prop]).toEqual(expected);
  });
});

describe('custom properties registered by @property (CSS Properties and Values API 1)', () => {
  const reg = (name: string, inherits: boolean, initial?: string, syntax = '"*"'): string =>
    `@property ${name} { syntax: ${syntax}; inherits: ${inherits}; ${initial === undefined ? '' : `initial-value: ${initial};`} }`;
  it.each<[string, string, string, keyof ComputedStyle, unknown]>([
    [
      'takes its initial value where nothing sets it',
      reg('--w', false, '7px'),
      'div{padding-left:var(--w)}',
      'paddingLeft',
      7,
    ],
    [
      'its initial value in a shorthand',
      reg('--s', false, 'solid'),
      'div{border:var(--s) 3px}',
      'borderLeft',
      { width: 3, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } },
    ],
    [
      'inherits: false does not take the parent value',
      reg('--w', false, '7px'),
      'body{--w:20px} div{padding-left:var(--w)}',
      'paddingLeft',
      7,
    ],
    [
      'inherits: true takes the parent value',
      reg('--w', true, '7px'),
      'body{--w:20px} div{padding-left:var(--w)}',
      'paddingLeft',
      20,
    ],
    [
      'unset of a non-inherited one is its initial value',
      reg('--w', false, '7px'),
      'body{--w:20px} div{--w:unset; padding-left:var(--w)}',
      'paddingLeft',
      7,
    ],
    [
      'inherit takes the parent value',
      reg('--w', false, '7px'),
      'body{--w:20px} div{--w:inherit; padding-left:var(--w)}',
      'paddingLeft',
      20,
    ],
    [
      'initial is the initial value',
      reg('--w', true, '7px'),
      'body{--w:20px} div{--w:initial; padding-left:var(--w)}',
      'paddingLeft',
      7,
    ],
    [
      'invalid at computed-value time: unset',
      reg('--w', false, '7px'),
      'div{--w:var(--nope); padding-left:var(--w)}',
      'paddingLeft',
      7,
    ],
    [
      'the last valid rule wins',
      `${reg('--w', false, '7px')} ${reg('--w', false, '9px')}`,
      'div{padding-left:var(--w)}',
      'paddingLeft',
      9,
    ],
    [
      'a universal syntax without initial value: guaranteed-invalid',
      reg('--w', false),
      'div{padding-left:var(--w, 5px)}',
      'paddingLeft',
      5,
    ],
    [
      'without inherits: not registered',
      '@property --w { syntax: "*"; initial-value: 7px }',
      'body{--w:20px} div{padding-left:var(--w)}',
      'paddingLeft',
      20,
    ],
    [
      'a typed syntax needs an initial value',
      reg('--w', false, undefined, '"<length>"'),
      'body{--w:20px} div{padding-left:var(--w)}',
      'paddingLeft',
      20,
    ],
    [
      'inside @layer and @supports',
      `@layer a { @supports (display: grid) { ${reg('--w', false, '7px')} } }`,
      'div{padding-left:var(--w)}',
      'paddingLeft',
      7,
    ],
  ])('%s', (_name, rules, css, prop, expected) => {
    expect(styleOf(`${rules} ${css}`)[prop]).toEqual(expected);
  });
});

describe('hostile input', () => {
  it('caps exponential var() expansion', () => {
    const defs = Array.from({ length: 30 }, (_, i) => `--v${i + 1}: var(--v${i}) var(--v${i});`).join('');
    const s = styleOf(`:root{--v0: 1px; ${defs}} div{padding-left:3px} div{box-shadow: 0 0 var(--v30)}`);
    expect(s.boxShadow).toEqual([]);
    expect(s.paddingLeft).toBe(3);
  });

  it('styles very deep documents without overflowing the stack', () => {
    const r = styleHtml(`<!doctype html>${'<div><span>'.repeat(4000)}x`);
    expect(r.diagnostics).toEqual([]);
  });
});

describe('calc(), min(), max(), clamp()', () => {
  it.each<[string, unknown]>([
    ['width:calc(100% - 20px)', { px: -20, pct: 100 }],
    ['width:calc(50% + 2em)', { px: 32, pct: 50 }],
    ['width:calc(10px * 3 + 5px)', 35],
    ['width:calc((10px + 5px) / 3)', 5],
    ['width:min(100px, 50px)', 50],
    ['width:max(1in, 90px)', 96],
    ['width:clamp(10px, 200px, 150px)', 150],
    ['width:clamp(10px, 5px, 150px)', 10],
    ['width:calc(100%)', { px: 0, pct: 100 }],
    ['width:-webkit-calc(1px + 1px)', 2],
  ])('%s', (css, expected) => {
    expect(styleOf(`div{${css}}`).width).toEqual(expected);
  });
});

describe('selectors', () => {
  it('reports an invalid selector and keeps the rest of the sheet', () => {
    const r = styleHtml('<!doctype html><style>div:nope{color:red} div{color:green}</style><div id="t"></div>');
    expect(byId(r, 't').style.color).toEqual(GREEN);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['css_invalid_selector']);
  });

  it('keeps a rule whose list also names :host (Tailwind preflight)', () => {
    const r = styleHtml(
      '<!doctype html><style>html, :host { font-family: Inter, sans-serif } *, ::before, ::backdrop { box-sizing: border-box }</style><p id="t"></p>',
    );
    expect(r.diagnostics).toEqual([]);
    expect(byId(r, 't').style).toMatchObject({ fontFamily: ['Inter', 'sans-serif'], boxSizing: 'border-box' });
  });

  it('ignores unsupported pseudo-elements and vendor pseudo-classes silently', () => {
    const r = styleHtml(
      '<!doctype html><style>p::selection{color:red} p::first-line{color:red} p:-moz-focusring{color:red}</style><p id="t"></p>',
    );
    expect(r.diagnostics).toEqual([]);
    expect(byId(r, 't').style.color).toEqual(rgb(0, 0, 0));
  });

  it('shares computed styles between identical siblings', () => {
    const r = styleHtml('<!doctype html><ul><li id="a">x</li><li id="b">y</li></ul>');
    expect(byId(r, 'a').style).toBe(byId(r, 'b').style);
  });
});
