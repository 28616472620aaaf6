import type { Color, Length } from '@platen/layout';
import { NAMED_COLORS, SYSTEM_COLORS } from './named-colors.js';
import { splitCommas, words, type CV } from './tokenizer.js';
import { parseColorMix, parseLightDark, parseSpaceColor } from './color-functions.js';

/** What relative lengths resolve against (CSS Values 4 §6). */
export interface LengthContext {
  readonly fontSize: number;
  readonly rootFontSize: number;
  /** The page content box, for vw/vh (Chromium prints with the page as the viewport). */
  readonly viewportWidth: number;
  readonly viewportHeight: number;
  /** px per `ch`: the advance of "0" in the element's font, where its fonts are known (ComputeEnv.fontUnit). */
  readonly ch?: () => number;
  /** px per `ex`: the x-height of the element's first available font, where its fonts are known. */
  readonly ex?: () => number;
  /** px per `lh`: the element's computed line-height (ComputeEnv; the parent's in font-size and line-height). */
  readonly lh?: () => number;
}

/** CSS px per absolute unit (CSS Values 4 §6.2). */
export const ABSOLUTE: Readonly<Record<string, number>> = {
  px: 1,
  pt: 96 / 72,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};

/** A length in a viewport unit (the units unitToPx resolves against the viewport), in any CSS text. */
export const VIEWPORT_LENGTH = /\dv(?:w|h|min|max)\b/i;
/** The units measured in the element's font once it is loaded (ComputeEnv.fontUnit). */
export type FontUnit = 'ch' | 'ex';
/** A length in `ch` or `ex`, which needs the element's font (ComputeEnv.fontUnit), in any CSS text. */
export const FONT_UNIT_LENGTH = /\d(?:ch|ex)\b/i;

/** px per unit, or null for an unknown unit. */
export function unitToPx(unit: string, ctx: LengthContext): number | null {
  // Own keys only: a unit like `constructor` must not reach Object.prototype.
  if (Object.hasOwn(ABSOLUTE, unit)) return ABSOLUTE[unit]!;
  switch (unit) {
    case 'em':
      return ctx.fontSize;
    case 'rem':
      return ctx.rootFontSize;
    // Values 4 §6.1.1: ch is the advance of "0"; without font metrics, ex and ch use the usual 0.5em.
    case 'ch':
      return ctx.ch?.() ?? ctx.fontSize / 2;
    case 'ex':
      return ctx.ex?.() ?? ctx.fontSize / 2;
    case 'rex':
    case 'rch':
      return ctx.rootFontSize / 2;
    case 'lh':
      return ctx.lh?.() ?? ctx.fontSize * 1.2;
    case 'vw':
      return ctx.viewportWidth / 100;
    case 'vh':
      return ctx.viewportHeight / 100;
    case 'vmin':
      return Math.min(ctx.viewportWidth, ctx.viewportHeight) / 100;
    case 'vmax':
      return Math.max(ctx.viewportWidth, ctx.viewportHeight) / 100;
    default:
      return null;
  }
}

type MathValue =
  { readonly kind: 'len'; readonly px: number; readonly pct: number } | { readonly kind: 'num'; readonly v: number };

export const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', '-webkit-calc']);

/** Evaluate calc()/min()/max()/clamp() (Values 4 §10) to px + %, or a plain number. */
export function evalMath(cv: CV, ctx: LengthContext): MathValue | null {
  if (cv.t !== 'fn' || !MATH_FUNCTIONS.has(cv.v)) return null;
  if (cv.v === 'calc' || cv.v === '-webkit-calc') return evalSum(words(cv.args), ctx);
  const args = splitCommas(cv.args).map((a) => evalSum(words(a), ctx));
  if (args.some((a) => a === null) || args.length === 0) return null;
  const vals = args as MathValue[];
  if (cv.v === 'clamp') {
    if (vals.length !== 3) return null;
    const upper = pickMinMax('min', [vals[1]!, vals[2]!]);
    return upper ? pickMinMax('max', [vals[0]!, upper]) : null;
  }
  return pickMinMax(cv.v as 'min' | 'max', vals);
}

