import type { ComputedStyle, StyledElement, StyledNode } from '@platen/layout';
import { Element, Text, type ChildNode } from 'domhandler';
import {
  cascade,
  compileAuthorDeclarations,
  droppedDeclarations,
  USER_AGENT_DECLARATIONS,
  type IgnoredDeclaration,
  type CompiledDeclaration,
  type CompiledRule,
  type RuleIndex,
  type Winners,
} from './cascade.js';
import { computeStyle, type ComputeEnv, type ElementStyle } from './compute.js';
import { CounterState } from './counters.js';
import { generateContent, markerChildren, type ContentEnv, type QuoteState } from './generated-content.js';
import { presentationalHints } from './presentational.js';
import { parseInlineStyle } from './stylesheet.js';
import { FONT_UNIT_LENGTH, VIEWPORT_LENGTH } from './values.js';
import { rebaseValue } from './sheets.js';
import { applyUnitlessLengthQuirk } from './quirks.js';
import type { PseudoElement } from './selectors.js';
import { inlineSvgDataUrl } from './inline-svg.js';
import { FIRST_LETTER_CONTAINERS, wrapFirstLetter } from './first-letter.js';
import {
  dateTimeFields,
  fileInputLabels,
  withAuthorButtonLook,
  type FileInputLabels,
  inputText,
  type DateTimeField,
  PLACEHOLDER_COLOR,
  shownPlaceholder,
  withAuthorControlLook,
} from './form-content.js';

const EMPTY: readonly CompiledDeclaration[] = [];
const NO_RULES: readonly CompiledRule[] = [];

/** A node of the element style cache (see StyleTreeBuilder.elementStyle). */
interface StyleCacheNode {
  /** The next node per matched rule, in match order. */
  next: Map<CompiledRule, StyleCacheNode> | undefined;
  /** The style of a non-root element without `lang`, presentational hints or a style attribute. */
  plain: ElementStyle | undefined;
  /** Other styles, per root flag, lang, hints and style attribute. */
  more: Map<string, ElementStyle> | undefined;
}

/** An element's pseudo-element rules by kind, shared by every element that matched the same ones. */
type PseudoRules = Readonly<Record<Exclude<PseudoElement, ''>, readonly CompiledRule[]>>;

/** A node of the trie that dedupes PseudoRules (keyed by the pseudo-element rules in match order). */
interface PseudoNode {
  next: Map<CompiledRule, PseudoNode> | undefined;
  rules: PseudoRules | undefined;
}

function byKind(rules: readonly CompiledRule[], count: number): PseudoRules {
  const pick = (kind: PseudoElement): CompiledRule[] => {
    const out: CompiledRule[] = [];
    for (let i = 0; i < count; i++) if (rules[i]!.pseudo === kind) out.push(rules[i]!);
    return out;
  };
  return {
    before: pick('before'),
    after: pick('after'),
    marker: pick('marker'),
    'first-letter': pick('first-letter'),
    'first-line': pick('first-line'),
    'file-selector-button': pick('file-selector-button'),
  };
}

function newCacheNode(): StyleCacheNode {
  return { next: undefined, plain: undefined, more: undefined };
}
function newPseudoNode(): PseudoNode {
  return { next: undefined, rules: undefined };
}
/** One step down a trie keyed by matched rules (either of the two above), made on first use. */
function childFor<N extends { next: Map<CompiledRule, N> | undefined }>(node: N, rule: CompiledRule, make: () => N): N {
  node.next ??= new Map();
  let child = node.next.get(rule);
  if (!child) node.next.set(rule, (child = make()));
  return child;
}
/** Numeric identity of a computed style, for cache keys (one counter per process). */
const STYLE_ID = Symbol('styleId');
let nextStyleId = 1;

function idOf(style: ElementStyle | null): number {
  if (!style) return 0;
  const tagged = style as ElementStyle & { [STYLE_ID]?: number };
  return (tagged[STYLE_ID] ??= nextStyleId++);
}

/** The element style behind a public ComputedStyle (for anonymous children that inherit); each belongs to one. */
const byComputed = new WeakMap<ComputedStyle, ElementStyle>();

/**
 * What a StyleTreeBuilder remembers. A memo belongs to one rule index and one root font size:
 * the renders of one template share it (compute-styles.ts), so that their elements' styles
 * are computed once per process, and layout's caches keyed by style objects keep hitting.
 */
