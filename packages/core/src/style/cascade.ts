import type { Element } from 'domhandler';
import { parseComponents, type CV } from './tokenizer.js';
import type { Declaration } from './stylesheet.js';
import { containsVar, expandShorthand, SHORTHANDS } from './shorthands.js';
import { canonicalName, cascadeName, LOGICAL_PAIRS, ORDERED_IN_CASCADE, unprefixed } from './property-aliases.js';
import { PROPERTIES } from './properties/index.js';
import { compileSelectorList, compileSelectorListLazily, type PseudoElement } from './selectors.js';
import { BoundedCache } from '../bounded-cache.js';

/** A declaration after alias resolution and shorthand expansion. */
export interface CompiledDeclaration {
  /** A longhand or a custom property (`--x`). */
  readonly name: string;
  readonly value: readonly CV[];
  readonly important: boolean;
  /** Set when the value came from a shorthand holding var(): expand after substitution. */
  readonly shorthand: string | null;
}

export type Origin = 'user-agent' | 'author';

export interface CompiledRule {
  readonly id: number;
  readonly origin: Origin;
  readonly specificity: number;
  /** Cascade layer rank; Infinity for unlayered rules, which win over layered ones. */
  readonly layer: number;
  readonly match: (el: Element) => boolean;
  readonly pseudo: PseudoElement;
  readonly declarations: readonly CompiledDeclaration[];
  /** `id,`: the rule's part of a style cache key (style-tree.ts), made once. */
  readonly key: string;
}

const PARSE_CONTEXT = {
  len: { fontSize: 16, rootFontSize: 16, viewportWidth: 800, viewportHeight: 1000 },
  parent: null,
  current: { color: { r: 0, g: 0, b: 0, a: 1 }, 'font-size': 16 },
};
const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/** Whether a longhand value parses (CSS Syntax §5.4.9: invalid declarations are dropped). */
function isValid(name: string, value: readonly CV[]): boolean {
  const def = PROPERTIES.get(name);
  if (def === undefined) return false;
  if (containsVar(value)) return true;
  if (value.length === 1 && value[0]!.t === 'ident' && CSS_WIDE.has(value[0]!.v.toLowerCase())) return true;
  return def.compute(value, PARSE_CONTEXT) !== undefined;
}

/** Why a declaration was dropped: its property is not one Platen computes, or its value does not parse. */
export type DropReason = 'unknown property' | 'invalid value';

/** A declaration the cascade dropped, and why. */
export type IgnoredDeclaration = Declaration & { readonly reason: DropReason };

/** A declaration dropped by compileDeclarations: its index in the list given, and why. */
export interface DroppedDeclaration {
  readonly index: number;
  readonly reason: DropReason;
}

/**
 * Resolve aliases and expand shorthands (CSS Cascade 4 §1.2). Unknown properties and invalid
 * values are dropped (CSS Syntax 3 §5.4.9), and listed in `dropped` when it is given.
 */
export function compileDeclarations(
  declarations: readonly Declaration[],
  dropped?: DroppedDeclaration[],
): CompiledDeclaration[] {
  const out: CompiledDeclaration[] = [];
  for (const [index, d] of declarations.entries()) {
    const reason = compileDeclaration(d, out);
    if (reason !== null) dropped?.push({ index, reason });
  }
  return out;
}

/** Compile one declaration into `out`; why it was dropped, or null (also for a property ignored on purpose). */
function compileDeclaration(d: Declaration, out: CompiledDeclaration[]): DropReason | null {
  if (d.name.startsWith('--')) {
    out.push({ name: d.name, value: parseComponents(d.value), important: d.important, shorthand: null });
    return null;
  }
  const name = canonicalName(d.name);
  if (name === '') return null;
  const value = parseComponents(d.value);
  if (value.length === 0) return 'invalid value';
  if (name === 'all') {
    const all = expandAll(value, d.important);
    out.push(...all);
    return all.length > 0 ? null : 'invalid value';
  }
  const source = unprefixed(d.name);
  // A shorthand with var() is pending substitution (CSS Variables 1 §3.2): each longhand keeps the
  // whole value and takes its part once it is substituted (compute.ts); the logical pairs too.
  const longhands = SHORTHANDS[name] ?? LOGICAL_PAIRS[name]?.map((l) => cascadeName(source, l));
  if (longhands && name !== 'background-position' && containsVar(value)) {
    for (const l of longhands) out.push({ name: l, value, important: d.important, shorthand: name });
    return null;
  }
  const expanded = expandShorthand(name, value);
  if (expanded === null) return 'invalid value';
  if (expanded === undefined) {
    if (!PROPERTIES.has(name)) return 'unknown property';
    if (!isValid(name, value)) return 'invalid value';
    out.push({ name: cascadeName(source, name), value, important: d.important, shorthand: null });
    return null;
  }
  // A shorthand is invalid as a whole when any of its longhands is.
  if (!expanded.every(([l, v]) => isValid(l, v))) return 'invalid value';
  for (const [l, v] of expanded)
    out.push({ name: cascadeName(source, l), value: v, important: d.important, shorthand: null });
  return null;
}

