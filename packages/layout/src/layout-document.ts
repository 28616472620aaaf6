import type { Fragment, Page, PageSink } from './fragment.js';
import type { StyledElement } from './styled-node.js';
import type { LayoutOptions } from './layout-options.js';
import { paginate } from './page/paginate.js';

export type { ImageSizes } from './image-sizes.js';
export type { LayoutOptions, PageChrome } from './layout-options.js';

/**
 * Lay the document out into pages, all kept until the last one is done (see streamDocument).
 * @param root the styled `html` element
 * @throws LayoutLimitError (`code: 'document_too_large'`) past `options.maxPages` pages
 */
export function layoutDocument(root: StyledElement, options: LayoutOptions): Page[] {
  let pages: Page[] = [];
  streamDocument(root, options, {
    page: (page) => void pages.push(page),
    chrome: (index: number, chrome: readonly Fragment[]) => void (pages[index] = { ...pages[index]!, chrome }),
    restart: () => void (pages = []),
  });
  return pages;
}

/**
 * Lay the document out, giving each page to `sink` as soon as it is final.
 * @throws LayoutLimitError (`code: 'document_too_large'`) past `options.maxPages` pages
 */
export function streamDocument(root: StyledElement, options: LayoutOptions, sink: PageSink): void {
  paginate(root, options, sink);
}