export class StyleMemo {
  /** Pseudo-element, first-line/letter and anonymous styles by key. */
  readonly cache = new Map<string, ElementStyle>();
  /** Compiled style attributes and presentational hints by text. */
  readonly declCache = new Map<string, readonly CompiledDeclaration[]>();
  /** The element style cache: per parent style, a trie over the element's own matched rules. */
  readonly styleCache = new Map<ElementStyle | null, StyleCacheNode>();
  readonly pseudoTrie: PseudoNode = newPseudoNode();
  /** Entries added so far (the owner drops a memo that grew too large). */
  entries = 0;
}

/**
 * Walks a DOM in document order, cascading and computing each element's style and
 * generating ::before/::after/::marker with counters (CSS Lists 3 §4) as it goes.
 * Elements with `display: none` are left out of the styled tree.
 */
/** The declarations dropped from a `style` attribute's compiled list (memos share the list across renders). */
const droppedInline = new WeakMap<readonly CompiledDeclaration[], readonly IgnoredDeclaration[]>();

export class StyleTreeBuilder {
  private readonly counters = new CounterState();
  private readonly quotes: QuoteState = { depth: 0 };
  private readonly contentEnv: ContentEnv;
  private env: ComputeEnv;
  private readonly index: RuleIndex;
  private readonly baseUrl: string | undefined;
  private readonly quirks: boolean;
  private readonly memoFor: (rootFontSize: number | null) => StyleMemo;
  private memo: StyleMemo;
  /** `style` attribute declarations dropped as unknown or invalid, once per attribute text. */
  readonly dropped: IgnoredDeclaration[] = [];
  /** Some `style` attribute uses a viewport unit. */
  viewportUnits = false;
  /** Some style attribute declares a length in `ch`. */
  fontUnits = false;
  private readonly seenStyleAttributes = new Set<readonly CompiledDeclaration[]>();

  /**
   * `memoFor` gives the memo for the root's font size (null: the root itself, computed before
   * it is known); computed values depend on it through `rem`. By default, memos of this builder only.
   */
  constructor(
    index: RuleIndex,
    env: ComputeEnv,
    baseUrl: string | undefined,
    quirks = false,
    memoFor?: (rootFontSize: number | null) => StyleMemo,
  ) {
    this.index = index;
    this.baseUrl = baseUrl;
    this.quirks = quirks;
    this.env = env;
    const own = new Map<number | null, StyleMemo>();
    this.memoFor =
      memoFor ??
      ((size) => {
        let memo = own.get(size);
        if (!memo) own.set(size, (memo = new StyleMemo()));
        return memo;
      });
    this.memo = this.memoFor(env.rootFontSize);
    this.contentEnv = {
      counters: this.counters,
      quotes: this.quotes,
      imageStyle: (parent) => this.anonymousStyle(parent),
    };
  }

  /** Style the subtree rooted at `el` (the `html` element for a document). */
  styleRoot(el: Element): { styled: StyledElement; style: ElementStyle } {
    const style = this.elementStyle(el, null, true);
    this.env = { ...this.env, rootFontSize: style.flat['font-size'] as number };
    this.memo = this.memoFor(this.env.rootFontSize);
    const styled = this.build(el, style) ?? {
      kind: 'element',
      tag: el.name,
      attrs: el.attribs,
      style: style.style,
      children: [],
    };
    return { styled, style };
  }

  private compiled(cssText: string, base: string | undefined): readonly CompiledDeclaration[] {
    if (cssText === '') return EMPTY;
    const memo = this.memo;
    let decls = memo.declCache.get(cssText);
    if (!decls) {
      const parsed = parseInlineStyle(cssText).map((d) => ({ ...d, value: rebaseValue(d.value, base) }));
      decls = compileAuthorDeclarations(this.quirks ? applyUnitlessLengthQuirk(parsed) : parsed);
      const dropped = droppedDeclarations(decls);
      if (dropped.length > 0)
        droppedInline.set(
          decls,
          dropped.map(({ index, reason }) => ({ ...parsed[index]!, reason })),
        );
      memo.declCache.set(cssText, decls);
      memo.entries++;
    }
    const dropped = droppedInline.get(decls);
    if (dropped && !this.seenStyleAttributes.has(decls)) {
      this.seenStyleAttributes.add(decls);
      this.dropped.push(...dropped);
    }
    return decls;
  }

