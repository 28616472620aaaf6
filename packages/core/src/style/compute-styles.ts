import type { Diagnostic } from '@platen/layout';
import type { IgnoredDeclaration } from './cascade.js';
import { ignoredDeclarationDiagnostics } from './ignored-declarations.js';
import type { PageChrome, PageStyleResolver, StyledElement } from '@platen/layout';
import { Document, Element, cloneNode, type ChildNode } from 'domhandler';
import type { ResolvedFormat } from '../format.js';
import { documentMode, type DocumentMode } from '../html/document-mode.js';
import { RuleIndex } from './cascade.js';
import type { ComputeEnv, ElementStyle } from './compute.js';
import { collectFontFaces, type FontFaceRule } from './font-face.js';
import { createPageStyleResolver, firstPageArea, pageImageUrls } from './page-rules.js';
import {
  documentSheets,
  documentTitle,
  loadExternal,
  loadSheet,
  type SheetLoader,
  type WalkFindings,
} from './sheets.js';
import { createLayerRegistry, type MediaContext, type SheetItem } from './stylesheet.js';
import { registerProperties, type PropertyRegistry } from './registered-properties.js';
import { FONT_UNIT_LENGTH, VIEWPORT_LENGTH } from './values.js';
import { StyleMemo, StyleTreeBuilder } from './style-tree.js';
import { BoundedCache } from '../bounded-cache.js';
import { QUIRKS_RULES, UA_RULES } from './ua-rules.js';
import { applyUnitlessLengthQuirk } from './quirks.js';

export interface StyleOptions {
  readonly format: ResolvedFormat;
  /** Header/footer component documents (parsed with parseHtml); the first and last page's own where they differ (null: none). */
  readonly chrome?: {
    readonly header?: Document;
    readonly footer?: Document;
    readonly firstPage?: PageChromeDocuments;
    readonly lastPage?: PageChromeDocuments;
  };
  /** Base for relative URLs in the document and its inline styles. */
  readonly baseUrl?: string;
  /**
   * Text of an external stylesheet (`<link rel=stylesheet>`, `@import`, google_fonts_url)
   * already fetched by the resource loader, or null when it could not be. Without it,
   * external sheets are only listed in `stylesheetUrls`.
   */
  readonly resolveStylesheet?: (url: string) => string | null;
  /** `ch` and `ex` in the render's loaded fonts (else 0.5em): see StyleResult.fontUnits. */
  readonly fontUnit?: ComputeEnv['fontUnit'];
}

/** A page position's own header/footer documents: a key left out keeps the every-page one, null prints none. */
export interface PageChromeDocuments {
  readonly header?: Document | null;
  readonly footer?: Document | null;
}

export interface StyleResult {
  readonly root: StyledElement;
  /**
   * The document styled again with a viewport `1 / viewportScale` times the page area's
   * (LayoutOptions.restyle); absent when no declaration uses a viewport unit, so nothing would change.
   */
  readonly restyle?: (viewportScale: number) => StyledElement;
  readonly header: StyledElement | null;
  readonly footer: StyledElement | null;
  readonly firstPage: PageChrome;
  readonly lastPage: PageChrome;
  readonly pageStyle: PageStyleResolver;
  /** Background images of `@page` rules (load them with the document's). */
  readonly pageImageUrls: readonly string[];
  readonly fontFaces: FontFaceRule[];
  readonly stylesheetUrls: string[];
  readonly diagnostics: Diagnostic[];
  readonly title: string | null;
  /**
   * The doctype's mode (no doctype: quirks). In quirks mode style already applies its quirks
   * (UA quirks.css, unitless lengths, marginQuirk); layout has its own, e.g. the line height
   * quirk (Quirks Mode Standard §3.3: inline boxes without text do not grow the line box),
   * which limited-quirks mode has too.
   */
  readonly documentMode: DocumentMode;
  /** The document's styles use `ch` or `ex`: style it again with `fontUnit` once its fonts are loaded. */
  readonly fontUnits: boolean;
}

