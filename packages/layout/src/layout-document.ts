import type { Fragment, Page, PageSink } from './fragment.js';
import type { StyledElement } from './styled-node.js';
import type { LayoutOptions } from './layout-options.js';
import { paginate, type StartOver } from './page/paginate.js';

export type { ImageSizes } from './image-sizes.js';
export type { LayoutOptions, PageChrome } from './layout-options.js';

/**
 * Lay the document out into pages, all kept until the last one is done (see streamDocument),
 * each with its chrome.
 * @param root the styled `html` element
 * @throws LayoutLimitError (`code: 'document_too_large'`) past `options.maxPages` pages
 */
export function layoutDocument(root: StyledElement, options: LayoutOptions): Page[] {
  return streamDocument(root, options, () => new PageList()).pages;
}

/**
 * Lay the document out into the sink `newSink()` makes, which gets each page as soon as it is
 * final. When layout has to start over (content wider than the paper, or a page count that makes
 * the chrome taller, found after pages were given), that sink is dropped with whatever it made
 * of its pages, and the document is laid out again into a new one: only documents that need it
 * take a second attempt. Returns the sink that got the whole document.
 * @throws LayoutLimitError (`code: 'document_too_large'`) past `options.maxPages` pages
 */
export function streamDocument<S extends PageSink>(root: StyledElement, options: LayoutOptions, newSink: () => S): S {
  let startOver: StartOver | null = null;
  for (;;) {
    const sink = newSink();
    startOver = paginate(root, options, sink, startOver);
    if (startOver === null) return sink;
  }
}

/** A sink that keeps every page, with its chrome. */
class PageList implements PageSink {
  readonly pages: Page[] = [];

  page(page: Page): void {
    this.pages.push(page);
  }

  end(chrome: Iterable<readonly Fragment[]>): void {
    let i = 0;
    for (const fragments of chrome) {
      this.pages[i] = { ...this.pages[i]!, chrome: fragments };
      i++;
    }
  }
}
