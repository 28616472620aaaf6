import type { Fragment, Page } from '@platen/layout';
import type { HeadingBox } from './page-index.js';

/** PDFKit's outline node (PDFOutline; only `addItem` is needed). */
interface OutlineNode {
  addItem(title: string, options?: { top?: number; left?: number; expanded?: boolean }): OutlineNode;
}

function textOf(frag: Fragment): string {
  if (frag.kind === 'text') return frag.runs.map((r) => r.text).join('');
  if (frag.kind === 'box') return frag.children.map(textOf).join(' ');
  return '';
}

/**
 * Document outline (bookmarks) from h1–h6, nested by level, each pointing at its heading's
 * top on its page (what Chromium's generateDocumentOutline produces). Keeps state across
 * pages; each page's headings come from indexPage (page-index.ts), body only: Chromium's
 * outline comes from the main document, header and footer templates are documents of their own.
 */
export function createOutlineBuilder(
  root: OutlineNode,
): (page: Page, pageWidthPt: number, headings: readonly HeadingBox[]) => void {
  const stack: { level: number; node: OutlineNode }[] = [{ level: 0, node: root }];
  return (page, pageWidthPt, headings) => {
    for (const { level, frag } of headings) {
      const title = textOf(frag).replace(/\s+/g, ' ').trim();
      if (!title) continue;
      while ((stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
      const parent = stack[stack.length - 1]?.node ?? root;
      // PDFKit stores left as (page width − left) and top as (page height − top), in points.
      const node = parent.addItem(title, { top: frag.y * 0.75 * (page.scale ?? 1), left: pageWidthPt, expanded: true });
      stack.push({ level, node });
    }
  };
}
