import {
  resolveLength,
  type Color,
  type ComputedStyle,
  type ContentItem,
  type Length,
  type MarginBox,
  type MarginBoxName,
  type PageBoxStyle,
  type PageSelectorContext,
  type PageStyleResolver,
} from '@platen/layout';
import {
  compileDeclarations,
  type CompiledDeclaration,
  type DroppedDeclaration,
  type IgnoredDeclaration,
  type Winners,
} from './cascade.js';
import { computeStyle, type ComputeEnv, type ElementStyle } from './compute.js';
import type { Declaration, SheetItem } from './stylesheet.js';
import { BoundedCache } from '../bounded-cache.js';
import { parseComponents, words, type CV } from './tokenizer.js';
import { parseColor, parseLength, TRANSPARENT, type LengthContext } from './values.js';
import type { ResolvedFormat } from '../format.js';

type PageItem = Extract<SheetItem, { kind: 'page' }>;

interface PageSelector {
  readonly name: string; // '' matches every page
  readonly pseudos: readonly string[];
  readonly specificity: number;
}

interface PageRule {
  readonly selectors: readonly PageSelector[];
  /** The style sheet it is in (SheetItem's `sheet`), which ranks before specificity. */
  readonly sheet: number;
  readonly order: number;
  readonly declarations: readonly CompiledDeclaration[];
  readonly marginBoxes: readonly {
    readonly name: MarginBoxName;
    readonly declarations: readonly CompiledDeclaration[];
  }[];
}

const MARGIN_BOXES = new Set<string>([
  'top-left-corner',
  'top-left',
  'top-center',
  'top-right',
  'top-right-corner',
  'right-top',
  'right-middle',
  'right-bottom',
  'bottom-right-corner',
  'bottom-right',
  'bottom-center',
  'bottom-left',
  'bottom-left-corner',
  'left-bottom',
  'left-middle',
  'left-top',
]);

const MM = 96 / 25.4;
/** Paged Media 3 §7.1.1 page-size keywords, portrait, in px. */
const PAGE_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  a5: [148 * MM, 210 * MM],
  a4: [210 * MM, 297 * MM],
  a3: [297 * MM, 420 * MM],
  b5: [176 * MM, 250 * MM],
  b4: [250 * MM, 353 * MM],
  'jis-b5': [182 * MM, 257 * MM],
  'jis-b4': [257 * MM, 364 * MM],
  letter: [816, 1056],
  legal: [816, 1344],
  ledger: [1056, 1632],
};

/** Paged Media 3 §4.2: a page selector is `name? (:first|:left|:right|:blank)*`. */
function parseSelectors(text: string): PageSelector[] | null {
  const out: PageSelector[] = [];
  for (const part of text.split(',')) {
    const m = /^([a-zA-Z_-][\w-]*)?((?::[a-z]+)*)$/.exec(part.trim()); // trimmed first: `\s*` on both sides of an empty middle is quadratic
    if (!m) return null;
    const pseudos = (m[2] ?? '')
      .split(':')
      .filter(Boolean)
      .map((p) => p.toLowerCase());
    if (pseudos.some((p) => !['first', 'left', 'right', 'blank'].includes(p))) return null;
    const name = m[1] ?? '';
    const specificity =
      (name ? 1e6 : 0) +
      pseudos.filter((p) => p === 'first' || p === 'blank').length * 1e3 +
      pseudos.filter((p) => p === 'left' || p === 'right').length;
    out.push({ name, pseudos, specificity });
  }
  return out;
}

function matches(sel: PageSelector, page: PageSelectorContext): boolean {
  if (sel.name !== '' && sel.name !== page.name) return false;
  return sel.pseudos.every((p) => {
    // The first page of a left-to-right document is a right page (§4.3.1).
    if (p === 'first') return page.index === 0;
    if (p === 'left') return page.index % 2 === 1;
    if (p === 'right') return page.index % 2 === 0;
    return page.blank;
  });
}

function winnersOf(lists: readonly (readonly CompiledDeclaration[])[]): Winners {
  const winners: Winners = new Map();
  for (const important of [false, true]) {
    for (const decls of lists) for (const d of decls) if (d.important === important) winners.set(d.name, d);
  }
  return winners;
}

export interface PageStyleOptions {
  readonly format: ResolvedFormat;
  readonly root: ElementStyle;
  readonly env: ComputeEnv;
}

