/**
 * Media Queries 4 as Chromium's print answers them (measured on its prints of a page with a rule
 * per query: test/e2e/text-positions/media-queries.html). The grammar is §3's: a comma list of
 * `[not | only]? <type> [and <condition>]?` or `<condition>` with `not`/`and`/`or`, plain, boolean
 * and range features (§2.4.4). A query that does not parse is `not all` (§3.2), alone in its list.
 */
import { and, evaluateCondition, INVALID_CONDITION as INVALID, isIdent, not, type Tri } from './condition.js';
import { toComponents, tokenize, splitCommas, words, type CV } from './tokenizer.js';
import { parseLength, type LengthContext } from './values.js';

/** What media queries are evaluated against: print, on the default page's content box. */
export interface MediaContext {
  readonly width: number;
  readonly height: number;
}

export function matchesMedia(query: string, media: MediaContext): boolean {
  if (query.trim() === '') return true;
  return splitCommas(toComponents(tokenize(query))).some((part) => {
    try {
      return evaluateQuery(words(part), media) === true;
    } catch (e) {
      if (e === INVALID) return false;
      throw e;
    }
  });
}

const isParens = (cv: CV | undefined): cv is Extract<CV, { t: 'block' }> => cv?.t === 'block' && cv.v === '(';

/** Print matches `print` and `all`; other types, deprecated ones included, match nothing (§2.3). */
const RESERVED_TYPES = new Set(['not', 'only', 'and', 'or', 'layer']);

function evaluateQuery(items: readonly CV[], media: MediaContext): Tri {
  const first = items[0];
  if (first === undefined) throw INVALID;
  if (!isIdent(first) || (isIdent(first, 'not') && isParens(items[1]))) return condition(items, media, true);
  let k = 0;
  const modifier = isIdent(first, 'not') || isIdent(first, 'only') ? first.v.toLowerCase() : null;
  if (modifier) k++;
  const type = items[k];
  if (!isIdent(type) || RESERVED_TYPES.has(type.v.toLowerCase())) throw INVALID;
  k++;
  let result: Tri = type.v.toLowerCase() === 'print' || type.v.toLowerCase() === 'all';
  if (k < items.length) {
    if (!isIdent(items[k], 'and') || k + 1 >= items.length) throw INVALID;
    result = and(result, condition(items.slice(k + 1), media, false));
  }
  return modifier === 'not' ? not(result) : result;
}

/** `<media-condition>` (§3), its operands read by inParens; unknown (null) is false at the top. */
function condition(items: readonly CV[], media: MediaContext, allowOr: boolean): Tri {
  return evaluateCondition(items, (cv) => inParens(cv, media), allowOr);
}

/** `( <media-condition> )`, a feature, or anything else in parentheses (unknown). */
function inParens(cv: CV | undefined, media: MediaContext): Tri {
  if (cv?.t === 'fn') return null; // <general-enclosed>
  if (!isParens(cv)) throw INVALID;
  const inner = words(cv.items);
  if (isParens(inner[0]) || (isIdent(inner[0], 'not') && inner.length === 2)) {
    try {
      return condition(inner, media, true);
    } catch (e) {
      if (e === INVALID) return null;
      throw e;
    }
  }
  return feature(inner, media);
}

type Range = 'length' | 'resolution' | 'ratio' | 'integer' | 'number';
/** A discrete feature: the values it can take (others make the feature unknown) and the one print has. */
type FeatureDef =
  | { readonly range: Range; readonly value: (m: MediaContext) => number }
  | { readonly values: readonly string[]; readonly print: string };

/** Chromium prints at 300 dpi. */
const PRINT_DPPX = 300 / 96;
/** The screen of headless Chromium, which device-width/-height report even when printing. */
const DEVICE = { width: 1280, height: 720 };

const discrete = (print: string, ...values: string[]): FeatureDef => ({ values, print });