  private cached(key: string, make: () => ElementStyle): ElementStyle {
    const memo = this.memo;
    let style = memo.cache.get(key);
    if (!style) {
      style = make();
      memo.cache.set(key, style);
      memo.entries++;
      byComputed.set(style.style, style);
    }
    return style;
  }

  /**
   * The pseudo-element rules of the element elementStyle looked at last, for the build() call
   * that always follows it (a field, not a per-element map: the UA sheet's `::marker` rule
   * matches every element). build() takes it before building any child.
   */
  private lastPseudo: PseudoRules | undefined = undefined;
  /** Children of the elements being built, innermost on top; build() takes its own off in one piece. */
  private readonly childStack: StyledNode[] = [];

  /** Reused for every element's matched rules (copied only when a style is computed). */
  private readonly matched: CompiledRule[] = [];

  /**
   * Siblings with the same parent style, matched rules and style-affecting attributes share
   * one ElementStyle. The lookup walks the trie by rule identity and makes no string or array
   * for an element whose style is known: a table's rows and cells are thousands of such.
   */
  private elementStyle(el: Element, parent: ElementStyle | null, isRoot: boolean): ElementStyle {
    const rules = this.matched;
    const count = this.index.matchInto(el, rules);
    const memo = this.memo;
    let node = memo.styleCache.get(parent);
    if (!node) memo.styleCache.set(parent, (node = newCacheNode()));
    let pseudo: PseudoNode | null = null;
    for (let i = 0; i < count; i++) {
      const r = rules[i]!;
      if (r.pseudo !== '') pseudo = childFor(pseudo ?? memo.pseudoTrie, r, newPseudoNode);
      else node = childFor(node, r, newCacheNode);
    }
    this.lastPseudo = pseudo ? (pseudo.rules ??= byKind(rules, count)) : undefined;
    const hintsText = presentationalHints(el);
    const inlineText = el.attribs['style'] ?? '';
    if (inlineText !== '' && !this.viewportUnits) this.viewportUnits = VIEWPORT_LENGTH.test(inlineText);
    if (inlineText !== '' && !this.fontUnits) this.fontUnits = FONT_UNIT_LENGTH.test(inlineText);
    const lang = el.attribs['lang'] ?? el.attribs['xml:lang'] ?? null;
    const plain = !isRoot && lang === null && hintsText === '' && inlineText === '';
    const key = plain ? '' : `${isRoot ? 1 : 0}|${lang ?? '\0'}|${hintsText}|${inlineText}`;
    const known = plain ? node.plain : node.more?.get(key);
    if (known) return known;
    const own = rules.slice(0, count).filter((x) => x.pseudo === '');
    const winners = cascade(own, this.compiled(hintsText, this.baseUrl), this.compiled(inlineText, this.baseUrl));
    const computed = computeStyle(winners, parent, this.env, { lang, isRoot, tag: el.name });
    const looked = computed.style.appearance === 'auto' ? withAuthorControlLook(computed, winners, el) : computed;
    const style = this.quirks ? withMarginQuirk(looked, winners, el.name) : looked;
    byComputed.set(style.style, style);
    memo.entries++;
    if (plain) node.plain = style;
    else (node.more ??= new Map()).set(key, style);
    return style;
  }

  private pseudoStyle(
    pseudoRules: PseudoRules | undefined,
    kind: Exclude<PseudoElement, '' | 'first-letter' | 'first-line'>,
    parent: ElementStyle,
  ): ElementStyle | null {
    const rules = pseudoRules?.[kind] ?? NO_RULES;
    if (rules.length === 0 && kind !== 'marker' && kind !== 'file-selector-button') return null;
    let key = `${idOf(parent)}|${kind}|`;
    for (const r of rules) key += r.key;
    return this.cached(key, () => {
      const winners = cascade(rules, EMPTY, EMPTY);
      const computed = computeStyle(winners, parent, this.env, { lang: null, isRoot: false });
      // A file input's button is an <input type=button>: author borders drop its native look.
      return kind === 'file-selector-button' ? withAuthorButtonLook(computed, winners) : computed;
    });
  }