/**
 * A document's `@page` rules compiled, with what compiling them reported, and the page boxes
 * resolved from them. A template's `@page` rules are the same in every render, so this is kept
 * per process (`pageRuleSet`) and its renders resolve each page box once.
 */
interface PageRuleSet {
  readonly rules: readonly PageRule[];
  readonly diagnostics: readonly string[];
  readonly ignored: readonly IgnoredDeclaration[];
  /** Page boxes by root style, then by format and environment (`resolutionKey`), then by matching rules. */
  readonly boxes: WeakMap<ElementStyle, Map<string, Map<string, PageBoxStyle>>>;
  /** firstPageArea by format and environment. */
  readonly firstAreas: Map<string, { readonly width: number; readonly height: number }>;
}

const ruleSets = new BoundedCache<string, PageRuleSet>(32);
/** Formats and environments one rule set resolves page boxes for before it forgets them. */
const MAX_RESOLUTIONS = 16;

const declarationsKey = (declarations: readonly Declaration[]): string => {
  let key = '';
  for (const d of declarations) key += `${d.name}\u0000${d.value}\u0000${d.important ? '!' : ''}${d.line ?? ''}\u0001`;
  return key;
};

/** What compiling the `@page` items depends on: their sheets, selectors and declarations (lines too: diagnostics name them), in order. */
function pageRulesKey(items: readonly SheetItem[]): string {
  let key = '';
  for (const item of items) {
    if (item.kind !== 'page') continue;
    key += `${item.sheet ?? 0}\u0002${item.selector}\u0002${declarationsKey(item.declarations)}`;
    for (const m of item.marginBoxes) key += `\u0003${m.name}\u0002${declarationsKey(m.declarations)}`;
    key += '\u0004';
  }
  return key;
}

/** The process's compiled rules for these `@page` items. */
function pageRuleSet(items: readonly SheetItem[]): PageRuleSet {
  return ruleSets.get(pageRulesKey(items), () => compilePageRules(items));
}

function compilePageRules(items: readonly SheetItem[]): PageRuleSet {
  const rules: PageRule[] = [];
  const diagnostics: string[] = [];
  const ignored: IgnoredDeclaration[] = [];
  // `@page` and margin-box declarations the cascade drops are reported as the others (css_ignored_declaration).
  const compile = (declarations: readonly Declaration[]): CompiledDeclaration[] => {
    const dropped: DroppedDeclaration[] = [];
    const compiled = compileDeclarations(declarations, dropped);
    for (const { index, reason } of dropped) ignored.push({ ...declarations[index]!, reason });
    return compiled;
  };
  let order = 0;
  for (const item of items) {
    if (item.kind !== 'page') continue;
    order++;
    const selectors = parseSelectors(item.selector);
    if (!selectors) {
      diagnostics.push(`Invalid @page selector "${item.selector}"`);
      continue;
    }
    const marginBoxes = item.marginBoxes
      .filter((m) => MARGIN_BOXES.has(m.name))
      .map((m) => ({ name: m.name as MarginBoxName, declarations: compile(m.declarations) }));
    rules.push({
      selectors,
      sheet: item.sheet ?? 0,
      order,
      declarations: compile(pageDeclarations(item)),
      marginBoxes,
    });
  }
  return { rules, diagnostics, ignored, boxes: new WeakMap(), firstAreas: new Map() };
}

/** What a page box depends on besides the rules and the root style. */
function resolutionKey(format: ResolvedFormat, env: ComputeEnv): string {
  return `${JSON.stringify(format)}\u0000${env.rootFontSize}@${env.viewportWidth}x${env.viewportHeight}`;
}

/** A map of at most MAX_RESOLUTIONS entries under `key` (cleared when full): what one rule set keeps per format. */
function boundedEntry<V>(map: Map<string, V>, key: string, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= MAX_RESOLUTIONS) map.clear();
    map.set(key, (value = create()));
  }
  return value;
}

