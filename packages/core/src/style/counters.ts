/**
 * Counters (CSS Lists 3 §4) resolved in document order, and counter styles
 * (CSS Counter Styles 3 §6 predefined styles) for rendering their values.
 */
interface CounterInstance {
  value: number;
  /** The parent node whose children (and their descendants) see this counter. */
  readonly scope: object;
}

export class CounterState {
  private readonly counters = new Map<string, CounterInstance[]>();

  /** counter-reset on an element whose parent is `scope` (§4.1 "instantiate a counter"). */
  reset(name: string, value: number, scope: object): void {
    const list = this.counters.get(name) ?? [];
    const top = list[list.length - 1];
    if (top && top.scope === scope)
      top.value = value; // a sibling's counter of that name is replaced
    else list.push({ value, scope });
    this.counters.set(name, list);
  }

  /** counter-increment/set: on the innermost counter, instantiating one (value 0) if none. */
  change(name: string, scope: object, fn: (v: number) => number): void {
    let list = this.counters.get(name);
    if (!list || list.length === 0) {
      this.reset(name, 0, scope);
      list = this.counters.get(name)!;
    }
    const top = list[list.length - 1]!;
    top.value = fn(top.value);
  }

  has(name: string): boolean {
    return (this.counters.get(name)?.length ?? 0) > 0;
  }

  /** The innermost value (0 when none exists). */
  value(name: string): number {
    const list = this.counters.get(name);
    return list?.[list.length - 1]?.value ?? 0;
  }

  /** All values, outermost first (for counters()). */
  values(name: string): number[] {
    return (this.counters.get(name) ?? []).map((c) => c.value);
  }

  /** Leaving `scope`: its children's counters go out of scope. */
  leave(scope: object): void {
    if (this.counters.size === 0) return; // the common case: no iterator per element
    for (const list of this.counters.values()) {
      while (list.length > 0 && list[list.length - 1]!.scope === scope) list.pop();
    }
  }
}

const ROMAN: readonly [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

function roman(n: number): string | null {
  if (n < 1 || n > 3999) return null;
  let out = '';
  let rest = n;
  for (const [v, s] of ROMAN) {
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  }
  return out;
}

function alphabetic(n: number, alphabet: string): string | null {
  if (n < 1) return null;
  const symbols = [...alphabet];
  let out = '';
  let rest = n;
  while (rest > 0) {
    rest--;
    out = symbols[rest % symbols.length]! + out;
    rest = Math.floor(rest / symbols.length);
  }
  return out;
}

const LOWER_LATIN = 'abcdefghijklmnopqrstuvwxyz';
const LOWER_GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';

/** Glyphs of the bullet styles, as Chromium draws them (followed by a space). */
export const BULLETS: Readonly<Record<string, string>> = {
  disc: '\u2022',
  circle: '\u25e6',
  square: '\u25aa',
  'disclosure-open': '\u25be',
  'disclosure-closed': '\u25b8',
};

/** Format a counter value in a predefined counter style; unknown styles fall back to decimal. */
export function formatCounter(value: number, style: string): string {
  if (style === 'none') return '';
  const bullet = BULLETS[style];
  if (bullet !== undefined) return bullet;
  const negative = value < 0;
  const abs = Math.abs(value);
  let text: string | null = null;
  switch (style) {
    case 'decimal-leading-zero':
      text = abs < 10 ? `0${abs}` : String(abs);
      break;
    case 'lower-roman':
      text = roman(abs);
      break;
    case 'upper-roman':
      text = roman(abs)?.toUpperCase() ?? null;
      break;
    case 'lower-alpha':
    case 'lower-latin':
      text = alphabetic(abs, LOWER_LATIN);
      break;
    case 'upper-alpha':
    case 'upper-latin':
      text = alphabetic(abs, LOWER_LATIN)?.toUpperCase() ?? null;
      break;
    case 'lower-greek':
      text = alphabetic(abs, LOWER_GREEK);
      break;
    case 'arabic-indic':
      text = String(abs).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
      break;
    case 'persian':
      text = String(abs).replace(/\d/g, (d) => String.fromCharCode(0x6f0 + Number(d)));
      break;
    case 'cjk-decimal':
      text = String(abs).replace(/\d/g, (d) => '〇一二三四五六七八九'[Number(d)]!);
      break;
    default:
      text = String(abs);
  }
  // Alphabetic and roman styles fall back to decimal outside their range (§6).
  if (text === null) return String(value);
  return negative ? `-${text}` : text;
}

/** The marker string of a list item (CSS Lists 3 §3.1): bullets get a space, numbers ". ". */
export function markerText(listStyleType: string, value: number): string {
  if (listStyleType.startsWith('"')) return listStyleType.slice(1);
  if (listStyleType === 'none') return '';
  if (BULLETS[listStyleType] !== undefined) return `${BULLETS[listStyleType]} `;
  return `${formatCounter(value, listStyleType)}. `;
}
