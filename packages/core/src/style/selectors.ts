import { compile } from 'css-select';
import { parse, SelectorType, type Selector } from 'css-what';
import type { Element } from 'domhandler';
import { NTH_PSEUDOS, rewriteNth } from './nth-child.js';
import { BoundedCache } from '../bounded-cache.js';

export type PseudoElement = '' | 'before' | 'after' | 'marker' | 'first-letter' | 'first-line' | 'file-selector-button';

export interface CompiledSelector {
  readonly match: (el: Element) => boolean;
  /** Selectors 4 §16 specificity packed as a·10⁶ + b·10³ + c. */
  readonly specificity: number;
  readonly pseudo: PseudoElement;
  /** Bucket keys of the rightmost compound (`#id`, `.class`, a tag, `[attr]` or `*`); any one may match. */
  readonly keys: readonly string[];
}

const COMBINATORS = new Set(['child', 'descendant', 'sibling', 'adjacent', 'parent', 'column-combinator']);
// A Map, not an object: the name comes from the template (`::constructor` must not find Object's).
const SUPPORTED_PSEUDO_ELEMENTS: ReadonlyMap<string, PseudoElement> = new Map([
  ['before', 'before'],
  ['after', 'after'],
  ['marker', 'marker'],
  ['first-letter', 'first-letter'],
  ['first-line', 'first-line'],
  // A file input's button (CSS Pseudo 4 §5.1); Chromium's older name is an alias of it.
  ['file-selector-button', 'file-selector-button'],
  ['-webkit-file-upload-button', 'file-selector-button'],
]);
/** Pseudo-elements we cannot render: their rules are skipped without a warning. */
const IGNORED_PSEUDO_ELEMENTS = new Set([
  'selection',
  'placeholder',
  'backdrop',
  '-webkit-scrollbar',
  'cue',
  'highlight',
  'part',
  'slotted',
  '-moz-selection',
  '-webkit-input-placeholder',
  '-moz-placeholder',
]);

/**
 * Compile a selector list with css-what + css-select. Returns the compiled complex
 * selectors, or an error message when the list is invalid (the whole rule is dropped,
 * Selectors 4 §3.1 "invalid selector").
 */
export function compileSelectorList(text: string): readonly CompiledSelector[] | string {
  // A template's stylesheet is the same text in every render: compile each selector once
  // per process (css-what + css-select took ~5% of an invoice render).
  return compiledLists.get(text, compileUncached);
}

const compiledLists = new BoundedCache<string, readonly CompiledSelector[] | string>(20_000);

/**
 * compileSelectorList for selectors known to compile (the user-agent sheet's: ua-rules.test.ts),
 * each compiled by css-select the first time it is tested: a process then compiles only those
 * its documents' elements meet (compiling all of the UA sheet's was a tenth of a cold render).
 */
export function compileSelectorListLazily(text: string): readonly CompiledSelector[] | string {
  return compileUncached(text, true);
}