/** Build the resolver that cascades `@page` rules over the PdfFormat defaults, per page. */
export function createPageStyleResolver(
  items: readonly SheetItem[],
  options: PageStyleOptions,
  diagnostics: string[],
  ignored: IgnoredDeclaration[] = [],
): PageStyleResolver {
  const set = pageRuleSet(items);
  diagnostics.push(...set.diagnostics);
  ignored.push(...set.ignored);
  const rules = set.rules;
  let byFormat = set.boxes.get(options.root);
  if (!byFormat) set.boxes.set(options.root, (byFormat = new Map()));
  const cache = boundedEntry(
    byFormat,
    resolutionKey(options.format, options.env),
    () => new Map<string, PageBoxStyle>(),
  );
  return (page) => {
    const matching = rules
      .map((r) => ({ r, spec: Math.max(-1, ...r.selectors.filter((s) => matches(s, page)).map((s) => s.specificity)) }))
      .filter((x) => x.spec >= 0)
      // Sheet by sheet, then by specificity within a sheet, as Chromium cascades @page rules
      // (PageRuleCollector sorts each sheet's matches apart): a later sheet's `@page` beats an
      // earlier sheet's `@page :first` (measured), where CSS Paged Media 3 §4.2 ranks by specificity.
      .sort((a, b) => a.r.sheet - b.r.sheet || a.spec - b.spec || a.r.order - b.r.order);
    const key = matching.map((m) => m.r.order).join(',');
    let style = cache.get(key);
    if (!style) {
      style = resolvePage(
        matching.map((m) => m.r),
        options,
      );
      cache.set(key, style);
    }
    return style;
  };
}

/** `size` and the margin properties are page descriptors: keep them apart from the cascade. */
function pageDeclarations(item: PageItem): PageItem['declarations'] {
  return item.declarations.map((d) => (d.name === 'size' ? { ...d, name: '--platen-page-size' } : d));
}

function resolvePage(rules: readonly PageRule[], options: PageStyleOptions): PageBoxStyle {
  const { format, root } = options;
  const winners = winnersOf(rules.map((r) => r.declarations));
  // The page context and each margin box are the roots of their own trees: Chromium resolves
  // rem in their declarations against their own font-size, not the html element's (measured:
  // under `html { font-size: 20px }`, `@page { font-size: 10px; margin: 3rem }` is a 30px
  // margin, and a margin box's `font-size: 2rem; padding-left: 3rem` 20px and 60px).
  // A null root font-size is how computeStyle resolves rem for a root.
  const env: ComputeEnv = { ...options.env, rootFontSize: null };
  const context = computeStyle(winners, root, env, { lang: null, isRoot: false });
  let ownSize = pageSize(context.customs.get('--platen-page-size'), format, context);
  let ownMargins = true;
  const margin = (
    name: `margin-${'top' | 'right' | 'bottom' | 'left'}`,
    fallback: number,
    reference: number,
  ): number => {
    if (!ownMargins || !winners.has(name)) return fallback;
    const v = context.flat[name];
    if (v === 'auto') return fallback;
    return typeof v === 'number'
      ? v
      : typeof v === 'object' && v !== null
        ? (v as { px: number }).px + ((v as { pct: number }).pct / 100) * reference
        : fallback;
  };
  const margins = (width: number, height: number) => ({
    marginTop: margin('margin-top', printerMargin(format.margins.top), height),
    marginRight: margin('margin-right', printerMargin(format.margins.right), width),
    marginBottom: margin('margin-bottom', printerMargin(format.margins.bottom), height),
    marginLeft: margin('margin-left', printerMargin(format.margins.left), width),
  });
  let [width, height] = ownSize ?? [format.width, format.height];
  let pageMargins = margins(width, height);
  if (!hasPageArea(width, height, pageMargins)) {
    // Chromium's print drops an `@page` box whose margins leave less than 1 px of page area
    // (measured on an 8 × 6 px page: `margin: 2.5px 0` prints 1 px-tall page areas, `margin:
    // 2.55px 0` prints on the print settings' sheet and margins instead): the format's page.
    [ownSize, ownMargins] = [null, false];
    [width, height] = [format.width, format.height];
    pageMargins = margins(width, height);
  }
  // The format's exact sheet goes with its page box only: an `@page` size is its own sheet.
  const paper = ownSize ? undefined : format.paper;
  // `visibility: hidden` on the page context hides the page box's background, as Chromium prints it.
  const hidden = (context.style as ComputedStyle).visibility !== 'visible';
  const bg = hidden
    ? TRANSPARENT
    : winners.has('background-color')
      ? (context.flat['background-color'] as Color)
      : formatBackground(format);
  const marginBoxes: MarginBox[] = [];
  const boxNames = new Set(rules.flatMap((r) => r.marginBoxes.map((m) => m.name)));
  for (const name of boxNames) {
    const decls = rules.flatMap((r) => r.marginBoxes.filter((m) => m.name === name).map((m) => m.declarations));
    const box = marginBox(name, decls, context, env);
    if (box) marginBoxes.push(box);
  }
  const style = context.style as ComputedStyle;
  return {
    width,
    height,
    ...(paper ? { paper } : {}),
    ...(hasFrame(style) ? { frame: style } : {}),
    ...pageCounter(style),
    ...pageMargins,
    backgroundColor: bg,
    backgroundLayers: hidden ? [] : pageImageLayers((context.style as ComputedStyle).backgroundLayers),
    marginBoxes,
  };
}

