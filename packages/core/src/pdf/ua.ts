import type { StyledNode } from '@platen/layout';
import { InvalidOptionError } from '../errors.js';
import { altText } from '../paint/structure.js';

/**
 * What PDF/UA-1 needs of the document itself, refused before painting with an error that says
 * what to add (ISO 14289-1 §7.1: a title shown; §7.2: the natural language; §7.3: a figure's
 * alternative text). Decorative images (`alt=""`) are fine; an `<img>` without `alt` is not.
 */
export function checkUa1(
  title: string | undefined,
  language: string | undefined,
  roots: readonly (StyledNode | null)[],
): void {
  if (!title)
    throw new InvalidOptionError(
      'pdf.metadata.title',
      'PDF/UA-1 needs a document title: give the HTML a <title> or set pdf.metadata.title.',
    );
  if (!language)
    throw new InvalidOptionError(
      'pdf.metadata.language',
      'PDF/UA-1 needs the document language: give <html lang="…"> or set pdf.metadata.language.',
    );
  for (const root of roots) {
    const missing = root ? imageWithoutAlt(root) : null;
    if (missing !== null) {
      throw new InvalidOptionError(
        'pdf.standard',
        `PDF/UA-1 needs alternative text for every image: <img src="${missing.slice(0, 80)}"> has no alt attribute (alt="" marks a decorative one).`,
      );
    }
  }
}

/**
 * What PDF/A-2a and -3a (level A) need of the document itself beyond the tags: the natural
 * language (ISO 19005-2 §6.7.4, via the catalog's /Lang). Their third need, a Unicode value
 * for every glyph (§6.2.11.7.2), is checked as glyphs are drawn (pdf-fonts.ts).
 */
export function checkPdfALevelA(standard: string, language: string | undefined): void {
  if (!language)
    throw new InvalidOptionError(
      'pdf.metadata.language',
      `${standard.toUpperCase()} needs the document language: give <html lang="…"> or set pdf.metadata.language.`,
    );
}

/** The src of the first image (or inline SVG) without alternative text, else null. */
function imageWithoutAlt(node: StyledNode): string | null {
  if (node.kind !== 'element') return null;
  // Images made by CSS (content: url(…), list-style-image) are decoration, not the document's.
  if (node.tag === 'img' && node.attrs['data-generated'] === undefined && altText(node.attrs) === undefined)
    return node.attrs.src ?? '';
  for (const child of node.children) {
    const found = imageWithoutAlt(child);
    if (found !== null) return found;
  }
  return null;
}
