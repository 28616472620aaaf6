/**
 * Fragments placed on a page die with it (issue 23): they live in the layout context's `page`
 * caches, which pagination empties when it gives its pages away (pagesGiven), while a
 * paragraph's pass-long cache of lines keeps only the metrics of the lines already placed.
 * Checked at each pagesGiven call, on what the page caches hold just before they are emptied.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutContext } from '../../src/flow/context.js';
import type { LineBox } from '../../src/flow/line-box.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { el } from '../helpers/style.js';

interface Given {
  /** Lines whose fragments the page caches hold. */
  readonly held: number;
  /** Lines of the cached paragraphs that still have fragments in the pass's cache, and how many of those were placed. */
  readonly unplacedWithFragments: number;
  readonly placedWithFragments: number;
}
const given: Given[] = [];

vi.mock('../../src/flow/context.js', async (original) => {
  const m = await original<typeof import('../../src/flow/context.js')>();
  return {
    ...m,
    pagesGiven: (ctx: LayoutContext) => {
      given.push(pageCacheContents(ctx));
      m.pagesGiven(ctx);
    },
  };
});

/** The lines' page cache (placedLines: paragraph → line index → fragments) among the context's page caches. */
function pageCacheContents(ctx: LayoutContext): Given {
  let held = 0;
  let unplacedWithFragments = 0;
  let placedWithFragments = 0;
  for (const cache of ctx.pageCaches) {
    if (!(cache instanceof Map)) continue;
    for (const [paragraph, lines] of cache as Map<{ lines: LineBox[]; placedEnd: number }, Map<number, unknown>>) {
      held += lines.size;
      paragraph.lines.forEach((line, i) => {
        if (line.fragments.length === 0) return;
        if (i < paragraph.placedEnd) placedWithFragments++;
        else unplacedWithFragments++;
      });
    }
  }
  return { held, unplacedWithFragments, placedWithFragments };
}

afterEach(() => void (given.length = 0));

/** 20 lines of 16 px to a page. */
const PAGE = { pageStyle: pageStyleOf({ width: 400, height: 320 }), maxPages: 1000 };

describe('page caches', () => {
  it('hold one page of a long paragraph at a time; the pass keeps the placed lines without fragments', () => {
    const pages = layoutPages(el('body', {}, el('p', {}, 'word '.repeat(10 * 200))), PAGE);
    expect(pages.length).toBe(10);
    const perPage = given.filter((g) => g.held > 0);
    expect(perPage.length).toBe(10);
    for (const g of perPage) {
      expect(g.held).toBe(20);
      expect(g.placedWithFragments).toBe(0);
    }
    // Before the first page is given, the 180 lines still to place keep theirs.
    expect(perPage[0]!.unplacedWithFragments).toBe(180);
  });
});
