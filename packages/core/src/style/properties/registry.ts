import type { Color, ComputedStyle, Length } from '@platen/layout';
import { parseColor, parseLength, parseNumber, type LengthContext, type LengthOptions } from '../values.js';
import { words, type CV } from '../tokenizer.js';

/**
 * An element's computed values keyed by longhand name, as the parsers see their parent's and
 * their own earlier ones (the typed view is `Flat` in properties/index.ts).
 */
export type ComputedValues = Readonly<Record<string, unknown>>;

export interface ComputeContext {
  readonly len: LengthContext;
  /** The parent's computed values (null for the root). */
  readonly parent: ComputedValues | null;
  /** Values computed so far for this element: font-size, color… come first. */
  readonly current: ComputedValues;
}

/** `currentcolor` as an initial value: the element's own computed `color` (compute.ts). */
type Initial<V> = NoInfer<V> | 'currentcolor';

/**
 * One longhand (CSS Cascade 4 §4): inherited or not, its initial value, its parser (`compute`
 * returns undefined for an invalid value, which drops the declaration) and the ComputedStyle
 * field it fills.
 */
export interface Longhand<V = unknown> {
  readonly inherited: boolean;
  readonly initial: V | 'currentcolor';
  readonly compute: (cvs: readonly CV[], ctx: ComputeContext) => V | undefined;
  /** The ComputedStyle field the value goes to; null when compute.ts uses it to adjust others (-webkit-box-*). */
  readonly field: keyof ComputedStyle | null;
  /** True when the value is the field as it is; false when assemble.ts builds the field from it and others. */
  readonly direct: boolean;
}

/** A longhand whose computed value is a ComputedStyle field as it is: the compiler checks the field and its type. */
export function longhand<F extends keyof ComputedStyle>(
  field: F,
  inherited: boolean,
  initial: Initial<ComputedStyle[F]>,
  compute: (cvs: readonly CV[], ctx: ComputeContext) => ComputedStyle[F] | undefined,
): Longhand<ComputedStyle[F]> & { readonly field: F; readonly direct: true } {
  return { inherited, initial, compute, field, direct: true };
}

/** A longhand that is one part of a field assemble.ts builds (a border side's width, `overflow-x`…). */
export function partOf<V>(
  field: keyof ComputedStyle | null,
  inherited: boolean,
  initial: Initial<V>,
  compute: (cvs: readonly CV[], ctx: ComputeContext) => V | undefined,
): Longhand<V> {
  return { inherited, initial, compute, field, direct: false };
}

/** A single keyword among `values` (case-insensitive), with optional aliases. */
export function keyword<const T extends string>(values: readonly T[], aliases: Readonly<Record<string, T>> = {}) {
  return (cvs: readonly CV[]): T | undefined => {
    if (cvs.length !== 1 || cvs[0]!.t !== 'ident') return undefined;
    const v = cvs[0]!.v.toLowerCase();
    if ((values as readonly string[]).includes(v)) return v as T;
    // Own keys only: a value such as `constructor` must not find Object.prototype's members.
    return Object.hasOwn(aliases, v) ? aliases[v] : undefined;
  };
}

export function single(cvs: readonly CV[]): CV | undefined {
  const w = words(cvs);
  return w.length === 1 ? w[0] : undefined;
}

export function identOf(cvs: readonly CV[]): string | undefined {
  const cv = single(cvs);
  return cv?.t === 'ident' ? cv.v.toLowerCase() : undefined;
}

type LengthKeywordOptions = { readonly auto?: true; readonly none?: true; readonly normal?: true };
/** The keywords `length(opts)` accepts besides lengths, as a type: `length({ auto: true })` gives `Length | 'auto'`. */
type LengthKeywords<O> =
  | (O extends { auto: true } ? 'auto' : never)
  | (O extends { none: true } ? 'none' : never)
  | (O extends { normal: true } ? 'normal' : never);

export function length<const O extends LengthOptions & LengthKeywordOptions>(opts: O = {} as O) {
  return (cvs: readonly CV[], ctx: ComputeContext): Length | LengthKeywords<O> | undefined => {
    const id = identOf(cvs);
    if (id !== undefined) {
      if ((opts.auto && id === 'auto') || (opts.none && id === 'none') || (opts.normal && id === 'normal'))
        return id as LengthKeywords<O>;
      return undefined;
    }
    return parseLength(single(cvs), ctx.len, opts) ?? undefined;
  };
}

/**
 * Chromium keeps these numbers (flex factors, opacity, …) as floats: 1e308 becomes the
 * largest float. Products such as flex-shrink × base size then stay finite; with 1e308 they
 * were Infinity, the flex line NaN, and the document a PDF without pages.
 */
const FLOAT_MAX = 3.4028234663852886e38;

export function number(opts: { min?: number; integer?: boolean } = {}) {
  return (cvs: readonly CV[], ctx: ComputeContext): number | undefined => {
    const parsed = parseNumber(single(cvs), ctx.len);
    if (parsed === null || (opts.min !== undefined && parsed < opts.min)) return undefined;
    const n = Math.max(-FLOAT_MAX, Math.min(FLOAT_MAX, parsed));
    return opts.integer ? Math.round(n) : n;
  };
}

/** The element's own computed `color` (for currentcolor). */
export function currentColor(ctx: ComputeContext): Color {
  return ctx.current['color'] as Color;
}

export function color(cvs: readonly CV[], ctx: ComputeContext): Color | undefined {
  const c = parseColor(single(cvs));
  if (c === null) return undefined;
  return c === 'currentcolor' ? currentColor(ctx) : c;
}

/**
 * A colour whose computed value keeps `currentcolor` as the keyword (CSS Color 4 §6.4), for the
 * properties whose painting tells it apart (compute.ts KEEPS_CURRENTCOLOR).
 */
export function colorOrCurrent(cvs: readonly CV[], ctx: ComputeContext): Color | 'currentcolor' | undefined {
  return identOf(cvs) === 'currentcolor' ? 'currentcolor' : color(cvs, ctx);
}