  /** An anonymous box's style: inherited values from `parent`, initial values otherwise. */
  private anonymousStyle(parent: ComputedStyle): ComputedStyle {
    const parentStyle = byComputed.get(parent);
    if (!parentStyle) return parent;
    return this.cached(`${idOf(parentStyle)}|anonymous`, () =>
      computeStyle(new Map(), parentStyle, this.env, { lang: null, isRoot: false }),
    ).style;
  }

  /** Apply counter-reset, then increment, then set (CSS Lists 3 §4.3–4.5). */
  private applyCounters(el: Element, style: ElementStyle, scope: object, isPseudo: boolean): void {
    const s = style.style;
    const listRelated =
      !isPseudo && (s.display === 'list-item' || el.name === 'ol' || el.name === 'ul' || el.name === 'menu');
    if (!listRelated && s.counterReset.length === 0 && s.counterIncrement.length === 0 && s.counterSet.length === 0)
      return;
    const resets = [...s.counterReset];
    if (
      !isPseudo &&
      (el.name === 'ol' || el.name === 'ul' || el.name === 'menu') &&
      !resets.some((r) => r.name === 'list-item')
    ) {
      resets.push({ name: 'list-item', value: listStart(el) });
    }
    for (const r of resets) this.counters.reset(r.name, r.value, scope);
    const increments = [...s.counterIncrement];
    if (!isPseudo && s.display === 'list-item' && !increments.some((i) => i.name === 'list-item')) {
      increments.push({ name: 'list-item', value: isReversedList(el.parent) ? -1 : 1 });
    }
    for (const i of increments) this.counters.change(i.name, scope, (v) => v + i.value);
    const sets = [...s.counterSet];
    const value = el.attribs['value'];
    if (
      !isPseudo &&
      el.name === 'li' &&
      value !== undefined &&
      /^\s*-?\d+/.test(value) &&
      !sets.some((x) => x.name === 'list-item')
    ) {
      sets.push({ name: 'list-item', value: parseInt(value, 10) });
    }
    for (const x of sets) this.counters.change(x.name, scope, () => x.value);
  }

  private build(el: Element, style: ElementStyle): StyledElement | null {
    const pseudoRules = this.lastPseudo;
    this.lastPseudo = undefined;
    if (style.style.display === 'none') return null;
    if (el.name === 'svg') {
      // Inline SVG is a replaced element: hand it on as an image (see inline-svg.ts).
      const attrs = { ...el.attribs, src: inlineSvgDataUrl(el, style.style.color), 'data-inline-svg': '' };
      return { kind: 'element', tag: 'img', attrs, style: style.style, children: [] };
    }
    this.applyCounters(el, style, el.parent ?? el, false);
    const children = this.childStack;
    const start = children.length;
    if (style.style.display === 'list-item') {
      const marker = this.pseudoStyle(pseudoRules, 'marker', style);
      if (marker) {
        const content = markerChildren(marker.style, el, this.contentEnv);
        if (content.length > 0)
          children.push({ kind: 'element', tag: '::marker', attrs: {}, style: marker.style, children: content });
      }
    }
    this.pseudo(el, pseudoRules, 'before', style, children);
    const placeholder = el.name === 'input' || el.name === 'textarea' ? shownPlaceholder(el) : null;
    const fields = el.name === 'input' ? dateTimeFields(el) : null;
    const fileLabels = el.name === 'input' ? fileInputLabels(el) : null;
    if (placeholder !== null) children.push(this.placeholder(placeholder, style.style, el.name === 'input'));
    else if (fields) children.push(...this.dateTimeFields(fields, style.style));
    else if (fileLabels) children.push(...this.fileSelector(fileLabels, pseudoRules, style));
    else for (const child of visibleChildren(el)) this.child(child, style, children, start);
    this.pseudo(el, pseudoRules, 'after', style, children);
    this.counters.leave(el);
    // An exact-size array: it lives as long as the styled tree (a fresh [] grown by push
    // keeps room for 17 entries, most of it unused in table cells).
    const own = children.splice(start);
    const firstLine = this.firstLineStyle(pseudoRules, style);
    const kids = this.firstLetter(pseudoRules, style, own);
    return firstLine
      ? { kind: 'element', tag: el.name, attrs: el.attribs, style: style.style, children: kids, firstLine }
      : { kind: 'element', tag: el.name, attrs: el.attribs, style: style.style, children: kids };
  }

