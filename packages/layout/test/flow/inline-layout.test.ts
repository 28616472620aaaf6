import { describe, expect, it } from 'vitest';
import { el } from '../helpers/style.js';
import { dump, layoutPages } from '../helpers/layout.js';
import type { BoxFragment, Fragment } from '../../src/fragment.js';

// The fake font: 16px → every glyph 8px wide, ascent 12.8, descent 3.2, line-height normal 16.
const body = (...children: Parameters<typeof el>[2][]) => el('body', {}, ...children);
const solid = (width: number) => ({ width, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } });

describe('line breaking (UAX #14, greedy)', () => {
  it('breaks at spaces when the next word does not fit, dropping the trailing space', () => {
    expect(dump(body(el('p', { width: 80 }, 'aaa bbb ccc dddd eeeeeeeeeeeee f')))).toMatchInlineSnapshot(`
      "box html 0,0 800x64
        box body 0,0 800x64
          box p 0,0 80x64
            box (anon) 0,0 80x64
              text "aaa bbb" 0,13 w=56
              text "ccc dddd" 0,29 w=64
              text "eeeeeeeeeeeee" 0,45 w=104
              text "f" 0,61 w=8"
    `);
  });

  it('keeps a paragraph on one line exactly when it fits, its trailing space hanging (the one-line shortcut)', () => {
    const lines = (width: number, text: string) =>
      dump(body(el('p', { width }, text)))
        .split('\n')
        .filter((l) => l.includes('text '))
        .map((l) => l.trim());
    expect(lines(56, 'aaa bbb')).toEqual(['text "aaa bbb" 0,13 w=56']);
    // A line may reach one layout unit (1/64 px) past its width, as in Chromium (line-breaker.ts LINE_FIT).
    expect(lines(56 - 1 / 64, 'aaa bbb')).toEqual(['text "aaa bbb" 0,13 w=56']);
    expect(lines(55.98, 'aaa bbb')).toEqual(['text "aaa" 0,13 w=24', 'text "bbb" 0,29 w=24']);
    expect(lines(56, 'aaa\u00a0b bb')).toEqual(['text "aaa\u00a0b" 0,13 w=40', 'text "bb" 0,29 w=16']);
    expect(lines(40, 'aa bb')).toEqual(['text "aa bb" 0,13 w=40']);
    expect(lines(39, 'aa bb')).toEqual(['text "aa" 0,13 w=16', 'text "bb" 0,29 w=16']);
  });

  it('breaks across inline element boundaries and slices the inline box', () => {
    expect(
      dump(
        body(
          el(
            'p',
            { width: 80 },
            'aaa ',
            el('span', { paddingLeft: 4, paddingRight: 4, borderLeft: solid(1) }, 'bbb ccc ddd'),
            ' e',
          ),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x32
        box body 0,0 800x32
          box p 0,0 80x32
            box (anon) 0,0 80x32
              text "aaa " 0,13 w=32
              box span 32,0 29x16 part=first
                text "bbb" 37,13 w=24
              box span 0,16 60x16 part=last
                text "ccc ddd" 0,29 w=56
              text " e" 60,29 w=16"
    `);
  });

  it('does not wrap nowrap or pre, and keeps pre newlines and spaces', () => {
    expect(
      dump(
        body(
          el('p', { width: 40, whiteSpace: 'nowrap' }, 'aaa bbb ccc'),
          el('p', { width: 40, whiteSpace: 'pre' }, 'a  b\n\nc'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x64
        box body 0,0 800x64
          box p 0,0 40x16
            box (anon) 0,0 40x16
              text "aaa bbb ccc" 0,13 w=88
          box p 0,16 40x48
            box (anon) 0,16 40x48
              text "a  b" 0,29 w=32
              text "c" 0,61 w=8"
    `);
  });

  it('wraps pre-wrap and pre-line at spaces and newlines', () => {
    expect(
      dump(
        body(
          el('p', { width: 48, whiteSpace: 'pre-wrap' }, 'aa  bb cc\ndd'),
          el('p', { width: 48, whiteSpace: 'pre-line' }, 'aa   bb\ncc'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x80
        box body 0,0 800x80
          box p 0,0 48x48
            box (anon) 0,0 48x48
              text "aa  bb" 0,13 w=48
              text "cc" 0,29 w=16
              text "dd" 0,45 w=16
          box p 0,48 48x32
            box (anon) 0,48 48x32
              text "aa bb" 0,61 w=40
              text "cc" 0,77 w=16"
    `);
  });

  it('breaks a too-long word by character with overflow-wrap, or anywhere with word-break: break-all', () => {
    expect(
      dump(
        body(
          el('p', { width: 40, overflowWrap: 'break-word' }, 'abcdefghijkl mn'),
          el('p', { width: 40, wordBreak: 'break-all' }, 'ab cdefghij'),
          el('p', { width: 40 }, 'abcdefghijkl mn'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x128
        box body 0,0 800x128
          box p 0,0 40x48
            box (anon) 0,0 40x48
              text "abcde" 0,13 w=40
              text "fghij" 0,29 w=40
              text "kl mn" 0,45 w=40
          box p 0,48 40x48
            box (anon) 0,48 40x48
              text "ab cd" 0,61 w=40
              text "efghi" 0,77 w=40
              text "j" 0,93 w=8
          box p 0,96 40x32
            box (anon) 0,96 40x32
              text "abcdefghijkl" 0,109 w=96
              text "mn" 0,125 w=16"
    `);
  });

  it('breaks at a soft hyphen and shows a hyphen there, unless hyphens: none', () => {
    expect(
      dump(body(el('p', { width: 48 }, 'abc\u00addefg'), el('p', { width: 48, hyphens: 'none' }, 'abc\u00addefg'))),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x48
        box body 0,0 800x48
          box p 0,0 48x32
            box (anon) 0,0 48x32
              text "abc‐" 0,13 w=32
              text "defg" 0,29 w=32
          box p 0,32 48x16
            box (anon) 0,32 48x16
              text "abcdefg" 0,45 w=56"
    `);
  });

  it('makes <br> a forced break and a line of its own', () => {
    expect(dump(body(el('p', {}, 'a', el('br'), el('br'), 'b')))).toMatchInlineSnapshot(`
      "box html 0,0 800x48
        box body 0,0 800x48
          box p 0,0 800x48
            box (anon) 0,0 800x48
              text "a" 0,13 w=8
              text "b" 0,45 w=8"
    `);
  });
});

describe('text-align, text-indent, spacing', () => {
  it('aligns right, centre, and justifies all but the last line', () => {
    expect(
      dump(
        body(
          el('p', { width: 100, textAlign: 'right' }, 'ab cd'),
          el('p', { width: 100, textAlign: 'center' }, 'ab cd'),
          el('p', { width: 100, textAlign: 'justify' }, 'aa bb cc dd ee ff gg'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x64
        box body 0,0 800x64
          box p 0,0 100x16
            box (anon) 0,0 100x16
              text "ab cd" 60,13 w=40
          box p 0,16 100x16
            box (anon) 0,16 100x16
              text "ab cd" 30,29 w=40
          box p 0,32 100x32
            box (anon) 0,32 100x32
              text "aa bb cc dd" 0,45 w=100 j=4
              text "ee ff gg" 0,61 w=64"
    `);
  });

  it('does not justify a line ended by <br>, and honours start/end with direction', () => {
    expect(
      dump(
        body(
          el('p', { width: 100, textAlign: 'justify' }, 'aa bb', el('br'), 'cc dd ee ff gg hh'),
          el('p', { width: 100, textAlign: 'end' }, 'ab'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x64
        box body 0,0 800x64
          box p 0,0 100x48
            box (anon) 0,0 100x48
              text "aa bb" 0,13 w=40
              text "cc dd ee ff" 0,29 w=100 j=4
              text "gg hh" 0,45 w=40
          box p 0,48 100x16
            box (anon) 0,48 100x16
              text "ab" 84,61 w=16"
    `);
  });

  it("indents only the element's first formatted line, not an anonymous block after a child block (CSS 2.1 §16.1)", () => {
    expect(dump(body(el('div', { textIndent: 24 }, 'aa', el('p', {}, 'bb'), 'cc')))).toMatchInlineSnapshot(`
      "box html 0,0 800x48
        box body 0,0 800x48
          box div 0,0 800x48
            box (anon) 0,0 800x16
              text "aa" 24,13 w=16
            box p 0,16 800x16
              box (anon) 0,16 800x16
                text "bb" 24,29 w=16
            box (anon) 0,32 800x16
              text "cc" 0,45 w=16"
    `);
  });

  it('indents the first line, and passes letter/word-spacing to the measurer', () => {
    expect(
      dump(
        body(
          el('p', { width: 100, textIndent: 24 }, 'aaa bbb ccc'),
          el('p', { letterSpacing: 2, wordSpacing: 4 }, 'ab cd'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x48
        box body 0,0 800x48
          box p 0,0 100x32
            box (anon) 0,0 100x32
              text "aaa bbb" 24,13 w=56
              text "ccc" 0,29 w=24
          box p 0,32 800x16
            box (anon) 0,32 800x16
              text "ab cd" 0,45 w=54"
    `);
  });
});

describe('line box height and vertical-align (CSS 2.1 §10.8)', () => {
  it('uses half-leading around the strut and larger inline boxes', () => {
    expect(dump(body(el('p', { lineHeight: 24 }, 'a ', el('span', { fontSize: 32 }, 'B'), ' c'))))
      .toMatchInlineSnapshot(`
      "box html 0,0 800x28.8
        box body 0,0 800x28.8
          box p 0,0 800x28.8
            box (anon) 0,0 800x28.8
              text "a " 0,22 w=16
              box span 16,-4 16x32
                text "B" 16,22 w=16
              text " c" 32,22 w=16"
    `);
  });

  it('shifts sub, super, middle, text-top, lengths; top/bottom align to the line box', () => {
    expect(
      dump(
        body(
          el(
            'p',
            {},
            'x',
            el('span', { verticalAlign: 'sub' }, 's'),
            el('span', { verticalAlign: 'super' }, 'p'),
            el('span', { verticalAlign: 'middle', fontSize: 8 }, 'm'),
            el('span', { verticalAlign: 'text-top', fontSize: 8 }, 't'),
            el('span', { verticalAlign: 5 }, 'l'),
            el('span', { verticalAlign: 'bottom', lineHeight: 40 }, 'b'),
          ),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x40
        box body 0,0 800x40
          box p 0,0 800x40
            box (anon) 0,0 800x40
              text "x" 0,33 w=8
              box span 8,24 8x16
                text "s" 8,37.19 w=8
              box span 16,13.48 8x16
                text "p" 16,26.67 w=8
              box span 24,24.6 4x8
                text "m" 24,31.39 w=4
              box span 28,19.81 4x8
                text "t" 28,26.6 w=4
              box span 32,14.81 8x16
                text "l" 32,28 w=8
              box span 40,12 8x16
                text "b" 40,25.19 w=8"
    `);
  });

  it('puts an inline-block on its last line baseline, and an image bottom on the baseline', () => {
    const images = () => ({ width: 20, height: 30 });
    expect(
      dump(
        body(
          el(
            'p',
            {},
            'a',
            el('span', { display: 'inline-block', paddingTop: 5 }, 'x', el('br'), 'y'),
            el('img', { attrs: { src: 'i.png' } }),
            'b',
          ),
        ),
        { images },
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x37
        box body 0,0 800x37
          box p 0,0 800x37
            box (anon) 0,0 800x37
              text "a" 0,34 w=8
              box span 8,0 8x37
                box (anon) 8,5 8x32
                  text "x" 8,18 w=8
                  text "y" 8,34 w=8
              box img 16,3.8 20x30
                image i.png 16,3.8 20x30
              text "b" 36,34 w=8"
    `);
  });

  it('in quirks mode, sizes a line holding only an image by the image (the line height quirk)', () => {
    const images = () => ({ width: 20, height: 30 });
    const spec = body(
      el('p', {}, el('img', { attrs: { src: 'i.png' } })),
      el('p', {}, el('span', {}, el('img', { attrs: { src: 'i.png' } })), 'x'),
    );
    expect(dump(spec, { images, documentMode: 'quirks' })).toMatchInlineSnapshot(`
      "box html 0,0 800x63.2
        box body 0,0 800x63.2
          box p 0,0 800x30
            box (anon) 0,0 800x30
              box img 0,0 20x30
                image i.png 0,0 20x30
          box p 0,30 800x33.2
            box (anon) 0,30 800x33.2
              box span 0,47.2 20x16
                box img 0,30 20x30
                  image i.png 0,30 20x30
              text "x" 20,60 w=8"
    `);
  });

  it('lays out empty and white-space-only content as zero-height lines', () => {
    expect(dump(body(el('p', {}, el('span', {}, ' ')), el('p', {}, 'x')))).toMatchInlineSnapshot(`
      "box html 0,0 800x16
        box body 0,0 800x16
          box p 0,0 800x0
          box p 0,0 800x16
            box (anon) 0,0 800x16
              text "x" 0,13 w=8"
    `);
  });
});

describe('atomic inlines and images', () => {
  it('shrinks an inline-block to fit its content, and wraps it at the containing block width', () => {
    expect(
      dump(
        body(
          el(
            'p',
            { width: 100 },
            el('span', { display: 'inline-block', paddingLeft: 2, paddingRight: 2 }, 'ab cd'),
            ' ',
            el('span', { display: 'inline-block' }, 'aaaa bbbb ccc'),
          ),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x48
        box body 0,0 800x48
          box p 0,0 100x48
            box (anon) 0,0 100x48
              box span 0,0 44x16
                box (anon) 2,0 40x16
                  text "ab cd" 2,13 w=40
              box span 0,16 100x32
                box (anon) 0,16 100x32
                  text "aaaa bbbb" 0,29 w=72
                  text "ccc" 0,45 w=24"
    `);
  });

  it('resolves an inline-block percentage height against its block container (barcode bars)', () => {
    const bar = (width: number) => el('i', { display: 'inline-block', width, height: { px: 0, pct: 100 } });
    expect(dump(body(el('div', { height: 40, fontSize: 0 }, bar(2), bar(3))))).toMatchInlineSnapshot(`
      "box html 0,0 800x40
        box body 0,0 800x40
          box div 0,0 800x40
            box (anon) 0,0 800x40
              box i 0,0 2x40
              box i 2,0 3x40"
    `);
  });

  it('text-overflow: ellipsis keeps the glyphs that fit before an ellipsis, only when overflow clips', () => {
    const line = (props: Parameters<typeof el>[1]) =>
      el('div', { width: 60, whiteSpace: 'nowrap', textOverflow: 'ellipsis', ...props }, 'abcd efgh ijkl');
    expect(dump(body(line({ overflow: 'hidden' }), line({})))).toMatchInlineSnapshot(`
      "box html 0,0 800x32
        box body 0,0 800x32
          box div 0,0 60x16
            box (anon) 0,0 60x16
              text "abcd e" 0,13 w=48
              text "…" 48,13 w=8
          box div 0,16 60x16
            box (anon) 0,16 60x16
              text "abcd efgh ijkl" 0,29 w=112"
    `);
  });

  it('centres a block image with auto margins and fits it with object-fit: contain', () => {
    const images = () => ({ width: 200, height: 100 });
    expect(
      dump(
        body(
          el('img', {
            display: 'block',
            width: 100,
            height: 100,
            marginLeft: 'auto',
            marginRight: 'auto',
            objectFit: 'contain',
            attrs: { src: 'i.png' },
          }),
        ),
        { images },
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x100
        box body 0,0 800x100
          box img 350,0 100x100
            image i.png 350,25 100x50"
    `);
  });

  it('scales an image down to max-width: 100% keeping its ratio', () => {
    const images = () => ({ width: 1600, height: 400 });
    expect(
      dump(body(el('p', { width: 200 }, el('img', { maxWidth: { px: 0, pct: 100 }, attrs: { src: 'i.png' } }))), {
        images,
      }),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x53.2
        box body 0,0 800x53.2
          box p 0,0 200x53.2
            box (anon) 0,0 200x53.2
              box img 0,0 200x50
                image i.png 0,0 200x50"
    `);
  });
});

describe('decorations and bidi', () => {
  it('propagates underline and line-through from ancestors into text fragments', () => {
    const u = { underline: true, overline: false, lineThrough: false };
    const s = { underline: false, overline: false, lineThrough: true };
    expect(
      dump(body(el('p', { textDecorationLine: u }, 'ab ', el('span', { textDecorationLine: s, fontSize: 32 }, 'cd')))),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x32
        box body 0,0 800x32
          box p 0,0 800x32
            box (anon) 0,0 800x32
              text "ab " 0,26 w=24 underline@27.5/1
              box span 24,0 32x32
                text "cd" 24,26 w=32 underline@29.5/3 line-through@17.47/3"
    `);
  });

  it('reorders right-to-left runs per line', () => {
    expect(dump(body(el('p', { direction: 'rtl', width: 200 }, 'שלום abc עולם')))).toMatchInlineSnapshot(`
      "box html 0,0 800x16
        box body 0,0 800x16
          box p 0,0 200x16
            box (anon) 0,0 200x16
              text "עולם abcשלום " 96,13 w=104"
    `);
  });
});

describe('bidi inline boxes', () => {
  it('draws an inline box in a reordered line over the content it covers', () => {
    expect(
      dump(body(el('p', { direction: 'rtl', width: 200 }, 'אב ', el('a', { attrs: { href: '#x' } }, 'cd גד'), ' הו'))),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x16
        box body 0,0 800x16
          box p 0,0 200x16
            box (anon) 0,0 200x16
              box a 136,0 40x16
              text "הו " 112,13 w=24
              text "גד cd" 136,13 w=40
              text "אב " 176,13 w=24"
    `);
  });
});

describe('list markers (CSS Lists 3 §3.1)', () => {
  it('draws list-style-image markers at their intrinsic size, 7px before the content, on the baseline', () => {
    const images = () => ({ width: 10, height: 6 });
    expect(
      dump(
        body(
          el(
            'ul',
            { paddingLeft: 40, listStyleImage: { kind: 'url', url: 'dot.png' } },
            el('li', {}, el('::marker', {}, el('img', { attrs: { src: 'dot.png', alt: '• ' } })), 'one'),
          ),
        ),
        { images },
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x16
        box body 0,0 800x16
          box ul 0,0 800x16
            box li 40,0 760x16
              box (anon) 40,0 760x16
                text "one" 40,13 w=24
              image dot.png 23,6.8 10x6"
    `);
  });

  it('paints a disc filled and round, a circle as a 1px ring, a square filled', () => {
    const pages = layoutPages(
      body(
        el(
          'ul',
          {},
          ...(['disc', 'circle', 'square'] as const).map((t) =>
            el('li', { listStyleType: t, color: { r: 9, g: 8, b: 7, a: 1 } }, el('::marker', {}, 'x '), t),
          ),
        ),
      ),
    );
    const markers: BoxFragment[] = [];
    const walk = (f: Fragment): void => {
      if (f.kind === 'box') {
        if (f.tag === '::marker') markers.push(f);
        f.children.forEach(walk);
      }
    };
    pages[0]!.fragments.forEach(walk);
    expect(markers.map((m) => [m.style.backgroundColor.a, m.border.left, m.style.borderRadius[0][0]])).toEqual([
      [1, 0, { px: 0, pct: 50 }],
      [0, 1, { px: 0, pct: 50 }],
      [1, 0, 0],
    ]);
  });

  it('draws disc/square/circle as shapes where Chromium puts them, text markers against the content, on the first baseline', () => {
    expect(
      dump(
        body(
          el(
            'ul',
            { paddingLeft: 40 },
            el('li', {}, el('::marker', {}, el('img', { attrs: { src: 'dot.png', alt: '• ' } })), 'one'),
            el('li', { fontSize: 32, listStyleType: 'decimal' }, el('::marker', { fontSize: 16 }, '2. '), 'two'),
          ),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x48
        box body 0,0 800x48
          box ul 0,0 800x48
            box li 40,0 760x16
              box (anon) 40,0 760x16
                text "one" 40,13 w=24
              box ::marker 25,6.8 4x4
            box li 40,16 760x32
              box (anon) 40,16 760x32
                text "two" 40,42 w=48
              box ::marker 16,28.8 24x16
                text "2. " 16,42 w=24"
    `);
  });
});