function pickMinMax(which: 'min' | 'max', vals: readonly MathValue[]): MathValue | null {
  const kinds = new Set(vals.map((v) => v.kind));
  if (kinds.size !== 1) return null;
  if (vals[0]!.kind === 'num') {
    const nums = vals.map((v) => (v as { v: number }).v);
    return { kind: 'num', v: which === 'min' ? Math.min(...nums) : Math.max(...nums) };
  }
  const lens = vals as unknown as { px: number; pct: number }[];
  // Mixed px and % cannot be compared before layout; compare like terms when possible.
  const allPx = lens.every((l) => l.pct === 0);
  const allPct = lens.every((l) => l.px === 0);
  const key = allPx
    ? (l: { px: number }) => l.px
    : allPct
      ? (l: { pct: number }) => l.pct
      : (l: { px: number; pct: number }) => l.px + l.pct * 8;
  const best = lens.reduce((a, b) => ((which === 'min' ? key(b) < key(a) : key(b) > key(a)) ? b : a));
  return { kind: 'len', px: best.px, pct: best.pct };
}

function evalSum(items: readonly CV[], ctx: LengthContext): MathValue | null {
  // Split into products on + and - (which must be whitespace-separated in calc()).
  let acc: MathValue | null = null;
  let sign = 1;
  let term: CV[] = [];
  const flush = (): boolean => {
    const v = evalProduct(term, ctx);
    if (!v) return false;
    const signed: MathValue =
      v.kind === 'num' ? { kind: 'num', v: v.v * sign } : { kind: 'len', px: v.px * sign, pct: v.pct * sign };
    if (!acc) acc = signed;
    else if (acc.kind === 'num' && signed.kind === 'num') acc = { kind: 'num', v: acc.v + signed.v };
    else if (acc.kind === 'len' && signed.kind === 'len')
      acc = { kind: 'len', px: acc.px + signed.px, pct: acc.pct + signed.pct };
    else if (acc.kind === 'len' && signed.kind === 'num' && signed.v === 0) {
      /* 0 is a length */
    } else return false;
    term = [];
    return true;
  };
  for (const cv of items) {
    if (cv.t === 'delim' && (cv.v === '+' || cv.v === '-') && term.length > 0) {
      if (!flush()) return null;
      sign = cv.v === '-' ? -1 : 1;
    } else term.push(cv);
  }
  return flush() ? acc : null;
}

function evalProduct(items: readonly CV[], ctx: LengthContext): MathValue | null {
  let acc: MathValue | null = null;
  let op: '*' | '/' | null = null;
  for (const cv of items) {
    if (cv.t === 'delim' && (cv.v === '*' || cv.v === '/')) {
      op = cv.v;
      continue;
    }
    const v = evalLeaf(cv, ctx);
    if (!v) return null;
    if (!acc) acc = v;
    else if (op === '*') {
      if (acc.kind === 'num' && v.kind === 'num') acc = { kind: 'num', v: acc.v * v.v };
      else if (acc.kind === 'num' && v.kind === 'len') acc = { kind: 'len', px: v.px * acc.v, pct: v.pct * acc.v };
      else if (acc.kind === 'len' && v.kind === 'num') acc = { kind: 'len', px: acc.px * v.v, pct: acc.pct * v.v };
      else return null;
    } else if (op === '/') {
      if (v.kind !== 'num' || v.v === 0) return null;
      acc =
        acc.kind === 'num' ? { kind: 'num', v: acc.v / v.v } : { kind: 'len', px: acc.px / v.v, pct: acc.pct / v.v };
    } else return null;
    op = null;
  }
  return acc;
}

/** The numeric constants of calc() (CSS Values 4 §10.7.1), ASCII case-insensitive. */
const MATH_CONSTANTS: Readonly<Record<string, number>> = {
  e: Math.E,
  pi: Math.PI,
  infinity: Infinity,
  '-infinity': -Infinity,
  nan: NaN,
};

