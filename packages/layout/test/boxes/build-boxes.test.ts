import { describe, expect, it } from 'vitest';
import { buildBoxes } from '../../src/boxes/build-boxes.js';
import { dumpBoxes } from '../../src/debug/dump-boxes.js';
import { el, styled, type ElSpec } from '../helpers/style.js';

function boxes(
  spec: ElSpec,
  images: (src: string) => { width: number; height: number } | null = () => null,
  chrome = false,
): string {
  return dumpBoxes(buildBoxes(styled(spec), { images, chrome }));
}

describe('buildBoxes', () => {
  it('wraps inline runs beside blocks in anonymous boxes and drops white-space-only runs (CSS 2.1 §9.2.1.1)', () => {
    expect(boxes(el('div', {}, '\n  ', el('p', {}, 'a'), ' text ', el('span', {}, 'x'), '\n', el('p', {}, 'b'), '  ')))
      .toMatchInlineSnapshot(`
      "block div
        block p
          lines
            text "a"
        lines
          text "text "
          inline span
            text "x"
          text " "
        block p
          lines
            text "b""
    `);
  });

  it('drops display:none, flattens display:contents', () => {
    expect(
      boxes(
        el(
          'div',
          {},
          el('p', { display: 'none' }, 'gone'),
          el('section', { display: 'contents' }, el('p', {}, 'kept')),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "block div
        block p
          lines
            text "kept""
    `);
  });

  it('splits an inline around a block (block-in-inline)', () => {
    expect(boxes(el('div', {}, el('span', {}, 'before', el('p', {}, 'block'), 'after')))).toMatchInlineSnapshot(`
      "block div
        lines
          inline span (first part)
            text "before"
        block p
          lines
            text "block"
        lines
          inline span (last part)
            text "after""
    `);
  });

  it('collapses white space across element boundaries (CSS Text 3 §4.1.1)', () => {
    expect(boxes(el('p', {}, '  a  \n\t b ', el('span', {}, ' c'), ' ', el('span', { whiteSpace: 'pre' }, ' d  e '))))
      .toMatchInlineSnapshot(`
      "block p
        lines
          text "a b "
          inline span
            text "c"
          text " "
          inline span
            text " d  e ""
    `);
  });

  it('keeps newlines for pre-line and removes spaces around them', () => {
    expect(boxes(el('p', { whiteSpace: 'pre-line' }, 'a  \n   b'))).toMatchInlineSnapshot(`
      "block p
        lines
          text "a\\nb""
    `);
  });

  it('capitalizes words, not word parts after an element boundary', () => {
    expect(boxes(el('p', { textTransform: 'capitalize' }, 'foo', el('b', {}, 'bar baz'), ' ', el('i', {}, 'qux'))))
      .toMatchInlineSnapshot(`
      "block p
        lines
          text "Foo"
          inline b
            text "bar Baz"
          text " "
          inline i
            text "Qux""
    `);
  });

  it('applies text-transform', () => {
    expect(boxes(el('p', { textTransform: 'capitalize' }, 'hello wide world'))).toMatchInlineSnapshot(`
      "block p
        lines
          text "Hello Wide World""
    `);
  });

  it('makes images replaced boxes, missing ones their fallback: the broken-image icon, then the alt text', () => {
    const images = (src: string) => (src === 'ok.png' ? { width: 40, height: 20 } : null);
    expect(
      boxes(
        el(
          'p',
          {},
          el('img', { attrs: { src: 'ok.png' } }),
          el('img', { attrs: { src: 'missing.png', alt: 'Logo' } }),
          el('img', { attrs: { src: 'x.png' } }),
        ),
        images,
      ),
    ).toMatchInlineSnapshot(`
      "block p
        lines
          replaced img ok.png 40x20
          atomic
            block ::img-fallback
              replaced img platen:broken-image-icon 16x16
              lines
                text "Logo"
          atomic
            block ::img-fallback
              replaced img platen:broken-image-icon 16x16"
    `);
  });

  it('keeps the specified size of a missing image without alt text, in a frame (alt text ignores it)', () => {
    expect(
      boxes(
        el(
          'p',
          {},
          el('img', { width: 20, height: 30, attrs: { src: 'gone.png' } }),
          el('img', { width: 20, height: 30, attrs: { src: 'gone.png', alt: 'x' } }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "block p
        lines
          atomic
            block ::img-fallback
              block ::img-frame
                replaced img platen:broken-image-icon 16x16
          atomic
            block ::img-fallback
              replaced img platen:broken-image-icon 16x16
              lines
                text "x""
    `);
  });

  it('builds an empty replaced box for alt="" or no source, nothing for a generated image that did not load', () => {
    expect(
      boxes(
        el(
          'p',
          {},
          el('img', { attrs: { src: 'gone.png', alt: '' } }),
          el('img', { attrs: {} }),
          el('img', { attrs: { src: 'gone.png', 'data-generated': '' } }),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "block p
        lines
          replaced img  0x0
          replaced img  0x0"
    `);
  });

  it('puts an outside marker on the list item and an inside marker inline', () => {
    const item = (pos: 'inside' | 'outside') =>
      el('li', { listStylePosition: pos, listStyleType: 'decimal' }, el('::marker', {}, '1. '), 'Item');
    expect(boxes(el('ul', {}, item('outside'), item('inside')))).toMatchInlineSnapshot(`
      "block ul
        block li
          marker
            text "1. "
          lines
            text "Item"
        block li
          lines
            inline ::marker
              text "1. "
            text "Item""
    `);
  });

  it('makes an inside disc / circle / square marker an atomic inline (drawn as a shape)', () => {
    const item = el(
      'li',
      { listStylePosition: 'inside', listStyleType: 'square' },
      el('::marker', {}, '\u25aa '),
      'Item',
    );
    expect(boxes(el('ul', {}, item))).toMatchInlineSnapshot(`
      "block ul
        block li
          lines
            atomic
              block ::marker
            text "Item""
    `);
  });

  it('turns page number spans into counters in header/footer only', () => {
    const spec = el(
      'div',
      {},
      'Page ',
      el('span', { attrs: { class: 'pageNumber' } }),
      ' of ',
      el('span', { attrs: { class: 'totalPages' } }),
    );
    expect(boxes(spec, () => null, true)).toMatchInlineSnapshot(`
      "block div
        lines
          text "Page "
          counter page
          text " of "
          counter pages"
    `);
    expect(boxes(spec, () => null, false)).not.toContain('counter');
  });

  it('keeps table, flex and grid containers as their own kinds and inline-blocks atomic', () => {
    expect(
      boxes(
        el(
          'div',
          {},
          el('table', {}, el('tbody', {}, el('tr', {}, el('td', {}, 'c')))),
          el('div', { display: 'flex' }, 'f', el('span', {}, 's')),
          el('span', { display: 'inline-block' }, 'ib'),
        ),
      ),
    ).toMatchInlineSnapshot(`
      "block div
        table table
          table-row-group tbody
            table-row tr
              table-cell td
                lines
                  text "c"
        flex div
          lines
            text "f"
          block span
            lines
              text "s"
        lines
          atomic
            block span
              lines
                text "ib""
    `);
  });
});
