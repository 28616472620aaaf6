import type { BoxFragment } from '@platen/layout';
import type { PaintContext } from './paint-context.js';

const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** The id a `#fragment` names; a malformed escape is taken literally, never thrown. */
export function fragmentId(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

/** A tagged PDF's hooks around each link annotation (structure.ts): PDFKit writes an annotation as soon as it makes it. */
export interface LinkTagging {
  /** Entries the link box's annotation needs (its /StructParent). */
  annotationEntries(box: BoxFragment): Record<string, unknown> | undefined;
  /** The annotation is the page's last. */
  annotationMade(box: BoxFragment): void;
}

/** A box with an id where it starts: a named destination if some link points at it. */
interface Anchor {
  readonly id: string;
  readonly page: number;
  /** PDFKit's top-left point coordinates (addNamedDestination does not use the CTM). */
  readonly x: number;
  readonly y: number;
}

/** PDFKit's switchToPage and addNamedDestination (not in @types/pdfkit's PDFDocument). */
interface DestinationInternals {
  switchToPage(index: number): unknown;
  addNamedDestination(name: string, type: 'XYZ', x: number, y: number, zoom: null): void;
}

/**
 * Named destinations, found while pages are painted one at a time: a box with an id becomes
 * one only if some `<a href="#id">` points at it, and that link may be on a later page. So
 * ids are recorded (id, page and position, not the fragments) and written at the end.
 */
export class NamedDestinations {
  /** Element ids that some `<a href="#id">` points at. */
  readonly #targets = new Set<string>();
  readonly #anchors: Anchor[] = [];

  /**
   * `<a href>` boxes of one page layer become link annotations (the layer's own transform in
   * the CTM); its boxes with an id are remembered. `scale`: the page's shrink-to-fit factor.
   */
  paintLinks(
    ctx: PaintContext,
    page: number,
    scale: number,
    anchors: readonly BoxFragment[],
    tags?: LinkTagging,
  ): void {
    const doc = ctx.doc;
    const pt = 0.75 * scale;
    for (const f of anchors) {
      const id = f.attrs.id;
      if (id !== undefined && f.part.isFirst) this.#anchors.push({ id, page, x: f.x * pt, y: f.y * pt });
      const href = f.attrs.href;
      if (f.tag !== 'a' || !href || f.width <= 0 || f.height <= 0) continue;
      if (href.startsWith('#')) {
        if (href.length < 2) continue;
        // The link's own target is now a destination's name: goTo even if no box has that id.
        const target = fragmentId(href);
        this.#targets.add(target);
        doc.goTo(f.x, f.y, f.width, f.height, target, tags?.annotationEntries(f));
        tags?.annotationMade(f);
      } else if (SAFE_SCHEMES.test(href)) {
        doc.link(f.x, f.y, f.width, f.height, href, tags?.annotationEntries(f));
        tags?.annotationMade(f);
      }
    }
  }

  /**
   * Add the destinations, in page order and tree order within a page (body, then chrome), as
   * when every page was painted at once: with two boxes of one id, the later one wins.
   */
  write(doc: PDFKit.PDFDocument): void {
    const pdf = doc as unknown as DestinationInternals;
    // Stable: a page's chrome anchors (recorded after every body) stay after its body's.
    const anchors = this.#anchors.filter((a) => this.#targets.has(a.id)).sort((a, b) => a.page - b.page);
    for (const a of anchors) {
      pdf.switchToPage(a.page);
      pdf.addNamedDestination(a.id, 'XYZ', a.x, a.y, null);
    }
  }
}