  /** The `::first-line` style of a block container (CSS Pseudo 4 §2.2), inheriting from the element. */
  private firstLineStyle(pseudoRules: PseudoRules | undefined, style: ElementStyle): ComputedStyle | null {
    const rules = pseudoRules?.['first-line'];
    if (!rules || rules.length === 0 || !FIRST_LETTER_CONTAINERS.has(style.style.display)) return null;
    const key = `${idOf(style)}|first-line|${rules.map((r) => r.id).join(',')}`;
    return this.cached(key, () =>
      computeStyle(cascade(rules, EMPTY, EMPTY), style, this.env, { lang: null, isRoot: false }),
    ).style;
  }

  /** Apply `::first-letter` rules of a block container to its first letter. */
  private firstLetter(pseudoRules: PseudoRules | undefined, style: ElementStyle, children: StyledNode[]): StyledNode[] {
    const rules = pseudoRules?.['first-letter'];
    if (!rules || rules.length === 0 || !FIRST_LETTER_CONTAINERS.has(style.style.display)) return children;
    const ids = rules.map((r) => r.id).join(',');
    const makeStyle = (parent: ComputedStyle): ComputedStyle => {
      const parentStyle = byComputed.get(parent) ?? style;
      return this.cached(`${idOf(parentStyle)}|first-letter|${ids}`, () =>
        computeStyle(cascade(rules, EMPTY, EMPTY), parentStyle, this.env, { lang: null, isRoot: false }),
      ).style;
    };
    return wrapFirstLetter(children, makeStyle) ?? children;
  }

  /** Style `node` into `out`, whose entries from `start` on are its parent's children so far. */
  private child(node: ChildNode, parent: ElementStyle, out: StyledNode[], start: number): void {
    // `type` rather than instanceof: a field read instead of a prototype chain walk per node.
    const type = node.type;
    if (type === 'text') {
      const data = (node as Text).data;
      const last = out.length > start ? out[out.length - 1] : undefined;
      if (last?.kind === 'text' && last.style === parent.style)
        out[out.length - 1] = { kind: 'text', text: last.text + data, style: parent.style };
      else out.push({ kind: 'text', text: data, style: parent.style });
    } else if (type === 'tag' || type === 'script' || type === 'style') {
      const el = node as Element;
      const styled = this.build(el, this.elementStyle(el, parent, false));
      if (styled) out.push(styled);
    }
  }

  /** A date or time input's fields: inline-blocks with 1px of padding (Chromium's datetime edit fields), separators between. */
  private dateTimeFields(fields: readonly DateTimeField[], parent: ComputedStyle): StyledNode[] {
    const inherited = this.anonymousStyle(parent);
    const style: ComputedStyle = {
      ...inherited,
      display: 'inline-block',
      whiteSpace: 'pre',
      paddingTop: 1,
      paddingRight: 1,
      paddingBottom: 1,
      paddingLeft: 1,
    };
    const text: ComputedStyle = { ...inherited, whiteSpace: 'pre' };
    return fields.map((f): StyledNode => {
      if (typeof f === 'object' && 'sep' in f)
        return {
          kind: 'element',
          tag: '::separator',
          attrs: {},
          style: text,
          children: [{ kind: 'text', text: f.sep, style: text }],
        };
      const shown = typeof f === 'string' ? f : f.field;
      // `data-width`: the text whose width the field reserves (layout sizes the input from it).
      const attrs: Record<string, string> = typeof f === 'string' ? {} : { 'data-width': f.width };
      return { kind: 'element', tag: '::field', attrs, style, children: [{ kind: 'text', text: shown, style }] };
    });
  }

  /**
   * A file input's content as Chromium's FileInputType builds its shadow tree: a `type=button`
   * input styled by the `::file-selector-button` rules (CSS Pseudo 4 §5.1), then the status text.
   */
  private fileSelector(
    labels: FileInputLabels,
    pseudoRules: PseudoRules | undefined,
    parent: ElementStyle,
  ): StyledNode[] {
    const button = this.pseudoStyle(pseudoRules, 'file-selector-button', parent)!.style;
    const label: StyledNode = { kind: 'text', text: labels.button, style: button };
    return [
      { kind: 'element', tag: 'input', attrs: { type: 'button' }, style: button, children: [label] },
      { kind: 'text', text: labels.status, style: parent.style },
    ];
  }