function evalLeaf(cv: CV, ctx: LengthContext): MathValue | null {
  if (cv.t === 'ident') {
    const v = MATH_CONSTANTS[cv.v.toLowerCase()];
    return v === undefined ? null : { kind: 'num', v };
  }
  if (cv.t === 'num') {
    if (cv.unit === '') return { kind: 'num', v: cv.v };
    if (cv.unit === '%') return { kind: 'len', px: 0, pct: cv.v };
    const f = unitToPx(cv.unit, ctx);
    return f === null ? null : { kind: 'len', px: cv.v * f, pct: 0 };
  }
  if (cv.t === 'block' && cv.v === '(') return evalSum(words(cv.items), ctx);
  if (cv.t === 'fn') return evalMath(cv, ctx);
  return null;
}

export interface LengthOptions {
  readonly percent?: boolean;
  readonly negative?: boolean;
  /** Treat a unitless number as px (SVG-ish presentational attributes, quirks). */
  readonly unitless?: boolean;
}

/** A `<length-percentage>` (px or Calc), or null when `cv` is not one. */
export function parseLength(cv: CV | undefined, ctx: LengthContext, opts: LengthOptions = {}): Length | null {
  if (!cv) return null;
  let value: Length | null = null;
  if (cv.t === 'num') {
    if (cv.unit === '%') value = opts.percent === false ? null : { px: 0, pct: cv.v };
    else if (cv.unit === '') value = cv.v === 0 || opts.unitless ? cv.v : null;
    else {
      const f = unitToPx(cv.unit, ctx);
      value = f === null ? null : cv.v * f;
    }
  } else if (cv.t === 'fn') {
    const m = evalMath(cv, ctx);
    if (m?.kind === 'len') value = m.pct === 0 ? m.px : opts.percent === false ? null : { px: m.px, pct: m.pct };
    else if (m?.kind === 'num' && m.v === 0) value = 0;
  }
  if (value === null) return null;
  if (opts.negative === false && (typeof value === 'number' ? value < 0 : value.px < 0 && value.pct <= 0)) return null;
  return typeof value === 'number' ? clampLength(value) : { px: clampLength(value.px), pct: clampLength(value.pct) };
}

/**
 * Chromium lays out in LayoutUnits (1/64 px in 32 bits), so every length saturates at
 * ±33,554,431 px. Clamping here keeps `width: 1e25px` from reaching the PDF writer,
 * which throws on numbers of 1e21 and above.
 */
export const MAX_LAYOUT_PX = 33_554_431;
const clampLength = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(-MAX_LAYOUT_PX, Math.min(MAX_LAYOUT_PX, v)));

/** A `<number>` (also from calc()). */
export function parseNumber(cv: CV | undefined, ctx: LengthContext): number | null {
  if (!cv) return null;
  if (cv.t === 'num' && cv.unit === '') return cv.v;
  if (cv.t === 'fn') {
    const m = evalMath(cv, ctx);
    return m?.kind === 'num' ? m.v : null;
  }
  return null;
}

/** An `<angle>` in degrees. */
export function parseAngle(cv: CV | undefined): number | null {
  if (!cv || cv.t !== 'num') return null;
  switch (cv.unit) {
    case 'deg':
      return cv.v;
    case 'rad':
      return (cv.v * 180) / Math.PI;
    case 'grad':
      return cv.v * 0.9;
    case 'turn':
      return cv.v * 360;
    case '':
      return cv.v === 0 ? 0 : null;
    default:
      return null;
  }
}

export const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };
export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function fromInt(n: number, a = 1): Color {
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a };
}

/** A `<color>` (CSS Color 4), `'currentcolor'`, or null. */
export function parseColor(cv: CV | undefined): Color | 'currentcolor' | null {
  if (!cv) return null;
  if (cv.t === 'ident') {
    const name = cv.v.toLowerCase();
    if (name === 'transparent') return TRANSPARENT;
    if (name === 'currentcolor') return 'currentcolor';
    const n = NAMED_COLORS.get(name) ?? SYSTEM_COLORS.get(name);
    return n === undefined ? (name === '-webkit-link' ? fromInt(0x0000ee) : null) : fromInt(n);
  }
  if (cv.t === 'hash') return parseHex(cv.v);
  if (cv.t === 'fn' && cv.v.toLowerCase() === 'light-dark') return parseLightDark(cv.args, parseColor);
  if (cv.t === 'fn') return parseColorFunction(cv.v, cv.args);
  return null;
}