/**
 * A border, padding or outline on the page context (Chromium draws the border and the outline,
 * and insets the body by the border and padding, measured).
 */
function hasFrame(s: ComputedStyle): boolean {
  const nonzero = (l: ComputedStyle['paddingTop']): boolean =>
    typeof l === 'number' ? l !== 0 : l.px !== 0 || l.pct !== 0;
  return (
    [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft, s.outline].some((b) => b.width > 0) ||
    [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].some(nonzero)
  );
}

/** The page counter's reset and increment in this page's context (CSS GCPM 3 §2.2, as Chromium prints them). */
function pageCounter(s: ComputedStyle): Pick<PageBoxStyle, 'pageCounter'> {
  const reset = s.counterReset.find((c) => c.name === 'page')?.value ?? null;
  const increment = s.counterIncrement.find((c) => c.name === 'page')?.value ?? null;
  return reset === null && increment === null ? {} : { pageCounter: { reset, increment } };
}

/**
 * The first page's page area, which Chromium's print takes as the viewport of vw/vh (measured:
 * `@page :first { margin-left: 200px }` on an 800px page makes 50vw 275px). Resolved before
 * the document is styled, so em in its margins count from the initial 16px.
 */
export function firstPageArea(
  items: readonly SheetItem[],
  format: ResolvedFormat,
  env: ComputeEnv,
): { width: number; height: number } {
  return boundedEntry(pageRuleSet(items).firstAreas, resolutionKey(format, env), () => {
    const root = computeStyle(new Map(), null, env, { lang: null, isRoot: true });
    const page = createPageStyleResolver(
      items,
      { format, root, env: { ...env, rootFontSize: 16 } },
      [],
    )({ index: 0, name: '', blank: false });
    const side = (l: Length, reference: number): number => resolveLength(l, reference);
    return {
      width: Math.max(0, page.width - side(page.marginLeft, page.width) - side(page.marginRight, page.width)),
      height: Math.max(0, page.height - side(page.marginTop, page.height) - side(page.marginBottom, page.height)),
    };
  });
}

/**
 * The page's background layers as Chromium paints them (CSS Paged Media 3 §3.3 page background):
 * image URLs only; with a gradient among the layers it draws no image at all, only the colour
 * (measured: linear and radial gradients in `@page` and `@page :first`, alone or beside a URL).
 */
function pageImageLayers(layers: ComputedStyle['backgroundLayers']): ComputedStyle['backgroundLayers'] {
  return layers.every((layer) => layer.image.kind === 'url') ? layers : [];
}

/** The background image URLs of every `@page` rule, to load them before layout. */
export function pageImageUrls(items: readonly SheetItem[], options: PageStyleOptions): string[] {
  const urls: string[] = [];
  for (const item of items) {
    if (item.kind !== 'page') continue;
    const winners = winnersOf([compileDeclarations(pageDeclarations(item))]);
    if (!winners.has('background-image')) continue;
    const style = computeStyle(winners, options.root, options.env, { lang: null, isRoot: false })
      .style as ComputedStyle;
    for (const layer of style.backgroundLayers) if (layer.image.kind === 'url') urls.push(layer.image.url);
  }
  return urls;
}

/**
 * A PdfFormat margin is what Chromium gets through its print API (Playwright's `margin`),
 * which it takes in whole points, truncated (PrintRenderFrameHelper's integer content area):
 * printed with headless Chromium, 20mm puts content at 56pt (75px after the page area is
 * rounded to a pixel), 15mm at 42pt, 10.5mm at 29pt, 13.3mm at 37pt. `@page` margins are
 * CSS lengths and keep their value.
 */