/** What each feature is when Chromium prints (MQ 4 and 5). */
const FEATURES: Readonly<Record<string, FeatureDef>> = {
  width: { range: 'length', value: (m) => m.width },
  height: { range: 'length', value: (m) => m.height },
  'device-width': { range: 'length', value: () => DEVICE.width },
  'device-height': { range: 'length', value: () => DEVICE.height },
  'aspect-ratio': { range: 'ratio', value: (m) => m.width / m.height },
  'device-aspect-ratio': { range: 'ratio', value: () => DEVICE.width / DEVICE.height },
  resolution: { range: 'resolution', value: () => PRINT_DPPX },
  '-webkit-device-pixel-ratio': { range: 'number', value: () => PRINT_DPPX },
  color: { range: 'integer', value: () => 8 },
  'color-index': { range: 'integer', value: () => 0 },
  monochrome: { range: 'integer', value: () => 0 },
  grid: discrete('0', '0', '1'),
  orientation: discrete('', 'portrait', 'landscape'), // decided from the page box below
  scan: discrete('none', 'interlace', 'progressive'),
  update: discrete('none', 'none', 'slow', 'fast'),
  'overflow-block': discrete('paged', 'none', 'scroll', 'paged'),
  'overflow-inline': discrete('none', 'none', 'scroll'),
  hover: discrete('hover', 'none', 'hover'),
  'any-hover': discrete('hover', 'none', 'hover'),
  pointer: discrete('fine', 'none', 'coarse', 'fine'),
  'any-pointer': discrete('fine', 'none', 'coarse', 'fine'),
  'color-gamut': discrete('srgb', 'srgb', 'p3', 'rec2020'),
  'dynamic-range': discrete('standard', 'standard', 'high'),
  'display-mode': discrete(
    'browser',
    'fullscreen',
    'standalone',
    'minimal-ui',
    'browser',
    'picture-in-picture',
    'window-controls-overlay',
    'borderless',
    'tabbed',
  ),
  scripting: discrete('enabled', 'none', 'initial-only', 'enabled'),
  'prefers-color-scheme': discrete('light', 'light', 'dark'),
  'prefers-reduced-motion': discrete('no-preference', 'no-preference', 'reduce'),
  'prefers-contrast': discrete('no-preference', 'no-preference', 'more', 'less', 'custom'),
  'prefers-reduced-transparency': discrete('no-preference', 'no-preference', 'reduce'),
  'forced-colors': discrete('none', 'none', 'active'),
  'device-posture': discrete('continuous', 'continuous', 'folded'),
};
/** A feature's definition; own keys only (`constructor` is an unknown feature, not Object's). */
const featureDef = (name: string): FeatureDef | undefined =>
  Object.hasOwn(FEATURES, name) ? FEATURES[name] : undefined;
const FALSE_IN_BOOLEAN_CONTEXT = new Set(['0', 'none', 'no-preference']);

function lookup(name: string): { def: FeatureDef; prefix: 'min' | 'max' | null } | null {
  const n = name.toLowerCase();
  const prefixed = /^(-webkit-)?(min|max)-(.*)$/.exec(n);
  if (prefixed) {
    const base = `${prefixed[1] ?? ''}${prefixed[3]!}`;
    const def = featureDef(base);
    return def && 'range' in def ? { def, prefix: prefixed[2] as 'min' | 'max' } : null;
  }
  const def = featureDef(n);
  return def ? { def, prefix: null } : null;
}

function featureValue(name: string, def: FeatureDef, media: MediaContext): number | string {
  if ('range' in def) return def.value(media);
  if (name === 'orientation') return media.height >= media.width ? 'portrait' : 'landscape';
  return def.print;
}

/** A `<media-feature>`: plain `(name: value)`, boolean `(name)`, or range (§2.4.4). */
function feature(inner: readonly CV[], media: MediaContext): Tri {
  const ops = splitOperators(inner);
  if (ops === null) return null;
  if (ops.length === 1) {
    const [only] = ops;
    if (only!.length !== 1 || !isIdent(only![0])) return null;
    const name = only![0].v.toLowerCase();
    const found = lookup(name);
    if (!found || found.prefix) return null;
    const v = featureValue(name, found.def, media);
    return typeof v === 'number' ? v !== 0 : !FALSE_IN_BOOLEAN_CONTEXT.has(v);
  }
  if (ops.length === 3 && ops[1]!.length === 1 && ops[1]![0]!.t === 'delim' && ops[1]![0]!.v === ':') {
    if (ops[0]!.length !== 1 || !isIdent(ops[0]![0])) return null;
    const name = ops[0]![0].v.toLowerCase();
    const found = lookup(name);
    if (!found) return null;
    const { def, prefix } = found;
    const base = name.replace(/^(-webkit-)?(min|max)-/, '$1');
    const actual = featureValue(base, def, media);
    if ('range' in def) {
      const wanted = parseValue(ops[2]!, def.range, media);
      if (wanted === null) return null;
      return compare(actual as number, prefix === 'min' ? '>=' : prefix === 'max' ? '<=' : '=', wanted);
    }
    const value = ops[2]!;
    if (value.length !== 1) return null;
    const v = value[0]!;
    const text = v.t === 'ident' ? v.v.toLowerCase() : v.t === 'num' && v.unit === '' ? String(v.v) : null;
    // A value the feature cannot take makes it unknown (`(color-gamut: dci-p3)`, MQ 4 §3.2).
    if (text === null || !def.values.includes(text)) return null;
    // color-gamut matches every gamut the output covers at least (MQ 4 §6.4): sRGB only.
    return text === actual;
  }
  return range(ops, media);
}

