/**
 * Issue 19: a table sizes its cells (intrinsic sizes), then lays them out; a small cell's
 * paragraph is built once for both (flow/inline-items.ts paragraphOf). Work is counted, never
 * timed: building a paragraph's items asks the shape cache for each piece.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShapeCache } from '../../src/text/shape-cache.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

afterEach(() => vi.restoreAllMocks());

const PAGE = { pageStyle: pageStyleOf({ width: 400, height: 320 }) };

/** Pieces shaped (cache hits too) in one layout of `rows` rows of two one-word cells. */
function shapesFor(rows: number): number {
  const shape = vi.spyOn(ShapeCache.prototype, 'shape');
  const body = el(
    'body',
    {},
    el(
      'table',
      {},
      ...Array.from({ length: rows }, (_, i) => el('tr', {}, el('td', {}, `a${i}`), el('td', {}, `b${i}`))),
    ),
  );
  layoutPages(body, PAGE);
  const count = shape.mock.calls.length;
  shape.mockRestore();
  return count;
}

describe('paragraphs built for intrinsic sizing', () => {
  it('are kept for layout: a small table shapes each cell piece once', () => {
    // 10 rows × 2 cells × one piece each: 20 pieces, not 40 (sized, then laid out).
    expect(shapesFor(10)).toBe(20);
  });

  it('are kept for a table of a few thousand cells (up to 16,384 items per pass)', () => {
    // 2100 rows: 4200 pieces, each shaped once (with 4096 kept, 4304: the rest built twice).
    expect(shapesFor(2100)).toBe(4200);
  });
});
