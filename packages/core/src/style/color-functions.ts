import type { Color } from '@platen/layout';
import { splitCommas, words, type CV } from './tokenizer.js';
import {
  labToLinearSrgb,
  linearSrgbToColor,
  mixColors,
  oklabToLinearSrgb,
  polarToRect,
  predefinedToLinearSrgb,
} from './color-spaces.js';

type ParseColor = (cv: CV | undefined) => Color | 'currentcolor' | null;

/** A channel: a number, a percentage scaled so that 100% = `full`, or `none` (0). */
function channel(cv: CV | undefined, full: number): number | null {
  if (!cv) return null;
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  if (cv.t === 'num' && cv.unit === '') return cv.v;
  if (cv.t === 'num' && cv.unit === '%') return (cv.v / 100) * full;
  return null;
}

function hue(cv: CV | undefined): number | null {
  if (!cv) return null;
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  if (cv.t !== 'num') return null;
  const factor: Record<string, number> = { '': 1, deg: 1, rad: 180 / Math.PI, grad: 0.9, turn: 360 };
  const f = factor[cv.unit];
  return f === undefined ? null : cv.v * f;
}

function alphaOf(cv: CV | undefined): number | null {
  if (cv === undefined) return 1;
  const a = channel(cv, 1);
  return a === null ? null : Math.min(1, Math.max(0, a));
}

/** `a b c [/ alpha]` (the modern syntax only). */
function components(args: readonly CV[]): { values: CV[]; alpha: CV | undefined } | null {
  const w = words(args);
  const slash = w.findIndex((c) => c.t === 'delim' && c.v === '/');
  const values = slash >= 0 ? w.slice(0, slash) : w;
  if (slash >= 0 && slash !== w.length - 2) return null;
  return { values, alpha: slash >= 0 ? w[slash + 1] : undefined };
}

/** lab(), lch(), oklab(), oklch() and color() (CSS Color 4 §9–10). */
export function parseSpaceColor(name: string, args: readonly CV[]): Color | null {
  const c = components(args);
  if (!c) return null;
  const alpha = alphaOf(c.alpha);
  if (alpha === null) return null;
  const [x, y, z] = c.values;
  switch (name) {
    case 'oklab':
    case 'lab': {
      if (c.values.length !== 3) return null;
      const oklab = name === 'oklab';
      const v = [channel(x, oklab ? 1 : 100), channel(y, oklab ? 0.4 : 125), channel(z, oklab ? 0.4 : 125)];
      if (v.some((n) => n === null)) return null;
      const lab = v as [number, number, number];
      return linearSrgbToColor(oklab ? oklabToLinearSrgb(lab) : labToLinearSrgb(lab), alpha);
    }
    case 'oklch':
    case 'lch': {
      if (c.values.length !== 3) return null;
      const ok = name === 'oklch';
      const v = [channel(x, ok ? 1 : 100), channel(y, ok ? 0.4 : 150), hue(z)];
      if (v.some((n) => n === null)) return null;
      const lab = polarToRect(v as [number, number, number]);
      return linearSrgbToColor(ok ? oklabToLinearSrgb(lab) : labToLinearSrgb(lab), alpha);
    }
    case 'color': {
      const [space, ...rest] = c.values;
      if (space?.t !== 'ident' || rest.length !== 3) return null;
      const v = rest.map((cv) => channel(cv, 1));
      if (v.some((n) => n === null)) return null;
      const linear = predefinedToLinearSrgb(space.v.toLowerCase(), v as [number, number, number]);
      return linear ? linearSrgbToColor(linear, alpha) : null;
    }
    default:
      return null;
  }
}

/**
 * light-dark(<color>, <color>) (CSS Color 5 §8.1): the first colour when the element's used
 * color scheme is light, the second when dark. Print uses the light scheme (Chromium answers
 * prefers-color-scheme: light) and Platen does not take `color-scheme`, whose other effects (UA
 * colours, the canvas) it does not draw either: the light colour, once both are valid.
 */
export function parseLightDark(args: readonly CV[], parseColor: ParseColor): Color | 'currentcolor' | null {
  const parts = splitCommas(args).map((p) => words(p));
  if (parts.length !== 2 || parts.some((p) => p.length !== 1)) return null;
  const light = parseColor(parts[0]![0]);
  return light !== null && parseColor(parts[1]![0]) !== null ? light : null;
}

/** color-mix(in <space>, <color> <percentage>?, <color> <percentage>?) (CSS Color 5 §2). */
export function parseColorMix(args: readonly CV[], parseColor: ParseColor): Color | null {
  const [head, first, second] = splitCommas(args).map((p) => words(p));
  if (
    !head ||
    !first ||
    !second ||
    head[0]?.t !== 'ident' ||
    head[0].v.toLowerCase() !== 'in' ||
    head[1]?.t !== 'ident'
  )
    return null;
  const space = head[1].v.toLowerCase();
  const part = (p: CV[]): { color: Color; pct: number | null } | null => {
    const colorCv = p.find((cv) => !(cv.t === 'num' && cv.unit === '%'));
    const pctCv = p.find((cv) => cv.t === 'num' && cv.unit === '%');
    const color = parseColor(colorCv);
    if (!color || color === 'currentcolor' || p.length > 2) return null;
    return { color, pct: pctCv?.t === 'num' ? pctCv.v / 100 : null };
  };
  const a = part(first);
  const b = part(second);
  if (!a || !b) return null;
  const p1 = a.pct ?? (b.pct === null ? 0.5 : 1 - b.pct);
  const p2 = b.pct ?? 1 - p1;
  const sum = p1 + p2;
  if (sum <= 0) return null;
  // Percentages summing under 100% scale the result's alpha (§2.1).
  return mixColors(space === 'hsl' || space === 'hwb' ? 'srgb' : space, a.color, b.color, p2 / sum, Math.min(1, sum));
}
