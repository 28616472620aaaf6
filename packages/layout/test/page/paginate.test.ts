import { describe, expect, it } from 'vitest';
import { dumpFragments } from '../../src/debug/dump-fragments.js';
import type { Page } from '../../src/fragment.js';
import { el, styled } from '../helpers/style.js';
import { dump, layoutPages, pageStyleOf } from '../helpers/layout.js';

const small = { pageStyle: pageStyleOf({ width: 200, height: 100, margin: 10 }) };
const block = (height: number, props: Parameters<typeof el>[1] = {}) => el('div', { height, ...props });
const lines = (n: number, props: Parameters<typeof el>[1] = {}) =>
  el('p', props, ...Array.from({ length: n }, (_, i) => [`L${i + 1}`, el('br')]).flat());

/** Per page: the text fragments' text and baseline, one line each. */
function texts(pages: Page[]): string[] {
  return pages.map((p) =>
    dumpFragments(p)
      .split('\n')
      .filter((l) => l.trim().startsWith('text'))
      .map((l) =>
        l
          .trim()
          .replace(/^text /, '')
          .replace(/ w=.*$/, ''),
      )
      .join(' | '),
  );
}

describe('page breaks', () => {
  it('moves a paragraph that does not fit to the next page, dropping its top margin there', () => {
    expect(dump(el('body', {}, block(50), el('p', { marginTop: 20 }, 'ab'), block(10, { marginTop: 5 })), small))
      .toMatchInlineSnapshot(`
      "box html 10,10 180x80 part=first
        box body 10,10 180x80 part=first
          box div 10,10 180x50
      ---
      box html 10,10 180x31 part=last
        box body 10,10 180x31 part=last
          box p 10,10 180x16
            box (anon) 10,10 180x16
              text "ab" 10,23 w=16
          box div 10,31 180x10"
    `);
  });

  it('splits a block with a definite height at the page end, as Chromium does', () => {
    expect(dump(el('body', {}, block(50), block(30, { marginTop: 20 }), block(10, { marginTop: 5 })), small))
      .toMatchInlineSnapshot(`
      "box html 10,10 180x80 part=first
        box body 10,10 180x80 part=first
          box div 10,10 180x50
          box div 10,80 180x10 part=first
      ---
      box html 10,10 180x35 part=last
        box body 10,10 180x35 part=last
          box div 10,10 180x20 part=last
          box div 10,35 180x10"
    `);
  });

  it('splits a block taller than the page, slicing borders', () => {
    const border = { width: 2, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } };
    expect(dump(el('body', {}, block(150, { borderTop: border, borderBottom: border })), small)).toMatchInlineSnapshot(`
      "box html 10,10 180x80 part=first
        box body 10,10 180x80 part=first
          box div 10,10 180x80 part=first
      ---
      box html 10,10 180x74 part=last
        box body 10,10 180x74 part=last
          box div 10,10 180x74 part=last"
    `);
  });

  it('slices borders at the break: no bottom border before it, no top border after it', () => {
    const border = { width: 2, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } };
    const pages = layoutPages(
      el('body', {}, block(120, { borderTop: border, borderBottom: border, paddingTop: 3, paddingBottom: 4 })),
      small,
    );
    const div = (p: Page) => {
      const html = p.fragments[0];
      const body = html?.kind === 'box' ? html.children[0] : undefined;
      return body?.kind === 'box' ? body.children[0] : undefined;
    };
    const [first, last] = [div(pages[0]!), div(pages[1]!)];
    expect(
      first?.kind === 'box' && [first.border.top, first.border.bottom, first.padding.top, first.padding.bottom],
    ).toEqual([2, 0, 3, 0]);
    expect(
      last?.kind === 'box' && [last.border.top, last.border.bottom, last.padding.top, last.padding.bottom],
    ).toEqual([0, 2, 0, 4]);
  });

  it('does not make an empty first page for a forced break before the first content', () => {
    const pages = layoutPages(
      el('body', {}, el('section', { display: 'block' }, block(10, { breakBefore: 'page' })), block(10)),
      small,
    );
    expect(pages).toHaveLength(1);
  });

  it('forces breaks with break-before/after: page, keeping the margin after a forced break', () => {
    expect(
      dump(
        el(
          'body',
          {},
          block(10),
          block(10, { breakBefore: 'page', marginTop: 7 }),
          block(10, { breakAfter: 'page' }),
          block(10),
        ),
        small,
      ),
    ).toMatchInlineSnapshot(`
      "box html 10,10 180x80 part=first
        box body 10,10 180x80 part=first
          box div 10,10 180x10
      ---
      box html 10,10 180x80 part=middle
        box body 10,17 180x73 part=middle
          box div 10,17 180x10
          box div 10,27 180x10
      ---
      box html 10,10 180x10 part=last
        box body 10,10 180x10 part=last
          box div 10,10 180x10"
    `);
  });

  it('breaks the page for break-before: right without a blank page, as Chromium prints it', () => {
    const pages = layoutPages(el('body', {}, block(10), block(10, { breakBefore: 'right' })), small);
    expect(pages.map((p) => p.fragments.length)).toEqual([1, 1]);
  });

  it('keeps break-inside: avoid blocks whole when they fit on the next page, else splits them', () => {
    expect(
      texts(
        layoutPages(
          el('body', {}, block(40), lines(4, { breakInside: 'avoid' }), lines(7, { breakInside: 'avoid' })),
          small,
        ),
      ),
    ).toMatchInlineSnapshot(`
      [
        "",
        ""L1" 10,23 | "L2" 10,39 | "L3" 10,55 | "L4" 10,71",
        ""L1" 10,23 | "L2" 10,39 | "L3" 10,55 | "L4" 10,71 | "L5" 10,87",
        ""L6" 10,23 | "L7" 10,39",
      ]
    `);
  });

  it('honours break-after: avoid by taking the previous block along', () => {
    expect(texts(layoutPages(el('body', {}, block(40), el('h1', { breakAfter: 'avoid' }, 'Title'), lines(2)), small)))
      .toMatchInlineSnapshot(`
      [
        "",
        ""Title" 10,23 | "L1" 10,39 | "L2" 10,55",
      ]
    `);
  });

  it('moves the whole wrapper when the avoided break follows its first child', () => {
    // Room for the title and one line: fewer than `orphans`, so the paragraph cannot start here.
    expect(
      texts(
        layoutPages(
          el(
            'body',
            {},
            block(46),
            el('section', { display: 'block' }, el('h1', { breakAfter: 'avoid' }, 'Title'), lines(3)),
          ),
          small,
        ),
      ),
    ).toMatchInlineSnapshot(`
      [
        "",
        ""Title" 10,23 | "L1" 10,39 | "L2" 10,55 | "L3" 10,71",
      ]
    `);
  });
});

