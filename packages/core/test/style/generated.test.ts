import { describe, expect, it } from 'vitest';
import type { StyledElement } from '@platen/layout';
import { byId, find, styleHtml, textOf } from './helpers.js';

function markers(html: string): string[] {
  const r = styleHtml(`<!doctype html>${html}`);
  expect(r.diagnostics).toEqual([]);
  const out: string[] = [];
  const walk = (el: StyledElement): void => {
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      if (c.tag === '::marker') out.push(textOf(c));
      walk(c);
    }
  };
  walk(r.root);
  return out;
}

describe('list markers', () => {
  it.each<[string, string[]]>([
    ['<ol><li>a<li>b<li>c</ol>', ['1. ', '2. ', '3. ']],
    ['<ol start="5"><li>a<li>b</ol>', ['5. ', '6. ']],
    ['<ol><li>a<li value="10">b<li>c</ol>', ['1. ', '10. ', '11. ']],
    ['<ol reversed><li>a<li>b<li>c</ol>', ['3. ', '2. ', '1. ']],
    ['<ol reversed start="10"><li>a<li>b</ol>', ['10. ', '9. ']],
    ['<ul><li>a<li>b</ul>', ['\u2022 ', '\u2022 ']],
    ['<ul><li>a<ul><li>b<ul><li>c</ul></ul></ul>', ['\u2022 ', '\u25e6 ', '\u25aa ']],
    ['<ol type="a"><li>a<li>b</ol>', ['a. ', 'b. ']],
    ['<ol type="I"><li>a<li>b<li>c<li>d</ol>', ['I. ', 'II. ', 'III. ', 'IV. ']],
    ['<style>ol{list-style-type:upper-alpha}</style><ol start="26"><li>a<li>b</ol>', ['Z. ', 'AA. ']],
    ['<style>ol{list-style:lower-roman}</style><ol><li>a<ol><li>b<li>c</ol><li>d</ol>', ['i. ', 'i. ', 'ii. ', 'ii. ']],
    ['<style>ul{list-style-type:"\u2013 "}</style><ul><li>a</ul>', ['\u2013 ']],
    ['<style>ul{list-style:none}</style><ul><li>a</ul>', []],
    ['<style>li::marker{content:"\u2713 "}</style><ul><li>a</ul>', ['\u2713 ']],
    ['<style>div{display:list-item;list-style-type:decimal}</style><div>a</div><div>b</div>', ['1. ', '2. ']],
    [
      '<details><summary>s</summary>hidden</details><details open><summary>t</summary><p>shown</p></details>',
      ['\u25b8 ', '\u25be '],
    ],
  ])('%s', (html, expected) => {
    expect(markers(html)).toEqual(expected);
  });

  it('applies li::marker rules to the marker style', () => {
    const r = styleHtml('<!doctype html><style>li::marker{color:red;font-weight:bold}</style><ul><li id="t">a</ul>');
    const marker = byId(r, 't').children[0] as StyledElement;
    expect(marker.tag).toBe('::marker');
    expect(marker.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(marker.style.fontWeight).toBe(700);
  });
});

describe('::before and ::after', () => {
  const generated = (css: string, body: string): string[] => {
    const r = styleHtml(`<!doctype html><style>${css}</style>${body}`);
    expect(r.diagnostics).toEqual([]);
    const out: string[] = [];
    const walk = (el: StyledElement): void => {
      for (const c of el.children) {
        if (c.kind !== 'element') continue;
        if (c.tag === '::before' || c.tag === '::after') out.push(`${c.tag}${textOf(c)}`);
        walk(c);
      }
    };
    walk(r.root);
    return out;
  };

  it.each<[string, string, string[]]>([
    ['p::before{content:"\u2714 "} p::after{content:"!"}', '<p>x</p>', ['::before\u2714 ', '::after!']],
    ['p:before{content:"legacy colon"}', '<p>x</p>', ['::beforelegacy colon']],
    ['a::after{content:" (" attr(href) ")"}', '<a href="https://x.test">x</a>', ['::after (https://x.test)']],
    ['p::before{content:normal} p::after{content:none}', '<p>x</p>', []],
    ['.c::after{content:"";display:table}', '<div class="c"></div>', ['::after']],
    [
      'h2{counter-increment:sec} h2::before{content:counter(sec) ". "}',
      '<h2>a</h2><h2>b</h2>',
      ['::before1. ', '::before2. '],
    ],
    [
      'body{counter-reset:sec 4} h2{counter-increment:sec 2} h2::before{content:counter(sec, upper-roman)}',
      '<h2>a</h2><h2>b</h2>',
      ['::beforeVI', '::beforeVIII'],
    ],
    [
      'ol{counter-reset:item;list-style:none} li{counter-increment:item} li::before{content:counters(item, ".") " "}',
      '<ol><li>a<ol><li>b<li>c</ol><li>d</ol>',
      ['::before1 ', '::before1.1 ', '::before1.2 ', '::before2 '],
    ],
    [
      'h2{counter-increment:n} h2::before{content:counter(n)} .x{counter-set:n 10}',
      '<h2>a</h2><h2 class="x">b</h2><h2>c</h2>',
      ['::before1', '::before10', '::before11'],
    ],
    ['q{quotes:"<" ">" "(" ")"}', '<q>a <q>b</q></q>', ['::before<', '::before(', '::after)', '::after>']],
    ['', '<q>x</q>', ['::before\u201c', '::after\u201d']],
    ['', '<div lang="de"><q>x</q></div>', ['::before\u201e', '::after\u201c']],
    ['p::before{content:"a";display:none}', '<p>x</p>', []],
  ])('%s', (css, body, expected) => {
    expect(generated(css, body)).toEqual(expected);
  });

  it('a counter reset on a sibling scopes over following siblings', () => {
    expect(
      generated(
        'h1{counter-reset:s} h2{counter-increment:s} h2::before{content:counter(s)}',
        '<h1></h1><h2></h2><h2></h2><h1></h1><h2></h2>',
      ),
    ).toEqual(['::before1', '::before2', '::before1']);
  });

  it('generated url() content becomes an img child', () => {
    const r = styleHtml(
      '<!doctype html><style>p::before{content:url(icon.png) " x";display:block;width:50px;padding:3px;color:red}</style><p id="t">y</p>',
      {},
      { baseUrl: 'file:///tpl/' },
    );
    const before = byId(r, 't').children[0] as StyledElement;
    expect(before.children[0]).toMatchObject({ kind: 'element', tag: 'img', attrs: { src: 'file:///tpl/icon.png' } });
    const img = before.children[0] as StyledElement;
    expect(img.style).toMatchObject({
      display: 'inline',
      width: 'auto',
      paddingLeft: 0,
      color: { r: 255, g: 0, b: 0, a: 1 },
    });
    expect(textOf(before)).toBe(' x');
  });

  it('pseudo-elements inherit from their element', () => {
    const r = styleHtml(
      '<!doctype html><style>p{color:blue;font-size:20px} p::after{content:"!";font-size:0.5em}</style><p id="t">y</p>',
    );
    const after = find(byId(r, 't'), (e) => e.tag === '::after')!;
    expect(after.style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(after.style.fontSize).toBe(10);
  });
});

describe('::first-letter', () => {
  const first = (css: string, body: string): { letter: string; style: StyledElement['style'] } | null => {
    const r = styleHtml(`<!doctype html><style>${css}</style>${body}`);
    expect(r.diagnostics).toEqual([]);
    const el = find(r.root, (e) => e.tag === '::first-letter');
    return el ? { letter: textOf(el), style: el.style } : null;
  };

  it.each<[string, string, string | null]>([
    ['p::first-letter{color:red}', '<p>  Hello</p>', 'H'],
    ['p::first-letter{color:red}', '<p>\u201cQuoted\u201d</p>', '\u201cQ'],
    ['p::first-letter{color:red}', '<p><b><i>Deep</i></b> text</p>', 'D'],
    ['div::first-letter{color:red}', '<div><p>Inner block</p></div>', 'I'],
    ['p::first-letter{color:red} p::before{content:"\u00a71 "}', '<p>x</p>', '\u00a71'],
    ['p::first-letter{color:red}', '<p><img src="a.png">After</p>', null],
    ['span::first-letter{color:red}', '<span>inline</span>', null],
    ['li::first-letter{color:red}', '<ul><li>Item</li></ul>', 'I'],
  ])('%s %s', (css, body, expected) => {
    expect(first(css, body)?.letter ?? null).toBe(expected);
  });

  it("styles the letter from the rule over the text parent's inherited values", () => {
    const hit = first(
      'p{color:blue;font-size:10px} b{font-weight:bold} p::first-letter{font-size:3em;float:left;color:red}',
      '<p><b>Drop</b> cap</p>',
    )!;
    expect(hit.style).toMatchObject({
      fontSize: 30,
      float: 'left',
      color: { r: 255, g: 0, b: 0, a: 1 },
      fontWeight: 700,
    });
  });
});
