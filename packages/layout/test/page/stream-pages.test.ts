import { describe, expect, it } from 'vitest';
import { dumpFragments } from '../../src/debug/dump-fragments.js';
import type { Fragment, Page, PageSink } from '../../src/fragment.js';
import { layoutDocument, streamDocument, type LayoutOptions } from '../../src/layout-document.js';
import { fakeMeasurer } from '../helpers/fake-measurer.js';
import { options, pageStyleOf } from '../helpers/layout.js';
import { el, styled, type ElSpec } from '../helpers/style.js';

/**
 * Everything the sinks see, in order: `sink` (a new sink: a layout attempt starts), `page 0`,
 * `shape P7` (text measured by layout), `chrome 0`; the pages and chrome of the last sink.
 */
function record(
  body: ElSpec,
  overrides: Partial<LayoutOptions> = {},
): { events: string[]; pages: Page[]; chrome: Fragment[][] } {
  const events: string[] = [];
  const measurer = fakeMeasurer();
  const shape = measurer.shape.bind(measurer);
  measurer.shape = (text, font, size, opts) => {
    if (/^P\d+$/.test(text)) events.push(`shape ${text}`);
    return shape(text, font, size, opts);
  };
  const newSink = () => {
    events.push('sink');
    const pages: Page[] = [];
    const chrome: Fragment[][] = [];
    const sink: PageSink = {
      page: (p) => void (events.push(`page ${p.index}`), pages.push(p)),
      end: (layers) => {
        let i = 0;
        for (const fragments of layers) {
          events.push(`chrome ${i}`);
          chrome[i++] = [...fragments];
        }
      },
    };
    return { ...sink, pages, chrome };
  };
  const { pages, chrome } = streamDocument(root(body), options({ measurer, ...overrides }), newSink);
  return { events, pages, chrome };
}

const root = (body: ElSpec) => styled({ tag: 'html', props: {}, attrs: {}, children: [body] });
const PAGE = { pageStyle: pageStyleOf({ width: 200, height: 100, margin: 10 }) };
/** Paragraphs P1…Pn, 16 px each: five to a page. */
const paragraphs = (n: number, extra: ElSpec[] = []): ElSpec =>
  el(
    'body',
    {},
    ...Array.from({ length: n }, (_, i) => el('p', { marginTop: 0, marginBottom: 0 }, `P${i + 1}`)),
    ...extra,
  );
const chromeDoc = (text: string) =>
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

describe('streaming pages to a sink', () => {
  it('gives each page away as soon as it is laid out, and the chrome once the count is known', () => {
    const { events } = record(paragraphs(15), PAGE);
    // P1–P5 fill page 1 (P6 is tried there and moves on); page 1 goes before page 2 lays out P7.
    expect(events.indexOf('page 0')).toBeGreaterThan(events.indexOf('shape P6'));
    expect(events.indexOf('page 0')).toBeLessThan(events.indexOf('shape P7'));
    expect(events.filter((e) => !e.startsWith('shape'))).toEqual([
      'sink',
      'page 0',
      'page 1',
      'page 2',
      'chrome 0',
      'chrome 1',
      'chrome 2',
    ]);
  });

  it('gives the same pages, in page coordinates, as layoutDocument', () => {
    const header = chromeDoc('H');
    const { pages, chrome } = record(paragraphs(12), { ...PAGE, header });
    const whole = layoutDocument(root(paragraphs(12)), options({ ...PAGE, header }));
    expect(pages.map((p, i) => dumpFragments({ ...p, chrome: chrome[i]! }))).toEqual(
      whole.map((p) => dumpFragments(p)),
    );
    // The header of page 2 of 3, filled with the final count, above the body.
    expect(dumpFragments(chrome[1]!)).toContain('text "2"');
    expect(dumpFragments(chrome[1]!)).toContain('text "3"');
  });

  it('starts over into a new sink when a page is wider than the paper, which gets only the shrunk pages', () => {
    const { events, pages } = record(paragraphs(12, [el('div', { width: 250, height: 10 })]), PAGE);
    // The first attempt gave the pages before the wide one, and no chrome.
    const second = events.lastIndexOf('sink');
    expect(events.filter((e) => e === 'sink')).toHaveLength(2);
    expect(events.slice(0, second).filter((e) => e.startsWith('page'))).toEqual(['page 0', 'page 1']);
    expect(events.slice(0, second).some((e) => e.startsWith('chrome'))).toBe(false);
    expect(pages.every((p) => p.scale !== undefined && p.scale < 1)).toBe(true);
    expect(pages.map((p) => p.index)).toEqual(pages.map((_, i) => i));
  });

  it('keeps every page until the end when an absolute box may land on an earlier page', () => {
    // Its containing block is the root: laid out with the last page, it belongs to the first.
    const stamp = el('div', { position: 'absolute', top: 5, left: 5, width: 20, height: 20 }, 'S');
    const { events, pages } = record(paragraphs(15, [stamp]), PAGE);
    expect(events.indexOf('page 0')).toBeGreaterThan(events.indexOf('shape P15'));
    expect(dumpFragments(pages[0]!)).toContain('text "S"');
  });

  it('still gives pages away early when every absolute box has a positioned ancestor', () => {
    const stamp = el(
      'div',
      { position: 'relative' },
      el('div', { position: 'absolute', top: 5, left: 5, width: 20, height: 20 }, 'S'),
    );
    const { events } = record(paragraphs(15, [stamp]), PAGE);
    expect(events.indexOf('page 0')).toBeLessThan(events.indexOf('shape P7'));
  });

  it('repeats a table header on every page from a copy, not from a page already given away', () => {
    const rows = Array.from({ length: 30 }, (_, i) => el('tr', {}, el('td', {}, `R${i}`)));
    const table = el(
      'body',
      {},
      el(
        'table',
        { borderSpacing: [0, 0] },
        el('thead', { display: 'table-header-group' }, el('tr', {}, el('th', {}, 'Head'))),
        el('tbody', {}, ...rows),
      ),
    );
    const { pages } = record(table, PAGE);
    expect(pages.length).toBeGreaterThan(3);
    // The header row sits at the top of the page area (y 10) on every page, at the same x.
    const heads = pages.map((p) =>
      dumpFragments(p)
        .split('\n')
        .find((l) => l.includes('text "Head"'))
        ?.trim(),
    );
    expect(new Set(heads).size).toBe(1);
    expect(heads[0]).toMatch(/^text "Head" 10,2\d/);
  });
});