function compileUncached(text: string, lazy = false): CompiledSelector[] | string {
  let list: Selector[][];
  try {
    list = parse(text);
  } catch (error) {
    return `Invalid selector "${text}": ${(error as Error).message}`;
  }
  const out: CompiledSelector[] = [];
  for (const complex of list) {
    const last = complex[complex.length - 1];
    let pseudo: PseudoElement = '';
    let tokens = complex;
    if (
      last &&
      (last.type === 'pseudo-element' ||
        (last.type === 'pseudo' &&
          (last.name === 'before' ||
            last.name === 'after' ||
            last.name === 'first-letter' ||
            last.name === 'first-line')))
    ) {
      const supported = SUPPORTED_PSEUDO_ELEMENTS.get(last.name);
      if (supported === undefined) {
        if (IGNORED_PSEUDO_ELEMENTS.has(last.name) || last.name.startsWith('-')) continue;
        return `Unsupported pseudo-element ::${last.name}`;
      }
      pseudo = supported;
      tokens = complex.slice(0, -1);
      if (tokens.length === 0 || COMBINATORS.has(tokens[tokens.length - 1]!.type))
        tokens = [...tokens, { type: SelectorType.Universal, namespace: null }];
    }
    if (tokens.some((t) => t.type === 'pseudo-element')) continue;
    // Vendor-prefixed pseudo-classes (:-moz-focusring…) never match here; skip without a warning.
    if (tokens.some((t) => t.type === 'pseudo' && (t.name.startsWith('-') || SHADOW_PSEUDOS.has(t.name)))) continue;
    let match: (el: Element) => boolean;
    if (lazy) {
      let compiled: ((el: Element) => boolean) | undefined;
      const known = tokens;
      match = (el) => (compiled ??= compileTokens(known))(el);
    } else {
      try {
        match = compileTokens(tokens);
      } catch (error) {
        // Only a list that does not compile is looked through for forgiving lists to prune.
        const forgiven = forgiving(tokens, 0);
        try {
          match = compileTokens(forgiven);
          tokens = forgiven;
        } catch {
          return `Unsupported selector "${text}": ${(error as Error).message}`;
        }
      }
    }
    const [a, b, c] = specificity(pseudo ? [...tokens, complex[complex.length - 1]!] : tokens);
    out.push({ match, specificity: a * 1e6 + b * 1e3 + c, pseudo, keys: bucketKeys(tokens) });
  }
  return out;
}

const FORGIVING = new Set(['is', 'where', 'matches']);
/** `:not(*)`: what a forgiving list left empty stands for (it matches nothing). */
const NOTHING: Selector = {
  type: SelectorType.Pseudo,
  name: 'not',
  data: [[{ type: SelectorType.Universal, namespace: null }]],
};

/**
 * `:is()` and `:where()` take a forgiving selector list (Selectors 4 §4.2, as Chromium parses
 * them): an argument that is invalid or unsupported (`:where(:host)`, a pseudo-element) is left
 * out instead of invalidating the whole rule; with none left, the pseudo-class matches nothing.
 */
function forgiving(tokens: Selector[], depth: number): Selector[] {
  // Each level compiles its arguments again: deeper lists are not pruned (2,000 nested :is()).
  if (depth > MAX_FORGIVING_DEPTH || !tokens.some((t) => t.type === 'pseudo' && Array.isArray(t.data))) return tokens;
  return tokens.map((t) => {
    if (t.type !== 'pseudo' || !Array.isArray(t.data)) return t;
    const args = (t.data as Selector[][]).map((arg) => forgiving(arg, depth + 1));
    if (!FORGIVING.has(t.name)) return { ...t, data: args };
    const valid = args.filter(compiles);
    return valid.length > 0 ? { ...t, data: valid } : NOTHING;
  });
}

const MAX_FORGIVING_DEPTH = 8;

function compiles(complex: Selector[]): boolean {
  if (complex.some((t) => t.type === 'pseudo-element')) return false;
  try {
    compileTokens(complex);
    return true;
  } catch {
    return false;
  }
}

function compileTokens(tokens: Selector[]): (el: Element) => boolean {
  return compile<unknown, Element>([rewriteNth(tokens)], { xmlMode: false, pseudos: PSEUDOS }) as (
    el: Element,
  ) => boolean;
}

function inheritedAttribute(el: Element, name: string): string | null {
  for (
    let node: Element | null = el;
    node;
    node = node.parent instanceof Object && 'attribs' in node.parent ? (node.parent as Element) : null
  ) {
    const v = node.attribs[name];
    if (v !== undefined) return v;
  }
  return null;
}

const never = (_el: Element): boolean => false;

/** Shadow-DOM pseudo-classes: valid, never matching in a document without shadow roots. */
const SHADOW_PSEUDOS = new Set(['host', 'host-context', 'state']);

/**
 * Pseudo-classes css-select lacks. Interactive states never match on paper; :lang() and
 * :dir() follow the inherited attributes (Selectors 4 §7).
 */