function parseHex(hex: string): Color | null {
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  const d = (i: number, len: number): number => {
    const s = hex.slice(i * len, i * len + len);
    return parseInt(len === 1 ? s + s : s, 16);
  };
  switch (hex.length) {
    case 3:
      return { r: d(0, 1), g: d(1, 1), b: d(2, 1), a: 1 };
    case 4:
      return { r: d(0, 1), g: d(1, 1), b: d(2, 1), a: d(3, 1) / 255 };
    case 6:
      return { r: d(0, 2), g: d(1, 2), b: d(2, 2), a: 1 };
    case 8:
      return { r: d(0, 2), g: d(1, 2), b: d(2, 2), a: d(3, 2) / 255 };
    default:
      return null;
  }
}

/** The channel list of rgb()/hsl(): legacy comma syntax or modern `a b c / alpha`. */
function channels(args: readonly CV[]): { values: CV[]; alpha: CV | null } | null {
  const commas = splitCommas(args);
  if (commas.length > 1) {
    if (commas.some((c) => c.length !== 1) || commas.length < 3 || commas.length > 4) return null;
    return { values: commas.slice(0, 3).map((c) => c[0]!), alpha: commas[3]?.[0] ?? null };
  }
  const w = words(args);
  const slash = w.findIndex((c) => c.t === 'delim' && c.v === '/');
  const values = slash >= 0 ? w.slice(0, slash) : w;
  if (values.length !== 3) return null;
  return { values, alpha: slash >= 0 ? (w[slash + 1] ?? null) : null };
}

function alphaOf(cv: CV | null): number | null {
  if (cv === null) return 1;
  if (cv.t === 'num' && cv.unit === '') return clamp(cv.v, 0, 1);
  if (cv.t === 'num' && cv.unit === '%') return clamp(cv.v / 100, 0, 1);
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  return null;
}

function parseColorFunction(name: string, args: readonly CV[]): Color | null {
  if (name === 'color-mix') return parseColorMix(args, parseColor);
  if (name === 'lab' || name === 'lch' || name === 'oklab' || name === 'oklch' || name === 'color')
    return parseSpaceColor(name, args);
  const ch = channels(args);
  if (!ch) return null;
  const a = alphaOf(ch.alpha);
  if (a === null) return null;
  if (name === 'rgb' || name === 'rgba') {
    const rgb = ch.values.map((c) =>
      c.t === 'num' && c.unit === ''
        ? c.v
        : c.t === 'num' && c.unit === '%'
          ? (c.v * 255) / 100
          : c.t === 'ident' && c.v === 'none'
            ? 0
            : NaN,
    );
    if (rgb.some((v) => Number.isNaN(v))) return null;
    const [r, g, b] = rgb.map((v) => Math.round(clamp(v, 0, 255))) as [number, number, number];
    return { r, g, b, a };
  }
  if (name === 'hsl' || name === 'hsla' || name === 'hwb') {
    const [hc, sc, lc] = ch.values as [CV, CV, CV];
    const hue = hc.t === 'num' && hc.unit === '' ? hc.v : parseAngle(hc);
    const pct = (c: CV): number => (c.t === 'num' && (c.unit === '%' || c.unit === '') ? c.v / 100 : NaN);
    const s = pct(sc);
    const l = pct(lc);
    if (hue === null || Number.isNaN(s) || Number.isNaN(l)) return null;
    const [r, g, b] = name === 'hwb' ? hwbToRgb(hue, s, l) : hslToRgb(hue, clamp(s, 0, 1), clamp(l, 0, 1));
    return { r: Math.round(r * 255), g: Math.round(g * 255), b: Math.round(b * 255), a };
  }
  return null;
}

/** CSS Color 4 §7.1 sample code. */
function hslToRgb(hue: number, sat: number, light: number): [number, number, number] {
  const h = ((hue % 360) + 360) % 360;
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    const a = sat * Math.min(light, 1 - light);
    return light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function hwbToRgb(hue: number, white: number, black: number): [number, number, number] {
  if (white + black >= 1) {
    const gray = white / (white + black);
    return [gray, gray, gray];
  }
  return hslToRgb(hue, 1, 0.5).map((c) => c * (1 - white - black) + white) as [number, number, number];
}
