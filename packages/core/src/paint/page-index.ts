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

interface PageWalk {
  readonly targets: Set<string>;
  readonly anchors: BoxFragment[];
  readonly headings: HeadingBox[];
}

/** A module-level walk with indexed loops: a closure per page and for-of cost a table's thousands of boxes more. */
function visit(walk: PageWalk, fragments: readonly Fragment[], inHeading: boolean): void {
  for (let i = 0; i < fragments.length; i++) {
    const f = fragments[i]!;
    if (f.kind !== 'box') continue;
    // Anonymous boxes (half the boxes of a table) have no attributes and are no heading.
    if (f.tag === '') {
      visit(walk, f.children, inHeading);
      continue;
    }
    const href = f.tag === 'a' ? f.attrs.href : undefined;
    if (href !== undefined) {
      if (href.startsWith('#') && href.length > 1) walk.targets.add(fragmentId(href));
      walk.anchors.push(f);
    } else if (f.attrs.id !== undefined) walk.anchors.push(f);
    const level = inHeading ? 0 : headingLevel(f.tag);
    const heading = level > 0 && f.part.isFirst;
    if (heading) walk.headings.push({ level, frag: f });
    visit(walk, f.children, inHeading || heading);
  }
}

export function indexPages(pages: readonly Page[]): PageIndex {
  const targets = new Set<string>();
  const anchors: BoxFragment[][] = [];
  const headings: HeadingBox[][] = [];
  for (const page of pages) {
    const walk: PageWalk = { targets, anchors: [], headings: [] };
    visit(walk, page.fragments, false);
    anchors.push(walk.anchors);
    headings.push(walk.headings);
  }
  return { targets, anchors, headings };
}