describe('orphans and widows (CSS Fragmentation 3 §3.3)', () => {
  // 80px of body per page = 5 lines of 16px.
  it('breaks lines where they stop fitting', () => {
    expect(texts(layoutPages(el('body', {}, lines(7, { orphans: 1, widows: 1 })), small))).toMatchInlineSnapshot(`
      [
        ""L1" 10,23 | "L2" 10,39 | "L3" 10,55 | "L4" 10,71 | "L5" 10,87",
        ""L6" 10,23 | "L7" 10,39",
      ]
    `);
  });

  it('pulls lines to the next page to leave `widows` there', () => {
    expect(texts(layoutPages(el('body', {}, lines(6, { widows: 3 })), small))).toMatchInlineSnapshot(`
      [
        ""L1" 10,23 | "L2" 10,39 | "L3" 10,55",
        ""L4" 10,23 | "L5" 10,39 | "L6" 10,55",
      ]
    `);
  });

  it('lets widows give way to orphans when both cannot hold, as Chromium does', () => {
    // Room for 2 of 3 lines, orphans 2 widows 2: 2|1 (Chromium 156), not the paragraph moved on.
    expect(texts(layoutPages(el('body', {}, block(48), lines(3)), small))).toMatchInlineSnapshot(`
      [
        ""L1" 10,71 | "L2" 10,87",
        ""L3" 10,23",
      ]
    `);
  });

  it('moves the whole paragraph when fewer than `orphans` lines fit', () => {
    expect(texts(layoutPages(el('body', {}, block(50), lines(3, { orphans: 2 })), small))).toMatchInlineSnapshot(`
      [
        "",
        ""L1" 10,23 | "L2" 10,39 | "L3" 10,55",
      ]
    `);
  });
});