/** Media queries see the page area of the format (the viewport Chromium prints with). */
function sheetLoader({ format, baseUrl, resolveStylesheet }: StyleOptions): SheetLoader {
  const media: MediaContext = {
    width: format.width - format.margins.left - format.margins.right,
    height: format.height - format.margins.top - format.margins.bottom,
  };
  return { baseUrl, media, layers: createLayerRegistry(), resolve: resolveStylesheet, diagnostics: [], urls: [] };
}

/**
 * The external stylesheets the document and its header/footer documents link or import, as
 * far as `resolveStylesheet` already gives their texts (the imports of a sheet not fetched yet
 * are not known): the renderer fetches them level by level, then styles once.
 */
export function linkedStylesheetUrls(doc: Document, options: StyleOptions): string[] {
  const loader = sheetLoader(options);
  if (options.format.googleFontsUrl) loadExternal(options.format.googleFontsUrl, loader, 1);
  const { header, footer, firstPage, lastPage } = options.chrome ?? {};
  const documents = [doc, header, footer, firstPage?.header, firstPage?.footer, lastPage?.header, lastPage?.footer];
  for (const d of documents) if (d) documentSheets(d, loader);
  return loader.urls;
}

/** The cascade entry point: style a parsed document, its header/footer and its pages. */
export function computeStyles(doc: Document, options: StyleOptions): StyleResult {
  const { format } = options;
  const loader = sheetLoader(options);
  const media = loader.media;
  const messages: Diagnostic[] = [];
  const warn =
    (code: string) =>
    (message: string): void => {
      messages.push({ severity: 'warning', code, message });
    };
  const mode = documentMode(doc);
  const quirks = mode === 'quirks';
  const google = format.googleFontsUrl ? loadExternal(format.googleFontsUrl, loader, 1) : [];
  const findings: WalkFindings = { title: null };
  const sheets = [...google, ...documentSheets(doc, loader, findings)];
  const viewport = firstPageArea(sheets, format, {
    rootFontSize: null,
    viewportWidth: media.width,
    viewportHeight: media.height,
  });
  const env: ComputeEnv = {
    rootFontSize: null,
    viewportWidth: viewport.width,
    viewportHeight: viewport.height,
    ...(options.fontUnit ? { fontUnit: options.fontUnit } : {}),
  };
  // Styles computed with this render's fonts are not shared with other renders (their fonts may differ).
  const ownMemos = new Map<string, StyleMemo>();

  /** Author declarations dropped as unknown or invalid, reported as css_ignored_declaration. */
  const ignored: IgnoredDeclaration[] = [];
  const styleTree = (
    items: readonly SheetItem[],
    root: Element,
    treeEnv = env,
  ): {
    styled: StyledElement;
    style: ElementStyle;
    index: RuleIndex;
    registered: PropertyRegistry;
    viewportUnits: boolean;
    fontUnits: boolean;
  } => {
    const shared = sharedIndex(items, quirks, format, media, loader, options.baseUrl);
    const memos = treeEnv.fontUnit ? ownMemos : shared.memos;
    const registered = registerProperties(items);
    const memoFor = (rootFontSize: number | null): StyleMemo => {
      // This render's own memos serve trees of other sheets too (header, footer): tell their registrations apart.
      const key = `${rootFontSize}@${treeEnv.viewportWidth}x${treeEnv.viewportHeight}@${registered.key}`;
      let memo = memos.get(key);
      if (!memo) memos.set(key, (memo = new StyleMemo()));
      return memo;
    };
    const builder = new StyleTreeBuilder(shared.index, { ...treeEnv, registered }, options.baseUrl, quirks, memoFor);
    const tree = builder.styleRoot(root);
    ignored.push(...shared.index.dropped, ...builder.dropped);
    limitSharedStyles();
    return {
      ...tree,
      index: shared.index,
      registered,
      viewportUnits: shared.viewportUnits || builder.viewportUnits,
      fontUnits: shared.fontUnits || builder.fontUnits,
    };
  };
  const main = styleTree(sheets, rootElement(doc));
  main.index.diagnostics.forEach(warn('css_invalid_selector'));

  const chromeSheets: SheetItem[] = [];
  const styleChrome = (component: Document | undefined): StyledElement | null => {
    if (!component) return null;
    const own = documentSheets(component, loader);
    chromeSheets.push(...own);
    const wrapper = chromeDocument(component);
    return findChromeDiv(styleTree([...sheets, ...own], wrapper.html).styled);
  };
  const header = styleChrome(options.chrome?.header);
  const footer = styleChrome(options.chrome?.footer);
  const stylePage = (docs: PageChromeDocuments | undefined): PageChrome => ({
    ...(docs?.header === undefined ? {} : { header: styleChrome(docs.header ?? undefined) }),
    ...(docs?.footer === undefined ? {} : { footer: styleChrome(docs.footer ?? undefined) }),
  });
  const firstPage = stylePage(options.chrome?.firstPage);
  const lastPage = stylePage(options.chrome?.lastPage);

  const pageMessages: string[] = [];
  const pageOptions = {
    format,
    root: main.style,
    env: { ...env, rootFontSize: main.style.flat['font-size'] as number, registered: main.registered },
  };
  const pageStyle = createPageStyleResolver(sheets, pageOptions, pageMessages, ignored);
  pageMessages.forEach(warn('css_invalid_page_rule'));
  const fontMessages: string[] = [];
  const fontFaces = collectFontFaces([...sheets, ...chromeSheets], fontMessages);
  fontMessages.forEach(warn('css_invalid_font_face'));
  messages.push(...loader.diagnostics, ...ignoredDeclarationDiagnostics(ignored));
  const restyle = (viewportScale: number): StyledElement =>
    styleTree(sheets, rootElement(doc), {
      ...env,
      viewportWidth: env.viewportWidth / viewportScale,
      viewportHeight: env.viewportHeight / viewportScale,
    }).styled;
  return {
    root: main.styled,
    ...(main.viewportUnits ? { restyle } : {}),
    header,
    footer,
    firstPage,
    lastPage,
    pageStyle,
    pageImageUrls: pageImageUrls(sheets, pageOptions),
    fontFaces,
    stylesheetUrls: loader.urls,
    diagnostics: messages,
    title: documentTitle(doc, findings),
    documentMode: mode,
    fontUnits: main.fontUnits,
  };
}