function printerMargin(px: number): number {
  return Math.floor(px * 0.75 + 1e-6) / 0.75;
}

function formatBackground(format: ResolvedFormat): Color {
  if (!format.backgroundColor) return TRANSPARENT;
  const c = parseColor(parseComponents(format.backgroundColor)[0]);
  return c === null || c === 'currentcolor' ? TRANSPARENT : c;
}

const PT = 96 / 72;
/**
 * A document's own page size is honoured as Chromium prints it (8 × 6 px test pages, labels),
 * held only to what a PDF page can be: 3 to 14,400 units a side (PDF 1.7 Annex C.2). The
 * PdfFormat's 10 mm – 5,000 mm range is the API's (DECISIONS.md).
 */
const clampSide = (v: number): number => Math.min(14400 * PT, Math.max(3 * PT, v));

function hasPageArea(
  width: number,
  height: number,
  m: { marginTop: number; marginRight: number; marginBottom: number; marginLeft: number },
): boolean {
  return width - m.marginLeft - m.marginRight >= 1 && height - m.marginTop - m.marginBottom >= 1;
}

/**
 * Paged Media 3 §7.1 `size`: auto | <length>{1,2} | <page-size> || [portrait | landscape].
 * Null when the page takes the format's size (no `size`, `auto`, or an invalid value).
 */
function pageSize(
  value: readonly CV[] | undefined,
  format: ResolvedFormat,
  context: ElementStyle,
): [number, number] | null {
  const base: [number, number] = [format.width, format.height];
  if (!value) return null;
  const len: LengthContext = {
    fontSize: context.flat['font-size'] as number,
    rootFontSize: context.flat['font-size'] as number,
    viewportWidth: 0,
    viewportHeight: 0,
  };
  const w = words(value);
  const lengths = w
    .map((cv) => parseLength(cv, len, { percent: false, negative: false }))
    .filter((v): v is number => typeof v === 'number');
  if (lengths.length > 0) {
    // <length [0,∞]>{1,2} alone: a negative length or a stray word invalidates the declaration.
    if (lengths.length !== w.length || lengths.length > 2) return null;
    const [a, b = a] = lengths as [number, number?];
    return [clampSide(a), clampSide(b!)];
  }
  let size: [number, number] | null = null;
  let orientation: string | null = null;
  for (const cv of w) {
    if (cv.t !== 'ident') return null;
    const id = cv.v.toLowerCase();
    if (id === 'auto') return null;
    if (id === 'portrait' || id === 'landscape') orientation = id;
    else if (PAGE_SIZES[id]) size = [...PAGE_SIZES[id]!] as [number, number];
    else return null;
  }
  const [pw, ph] = size ?? base;
  const short = Math.min(pw, ph);
  const long = Math.max(pw, ph);
  if (orientation === 'landscape') return [long, short];
  if (orientation === 'portrait') return [short, long];
  return [pw, ph];
}

/** Default alignment of margin boxes (Paged Media 3 §5.3, "margin box variables" table). */
function marginBoxDefaults(name: MarginBoxName): string {
  let textAlign = 'center';
  let verticalAlign = 'middle';
  if (name.endsWith('-corner')) textAlign = name.includes('left') ? 'right' : 'left';
  else if (name.startsWith('top-') || name.startsWith('bottom-'))
    textAlign = name.endsWith('left') ? 'left' : name.endsWith('right') ? 'right' : 'center';
  else verticalAlign = name.endsWith('-top') ? 'top' : name.endsWith('-bottom') ? 'bottom' : 'middle';
  return `text-align:${textAlign};vertical-align:${verticalAlign}`;
}

function marginBox(
  name: MarginBoxName,
  decls: readonly (readonly CompiledDeclaration[])[],
  context: ElementStyle,
  env: ComputeEnv,
): MarginBox | null {
  const defaults = compileDeclarations(
    marginBoxDefaults(name)
      .split(';')
      .map((d) => {
        const [n, v] = d.split(':') as [string, string];
        return { name: n, value: v, important: false };
      }),
  );
  const winners = winnersOf([defaults, ...decls]);
  const style = computeStyle(winners, context, env, { lang: null, isRoot: false });
  const content = style.style.content;
  if (!Array.isArray(content)) return null;
  return { name, style: style.style as ComputedStyle, content: content as readonly ContentItem[] };
}
