import { describe, expect, it } from 'vitest';
import { compile } from 'css-select';
import { parseDocument } from 'htmlparser2';
import { Element, type ParentNode } from 'domhandler';
import { compileSelectorList } from '../../src/style/selectors.js';
import { parseNth } from '../../src/style/nth-child.js';

/** Element names and text mixed, so that counting only elements (and only one type) matters. */
const HTML =
  '<html><body><ul>x<li>1</li><p>a</p><li>2</li>y<li>3</li><p>b</p><li>4</li><li>5</li><p>c</p><li>6</li><li>7</li></ul><div><p>only</p></div></body></html>';

function elements(root: ParentNode): Element[] {
  const out: Element[] = [];
  for (const child of root.children) {
    if (!(child instanceof Element)) continue;
    out.push(child);
    out.push(...elements(child));
  }
  return out;
}

/** Which elements (by document order) a selector matches. */
function matched(match: (el: Element) => boolean, all: readonly Element[]): number[] {
  return all.flatMap((el, i) => (match(el) ? [i] : []));
}

const FORMULAS = [
  'even',
  'odd',
  'ODD',
  '3',
  '+3',
  '0',
  '-n+3',
  '2n+1',
  '2n-1',
  ' 2n + 1 ',
  '3n',
  'n',
  'n+0',
  'n-1',
  '-2n+5',
  '-n-1',
  '0n+0',
  '-3n+7',
  '10n+2',
];
const KINDS = ['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type'];

describe(':nth-*() from per-parent positions agrees with css-select', () => {
  const all = elements(parseDocument(HTML));
  for (const kind of KINDS) {
    it.each(FORMULAS)(`:${kind}(%s)`, (formula) => {
      const selector = `:${kind}(${formula})`;
      const ours = compileSelectorList(selector);
      if (typeof ours === 'string') throw new Error(ours);
      const reference = compile<unknown, Element>(selector, { xmlMode: false }) as (el: Element) => boolean;
      expect(matched(ours[0]!.match, all)).toEqual(matched(reference, all));
    });
  }

  it('matches inside :is() and :not(), and leaves `of S` to css-select', () => {
    for (const selector of [
      'li:not(:nth-child(odd))',
      ':is(li, p):nth-of-type(2)',
      ':nth-child(odd of li)',
      'ul > :nth-last-child(-n+2)',
    ]) {
      const ours = compileSelectorList(selector);
      if (typeof ours === 'string') throw new Error(ours);
      const reference = compile<unknown, Element>(selector, { xmlMode: false }) as (el: Element) => boolean;
      expect(matched(ours[0]!.match, all), selector).toEqual(matched(reference, all));
    }
  });
});

describe(':nth-*() positions asked out of order', () => {
  it('agree with css-select whatever order the elements are asked in, and after the children change', () => {
    const doc = parseDocument(HTML);
    const all = elements(doc);
    const shuffled = all
      .map((el, i) => ({ el, key: (i * 7919) % all.length }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.el);
    for (const selector of [':nth-child(2n+1)', ':nth-last-child(3)', ':nth-of-type(2)', ':nth-last-of-type(1)']) {
      const ours = compileSelectorList(selector);
      if (typeof ours === 'string') throw new Error(ours);
      const reference = compile<unknown, Element>(selector, { xmlMode: false }) as (el: Element) => boolean;
      for (const order of [[...all].reverse(), shuffled, all]) {
        expect(
          order.map((el) => ours[0]!.match(el)),
          selector,
        ).toEqual(order.map((el) => reference(el)));
      }
    }
    // The list loses its first element: positions are counted again.
    const ul = all.find((el) => el.name === 'ul')!;
    ul.children = ul.children.filter((c) => c !== ul.children.find((k) => k instanceof Element));
    const first = compileSelectorList(':nth-child(1)');
    if (typeof first === 'string') throw new Error(first);
    const lis = ul.children.filter((c): c is Element => c instanceof Element);
    expect(lis.map((el) => first[0]!.match(el))).toEqual(lis.map((_, i) => i === 0));
  });
});

describe('parseNth', () => {
  it.each<[string, [number, number] | null]>([
    ['even', [2, 0]],
    ['odd', [2, 1]],
    ['-n+3', [-1, 3]],
    ['2n - 1', [2, -1]],
    ['+5', [0, 5]],
    ['n', [1, 0]],
    ['2n+', null],
    ['n 1', [1, 1]] /* as nth-check reads it */,
    ['foo', null],
    ['', null],
  ])('%j', (formula, expected) => {
    expect(parseNth(formula)).toEqual(expected);
  });
});
