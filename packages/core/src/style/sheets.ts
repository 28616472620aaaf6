import type { Diagnostic } from '@platen/layout';
import { Element, type Document, type ParentNode } from 'domhandler';
import {
  matchesMedia,
  parseStylesheet,
  type Declaration,
  type LayerRegistry,
  type MediaContext,
  type ParsedSheet,
  type SheetItem,
} from './stylesheet.js';
import { BoundedCache } from '../bounded-cache.js';
import { integrityFailure } from './integrity.js';
import { tokenize } from './tokenizer.js';

export interface SheetLoader {
  readonly baseUrl: string | undefined;
  readonly media: MediaContext;
  readonly layers: LayerRegistry;
  /** Text of an external stylesheet (link or @import), null when it could not be loaded. */
  readonly resolve: ((url: string) => string | null) | undefined;
  readonly diagnostics: Diagnostic[];
  /** Every external stylesheet URL seen, in order. */
  readonly urls: string[];
}

/** Resolve `href` against `base` (URL Standard); left as written when there is no base. */
export function resolveUrl(href: string, base: string | undefined): string {
  if (base === undefined || /^data:/i.test(href)) return href;
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(base)) return new URL(href, base).href;
    // A relative base (a stylesheet linked from a document without a base URL): resolve
    // against a placeholder root and give back a document-relative URL, or a path-absolute
    // one when the href or the base is (URL Standard §4.4: `/fonts/a` in ./css/x.css is the
    // origin's /fonts/a, as Chromium loads it, not ./fonts/a).
    const resolved = new URL(href, new URL(base, PLACEHOLDER_ROOT));
    if (!resolved.href.startsWith(PLACEHOLDER_ROOT)) return resolved.href;
    const rooted = isPathAbsolute(href) || isPathAbsolute(base);
    return (rooted ? '/' : '') + resolved.href.slice(PLACEHOLDER_ROOT.length);
  } catch {
    return href;
  }
}

const PLACEHOLDER_ROOT = 'http://platen.invalid/';
const isPathAbsolute = (url: string): boolean => /^[/\\](?![/\\])/.test(url);

/** Rewrite url(…) in a declaration value against `base`. */
export function rebaseValue(value: string, base: string | undefined): string {
  if (base === undefined || !/url\(/i.test(value)) return value;
  let out = '';
  let last = 0;
  const tokens = tokenize(value);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.t === 'url') {
      out += `${value.slice(last, t.s)}url(${JSON.stringify(resolveUrl(t.v, base))})`;
      last = t.e;
    } else if (t.t === 'func' && t.v === 'url') {
      const str = tokens.slice(i + 1).find((x) => x.t !== 'ws');
      if (str?.t === 'str') {
        out += `${value.slice(last, str.s)}${JSON.stringify(resolveUrl(str.v, base))}`;
        last = str.e;
      }
    }
  }
  return out + value.slice(last);
}

function rebase(decls: readonly Declaration[], base: string | undefined): readonly Declaration[] {
  return base === undefined ? decls : decls.map((d) => ({ ...d, value: rebaseValue(d.value, base) }));
}

/** Parsed sheets by page area and text: a template's `<style>` is the same in every render. */
const parsedSheets = new BoundedCache<string, ParsedSheet>(64);
const MAX_CACHED_SHEET_CHARS = 256 * 1024;

/**
 * parseStylesheet, remembered per process. A sheet that may name a cascade layer is parsed
 * each time: its layers' ranks depend on the sheets before it (the render's LayerRegistry).
 * Parsed sheets are read-only.
 */
function parseSheet(css: string, loader: SheetLoader): ParsedSheet {
  if (css.length > MAX_CACHED_SHEET_CHARS || /layer/i.test(css))
    return parseStylesheet(css, loader.media, loader.layers);
  return parsedSheets.get(`${loader.media.width}x${loader.media.height}\u0000${css}`, () =>
    parseStylesheet(css, loader.media, loader.layers),
  );
}

/** Parse CSS text, inlining `@import`s where they stand (Cascade 4 §2). */
export function loadSheet(css: string, base: string | undefined, loader: SheetLoader, depth = 0): SheetItem[] {
  const parsed = parseSheet(css, loader);
  const out: SheetItem[] = [];
  for (const item of parsed.items) {
    if (item.kind === 'import') {
      if (!matchesMedia(item.media, loader.media)) continue;
      out.push(...loadExternal(resolveUrl(item.url, base), loader, depth + 1));
    } else if (item.kind === 'style') out.push({ ...item, declarations: rebase(item.declarations, base) });
    else if (item.kind === 'font-face' || item.kind === 'property')
      out.push({ ...item, declarations: rebase(item.declarations, base) });
    else
      out.push({
        ...item,
        declarations: rebase(item.declarations, base),
        marginBoxes: item.marginBoxes.map((m) => ({ ...m, declarations: rebase(m.declarations, base) })),
      });
  }
  for (const error of parsed.errors)
    loader.diagnostics.push({ severity: 'warning', code: 'css_parse_error', message: error });
  return out;
}

/** What a `<link rel=stylesheet>` asks of its fetch: an integrity check (./integrity.ts), CORS mode. */
interface LinkAttributes {
  readonly integrity: string | undefined;
  readonly crossorigin: boolean;
}

/** Levels of `@import` followed below a linked stylesheet (a bound on fetches, not a CSS rule). */
export const MAX_IMPORT_DEPTH = 8;

