import { describe, expect, it } from 'vitest';
import { el } from '../helpers/style.js';
import { dump } from '../helpers/layout.js';

const block = (height: number, props: Parameters<typeof el>[1] = {}) => el('div', { height, ...props });
const solid = (width: number) => ({ width, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } });

describe('block widths (CSS 2.1 §10.3.3)', () => {
  it('fills the containing block, minus margins, borders and padding', () => {
    expect(dump(el('body', {}, block(10, { marginLeft: 10, marginRight: 20, paddingLeft: 5, borderLeft: solid(2) }))))
      .toMatchInlineSnapshot(`
      "box html 0,0 800x10
        box body 0,0 800x10
          box div 10,0 770x10"
    `);
  });

  it('centres with auto margins and resolves percentages against the containing block', () => {
    expect(
      dump(
        el(
          'body',
          { paddingLeft: 100 },
          block(10, { width: { px: 0, pct: 50 }, marginLeft: 'auto', marginRight: 'auto' }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x10
        box body 0,0 800x10
          box div 275,0 350x10"
    `);
  });

  it('honours min/max-width and box-sizing', () => {
    expect(
      dump(
        el(
          'body',
          {},
          block(10, { width: 500, maxWidth: 300 }),
          block(10, { width: 50, minWidth: 100 }),
          block(10, { width: 100, paddingLeft: 10, borderLeft: solid(5), boxSizing: 'border-box' }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x30
        box body 0,0 800x30
          box div 0,0 300x10
          box div 0,10 100x10
          box div 0,20 100x10"
    `);
  });
});

describe('legacy alignment (align=right|center, <center>: text-align -webkit-*)', () => {
  it('moves narrower child blocks with non-auto margins right or to the centre, as Chromium does', () => {
    expect(
      dump(
        el(
          'body',
          {},
          el(
            'div',
            { legacyAlign: 'right' },
            block(10, { width: 200 }),
            block(10, { width: 100, marginLeft: 10, marginRight: 30 }),
          ),
          el(
            'div',
            { legacyAlign: 'center' },
            block(10, { width: 200 }),
            block(10, { width: 100, marginLeft: 'auto' }),
            block(10),
          ),
          el('div', { legacyAlign: 'left', direction: 'rtl' }, block(10, { width: 200 })),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x60
        box body 0,0 800x60
          box div 0,0 800x20
            box div 600,0 200x10
            box div 670,10 100x10
          box div 0,20 800x30
            box div 300,20 200x10
            box div 700,30 100x10
            box div 0,40 800x10
          box div 0,50 800x10
            box div 0,50 200x10"
    `);
  });
});

describe('margin collapsing (CSS 2.1 §8.3.1)', () => {
  it('collapses adjoining sibling margins to the larger one, with negatives summed', () => {
    expect(
      dump(
        el(
          'body',
          {},
          block(10, { marginBottom: 20 }),
          block(10, { marginTop: 30, marginBottom: -5 }),
          block(10, { marginTop: 15 }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x70
        box body 0,0 800x70
          box div 0,0 800x10
          box div 0,40 800x10
          box div 0,60 800x10"
    `);
  });

  it('collapses a first child top margin through its parent, not through padding or border', () => {
    expect(
      dump(
        el(
          'body',
          {},
          el('section', { display: 'block', marginTop: 10 }, block(10, { marginTop: 25 })),
          el('section', { display: 'block', marginTop: 10, paddingTop: 1 }, block(10, { marginTop: 25 })),
          el('section', { display: 'block', marginTop: 10, borderTop: solid(1) }, block(10, { marginTop: 25 })),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x127
        box body 0,25 800x102
          box section 0,25 800x10
            box div 0,25 800x10
          box section 0,45 800x36
            box div 0,71 800x10
          box section 0,91 800x36
            box div 0,117 800x10"
    `);
  });

  it('collapses a last child bottom margin with its parent unless the parent has a height', () => {
    expect(
      dump(
        el(
          'body',
          {},
          el('section', { display: 'block', marginBottom: 5 }, block(10, { marginBottom: 30 })),
          block(10),
          el('section', { display: 'block', height: 40 }, block(10, { marginBottom: 30 })),
          block(10),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x100
        box body 0,0 800x100
          box section 0,0 800x10
            box div 0,0 800x10
          box div 0,40 800x10
          box section 0,50 800x40
            box div 0,50 800x10
          box div 0,90 800x10"
    `);
  });

  it('collapses through empty blocks', () => {
    expect(
      dump(
        el(
          'body',
          {},
          block(10, { marginBottom: 10 }),
          el('div', { marginTop: 40, marginBottom: 20 }),
          block(10, { marginTop: 5 }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x60
        box body 0,0 800x60
          box div 0,0 800x10
          box div 0,50 800x0
          box div 0,50 800x10"
    `);
  });

  it('does not collapse through a BFC root (flow-root, overflow)', () => {
    expect(
      dump(
        el(
          'body',
          {},
          el('div', { display: 'flow-root', marginTop: 10 }, block(10, { marginTop: 20 })),
          el('div', { overflow: 'hidden', marginTop: 10 }, block(10, { marginTop: 20 })),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x80
        box body 0,10 800x70
          box div 0,10 800x30
            box div 0,30 800x10
          box div 0,50 800x30
            box div 0,70 800x10"
    `);
  });
});

describe('quirks mode margins', () => {
  it('drops quirky UA margins at the top and bottom of body and table cells, keeps them between siblings', () => {
    const quirky = { marginTop: 16, marginBottom: 16, marginQuirk: { top: true, bottom: true } };
    expect(
      dump(
        el(
          'body',
          { borderTop: solid(1), borderBottom: solid(1) },
          el('p', quirky, 'a'),
          el('p', quirky, 'b'),
          el('td', {}, el('p', quirky, 'c')),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x82
        box body 0,0 800x82
          box p 0,1 800x16
            box (anon) 0,1 800x16
              text "a" 0,14 w=8
          box p 0,33 800x16
            box (anon) 0,33 800x16
              text "b" 0,46 w=8
          box (anon) 0,65 8x16
            box (anon) 0,65 8x16
              box (anon) 0,65 8x16
                box td 0,65 8x16
                  box p 0,65 8x16
                    box (anon) 0,65 8x16
                      text "c" 0,78 w=8"
    `);
  });
});

describe('block heights (CSS 2.1 §10.6.3, §10.7)', () => {
  it('uses explicit heights, min/max-height and percentages of a definite containing block', () => {
    expect(
      dump(
        el(
          'body',
          {},
          el('div', { height: 100 }, block(0, { height: { px: 0, pct: 50 } })),
          el('div', { minHeight: 30 }, block(10)),
          el('div', { maxHeight: 5 }, block(10)),
          el('div', { height: 20, paddingTop: 5, borderBottom: solid(3), boxSizing: 'border-box' }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "box html 0,0 800x155
        box body 0,0 800x155
          box div 0,0 800x100
            box div 0,0 800x50
          box div 0,100 800x30
            box div 0,100 800x10
          box div 0,130 800x5
            box div 0,130 800x10
          box div 0,135 800x20"
    `);
  });

  it('treats a percentage height against an auto-height parent as auto', () => {
    expect(dump(el('body', {}, el('div', {}, el('div', { height: { px: 0, pct: 50 } }, block(10))))))
      .toMatchInlineSnapshot(`
      "box html 0,0 800x10
        box body 0,0 800x10
          box div 0,0 800x10
            box div 0,0 800x10
              box div 0,0 800x10"
    `);
  });
});
