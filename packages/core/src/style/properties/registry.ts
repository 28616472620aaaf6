import type { Color, Length } from '@platen/layout';
import { parseColor, parseLength, parseNumber, type LengthContext, type LengthOptions } from '../values.js';
import { words, type CV } from '../tokenizer.js';

/** Computed values of one element keyed by CSS longhand name (internal to core/style). */
export type Flat = Record<string, unknown>;

export interface ComputeContext {
  readonly len: LengthContext;
  /** The parent's computed values (null for the root). */
  readonly parent: Readonly<Flat> | null;
  /** Values computed so far for this element: font-size, color… come first. */
  readonly current: Readonly<Flat>;
}

/** How one longhand computes (CSS Cascade 4 §4): `compute` returns undefined when invalid. */
export interface PropertyDef {
  readonly inherited: boolean;
  readonly initial: unknown;
  readonly compute: (cvs: readonly CV[], ctx: ComputeContext) => unknown;
}

export const PROPERTIES = new Map<string, PropertyDef>();

export function define(
  names: string | readonly string[],
  inherited: boolean,
  initial: unknown,
  compute: PropertyDef['compute'],
): void {
  for (const name of typeof names === 'string' ? [names] : names) PROPERTIES.set(name, { inherited, initial, compute });
}

/** A single keyword among `values` (case-insensitive), with optional aliases. */
export function keyword<T extends string>(values: readonly T[], aliases: Readonly<Record<string, T>> = {}) {
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

export function length(opts: LengthOptions & { auto?: boolean; none?: boolean; normal?: boolean } = {}) {
  return (cvs: readonly CV[], ctx: ComputeContext): Length | 'auto' | 'none' | 'normal' | undefined => {
    const id = identOf(cvs);
    if (id !== undefined) {
      if (opts.auto && id === 'auto') return 'auto';
      if (opts.none && id === 'none') return 'none';
      if (opts.normal && id === 'normal') return 'normal';
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