/**
 * `all` (CSS Cascade 4 §3.2): a CSS-wide keyword for every property but `direction`,
 * `unicode-bidi` and custom properties; any other value is invalid.
 */
function expandAll(value: readonly CV[], important: boolean): CompiledDeclaration[] {
  const only = value.filter((cv) => cv.t !== 'ws');
  if (only.length !== 1 || only[0]!.t !== 'ident' || !CSS_WIDE.has(only[0]!.v.toLowerCase())) return [];
  allLonghands ??= [...PROPERTIES.keys()].filter((name) => name !== 'direction' && name !== 'unicode-bidi');
  return allLonghands.map((name) => ({ name, value: only, important, shorthand: null }));
}
let allLonghands: readonly string[] | undefined;

/**
 * `compileDeclarations` for author declarations, remembered per process: a template's sheet
 * and style attributes are the same text in every render, and compiling (tokenizing, shorthand
 * expansion, computing each value once to validate it) took ~2 % of a 600-row report. The
 * compiled lists are read-only. Bounded like compileSelectorList.
 * User-agent declarations are not shared: their identities mark them (USER_AGENT_DECLARATIONS).
 */
export function compileAuthorDeclarations(declarations: readonly Declaration[]): readonly CompiledDeclaration[] {
  let key = '';
  for (const d of declarations) key += `${d.name}\u0000${d.value}\u0000${d.important ? '!' : ''}\u0001`;
  return compiledAuthor.get(key, () => {
    const dropped: DroppedDeclaration[] = [];
    const compiled = compileDeclarations(declarations, dropped);
    if (dropped.length > 0) droppedAuthor.set(compiled, dropped);
    return compiled;
  });
}

/** The declarations compileAuthorDeclarations dropped to make `compiled` (by index in the list it was given). */
export function droppedDeclarations(compiled: readonly CompiledDeclaration[]): readonly DroppedDeclaration[] {
  return droppedAuthor.get(compiled) ?? [];
}

const droppedAuthor = new WeakMap<readonly CompiledDeclaration[], readonly DroppedDeclaration[]>();

const compiledAuthor = new BoundedCache<string, readonly CompiledDeclaration[]>(20_000);

/** Declarations of the user-agent sheet (for the quirks-mode margin flags). */
export const USER_AGENT_DECLARATIONS = new WeakSet<CompiledDeclaration>();

/** Rules bucketed by the rightmost compound's id, class or tag, so matching stays cheap. */
export class RuleIndex {
  private readonly buckets = new Map<string, CompiledRule[]>();
  /** Attribute names that have a bucket, so elements only scan those they carry. */
  private readonly attributeKeys = new Set<string>();
  /** Id values that have a bucket (`#x` → `x`), so an element's id is looked up without a new string. */
  private readonly idKeys = new Set<string>();
  /**
   * Per tag and `class` attribute text: the rules of the `*`, tag and class buckets, merged in
   * source order. Rows and cells of a table share a few such pairs, so each element only runs
   * the selectors' tests, without splitting its classes, concatenating keys or sorting.
   */
  private readonly candidates = new Map<string, Map<string, readonly CompiledRule[]>>();
  private nextId = 0;
  readonly diagnostics: string[] = [];
  /** Author declarations dropped as unknown or invalid, for css_ignored_declaration (ignored-declarations.ts). */
  readonly dropped: IgnoredDeclaration[] = [];

  /** Candidate lists made so far (one per tag and class text met). */
  get cachedLists(): number {
    let n = 0;
    for (const byClass of this.candidates.values()) n += byClass.size;
    return n;
  }

  /** A copy sharing the compiled rules, to extend with more sheets (the UA sheet is compiled once). */
  clone(): RuleIndex {
    const copy = new RuleIndex();
    for (const [key, list] of this.buckets) copy.buckets.set(key, [...list]);
    for (const name of this.attributeKeys) copy.attributeKeys.add(name);
    for (const id of this.idKeys) copy.idKeys.add(id);
    copy.nextId = this.nextId;
    return copy;
  }

  add(origin: Origin, selectorText: string, declarations: readonly Declaration[], layer = Infinity): void {
    const compiled =
      origin === 'user-agent' ? compileSelectorListLazily(selectorText) : compileSelectorList(selectorText);
    if (typeof compiled === 'string') {
      this.diagnostics.push(compiled);
      return;
    }
    const decls = origin === 'author' ? compileAuthorDeclarations(declarations) : compileDeclarations(declarations);
    if (origin === 'author')
      for (const { index, reason } of droppedDeclarations(decls))
        this.dropped.push({ ...declarations[index]!, reason });
    if (decls.length === 0) return;
    if (origin === 'user-agent') for (const d of decls) USER_AGENT_DECLARATIONS.add(d);
    this.candidates.clear();
    for (const sel of compiled) {
      const id = this.nextId++;
      const rule: CompiledRule = {
        id,
        origin,
        specificity: sel.specificity,
        layer,
        match: sel.match,
        pseudo: sel.pseudo,
        declarations: decls,
        key: `${id},`,
      };
      for (const key of sel.keys) {
        let list = this.buckets.get(key);
        if (!list) this.buckets.set(key, (list = []));
        list.push(rule);
        if (key.startsWith('[')) this.attributeKeys.add(key.slice(1, -1));
        if (key.startsWith('#')) this.idKeys.add(key.slice(1));
      }
    }
  }