const uaIndexes = new Map<boolean, RuleIndex>();

/** The user-agent (and quirks) rules, compiled once per process from their parsed form (ua-rules.ts). */
function userAgentIndex(quirks: boolean): RuleIndex {
  let index = uaIndexes.get(quirks);
  if (!index) {
    index = new RuleIndex();
    for (const rules of quirks ? [UA_RULES, QUIRKS_RULES] : [UA_RULES])
      for (const [selector, declarations] of rules) index.add('user-agent', selector, declarations);
    uaIndexes.set(quirks, index);
  }
  return index;
}

/** A rule index with the styles computed under it, shared by the renders whose sheets give the same rules. */
interface SharedIndex {
  readonly index: RuleIndex;
  /** Per root font size (null: the root's own style) and viewport, as `size@WxH`. */
  readonly memos: Map<string, StyleMemo>;
  /** Some rule declares a length in a viewport unit. */
  readonly viewportUnits: boolean;
  /** Some rule declares a length in `ch`. */
  readonly fontUnits: boolean;
}

const sharedIndexes = new BoundedCache<string, SharedIndex>(32);
/**
 * Entries (styles, compiled style attributes, class lists) all shared indexes may hold
 * before they are dropped: a template whose style attributes or classes come from its data
 * makes new ones in every render (a few KB each).
 */
const MAX_SHARED_ENTRIES = 8000;

/**
 * The index of these rules, built once per process for the same sheets, page box, base URL
 * and mode: a template's renders then share its compiled rules, and with them the computed
 * styles (style-tree.ts StyleMemo), instead of cascading and computing every element again.
 */