  /** An empty text field's placeholder, in Chromium's `::placeholder` grey, one line in an input (html.css). */
  private placeholder(text: string, parent: ComputedStyle, input: boolean): StyledElement {
    const inherited = this.anonymousStyle(parent);
    const style: ComputedStyle = {
      ...inherited,
      color: PLACEHOLDER_COLOR,
      whiteSpace: input ? 'pre' : inherited.whiteSpace,
    };
    return { kind: 'element', tag: '::placeholder', attrs: {}, style, children: [{ kind: 'text', text, style }] };
  }

  private pseudo(
    el: Element,
    pseudoRules: PseudoRules | undefined,
    kind: 'before' | 'after',
    parent: ElementStyle,
    out: StyledNode[],
  ): void {
    const ps = this.pseudoStyle(pseudoRules, kind, parent);
    if (!ps || !Array.isArray(ps.style.content) || ps.style.display === 'none') return;
    this.applyCounters(el, ps, el, true);
    const children = generateContent(ps.style.content, ps.style, el, this.contentEnv);
    out.push({ kind: 'element', tag: `::${kind}`, attrs: {}, style: ps.style, children });
  }
}

/** Does `a` come after `b` among the winners (their order is the cascade order for logical twins)? */
function laterInCascade(winners: Winners, a: string, b: string): boolean {
  for (const name of winners.keys()) {
    if (name === a) return false;
    if (name === b) return true;
  }
  return false;
}

/** Elements whose UA margins Chromium marks quirky (`__qem` in html.css): top, and for p also bottom. */
const QUIRKY_TOP = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'menu',
  'dir',
  'dl',
  'blockquote',
  'pre',
  'listing',
  'xmp',
  'plaintext',
]);

function withMarginQuirk(style: ElementStyle, winners: Winners, tag: string): ElementStyle {
  if (!QUIRKY_TOP.has(tag)) return style;
  // The UA sheet sets margin-block (resolved in compute.ts): the later of it and the physical side wins.
  const fromUa = (physical: string, logical: string): boolean => {
    let d = winners.get(physical);
    const l = winners.get(logical);
    if (l && (!d || laterInCascade(winners, logical, physical))) d = l;
    return d !== undefined && USER_AGENT_DECLARATIONS.has(d);
  };
  const top = fromUa('margin-top', 'margin-block-start');
  const bottom = tag === 'p' && fromUa('margin-bottom', 'margin-block-end');
  if (!top && !bottom) return style;
  return { ...style, style: { ...style.style, marginQuirk: { top, bottom } } };
}

/**
 * Children as rendered: a closed `<details>` shows only its first `<summary>` (HTML
 * §4.11.1); an `<input>` shows its value or label (form-content.ts), `<progress>` and `<meter>` nothing. A `<select>` keeps its
 * options: layout shows a drop-down's selected one (@platen/layout boxes/form-controls.ts).
 */
function visibleChildren(el: Element): readonly ChildNode[] {
  if (el.name === 'input') {
    const text = inputText(el);
    return text ? [new Text(text)] : [];
  }
  // A progress bar or gauge shows its value, never its contents: they are the fallback of UAs
  // without the element (HTML §4.10.13–14; §15.5.13–14 render it as a widget).
  if (el.name === 'progress' || el.name === 'meter') return [];
  // An option shows its label (HTML §15.5.16), in a list box too.
  if (el.name === 'option' && el.attribs['label']) return [new Text(el.attribs['label'])];
  if (el.name !== 'details' || el.attribs['open'] !== undefined) return el.children;
  const summary = el.children.find((c) => c instanceof Element && c.name === 'summary');
  return summary ? [summary] : [];
}

function isReversedList(parent: unknown): boolean {
  return parent instanceof Element && parent.name === 'ol' && parent.attribs['reversed'] !== undefined;
}

/** The list-item counter's reset value for `<ol start reversed>` (HTML §4.4.5). */
function listStart(el: Element): number {
  const startAttr = el.attribs['start'];
  const start = startAttr !== undefined && /^\s*-?\d+/.test(startAttr) ? parseInt(startAttr, 10) : null;
  if (el.name === 'ol' && el.attribs['reversed'] !== undefined) {
    const items = el.children.filter((c) => c instanceof Element && c.name === 'li').length;
    return (start ?? items) + 1;
  }
  return el.name === 'ol' && start !== null ? start - 1 : 0;
}
