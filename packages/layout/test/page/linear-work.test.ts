/**
 * Issue 19: long blocks paginate in work linear in their length. Work is counted, never timed:
 * calls of the line-building steps (wrapped below) at N and at 4N, whose ratio must stay near 4
 * (a block re-laid out from its start on every page makes it about 16).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShapeCache } from '../../src/text/shape-cache.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { el, type ElSpec } from '../helpers/style.js';

const calls = { buildLine: 0, breakLines: 0 };
vi.mock('../../src/flow/line-box.js', async (original) => {
  const m = await original<typeof import('../../src/flow/line-box.js')>();
  return { ...m, buildLine: (...args: Parameters<typeof m.buildLine>) => (calls.buildLine++, m.buildLine(...args)) };
});
vi.mock('../../src/flow/line-breaker.js', async (original) => {
  const m = await original<typeof import('../../src/flow/line-breaker.js')>();
  return {
    ...m,
    breakLines: (...args: Parameters<typeof m.breakLines>) => (calls.breakLines++, m.breakLines(...args)),
  };
});

afterEach(() => vi.restoreAllMocks());

/** 20 lines of 16 px to a page. */
const PAGE = { pageStyle: pageStyleOf({ width: 400, height: 320 }), maxPages: 100_000 };

/** Lines built, pieces shaped (cache hits too: building a paragraph's items asks for each) and pages, for one layout. */
function work(body: ElSpec): { lines: number; shapes: number; pages: number } {
  calls.buildLine = 0;
  calls.breakLines = 0;
  const shape = vi.spyOn(ShapeCache.prototype, 'shape');
  const pages = layoutPages(body, PAGE).length;
  const result = { lines: calls.buildLine, shapes: shape.mock.calls.length, pages };
  shape.mockRestore();
  return result;
}

/** Work at 4N over work at N, for each count; pages grow 4× too (the shape really spans pages). */
function scaling(shape: (n: number) => ElSpec, n: number): { lines: number; shapes: number; pages: number } {
  const small = work(shape(n));
  const large = work(shape(4 * n));
  return { lines: large.lines / small.lines, shapes: large.shapes / small.shapes, pages: large.pages / small.pages };
}

const brLines = (n: number) =>
  el('body', {}, el('div', {}, ...Array.from({ length: n }, (_, i) => [`line ${i}`, el('br')]).flat()));
const preWrap = (n: number) =>
  el('body', {}, el('div', { whiteSpace: 'pre-wrap' }, Array.from({ length: n }, (_, i) => `line ${i}`).join('\n')));
const paragraph = (n: number) => el('body', {}, el('p', {}, 'word '.repeat(n * 8)));
const tableCell = (n: number) =>
  el('body', {}, el('table', {}, el('tr', {}, el('td', {}, 'word '.repeat(n * 8)), el('td', {}, 'b'))));
/** A float amid every fourth line's text (src/float/inline-floats.ts). */
const floatsAmid = (n: number) =>
  el(
    'body',
    {},
    el(
      'p',
      {},
      ...Array.from({ length: n / 4 }, () => [
        'word '.repeat(24),
        el('span', { display: 'block', float: 'right', width: 20, height: 10 }),
        'word '.repeat(8),
      ]).flat(),
    ),
  );
/** One word of 40n letters, broken by character (CSS Text 3 §5.5). */
const longWord = (n: number) => el('body', {}, el('p', { overflowWrap: 'anywhere' }, 'w'.repeat(n * 40)));
const tableRow = (n: number) =>
  el('body', {}, el('table', {}, el('tr', {}, ...Array.from({ length: n * 2 }, (_, i) => el('td', {}, `c${i}`)))));
const tableColumn = (n: number) =>
  el('body', {}, el('table', {}, ...Array.from({ length: n * 2 }, (_, i) => el('tr', {}, el('td', {}, `c${i}`)))));
/** Every line beside a float as tall as the paragraph (lines broken one at a time around it, src/float). */
const besideFloat = (n: number) =>
  el('body', {}, el('div', { float: 'left', width: 100, height: n * 16 }), el('p', {}, 'word '.repeat(n * 6)));

describe('a long block paginates in linear work', () => {
  it.each([
    ['<br>-separated lines', brLines],
    ['pre-wrap lines', preWrap],
    ['one paragraph', paragraph],
    ['a paragraph beside a float', besideFloat],
    ['a paragraph with floats amid it', floatsAmid],
    ['a table cell', tableCell],
    ['a word broken anywhere', longWord],
    ['a table column of cells', tableColumn],
  ])('%s: 4× the lines, about 4× the lines built and pieces shaped', (_name, shape) => {
    const ratio = scaling(shape, 200);
    expect(ratio.pages).toBeGreaterThan(3.5);
    expect(ratio.lines).toBeLessThan(4.5);
    expect(ratio.shapes).toBeLessThan(4.5);
  });

  it('a table row of 4× the cells: about 4× the lines built and pieces shaped', () => {
    const ratio = scaling(tableRow, 200);
    expect(ratio.lines).toBeLessThan(4.5);
    expect(ratio.shapes).toBeLessThan(4.5);
  });
});
