import { describe, expect, it } from 'vitest';
import type { Fragment, Page, TextFragment } from '../../src/fragment.js';
import { streamDocument, layoutDocument } from '../../src/layout-document.js';
import { createBoxFragment, NO_ATTRS, toPageCoordinates, WHOLE, ZERO_EDGES } from '../../src/flow/fragments.js';
import { defaultStyle, el, styled, type ElSpec } from '../helpers/style.js';
import { options, pageStyleOf } from '../helpers/layout.js';

/** Freeze a value and everything it holds: writing to it afterwards throws (ES modules are strict). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

const style = defaultStyle();
const text = (x: number, baseline: number): TextFragment => ({
  kind: 'text',
  style,
  x,
  baseline,
  width: 20,
  runs: [],
  justifySpacing: 0,
  decorations: [{ line: 'underline', x, y: baseline + 2, width: 20, thickness: 1, color: style.color, style: 'solid' }],
});
const box = (x: number, y: number, children: Fragment[]): Fragment =>
  createBoxFragment(
    style,
    'div',
    NO_ATTRS,
    { x, y, width: 100, height: 50, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
    children,
  );

describe('page coordinates', () => {
  it('are a new tree: the fragments layout made (and caches may keep) are left as they were', () => {
    const tree = deepFreeze([box(10, 20.25, [box(5, 5, [text(3, 12.4)])])]);
    const before = JSON.stringify(tree);
    const [outer] = toPageCoordinates(tree, 100, 200);
    expect(JSON.stringify(tree)).toBe(before);
    const inner = outer!.kind === 'box' ? outer!.children[0]! : null;
    const line = inner?.kind === 'box' ? inner.children[0]! : null;
    expect(outer).toMatchObject({ x: 110, y: 220.25 });
    expect(inner).toMatchObject({ x: 115, y: 225.25 });
    // The baseline lands on a whole pixel of the page (225.25 + 12.4 = 237.65 → 238), its decoration along.
    expect(line).toMatchObject({ x: 118, baseline: 238 });
    expect(line?.kind === 'text' && line.decorations[0]).toMatchObject({ x: 118, y: 240 });
  });
});

/** Lay the document out, freezing each page and chrome as the sink gets it. */
function frozenPages(body: ElSpec, overrides: Parameters<typeof options>[0] = {}): Page[] {
  const root = styled({ tag: 'html', props: {}, attrs: {}, children: [body] });
  return streamDocument(root, options(overrides), () => {
    const pages: Page[] = [];
    return {
      pages,
      page: (page: Page) => void pages.push(deepFreeze(page)),
      end: (chrome: Iterable<readonly Fragment[]>) => {
        [...chrome].forEach((layer, i) => (pages[i] = { ...pages[i]!, chrome: deepFreeze(layer) }));
      },
    };
  }).pages;
}

/** Each fragment's kind and position, page by page. */
function positions(pages: readonly Page[]): string[] {
  const out: string[] = [];
  const visit = (f: Fragment): void => {
    out.push(f.kind === 'text' ? `text ${f.x} ${f.baseline}` : `${f.kind} ${f.x} ${f.y}`);
    if (f.kind === 'box') f.children.forEach(visit);
  };
  for (const page of pages) {
    out.push(`page ${page.index} ${page.scale ?? 1}`);
    [...(page.backdrop ?? []), ...page.fragments, ...(page.chrome ?? [])].forEach(visit);
    for (const slice of page.carried ?? []) slice.fragments.forEach(visit);
  }
  return out;
}

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('pages given by layout', () => {
  // Each document takes a path where layout keeps fragments past the page they are on:
  // a paragraph's cached lines, a table's measured rows and repeated header, overflow shown on
  // the next page, and the passes of shrink to fit.
  const documents: [string, ElSpec, (pages: readonly Page[]) => boolean][] = [
    ['a paragraph over many pages', el('body', {}, el('p', { orphans: 1, widows: 1 }, words(400))), () => true],
    [
      'a table with a repeated header',
      el(
        'body',
        {},
        el(
          'table',
          {},
          el('thead', { display: 'table-header-group' }, el('tr', {}, el('td', {}, 'head'))),
          ...Array.from({ length: 60 }, (_, i) => el('tr', {}, el('td', {}, `row ${i}`), el('td', {}, words(8)))),
        ),
      ),
      () => true,
    ],
    [
      'an image carried onto the next pages',
      el('body', {}, el('img', { attrs: { src: 'tall.png' } })),
      (pages) => pages.some((p) => p.carried),
    ],
    [
      'content wider than the page',
      el('body', {}, el('div', { width: 300 }, words(200))),
      (pages) => (pages[0]!.scale ?? 1) < 1,
    ],
  ];
  for (const [name, body, takesPath] of documents) {
    it(`are never written to once given: ${name}`, () => {
      const small = {
        pageStyle: pageStyleOf({ width: 200, height: 120, margin: 10 }),
        images: () => ({ width: 100, height: 400 }),
      };
      const pages = frozenPages(body, small);
      expect(pages.length).toBeGreaterThan(1);
      expect(takesPath(pages)).toBe(true);
      const root = styled({ tag: 'html', props: {}, attrs: {}, children: [body] });
      expect(positions(pages)).toEqual(positions(layoutDocument(root, options(small))));
    });
  }
});

describe('pages held to the end of a pass', () => {
  it('go to the sink from the last pass only, with no start over (an absolute box on the root, shrink to fit)', () => {
    const body = el(
      'body',
      {},
      el('div', { position: 'absolute', top: 300, width: 50, height: 20 }),
      el('div', { width: 300 }, words(200)),
    );
    const root = styled({ tag: 'html', props: {}, attrs: {}, children: [body] });
    const given: string[] = [];
    streamDocument(root, options({ pageStyle: pageStyleOf({ width: 200, height: 120, margin: 10 }) }), () => {
      given.push('sink');
      return { page: (page: Page) => void given.push(`page ${page.index} ${page.scale ?? 1}`), end: () => undefined };
    });
    expect(given.filter((g) => g === 'sink')).toHaveLength(1);
    expect(given.length).toBeGreaterThan(1);
    expect(given.slice(1).every((g) => !g.endsWith(' 1'))).toBe(true);
  });
});
