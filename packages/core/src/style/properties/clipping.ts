import type { BasicShape, ClipPath, ClipRect, Length, ShapeRadius } from '@platen/layout';
import { parseLength } from '../values.js';
import { splitCommas, words, type CV } from '../tokenizer.js';
import { partOf, identOf, single, type ComputeContext } from './registry.js';
import { position } from './box.js';

/** CSS 2 §11.1.2: `auto | rect(<top>, <right>, <bottom>, <left>)`, commas or (legacy) spaces between. */
function clipRect(cvs: readonly CV[], ctx: ComputeContext): ClipRect | 'auto' | undefined {
  if (identOf(cvs) === 'auto') return 'auto';
  const fn = single(cvs);
  if (fn?.t !== 'fn' || fn.v !== 'rect') return undefined;
  const parts = splitCommas(fn.args);
  const items =
    parts.length === 4 ? parts.map((p) => words(p)) : parts.length === 1 ? words(fn.args).map((cv) => [cv]) : [];
  if (items.length !== 4 || items.some((w) => w.length !== 1)) return undefined;
  const sides = items.map(([cv]) => {
    if (cv?.t === 'ident' && cv.v.toLowerCase() === 'auto') return 'auto';
    const v = parseLength(cv, ctx.len, { percent: false });
    return typeof v === 'number' ? v : null;
  });
  if (sides.some((s) => s === null)) return undefined;
  const [top, right, bottom, left] = sides as (number | 'auto')[];
  return { top: top!, right: right!, bottom: bottom!, left: left! };
}

const GEOMETRY_BOXES: Readonly<Record<string, ClipPath['box']>> = {
  'border-box': 'border-box',
  'padding-box': 'padding-box',
  'content-box': 'content-box',
  'margin-box': 'margin-box',
  // CSS Masking 1 §5.1: on a CSS box, fill-box means its content box, stroke-box and view-box its border box.
  'fill-box': 'content-box',
  'stroke-box': 'border-box',
  'view-box': 'border-box',
};

/** `[<length-percentage>]{1,4}` expanded as margin and border-radius are (top/top-left first). */
function fourValues(
  cvs: readonly CV[],
  ctx: ComputeContext,
  negative: boolean,
): [Length, Length, Length, Length] | null {
  const v = cvs.map((cv) => parseLength(cv, ctx.len, { negative }));
  if (v.length < 1 || v.length > 4 || v.some((x) => x === null)) return null;
  const [a, b = a, c = a, d = b] = v as Length[];
  return [a!, b!, c!, d!];
}

/** `round <'border-radius'>` of inset(): horizontal radii, optionally `/` and vertical ones. */
function insetRadii(cvs: readonly CV[], ctx: ComputeContext): Extract<BasicShape, { kind: 'inset' }>['radii'] | null {
  const slash = cvs.findIndex((cv) => cv.t === 'delim' && cv.v === '/');
  const h = fourValues(slash < 0 ? cvs : cvs.slice(0, slash), ctx, false);
  const v = slash < 0 ? h : fourValues(cvs.slice(slash + 1), ctx, false);
  if (!h || !v) return null;
  return [
    [h[0], v[0]],
    [h[1], v[1]],
    [h[2], v[2]],
    [h[3], v[3]],
  ];
}

function shapeRadius(cv: CV | undefined, ctx: ComputeContext): ShapeRadius | null {
  if (cv?.t === 'ident') {
    const id = cv.v.toLowerCase();
    return id === 'closest-side' || id === 'farthest-side' ? id : null;
  }
  return parseLength(cv, ctx.len, { negative: false });
}

const CENTER: readonly [Length, Length] = [
  { px: 0, pct: 50 },
  { px: 0, pct: 50 },
];

/** CSS Shapes 1 §3.1: inset(), circle(), ellipse(), polygon(). */
function basicShape(fn: Extract<CV, { t: 'fn' }>, ctx: ComputeContext): BasicShape | null {
  const args = words(fn.args);
  if (fn.v === 'inset') {
    const round = args.findIndex((cv) => cv.t === 'ident' && cv.v.toLowerCase() === 'round');
    const offsets = fourValues(round < 0 ? args : args.slice(0, round), ctx, true);
    const zero: readonly [Length, Length] = [0, 0];
    const radii = round < 0 ? ([zero, zero, zero, zero] as const) : insetRadii(args.slice(round + 1), ctx);
    if (!offsets || !radii) return null;
    return { kind: 'inset', top: offsets[0], right: offsets[1], bottom: offsets[2], left: offsets[3], radii };
  }
  if (fn.v === 'circle' || fn.v === 'ellipse') {
    const at = args.findIndex((cv) => cv.t === 'ident' && cv.v.toLowerCase() === 'at');
    const radii = (at < 0 ? args : args.slice(0, at)).map((cv) => shapeRadius(cv, ctx));
    const center = at < 0 ? CENTER : position(args.slice(at + 1), ctx);
    if (!center || radii.some((r) => r === null)) return null;
    if (fn.v === 'circle')
      return radii.length <= 1 ? { kind: 'circle', radius: radii[0] ?? 'closest-side', center } : null;
    if (radii.length === 0) return { kind: 'ellipse', rx: 'closest-side', ry: 'closest-side', center };
    return radii.length === 2 ? { kind: 'ellipse', rx: radii[0]!, ry: radii[1]!, center } : null;
  }
  if (fn.v === 'polygon') {
    const parts = splitCommas(fn.args).map((p) => words(p));
    const rule = parts[0]?.length === 1 && parts[0][0]?.t === 'ident' ? parts[0][0].v.toLowerCase() : null;
    if (rule !== null && rule !== 'nonzero' && rule !== 'evenodd') return null;
    const points = (rule === null ? parts : parts.slice(1)).map((p) => p.map((cv) => parseLength(cv, ctx.len)));
    if (points.length === 0 || points.some((p) => p.length !== 2 || p[0] === null || p[1] === null)) return null;
    return { kind: 'polygon', evenOdd: rule === 'evenodd', points: points as [Length, Length][] };
  }
  return null;
}

/** CSS Masking 1 §5.1: `none | <basic-shape> || <geometry-box>` (url() references are not supported). */
function clipPath(cvs: readonly CV[], ctx: ComputeContext): ClipPath | 'none' | undefined {
  if (identOf(cvs) === 'none') return 'none';
  let shape: BasicShape | null = null;
  let box: ClipPath['box'] | null = null;
  for (const cv of words(cvs)) {
    if (cv.t === 'fn' && shape === null) {
      shape = basicShape(cv, ctx);
      if (shape === null) return undefined;
    } else if (cv.t === 'ident' && box === null && GEOMETRY_BOXES[cv.v.toLowerCase()])
      box = GEOMETRY_BOXES[cv.v.toLowerCase()]!;
    else return undefined;
  }
  return shape === null && box === null ? undefined : { shape, box: box ?? 'border-box' };
}

/** The longhands of this group, in compute order (properties/index.ts). */
export const CLIPPING_LONGHANDS = {
  clip: partOf('clip', false, 'auto', clipRect),
  'clip-path': partOf('clipPath', false, 'none', clipPath),
};
