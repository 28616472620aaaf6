import type { BoxFragment, Page } from '@platen/layout';
import type { PaintContext } from './paint-context.js';

/** Element ids that some `<a href="#id">` points at: only these become named destinations. */
export type LinkTargets = ReadonlySet<string>;

const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** The id a `#fragment` names; a malformed escape is taken literally, never thrown. */
export function fragmentId(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
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
