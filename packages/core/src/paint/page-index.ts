import type { BoxFragment, Fragment, Page } from '@platen/layout';
import { fragmentId, type LinkTargets } from './links.js';

/** A heading box that starts on its page, for the document outline (outline.ts). */
export interface HeadingBox {
  readonly level: number;
  readonly frag: BoxFragment;
}

/**
 * What links.ts and outline.ts need from the fragment trees, found in one walk over all
 * fragments: collecting link targets, then each page's links, then its headings had
 * walked every tree three times.
 */
export interface PageIndex {
  /** Element ids that some `<a href="#id">` points at: only these become named destinations. */
  readonly targets: LinkTargets;
  /** Per page (same order as the pages), its `<a href>` boxes and boxes with an id, in tree order. */
  readonly anchors: readonly (readonly BoxFragment[])[];
  /** Per page, its h1–h6 boxes that start there, in tree order, not those inside another. */
  readonly headings: readonly (readonly HeadingBox[])[];
}

/** The level of an h1–h6 tag, else 0. */
function headingLevel(tag: string): number {
  if (tag.length !== 2 || tag[0] !== 'h') return 0;
  const level = tag.charCodeAt(1) - 48;
  return level >= 1 && level <= 6 ? level : 0;
}

export function indexPages(pages: readonly Page[]): PageIndex {
  const targets = new Set<string>();
  const anchors: BoxFragment[][] = [];
  const headings: HeadingBox[][] = [];
  for (const page of pages) {
    const pageAnchors: BoxFragment[] = [];
    const pageHeadings: HeadingBox[] = [];
    const visit = (fragments: readonly Fragment[], inHeading: boolean): void => {
      for (const f of fragments) {
        if (f.kind !== 'box') continue;
        // Anonymous boxes (half the boxes of a table) have no attributes and are no heading.
        if (f.tag === '') {
          visit(f.children, inHeading);
          continue;
        }
        const href = f.attrs.href;
        if (f.tag === 'a' && href !== undefined) {
          if (href.startsWith('#') && href.length > 1) targets.add(fragmentId(href));
          pageAnchors.push(f);
        } else if (f.attrs.id !== undefined) pageAnchors.push(f);
        const level = inHeading ? 0 : headingLevel(f.tag);
        if (level > 0 && f.part.isFirst) pageHeadings.push({ level, frag: f });
        visit(f.children, inHeading || (level > 0 && f.part.isFirst));
      }
    };
    visit(page.fragments, false);
    anchors.push(pageAnchors);
    headings.push(pageHeadings);
  }
  return { targets, anchors, headings };
}