/**
 * Split a feature's words at `:` and the comparison operators, joining `<=`/`>=`: [operand, op,
 * operand, …] with each operator as a one-item list. Null when two operators touch.
 */
function splitOperators(inner: readonly CV[]): CV[][] | null {
  const out: CV[][] = [[]];
  for (let k = 0; k < inner.length; k++) {
    const cv = inner[k]!;
    if (cv.t === 'delim' && (cv.v === '<' || cv.v === '>' || cv.v === '=' || cv.v === ':')) {
      const next = inner[k + 1];
      const joined = (cv.v === '<' || cv.v === '>') && next?.t === 'delim' && next.v === '=' && next.s === cv.e;
      if (joined) k++;
      if (out[out.length - 1]!.length === 0) return null;
      out.push([{ ...cv, v: joined ? `${cv.v}=` : cv.v }], []);
    } else out[out.length - 1]!.push(cv);
  }
  return out[out.length - 1]!.length === 0 ? null : out;
}

/** `(name op value)`, `(value op name)` or `(value op name op value)` with both ops pointing the same way. */
function range(ops: readonly CV[][], media: MediaContext): Tri {
  const op = (k: number): string => (ops[k]![0] as { v: string }).v;
  const nameAt = (k: number): { def: Extract<FeatureDef, { range: Range }>; name: string } | null => {
    const w = ops[k]!;
    if (w.length !== 1 || !isIdent(w[0])) return null;
    const name = w[0].v.toLowerCase();
    const def = featureDef(name);
    return def && 'range' in def ? { def, name } : null;
  };
  if (ops.length === 3) {
    if (op(1) === ':') return null;
    const left = nameAt(0);
    const right = left ? null : nameAt(2);
    const f = left ?? right;
    if (!f) return null;
    const value = parseValue(ops[left ? 2 : 0]!, f.def.range, media);
    if (value === null) return null;
    const actual = f.def.value(media);
    return left ? compare(actual, op(1), value) : compare(value, op(1), actual);
  }
  if (ops.length === 5) {
    const f = nameAt(2);
    const o1 = op(1),
      o2 = op(3);
    if (!f || o1 === ':' || o2 === ':' || o1 === '=' || o2 === '=' || o1[0] !== o2[0]) return null;
    const lo = parseValue(ops[0]!, f.def.range, media);
    const hi = parseValue(ops[4]!, f.def.range, media);
    if (lo === null || hi === null) return null;
    const actual = f.def.value(media);
    return compare(lo, o1, actual) && compare(actual, o2, hi);
  }
  return null;
}

function compare(a: number, op: string, b: number): boolean {
  const eps = 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  switch (op) {
    case '<':
      return a < b - eps;
    case '<=':
      return a <= b + eps;
    case '>':
      return a > b + eps;
    case '>=':
      return a >= b - eps;
    default:
      return Math.abs(a - b) <= eps;
  }
}

const RESOLUTION_UNITS: Readonly<Record<string, number>> = { dppx: 1, x: 1, dpi: 1 / 96, dpcm: 2.54 / 96 };

/** A feature value (§2.4.3 types): lengths in px (em = 16px, vw/vh on the page), dppx, ratios. */
function parseValue(value: readonly CV[], type: Range, media: MediaContext): number | null {
  const [a, slash, b] = value;
  if (type === 'ratio') {
    const num = (cv: CV | undefined): number | null => (cv?.t === 'num' && cv.unit === '' && cv.v >= 0 ? cv.v : null);
    if (value.length === 1) return num(a);
    if (value.length !== 3 || slash?.t !== 'delim' || slash.v !== '/') return null;
    const x = num(a),
      y = num(b);
    return x === null || y === null || y === 0 ? null : x / y;
  }
  if (value.length !== 1 || a === undefined) return null;
  if (type === 'length') {
    const ctx: LengthContext = {
      fontSize: 16,
      rootFontSize: 16,
      viewportWidth: media.width,
      viewportHeight: media.height,
    };
    const px = parseLength(a, ctx, { percent: false });
    return typeof px === 'number' ? px : null;
  }
  if (a.t !== 'num') return null;
  if (type === 'resolution') {
    const f = RESOLUTION_UNITS[a.unit];
    return f === undefined || a.v < 0 ? null : a.v * f;
  }
  if (a.unit !== '') return null;
  return type === 'integer' && !Number.isInteger(a.v) ? null : a.v;
}