  /** Rules whose selector matches `el`, in source order. */
  match(el: Element): CompiledRule[] {
    const out: CompiledRule[] = [];
    out.length = this.matchInto(el, out);
    return out;
  }

  /**
   * As `match`, written to `out[0…n)` for a returned n; entries past n are stale. A caller
   * reuses one array this way: truncating it (`length = 0`) would drop its backing store
   * and make the next element's pushes allocate a new one.
   */
  matchInto(el: Element, out: CompiledRule[]): number {
    const attribs = el.attribs;
    const cls = attribs['class'];
    const id = attribs['id'];
    let more = id !== undefined && id !== '' && this.idKeys.has(id);
    if (!more && this.attributeKeys.size > 0) {
      for (const name in attribs) {
        if (this.attributeKeys.has(name)) {
          more = true;
          break;
        }
      }
    }
    let n = 0;
    if (!more) {
      for (const r of this.candidatesFor(el.name, cls ?? '')) if (r.match(el)) out[n++] = r;
      return n;
    }
    const found: CompiledRule[] = [];
    this.#scan('*', el, found);
    this.#scan(el.name, el, found);
    if (id) this.#scan(`#${id}`, el, found);
    if (cls) for (const c of uniqueClasses(cls)) this.#scan(`.${c}`, el, found);
    if (this.attributeKeys.size > 0)
      for (const name in attribs) if (this.attributeKeys.has(name)) this.#scan(`[${name}]`, el, found);
    if (found.length > 1) found.sort(byId);
    for (const r of found) out[n++] = r;
    return n;
  }

  private candidatesFor(tag: string, cls: string): readonly CompiledRule[] {
    let byClass = this.candidates.get(tag);
    if (!byClass) this.candidates.set(tag, (byClass = new Map()));
    let list = byClass.get(cls);
    if (!list) {
      const all = [...(this.buckets.get('*') ?? []), ...(this.buckets.get(tag) ?? [])];
      for (const c of uniqueClasses(cls)) all.push(...(this.buckets.get(`.${c}`) ?? []));
      list = [...new Set(all)].sort(byId);
      byClass.set(cls, list);
    }
    return list;
  }

  #scan(key: string, el: Element, out: CompiledRule[]): void {
    const list = this.buckets.get(key);
    if (list) for (const r of list) if (r.match(el)) out.push(r);
  }
}

/** The distinct class names of a `class` attribute, in order. */
function uniqueClasses(cls: string): string[] {
  if (cls === '') return [];
  const classes = cls.split(/\s+/);
  return classes.filter((c, i) => c !== '' && classes.indexOf(c) === i);
}

const byId = (a: CompiledRule, b: CompiledRule): number => a.id - b.id;

/** One element's cascaded declarations, winners per property. */
export type Winners = Map<string, CompiledDeclaration>;

/**
 * Cascade sort (Cascade 4 §6.1): origin and importance, then specificity, then order.
 * `hints` are presentational hints (author origin, specificity 0, before author rules);
 * `inline` is the style attribute.
 */
export function cascade(
  rules: readonly CompiledRule[],
  hints: readonly CompiledDeclaration[],
  inline: readonly CompiledDeclaration[],
): Winners {
  // Specificity orders the user-agent origin's rules too: `input[type=hidden i] { display: none }`
  // comes before `input { display: inline-block }` in html.css and still wins.
  const ua = rules
    .filter((r) => r.origin === 'user-agent')
    .sort((a, b) => a.specificity - b.specificity || a.id - b.id);
  const author = rules
    .filter((r) => r.origin === 'author')
    .sort((a, b) => a.layer - b.layer || a.specificity - b.specificity || a.id - b.id);
  const winners: Winners = new Map();
  const apply = (decls: readonly CompiledDeclaration[], important: boolean): void => {
    for (const d of decls) {
      if (d.important !== important) continue;
      // A side with a logical twin: the map's order is then the cascade order between the two (compute.ts).
      if (ORDERED_IN_CASCADE.has(d.name)) winners.delete(d.name);
      winners.set(d.name, d);
    }
  };
  for (const r of ua) apply(r.declarations, false);
  apply(hints, false);
  for (const r of author) apply(r.declarations, false);
  apply(inline, false);
  // Important declarations reverse the layer order (Cascade 5 §6.4): unlayered ones are weakest.
  const important = author.some((r) => r.layer !== Infinity)
    ? [...author].sort((a, b) =>
        b.layer === a.layer ? a.specificity - b.specificity || a.id - b.id : b.layer - a.layer,
      )
    : author;
  for (const r of important) apply(r.declarations, true);
  apply(inline, true);
  for (const r of ua) apply(r.declarations, true);
  return winners;
}
