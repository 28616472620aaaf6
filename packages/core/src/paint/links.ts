import type { BoxFragment, Fragment, Page } from '@platen/layout';
import type { PaintContext } from './paint-context.js';

/** Element ids that some `<a href="#id">` points at: only these become named destinations. */
export type LinkTargets = ReadonlySet<string>;

const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** The id a `#fragment` names; a malformed escape is taken literally, never thrown. */
function fragmentId(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

/**
 * The link targets of a document, and per page the boxes links.ts cares about (`<a href>`
 * and elements with an id), in tree order: one walk over all fragments, where
 * collecting targets and then drawing each page's links had walked every tree twice.
 */
export interface LinkIndex {
  /** Element ids that some `<a href="#id">` points at: only these become named destinations. */
  readonly targets: LinkTargets;
  /** Per page (same order as the pages), its `<a href>` boxes and boxes with an id, in tree order. */
  readonly anchors: readonly (readonly BoxFragment[])[];
}

export function indexLinks(pages: readonly Page[]): LinkIndex {
  const targets = new Set<string>();
  const anchors = pages.map((page) => {
    const found: BoxFragment[] = [];
    const visit = (fragments: readonly Fragment[]): void => {
      for (const f of fragments) {
        if (f.kind !== 'box') continue;
        const href = f.attrs.href;
        if (f.tag === 'a' && href !== undefined) {
          if (href.startsWith('#') && href.length > 1) targets.add(fragmentId(href));
          found.push(f);
        } else if (f.attrs.id !== undefined) found.push(f);
        visit(f.children);
      }
    };
    visit(page.fragments);
    return found;
  });
  return { targets, anchors };
}

/** `<a href>` boxes become link annotations; ids that links point at become destinations. */
export function paintLinks(ctx: PaintContext, page: Page, anchors: readonly BoxFragment[], targets: LinkTargets): void {
  const doc = ctx.doc;
  const pt = 0.75 * (page.scale ?? 1);
  for (const f of anchors) {
    const id = f.attrs.id;
    if (id !== undefined && targets.has(id) && f.part.isFirst) {
      // addNamedDestination takes PDFKit's own top-left point coordinates, not the CTM.
      doc.addNamedDestination(id, 'XYZ', f.x * pt, f.y * pt, null as unknown as number);
    }
    const href = f.attrs.href;
    if (f.tag !== 'a' || !href || f.width <= 0 || f.height <= 0) continue;
    if (href.startsWith('#')) {
      const target = fragmentId(href);
      if (targets.has(target)) doc.goTo(f.x, f.y, f.width, f.height, target);
    } else if (SAFE_SCHEMES.test(href)) {
      doc.link(f.x, f.y, f.width, f.height, href);
    }
  }
}
