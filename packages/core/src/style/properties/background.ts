import type { BackgroundLayer, ColorStop, Image, Length, LengthOrAuto } from '@platen/layout';
import { parseAngle, parseColor, parseLength } from '../values.js';
import { splitCommas, words, type CV } from '../tokenizer.js';
import { color, currentColor, longhand, partOf, identOf, type ComputeContext } from './registry.js';
import { position } from './box.js';

/** Per-layer list longhand: each comma-separated item parsed by `item`, or invalid. */
function layers<T>(item: (cvs: readonly CV[], ctx: ComputeContext) => T | undefined) {
  return (cvs: readonly CV[], ctx: ComputeContext): readonly T[] | undefined => {
    const out: T[] = [];
    for (const part of splitCommas(cvs)) {
      const v = item(part, ctx);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return out;
  };
}

export function parseImage(cvs: readonly CV[], ctx: ComputeContext): Image | null | undefined {
  const w = words(cvs);
  if (w.length !== 1) return undefined;
  const cv = w[0]!;
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return null;
  if (cv.t === 'url') return { kind: 'url', url: cv.v };
  if (cv.t !== 'fn') return undefined;
  if (cv.v === 'url') {
    const s = cv.args.find((a) => a.t === 'str');
    return s?.t === 'str' ? { kind: 'url', url: s.v } : undefined;
  }
  const name = cv.v.replace(/^-webkit-/, '');
  const legacy = cv.v.startsWith('-webkit-');
  if (name === 'linear-gradient' || name === 'repeating-linear-gradient')
    return linearGradient(cv.args, ctx, name.startsWith('repeating'), legacy);
  if (name === 'radial-gradient' || name === 'repeating-radial-gradient')
    return radialGradient(cv.args, ctx, name.startsWith('repeating'));
  return undefined;
}

const SIDE_ANGLES: Readonly<Record<string, number>> = { top: 0, right: 90, bottom: 180, left: 270 };

function sideAngle(ids: readonly string[]): number | null {
  if (ids.length === 1) return SIDE_ANGLES[ids[0]!] ?? null;
  if (ids.length !== 2) return null;
  const [a, b] = ids.map((id) => SIDE_ANGLES[id]) as [number | undefined, number | undefined];
  if (a === undefined || b === undefined) return null;
  // Corners: CSS Images 3 §3.1.1 makes the angle depend on the box; 45° multiples approximate it.
  const set = new Set(ids);
  if (set.has('top') && set.has('right')) return 45;
  if (set.has('bottom') && set.has('right')) return 135;
  if (set.has('bottom') && set.has('left')) return 225;
  if (set.has('top') && set.has('left')) return 315;
  return null;
}

function colorStops(parts: readonly (readonly CV[])[], ctx: ComputeContext): ColorStop[] | undefined {
  const stops: ColorStop[] = [];
  for (const part of parts) {
    const w = words(part);
    let c: ReturnType<typeof parseColor> = null;
    const positions: Length[] = [];
    for (const cv of w) {
      const l = parseLength(cv, ctx.len);
      if (l !== null) positions.push(l);
      else if ((c = parseColor(cv)) === null) return undefined;
    }
    if (c === null) {
      if (positions.length === 1) continue; // a colour hint: approximated as a linear midpoint
      return undefined;
    }
    const resolved = c === 'currentcolor' ? currentColor(ctx) : c;
    if (positions.length === 0) stops.push({ color: resolved, position: null });
    for (const p of positions) stops.push({ color: resolved, position: p });
  }
  return stops.length >= 1 ? stops : undefined;
}

function linearGradient(
  args: readonly CV[],
  ctx: ComputeContext,
  repeating: boolean,
  legacy: boolean,
): Image | undefined {
  const parts = splitCommas(args);
  let angleDeg = 180;
  const first = words(parts[0] ?? []);
  const ids = first.map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : ''));
  let consumed = false;
  if (first.length === 1 && parseAngle(first[0]) !== null && first[0]!.t === 'num' && first[0]!.unit !== '') {
    const a = parseAngle(first[0])!;
    angleDeg = legacy ? 90 - a : a;
    consumed = true;
  } else if (ids[0] === 'to' && !legacy) {
    const a = sideAngle(ids.slice(1));
    if (a === null) return undefined;
    angleDeg = a;
    consumed = true;
  } else if (legacy && ids.length > 0 && ids.every((id) => id in SIDE_ANGLES)) {
    const a = sideAngle(ids);
    if (a === null) return undefined;
    angleDeg = (a + 180) % 360; // -webkit- syntax names the start side
    consumed = true;
  }
  const stops = colorStops(consumed ? parts.slice(1) : parts, ctx);
  return stops ? { kind: 'linear-gradient', angleDeg, stops, repeating } : undefined;
}

type RadialSize = Extract<Image, { kind: 'radial-gradient' }>['size'];
const EXTENTS = ['closest-side', 'closest-corner', 'farthest-side', 'farthest-corner'] as const;

