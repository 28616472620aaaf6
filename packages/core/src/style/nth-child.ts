import type { Selector } from 'css-what';
import { isTag, type Element } from 'domhandler';

/**
 * `:nth-child()` and its kin (Selectors 4 §14.4) from positions counted once per parent.
 * css-select counts an element's position by walking its siblings on every test, so
 * `tr:nth-child(even)` over a table body was quadratic in its rows (a tenth of styling
 * 600 rows, most of it at 6000). The formula is parsed as nth-check (css-select's) parses
 * it; a formula it would reject, and `An+B of S`, are left to css-select unchanged.
 */

type NthKind = 'nth-child' | 'nth-last-child' | 'nth-of-type' | 'nth-last-of-type';
const KINDS: ReadonlySet<string> = new Set<NthKind>(['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type']);
const PREFIX = '-platen-';
const WHITESPACE = /[\t\n\f\r ]/;

/** `An+B` as [a, b], like nth-check's parse; null when it would throw. */
export function parseNth(formula: string): [number, number] | null {
  const f = formula.trim().toLowerCase();
  if (f === 'even') return [2, 0];
  if (f === 'odd') return [2, 1];
  let i = 0;
  const sign = (): number => (f[i] === '-' ? (i++, -1) : f[i] === '+' ? (i++, 1) : 1);
  const digits = (): number | null => {
    const start = i;
    while (i < f.length && f[i]! >= '0' && f[i]! <= '9') i++;
    return i === start ? null : Number(f.slice(start, i));
  };
  const skip = (): void => {
    while (i < f.length && WHITESPACE.test(f[i]!)) i++;
  };
  let a = 0;
  let s = sign();
  let n = digits();
  if (f[i] === 'n') {
    i++;
    a = s * (n ?? 1);
    skip();
    if (i < f.length) {
      s = sign();
      skip();
      n = digits();
    } else {
      s = 0;
      n = 0;
    }
  }
  if (n === null || i < f.length) return null;
  return [a, s * n];
}

/** Does the 1-based position match `An+B` (some n ≥ 0 with An+B = position)? */
function matchesNth([a, b]: readonly [number, number], position: number): boolean {
  if (a === 0) return position === b;
  const n = (position - b) / a;
  return Number.isInteger(n) && n >= 0;
}

interface Positions {
  readonly children: readonly unknown[];
  readonly length: number;
  /** The element children, in order. */
  readonly elements: readonly Element[];
  /** Where the last element asked about is in `elements`: styling asks sibling after sibling. */
  last: number;
  /** 0-based among element siblings, for elements asked about out of order (built then). */
  index: Map<Element, number> | null;
  /** 0-based among element siblings of the same name, and their counts (:nth-of-type, built on first use). */
  types: { readonly index: Map<Element, number>; readonly count: Map<string, number> } | null;
}

/** Per parent node, for as long as its DOM lives (a render's). */
const byParent = new WeakMap<object, Positions>();

function positions(el: Element): Positions {
  const parent = el.parent;
  const children: readonly unknown[] = parent ? parent.children : [el];
  const known = parent ? byParent.get(parent) : undefined;
  if (known && known.children === children && known.length === children.length) return known;
  const elements: Element[] = [];
  for (const child of children as Element[]) if (isTag(child)) elements.push(child);
  const made: Positions = { children, length: children.length, elements, last: -1, index: null, types: null };
  if (parent) byParent.set(parent, made);
  return made;
}

/** 0-based position of `el` among its element siblings (-1: not among them). */
function elementIndex(p: Positions, el: Element): number {
  const { elements, last } = p;
  if (elements[last + 1] === el) return (p.last = last + 1);
  if (elements[last] === el) return last;
  if (!p.index) {
    p.index = new Map();
    elements.forEach((e, i) => p.index!.set(e, i));
  }
  const i = p.index.get(el) ?? -1;
  if (i >= 0) p.last = i;
  return i;
}

function typePositions(elements: readonly Element[]): NonNullable<Positions['types']> {
  const index = new Map<Element, number>();
  const count = new Map<string, number>();
  for (const e of elements) {
    const same = count.get(e.name) ?? 0;
    index.set(e, same);
    count.set(e.name, same + 1);
  }
  return { index, count };
}

function position(el: Element, kind: NthKind): number {
  let p = positions(el);
  let i = elementIndex(p, el);
  // Not among its parent's children any more (a tree changed after it was counted): count again.
  if (i < 0 && el.parent) {
    byParent.delete(el.parent);
    p = positions(el);
    i = Math.max(0, elementIndex(p, el));
  }
  if (kind === 'nth-child') return i + 1;
  if (kind === 'nth-last-child') return p.elements.length - i;
  p.types ??= typePositions(p.elements);
  const t = p.types.index.get(el) ?? 0;
  return kind === 'nth-of-type' ? t + 1 : (p.types.count.get(el.name) ?? 1) - t;
}

/** Parsed formulas; the few a stylesheet uses (bounded: parsing again is only slower). */
const formulas = new Map<string, [number, number] | null>();

function nthPseudo(kind: NthKind): (el: Element, value?: string | null) => boolean {
  return (el, value) => {
    const text = value ?? '';
    let ab = formulas.get(text);
    if (ab === undefined) {
      ab = parseNth(text);
      if (formulas.size < 1000) formulas.set(text, ab);
    }
    if (ab === null) return false;
    // css-select (which this must agree with) matches `n`, `n-1`… only with an element parent.
    if (ab[0] === 1 && ab[1] <= 0) return el.parent !== null && isTag(el.parent as Element);
    return matchesNth(ab, position(el, kind));
  };
}

/** css-select pseudo-classes standing in for the rewritten tokens (see rewriteNth). */
export const NTH_PSEUDOS: Readonly<Record<string, (el: Element, value?: string | null) => boolean>> =
  Object.fromEntries([...KINDS].map((kind) => [PREFIX + kind, nthPseudo(kind as NthKind)]));

/** The tokens with every plain `:nth-*(An+B)` pointed at NTH_PSEUDOS (nested ones too). */
export function rewriteNth(tokens: readonly Selector[]): Selector[] {
  return tokens.map((t) => {
    if (t.type !== 'pseudo') return t;
    if (Array.isArray(t.data)) return { ...t, data: (t.data as Selector[][]).map(rewriteNth) };
    if (!KINDS.has(t.name) || typeof t.data !== 'string' || /\sof\s/i.test(t.data) || parseNth(t.data) === null)
      return t;
    return { ...t, name: PREFIX + t.name };
  });
}
