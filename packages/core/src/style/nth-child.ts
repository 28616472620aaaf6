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
  /** 0-based among element siblings, and among element siblings of the same name. */
  readonly index: Map<Element, number>;
  readonly typeIndex: Map<Element, number>;
  readonly count: number;
  readonly typeCount: Map<string, number>;
}

/** Per parent node, for as long as its DOM lives (a render's). */
const byParent = new WeakMap<object, Positions>();

function positions(el: Element): Positions {
  const parent = el.parent;
  const children: readonly unknown[] = parent ? parent.children : [el];
  const known = parent ? byParent.get(parent) : undefined;
  if (known && known.children === children && known.length === children.length && known.index.has(el)) return known;
  const index = new Map<Element, number>();
  const typeIndex = new Map<Element, number>();
  const typeCount = new Map<string, number>();
  let count = 0;
  for (const child of children as Element[]) {
    if (!isTag(child)) continue;
    index.set(child, count++);
    const same = typeCount.get(child.name) ?? 0;
    typeIndex.set(child, same);
    typeCount.set(child.name, same + 1);
  }
  const made: Positions = { children, length: children.length, index, typeIndex, count, typeCount };
  if (parent) byParent.set(parent, made);
  return made;
}

function position(el: Element, kind: NthKind): number {
  const p = positions(el);
  const i = (kind === 'nth-child' || kind === 'nth-last-child' ? p.index : p.typeIndex).get(el) ?? 0;
  switch (kind) {
    case 'nth-child': case 'nth-of-type': return i + 1;
    case 'nth-last-child': return p.count - i;
    case 'nth-last-of-type': return (p.typeCount.get(el.name) ?? 1) - i;
  }
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
export const NTH_PSEUDOS: Readonly<Record<string, (el: Element, value?: string | null) => boolean>> = Object.fromEntries(
  [...KINDS].map((kind) => [PREFIX + kind, nthPseudo(kind as NthKind)]),
);

/** The tokens with every plain `:nth-*(An+B)` pointed at NTH_PSEUDOS (nested ones too). */
export function rewriteNth(tokens: readonly Selector[]): Selector[] {
  return tokens.map((t) => {
    if (t.type !== 'pseudo') return t;
    if (Array.isArray(t.data)) return { ...t, data: (t.data as Selector[][]).map(rewriteNth) };
    if (!KINDS.has(t.name) || typeof t.data !== 'string' || /\sof\s/i.test(t.data) || parseNth(t.data) === null) return t;
    return { ...t, name: PREFIX + t.name };
  });
}