function radialGradient(args: readonly CV[], ctx: ComputeContext, repeating: boolean): Image | undefined {
  const parts = splitCommas(args);
  const first = words(parts[0] ?? []);
  let shape: 'circle' | 'ellipse' | null = null;
  let size: RadialSize = 'farthest-corner';
  let pos: readonly [Length, Length] = [
    { px: 0, pct: 50 },
    { px: 0, pct: 50 },
  ];
  const lengths: Length[] = [];
  let consumed = false;
  const at = first.findIndex((cv) => cv.t === 'ident' && cv.v.toLowerCase() === 'at');
  const head = at >= 0 ? first.slice(0, at) : first;
  let isPrelude = at >= 0;
  for (const cv of head) {
    const id = cv.t === 'ident' ? cv.v.toLowerCase() : '';
    if (id === 'circle' || id === 'ellipse') shape = id;
    else if ((EXTENTS as readonly string[]).includes(id)) size = id as RadialSize;
    else {
      const l = parseLength(cv, ctx.len, { negative: false });
      if (l === null) {
        isPrelude = false;
        break;
      }
      lengths.push(l);
      continue;
    }
    isPrelude = true;
  }
  if (lengths.length > 0 && (isPrelude || head.length === lengths.length)) isPrelude = true;
  if (isPrelude) {
    consumed = true;
    if (lengths.length === 1) {
      size = [lengths[0]!, lengths[0]!];
      shape ??= 'circle';
    } else if (lengths.length === 2) size = [lengths[0]!, lengths[1]!];
    if (at >= 0) {
      const p = position(first.slice(at + 1), ctx);
      if (!p) return undefined;
      pos = p;
    }
  }
  const stops = colorStops(consumed ? parts.slice(1) : parts, ctx);
  if (!stops) return undefined;
  return { kind: 'radial-gradient', shape: shape ?? 'ellipse', size, position: pos, stops, repeating };
}

type SizeValue = BackgroundLayer['size'];
type Repeat = 'repeat' | 'no-repeat' | 'space' | 'round';
type Box = 'border-box' | 'padding-box' | 'content-box';
const boxKeyword = (cvs: readonly CV[]): Box | undefined => {
  const id = identOf(cvs);
  return id === 'border-box' || id === 'padding-box' || id === 'content-box'
    ? id
    : id === 'text'
      ? 'border-box'
      : undefined;
};

/** Assemble background layers, repeating shorter lists (Backgrounds 3 §2.2). */
export function backgroundLayers(flat: Readonly<Record<string, unknown>>): BackgroundLayer[] {
  const images = flat['background-image'] as readonly (Image | null)[];
  const pick = <T>(name: string, i: number): T => {
    const list = flat[name] as readonly T[];
    return list[i % list.length]!;
  };
  const out: BackgroundLayer[] = [];
  images.forEach((image, i) => {
    if (!image) return;
    out.push({
      image,
      size: pick('background-size', i),
      position: pick('background-position', i),
      repeat: pick('background-repeat', i),
      origin: pick('background-origin', i),
      clip: pick('background-clip', i),
    });
  });
  return out;
}

/**
 * The background-color's clip: the background-clip of the bottom layer (CSS Backgrounds 3 §3.2),
 * also when that layer has no image (`background: #00f padding-box`).
 */
export function backgroundColorClip(flat: Readonly<Record<string, unknown>>): Box {
  const images = flat['background-image'] as readonly unknown[];
  const clips = flat['background-clip'] as readonly Box[];
  return clips[(images.length - 1) % clips.length]!;
}

/** The longhands of this group, in compute order (properties/index.ts). */
export const BACKGROUND_LONGHANDS = {
  'background-color': longhand('backgroundColor', false, { r: 0, g: 0, b: 0, a: 0 }, color),
  'background-image': partOf('backgroundLayers', false, [null], layers(parseImage)),
  'background-position': partOf(
    'backgroundLayers',
    false,
    [
      [
        { px: 0, pct: 0 },
        { px: 0, pct: 0 },
      ],
    ],
    layers(position),
  ),
  'background-size': partOf(
    'backgroundLayers',
    false,
    ['auto'],
    layers((cvs, ctx): SizeValue | undefined => {
      const id = identOf(cvs);
      if (id === 'cover' || id === 'contain') return id;
      const w = words(cvs);
      if (w.length === 0 || w.length > 2) return undefined;
      const one = (cv: CV): LengthOrAuto | null =>
        cv.t === 'ident' && cv.v.toLowerCase() === 'auto' ? 'auto' : parseLength(cv, ctx.len, { negative: false });
      const a = one(w[0]!);
      const b = w[1] ? one(w[1]) : 'auto';
      if (a === null || b === null) return undefined;
      return a === 'auto' && b === 'auto' ? 'auto' : [a, b];
    }),
  ),
  'background-repeat': partOf(
    'backgroundLayers',
    false,
    [['repeat', 'repeat']],
    layers((cvs): readonly [Repeat, Repeat] | undefined => {
      const ids = words(cvs).map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : ''));
      if (ids.length === 1) {
        if (ids[0] === 'repeat-x') return ['repeat', 'no-repeat'];
        if (ids[0] === 'repeat-y') return ['no-repeat', 'repeat'];
      }
      const ok = (s: string | undefined): s is Repeat =>
        s === 'repeat' || s === 'no-repeat' || s === 'space' || s === 'round';
      if (ids.length === 1 && ok(ids[0])) return [ids[0], ids[0]];
      if (ids.length === 2 && ok(ids[0]) && ok(ids[1])) return [ids[0], ids[1]];
      return undefined;
    }),
  ),
  'background-origin': partOf('backgroundLayers', false, ['padding-box'], layers(boxKeyword)),
  'background-clip': partOf('backgroundLayers', false, ['border-box'], layers(boxKeyword)),
  'background-attachment': partOf(
    'backgroundLayers',
    false,
    ['scroll'],
    layers((cvs) => identOf(cvs)),
  ),
};