describe('header, footer and page numbers', () => {
  const chrome = (text: string) =>
    styled(
      el(
        'div',
        { display: 'block' },
        text,
        el('span', { attrs: { class: 'pageNumber' } }),
        '/',
        el('span', { attrs: { class: 'totalPages' } }),
      ),
    );

  it('reserves header and footer space on every page and fills page counters', () => {
    const pages = layoutPages(el('body', {}, lines(5)), {
      ...small,
      header: chrome('H'),
      footer: chrome('F'),
      componentGap: 4,
    });
    expect(pages.map((p) => dumpFragments(p)).join('\n---\n')).toMatchInlineSnapshot(`
      "box html 10,30 180x40 part=first
        box body 10,30 180x40 part=first
          box p 10,30 180x40 part=first
            box (anon) 10,30 180x32 part=first
              text "L1" 10,43 w=16
              text "L2" 10,59 w=16
      box div 10,10 180x16
        box (anon) 10,10 180x16
          text "H" 10,23 w=8
          text "1" 18,23 w=8
          text "/" 26,23 w=8
          text "3" 34,23 w=8
      box div 10,74 180x16
        box (anon) 10,74 180x16
          text "F" 10,87 w=8
          text "1" 18,87 w=8
          text "/" 26,87 w=8
          text "3" 34,87 w=8
      ---
      box html 10,30 180x40 part=middle
        box body 10,30 180x40 part=middle
          box p 10,30 180x40 part=middle
            box (anon) 10,30 180x32 part=middle
              text "L3" 10,43 w=16
              text "L4" 10,59 w=16
      box div 10,10 180x16
        box (anon) 10,10 180x16
          text "H" 10,23 w=8
          text "2" 18,23 w=8
          text "/" 26,23 w=8
          text "3" 34,23 w=8
      box div 10,74 180x16
        box (anon) 10,74 180x16
          text "F" 10,87 w=8
          text "2" 18,87 w=8
          text "/" 26,87 w=8
          text "3" 34,87 w=8
      ---
      box html 10,30 180x16 part=last
        box body 10,30 180x16 part=last
          box p 10,30 180x16 part=last
            box (anon) 10,30 180x16 part=last
              text "L5" 10,43 w=16
      box div 10,10 180x16
        box (anon) 10,10 180x16
          text "H" 10,23 w=8
          text "3" 18,23 w=8
          text "/" 26,23 w=8
          text "3" 34,23 w=8
      box div 10,74 180x16
        box (anon) 10,74 180x16
          text "F" 10,87 w=8
          text "3" 18,87 w=8
          text "/" 26,87 w=8
          text "3" 34,87 w=8"
    `);
  });

  it('puts the last footer right after the content with after-content', () => {
    const pages = layoutPages(el('body', {}, lines(4)), {
      ...small,
      footer: chrome('F'),
      componentGap: 4,
      footerPosition: 'after-content',
    });
    expect(texts(pages)).toMatchInlineSnapshot(`
      [
        ""L1" 10,23 | "L2" 10,39 | "F" 10,87 | "1" 18,87 | "/" 26,87 | "2" 34,87",
        ""L3" 10,23 | "L4" 10,39 | "F" 10,59 | "2" 18,59 | "/" 26,59 | "2" 34,59",
      ]
    `);
  });

  it('fills counter(page) and counter(pages) in @page margin boxes', () => {
    const style = styled(el('div', { display: 'block' })).style;
    const pageStyle = pageStyleOf(
      { width: 200, height: 100, margin: 10 },
      {
        marginBoxes: [
          {
            name: 'bottom-center',
            style,
            content: [
              { kind: 'string', value: 'p. ' },
              { kind: 'counter', name: 'page', style: 'decimal' },
              { kind: 'string', value: '/' },
              { kind: 'counter', name: 'pages', style: 'upper-roman' },
            ],
          },
        ],
      },
    );
    expect(texts(layoutPages(el('body', {}, block(150)), { pageStyle }))).toMatchInlineSnapshot(`
      [
        ""p. 1/II" 72,103",
        ""p. 2/II" 72,103",
      ]
    `);
  });
});

