import { Element, type Document } from 'domhandler';
import { parseDate } from './check.js';
import { isTagged, type PdfOptions } from './options.js';

/** What an HTML document says about itself in `<html lang>` and `<head>`'s `<meta name>`s. */
export interface HtmlMetadata {
  readonly author: string | null;
  readonly description: string | null;
  readonly keywords: string | null;
  readonly lang: string | null;
}

/** The document information a PDF is written with. */
export interface DocumentMetadata {
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly language?: string;
  readonly creationDate: Date;
}

/** Fixed dates keep output byte-identical for the same input (and the file ID, an MD5 of the info). */
export const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/**
 * `<meta name=author|description|keywords content>` (the first of each, HTML §4.2.5.1) in the
 * head parseHtml builds, and the root's `lang` (HTML §3.2.6.2).
 */
export function htmlMetadata(doc: Document): HtmlMetadata {
  const html = doc.children.find((c): c is Element => c instanceof Element && c.name === 'html');
  const head = html?.children.find((c): c is Element => c instanceof Element && c.name === 'head');
  const found: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const meta of head?.children ?? []) {
    if (!(meta instanceof Element) || meta.name !== 'meta') continue;
    const name = (meta.attribs['name'] ?? '').trim().toLowerCase();
    const content = collapse(meta.attribs['content'] ?? '');
    if ((name === 'author' || name === 'description' || name === 'keywords') && !(name in found) && content)
      found[name] = content;
  }
  const lang = html?.attribs['lang']?.trim();
  return {
    author: found['author'] ?? null,
    description: found['description'] ?? null,
    keywords: found['keywords'] ?? null,
    lang: lang || null,
  };
}

/**
 * Options first, then the HTML. The language comes from `<html lang>` for a file that is tagged
 * (the default) or follows a standard; an untagged plain print (`tagged: false`) has no `/Lang`.
 */
export function resolveMetadata(
  pdf: PdfOptions | undefined,
  title: string | null,
  html: HtmlMetadata,
): DocumentMetadata {
  const m = pdf?.metadata ?? {};
  const keywords = typeof m.keywords === 'string' ? m.keywords : m.keywords?.join(', ');
  const standard = pdf?.standard !== undefined || pdf?.factur_x !== undefined || isTagged(pdf);
  const date =
    m.creation_date === 'now'
      ? new Date(Math.floor(Date.now() / 1000) * 1000)
      : m.creation_date
        ? parseDate(m.creation_date)
        : null;
  const pick = (given: string | undefined, fromHtml: string | null): string | undefined =>
    xmlText(given !== undefined ? given : (fromHtml ?? '')) || undefined;
  const out = {
    title: pick(m.title, title),
    author: pick(m.author, html.author),
    subject: pick(m.subject, html.description),
    keywords: pick(keywords, html.keywords),
    language: pick(m.language, standard ? html.lang : null),
    creationDate: date ?? FIXED_DATE,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as unknown as DocumentMetadata;
}

/** Without the characters XML 1.0 cannot hold, so that the Info dictionary and the XMP say the same. */
function xmlText(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