const PSEUDOS: Readonly<Record<string, string | ((el: Element, value?: string | null) => boolean)>> = {
  lang: (el, value) => {
    const lang = inheritedAttribute(el, 'lang')?.toLowerCase() ?? '';
    return (value ?? '')
      .split(',')
      .map((v) =>
        v
          .trim()
          .replace(/^["']|["']$/g, '')
          .toLowerCase(),
      )
      .some((v) => v !== '' && (lang === v || lang.startsWith(`${v}-`)));
  },
  dir: (el, value) =>
    (inheritedAttribute(el, 'dir')?.toLowerCase() === 'rtl' ? 'rtl' : 'ltr') === (value ?? '').trim().toLowerCase(),
  focus: never,
  'focus-within': never,
  'focus-visible': never,
  target: never,
  'target-within': never,
  'placeholder-shown': never,
  autofill: never,
  '-webkit-autofill': never,
  'user-invalid': never,
  modal: never,
  fullscreen: never,
  'popover-open': never,
  playing: never,
  paused: never,
  defined: (_el: Element) => true,
  // CSS Scoping §3.2.1: outside a shadow tree (inside `:is()`/`:where()` too) these match nothing.
  ...Object.fromEntries([...SHADOW_PSEUDOS].map((name) => [name, never])),
  ...NTH_PSEUDOS,
};

function isIdSelector(t: Selector): boolean {
  return t.type === 'attribute' && t.name === 'id' && t.action === 'equals' && t.ignoreCase === 'quirks';
}
function isClassSelector(t: Selector): boolean {
  return t.type === 'attribute' && t.name === 'class' && t.action === 'element' && t.ignoreCase === 'quirks';
}

/** Selectors 4 §16: (ids, classes/attributes/pseudo-classes, types/pseudo-elements). */
export function specificity(tokens: readonly Selector[]): [number, number, number] {
  let a = 0;
  let b = 0;
  let c = 0;
  for (const t of tokens) {
    if (t.type === 'attribute') {
      if (isIdSelector(t)) a++;
      else b++;
    } else if (t.type === 'tag') c++;
    else if (t.type === 'pseudo-element') c++;
    else if (t.type === 'pseudo') {
      if (t.name === 'where') continue;
      if (
        (t.name === 'is' || t.name === 'not' || t.name === 'has' || t.name === 'matches' || t.name === '-webkit-any') &&
        Array.isArray(t.data)
      ) {
        const best = (t.data as Selector[][])
          .map(specificity)
          .reduce((m, s) => (compare(s, m) > 0 ? s : m), [0, 0, 0] as [number, number, number]);
        a += best[0];
        b += best[1];
        c += best[2];
      } else if (t.name === 'before' || t.name === 'after') c++;
      else b++;
    }
  }
  return [a, b, c];
}

function compare(x: readonly number[], y: readonly number[]): number {
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
}

/**
 * Bucket keys of the rightmost compound: an id, else a class, else a tag, else an
 * attribute name, else the tags of an `:is()`/`:where()` of plain type selectors; `*` otherwise.
 */
function bucketKeys(tokens: readonly Selector[]): string[] {
  let tag: string | null = null;
  let cls: string | null = null;
  let attr: string | null = null;
  let isTags: string[] | null = null;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (COMBINATORS.has(t.type)) break;
    if (isIdSelector(t)) return [`#${(t as { value: string }).value}`];
    if (isClassSelector(t)) cls ??= `.${(t as { value: string }).value}`;
    else if (t.type === 'attribute') attr ??= `[${t.name.toLowerCase()}]`;
    else if (t.type === 'tag') tag = t.name.toLowerCase();
    else if (
      t.type === 'pseudo' &&
      (t.name === 'is' || t.name === 'where' || t.name === 'matches') &&
      Array.isArray(t.data)
    ) {
      const args = t.data as Selector[][];
      if (args.every((a) => a.length === 1 && a[0]!.type === 'tag'))
        isTags ??= args.map((a) => (a[0] as { name: string }).name.toLowerCase());
    }
  }
  if (cls) return [cls];
  if (tag) return [tag];
  if (attr) return [attr];
  return isTags ?? ['*'];
}