describe('document-level', () => {
  it('centres single-page content with verticalAlign/horizontalAlign', () => {
    expect(
      dump(el('body', {}, el('p', { width: 40 }, 'ab')), {
        ...small,
        verticalAlign: 'center',
        horizontalAlign: 'center',
      }),
    ).toMatchInlineSnapshot(`
      "box html 92,42 180x16
        box body 92,42 180x16
          box p 92,42 40x16
            box (anon) 92,42 40x16
              text "ab" 92,55 w=16"
    `);
  });

  it('moves the page area to start on a whole pixel and lays the body out at its width rounded up, as Chromium', () => {
    // Measured: on A4 with 10 mm side margins (a 718.11 px area) right-aligned text ends 719 px from the area's origin.
    const pageStyle = pageStyleOf({ width: 200, height: 100, margin: 10.4 });
    const html = layoutPages(el('body', {}, block(10)), { pageStyle })[0]!.fragments[0]!;
    expect(html.kind === 'box' && [html.x, html.y, html.width]).toEqual([10, 10, 180]);
  });

  it('propagates the body background to the page when html has none', () => {
    const pages = layoutPages(el('body', { backgroundColor: { r: 1, g: 2, b: 3, a: 1 } }, 'x'), small);
    const canvas = pages[0]!.fragments[0]!;
    expect(canvas.style.backgroundColor).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    const body = pages[0]!.fragments[1]!;
    expect(body.kind === 'box' && body.children[0]!.style.backgroundColor.a).toBe(0);
  });

  it('lays out a 500-page document without deep recursion, losing nothing', () => {
    // Its speed (linear in length) is measured by bench/page-scaling.mjs, not here.
    const paragraphs = Array.from({ length: 2500 }, (_, i) =>
      el('p', { marginTop: 4 }, `Paragraph ${i} with some words in it`),
    );
    const pages = layoutPages(el('body', {}, ...paragraphs), small);
    expect(pages.length).toBeGreaterThanOrEqual(500);
    const all = texts(pages);
    expect(all.join(' | ').match(/Paragraph/g)).toHaveLength(2500);
    expect(all.at(-1)).toContain('Paragraph 2499');
  });

  it('survives nesting as deep as the HTML parser allows (512 levels of blocks and of inlines)', () => {
    let blocks = el('div', {}, 'deep');
    for (let i = 0; i < 512; i++) blocks = el('div', { marginTop: 1 }, blocks);
    let inlines = el('span', {}, 'deep');
    for (let i = 0; i < 512; i++) inlines = el('span', {}, inlines);
    const pages = layoutPages(el('body', {}, blocks, el('p', {}, inlines)), small);
    expect(texts(pages).join(' ').match(/deep/g)).toHaveLength(2);
  });

  it('throws document_too_large past maxPages', () => {
    expect(() => layoutPages(el('body', {}, block(1000)), { ...small, maxPages: 5 })).toThrow(
      expect.objectContaining({ code: 'document_too_large' }),
    );
  });
});

describe('named pages (CSS Paged Media 3 §7)', () => {
  it('breaks between siblings on differently named pages and asks for each page by name', () => {
    const asked: string[] = [];
    const base = pageStyleOf({ width: 200, height: 100, margin: 10 });
    const wide = pageStyleOf({ width: 300, height: 100, margin: 10 });
    const pageStyle: typeof base = (ctx) => {
      asked.push(`${ctx.index}:${ctx.name}`);
      return ctx.name === 'wide' ? wide(ctx) : base(ctx);
    };
    const pages = layoutPages(
      el('body', {}, block(10), el('section', { display: 'block', page: 'wide' }, block(10), block(10)), block(10)),
      { pageStyle },
    );
    expect(pages.map((p) => p.width)).toEqual([200, 300, 200]);
    expect(asked).toEqual(['0:', '1:wide', '2:']);
  });
});