/** An external stylesheet, inlined; `link` when a `<link>` element names it. */
export function loadExternal(url: string, loader: SheetLoader, depth: number, link?: LinkAttributes): SheetItem[] {
  // A `crossorigin` link fetches in CORS mode (HTML §2.5.4), which only http(s) and data URLs
  // pass (Fetch §4.3): Chromium applies no local file fetched that way.
  if (link?.crossorigin && !/^(https?|data):/i.test(url)) {
    loader.diagnostics.push({
      severity: 'warning',
      code: 'stylesheet_cors',
      message: `Stylesheet ${url} was not applied: a crossorigin request only loads http(s) and data URLs`,
    });
    return [];
  }
  if (!loader.urls.includes(url)) loader.urls.push(url);
  if (loader.resolve === undefined) return [];
  if (depth > MAX_IMPORT_DEPTH) {
    loader.diagnostics.push({
      severity: 'warning',
      code: 'stylesheet_import_depth',
      message: `@import nested too deeply at ${url}`,
    });
    return [];
  }
  const text = loader.resolve(url);
  if (text === null) {
    loader.diagnostics.push({
      severity: 'warning',
      code: 'stylesheet_unavailable',
      message: `Stylesheet ${url} could not be loaded`,
    });
    return [];
  }
  const refused = integrityFailure(link?.integrity, url, text);
  if (refused !== null) {
    loader.diagnostics.push({
      severity: 'warning',
      code: 'stylesheet_integrity',
      message: `Stylesheet ${url} was not applied: ${refused}`,
    });
    return [];
  }
  return loadSheet(text, url, loader, depth);
}

function textOf(node: ParentNode): string {
  let s = '';
  for (const c of node.children) {
    if (c.type === 'text') s += (c as unknown as { data: string }).data;
    else if (c instanceof Element) s += textOf(c);
  }
  return s;
}

/** What documentSheets met on its walk, for documentTitle (one walk over a document instead of two). */
export interface WalkFindings {
  /** The first `<title>` in document order, outside `<svg>` (templates included, as documentTitle's own walk). */
  title: Element | null;
}

/** `<style>` and `<link rel=stylesheet>` in document order, skipping those for other media. */
export function documentSheets(doc: Document | Element, loader: SheetLoader, findings?: WalkFindings): SheetItem[] {
  const out: SheetItem[] = [];
  let sheet = 0;
  // Each sheet's @page rules know their sheet: Chromium cascades them sheet by sheet (page-rules.ts).
  const add = (items: readonly SheetItem[]): void => {
    sheet++;
    for (const item of items) out.push(item.kind === 'page' ? { ...item, sheet } : item);
  };
  // `sheets` false: inside a <template>, looked into only for the title.
  const visit = (node: ParentNode, sheets: boolean): void => {
    for (const child of node.children) {
      // This walks the whole document: test the node's type field before anything else.
      const type = child.type;
      if (type !== 'tag' && type !== 'style' && type !== 'script') continue;
      if (!(child instanceof Element)) continue;
      const name = child.name;
      if (name === 'title' && findings && findings.title === null) findings.title = child;
      if (name === 'style' && sheets) {
        if (matchesMedia(child.attribs['media'] ?? '', loader.media))
          add(loadSheet(textOf(child), loader.baseUrl, loader));
        continue;
      }
      if (name === 'link' && sheets) {
        const media = child.attribs['media'] ?? '';
        const rel = (child.attribs['rel'] ?? '').toLowerCase().split(/\s+/);
        const href = child.attribs['href']?.trim();
        if (rel.includes('stylesheet') && !rel.includes('alternate') && href && matchesMedia(media, loader.media)) {
          const link = {
            integrity: child.attribs['integrity'],
            crossorigin: child.attribs['crossorigin'] !== undefined,
          };
          add(loadExternal(resolveUrl(href, loader.baseUrl), loader, 1, link));
        }
        continue;
      }
      if (name === 'svg') continue;
      if (name === 'template' || !sheets) {
        if (findings && findings.title === null) visit(child, false);
        continue;
      }
      visit(child, true);
    }
  };
  visit(doc, true);
  return out;
}

/**
 * The document title: the first `<title>`'s text with whitespace collapsed. `findings`
 * from a documentSheets walk over the same document saves walking it again.
 */
export function documentTitle(doc: Document, findings?: WalkFindings): string | null {
  let found: string | null = null;
  // parseHtml puts every <title> before body content into head: look there first.
  const html = doc.children.find((c): c is Element => c instanceof Element && c.name === 'html');
  const head = html?.children.find((c): c is Element => c instanceof Element && c.name === 'head');
  const title = head?.children.find((c): c is Element => c instanceof Element && c.name === 'title');
  if (title) return textOf(title).replace(/\s+/g, ' ').trim();
  if (findings) return findings.title ? textOf(findings.title).replace(/\s+/g, ' ').trim() : null;
  const visit = (node: ParentNode): void => {
    for (const child of node.children) {
      if (found !== null) return;
      const type = child.type;
      if (type !== 'tag' && type !== 'style' && type !== 'script') continue;
      if (!(child instanceof Element)) continue;
      if (child.name === 'title') found = textOf(child).replace(/\s+/g, ' ').trim();
      else if (child.name !== 'svg') visit(child);
    }
  };
  visit(doc);
  return found;
}
