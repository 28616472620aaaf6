import type { BoxFragment, Fragment } from '@platen/layout';

/** A heading box that starts on its page, for the document outline (outline.ts). */
export interface HeadingBox {
  readonly level: number;
  readonly frag: BoxFragment;
}

/**
 * What links.ts and outline.ts need from one page's fragment trees, found in one walk:
 * collecting its links, then its headings had walked every tree twice.
 */
export interface PageIndex {
  /** The page's `<a href>` boxes and boxes with an id, in tree order. */
  readonly anchors: readonly BoxFragment[];
  /** Its h1–h6 boxes that start there, in tree order, not those inside another. */
  readonly headings: readonly HeadingBox[];
}

/** The level of an h1–h6 tag, else 0. */
function headingLevel(tag: string): number {
  if (tag.length !== 2 || tag[0] !== 'h') return 0;
  const level = tag.charCodeAt(1) - 48;
  return level >= 1 && level <= 6 ? level : 0;
}

interface PageWalk {
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
    if (href !== undefined || f.attrs.id !== undefined) walk.anchors.push(f);
    const level = inHeading ? 0 : headingLevel(f.tag);
    const heading = level > 0 && f.part.isFirst;
    if (heading) walk.headings.push({ level, frag: f });
    visit(walk, f.children, inHeading || heading);
  }
}

/** Index one page layer (its body, or its chrome). */
export function indexPage(fragments: readonly Fragment[]): PageIndex {
  const walk: PageWalk = { anchors: [], headings: [] };
  visit(walk, fragments, false);
  return walk;
}