function sharedIndex(
  items: readonly SheetItem[],
  quirks: boolean,
  format: ResolvedFormat,
  media: MediaContext,
  loader: SheetLoader,
  baseUrl: string | undefined,
): SharedIndex {
  let key = `${quirks ? 'q' : 's'}\u0001${media.width}x${media.height}\u0001${baseUrl ?? ''}\u0001${formatDefaults(format) ?? ''}\u0002`;
  for (const item of items) {
    // The registered custom properties (registered-properties.ts) change computed styles as the rules do.
    if (item.kind === 'property') key += `@property ${item.name}\u0001`;
    else if (item.kind === 'style') key += `${item.layer ?? ''}\u0001${item.selector}\u0001`;
    else continue;
    for (const d of item.declarations) key += `${d.name}\u0000${d.value}\u0000${d.important ? '!' : ''}\u0001`;
    key += '\u0002';
  }
  return sharedIndexes.get(key, () => ({
    index: buildIndex(items, quirks, format, media, loader),
    memos: new Map(),
    viewportUnits: items.some(
      (item) => item.kind === 'style' && item.declarations.some((d) => VIEWPORT_LENGTH.test(d.value)),
    ),
    fontUnits: items.some(
      (item) => item.kind === 'style' && item.declarations.some((d) => FONT_UNIT_LENGTH.test(d.value)),
    ),
  }));
}

/** Drop every shared index once they hold more than MAX_SHARED_ENTRIES between them. */
function limitSharedStyles(): void {
  let entries = 0;
  sharedIndexes.forEach((shared) => {
    entries += shared.index.cachedLists;
    for (const memo of shared.memos.values()) entries += memo.entries;
  });
  if (entries > MAX_SHARED_ENTRIES) sharedIndexes.clear();
}

function buildIndex(
  sheets: readonly SheetItem[],
  quirks: boolean,
  format: ResolvedFormat,
  media: MediaContext,
  loader: SheetLoader,
): RuleIndex {
  const index = userAgentIndex(quirks).clone();
  const defaults = formatDefaults(format);
  if (defaults) {
    for (const item of loadSheet(defaults, undefined, { ...loader, media, diagnostics: [], urls: [] })) {
      if (item.kind === 'style') index.add('author', item.selector, item.declarations);
    }
  }
  for (const item of sheets) {
    if (item.kind !== 'style') continue;
    const declarations = quirks ? applyUnitlessLengthQuirk(item.declarations) : item.declarations;
    index.add('author', item.selector, declarations, item.layer ?? Infinity);
  }
  return index;
}

/**
 * PdfFormat typography as the first author rule on `body` (DECISIONS.md: defaults that
 * the document's CSS overrides). The background colour paints the page instead.
 */
export function formatDefaults(format: ResolvedFormat): string | null {
  const decls: string[] = [];
  if (format.fontFamily) decls.push(`font-family: ${format.fontFamily}`);
  if (format.fontSize) decls.push(`font-size: ${format.fontSize}`);
  if (format.color) decls.push(`color: ${format.color}`);
  if (format.lineHeight) decls.push(`line-height: ${format.lineHeight}`);
  if (format.textAlign) decls.push(`text-align: ${format.textAlign}`);
  return decls.length ? `body { ${decls.map((d) => d.replace(/[{};]/g, '')).join('; ')} }` : null;
}

function rootElement(doc: Document): Element {
  const html = doc.children.find((c): c is Element => c instanceof Element && c.name === 'html');
  if (html) return html;
  const made = new Element('html', {}, [new Element('head', {}), new Element('body', {})]);
  return made;
}

/** A document `html > head + body > div > (component body)` for a header/footer component. */
function chromeDocument(component: Document): { html: Element } {
  const source = rootElement(component);
  const body = source.children.find((c): c is Element => c instanceof Element && c.name === 'body');
  const content = (body?.children ?? source.children).map((c) => cloneNode(c as ChildNode, true) as ChildNode);
  const div = new Element('div', {}, content);
  const newBody = new Element('body', {}, [div]);
  const html = new Element('html', {}, [new Element('head', {}), newBody]);
  for (const [parent, kids] of [
    [html, html.children],
    [newBody, newBody.children],
    [div, div.children],
  ] as const) {
    kids.forEach((k, i) => {
      k.parent = parent;
      k.prev = kids[i - 1] ?? null;
      k.next = kids[i + 1] ?? null;
    });
  }
  new Document([html]);
  return { html };
}

function findChromeDiv(html: StyledElement): StyledElement | null {
  const body = html.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'body');
  return body?.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'div') ?? null;
}
