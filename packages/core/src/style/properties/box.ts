import type { Display, Length, Shadow, SizeKeyword, TransformFn } from '@platen/layout';
import { BLACK, parseAngle, parseColor, parseLength, parseNumber } from '../values.js';
import { splitCommas, words, type CV } from '../tokenizer.js';
import {
  color,
  colorOrCurrent,
  longhand,
  partOf,
  identOf,
  keyword,
  length,
  number,
  single,
  currentColor,
  type ComputeContext,
} from './registry.js';

const DISPLAYS: readonly Display[] = [
  'none',
  'contents',
  'block',
  'inline',
  'inline-block',
  'list-item',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'table',
  'inline-table',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-row',
  'table-cell',
  'table-column',
  'table-column-group',
  'table-caption',
  'flow-root',
];
/** Two-keyword display values (Display 3 §2) and legacy prefixed ones. */
const DISPLAY_ALIASES: Readonly<Record<string, Display>> = {
  'block flow': 'block',
  'inline flow': 'inline',
  'inline flow-root': 'inline-block',
  'block flex': 'flex',
  'inline flex': 'inline-flex',
  'block grid': 'grid',
  'inline grid': 'inline-grid',
  'block flow-root': 'flow-root',
  'block table': 'table',
  'inline table': 'inline-table',
  'block flow list-item': 'list-item',
  'list-item block': 'list-item',
  'block list-item': 'list-item',
  'list-item flow': 'list-item',
  'run-in': 'block',
  '-webkit-flex': 'flex',
  '-webkit-inline-flex': 'inline-flex',
  ruby: 'inline',
  'ruby-text': 'inline',
};

/** `-webkit-box` and `-webkit-inline-box` stay as they are until compute.ts maps them onto flexbox. */
const LEGACY_BOXES = ['-webkit-box', '-webkit-inline-box'] as const;
type LegacyBox = (typeof LEGACY_BOXES)[number];
/**
 * The intrinsic size keywords (CSS Sizing 3 §3.2), `stretch` (CSS Sizing 4 §3.1) and Chromium's
 * prefixed aliases; `fit-content(<length>)` is not supported (dropped as invalid, as before).
 */
const SIZE_KEYWORDS: Readonly<Record<string, SizeKeyword>> = {
  'min-content': 'min-content',
  'max-content': 'max-content',
  'fit-content': 'fit-content',
  '-webkit-min-content': 'min-content',
  '-webkit-max-content': 'max-content',
  '-webkit-fit-content': 'fit-content',
  stretch: 'stretch',
  '-webkit-fill-available': 'stretch',
};

/** `<length-percentage> | auto/none | min-content | max-content | fit-content` for the sizing properties. */
function sizeValue<const O extends { auto?: true; none?: true }>(opts: O) {
  const plain = length({ ...opts, negative: false });
  return (cvs: readonly CV[], ctx: ComputeContext) => {
    const id = identOf(cvs);
    return (id !== undefined ? SIZE_KEYWORDS[id] : undefined) ?? plain(cvs, ctx);
  };
}
/** `contain` (CSS Contain 2 §2): the kinds of containment, space-separated ('' for none). */
const CONTAIN_KEYWORDS: Readonly<Record<string, string>> = {
  none: '',
  strict: 'size layout paint style',
  content: 'layout paint style',
};
/** `contain-intrinsic-width` / `-height` (CSS Sizing 4 §6.2): a length in px, or none; `auto <length>` acts as the length here (no size is remembered). */
function containIntrinsicSize(cvs: readonly CV[], ctx: ComputeContext): number | 'none' | undefined {
  const w = words(cvs);
  if (w.length === 1 && w[0]!.t === 'ident' && w[0]!.v.toLowerCase() === 'none') return 'none';
  const last =
    w.length === 2 && w[0]!.t === 'ident' && w[0]!.v.toLowerCase() === 'auto'
      ? w[1]
      : w.length === 1
        ? w[0]
        : undefined;
  const v = parseLength(last, ctx.len, { percent: false, negative: false });
  return typeof v === 'number' ? v : undefined;
}

/** `thin`/`medium`/`thick` (Backgrounds 3 §4.3: 1px, 3px, 5px in every browser). */
export function lineWidth(cvs: readonly CV[], ctx: ComputeContext): number | undefined {
  const id = identOf(cvs);
  if (id === 'thin') return 1;
  if (id === 'medium') return 3;
  if (id === 'thick') return 5;
  const v = parseLength(single(cvs), ctx.len, { percent: false, negative: false });
  return typeof v === 'number' ? v : undefined;
}

const BORDER_STYLES = [
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
] as const;
const borderStyle = keyword(BORDER_STYLES);
/** A corner's horizontal and vertical radii (Backgrounds 3 §5.1). */
function cornerRadius(cvs: readonly CV[], ctx: ComputeContext): readonly [Length, Length] | undefined {
  const w = words(cvs);
  const a = parseLength(w[0], ctx.len, { negative: false });
  const b = w.length > 1 ? parseLength(w[1], ctx.len, { negative: false }) : a;
  return a !== null && b !== null && w.length <= 2 ? [a, b] : undefined;
}

/** `<shadow>#` for box-shadow (`inset` allowed) and text-shadow. */
export function shadows(allowInset: boolean) {
  return (cvs: readonly CV[], ctx: ComputeContext): readonly Shadow[] | undefined => {
    if (identOf(cvs) === 'none') return [];
    const out: Shadow[] = [];
    for (const part of splitCommas(cvs)) {
      const lengths: number[] = [];
      let c: ReturnType<typeof parseColor> = null;
      let inset = false;
      for (const cv of words(part)) {
        if (cv.t === 'ident' && cv.v.toLowerCase() === 'inset' && allowInset) inset = true;
        else {
          const l = parseLength(cv, ctx.len, { percent: false });
          if (typeof l === 'number') lengths.push(l);
          else if ((c = parseColor(cv) ?? c) === null) return undefined;
        }
      }
      if (lengths.length < 2 || lengths.length > (allowInset ? 4 : 3)) return undefined;
      const resolved = c === null || c === 'currentcolor' ? currentColor(ctx) : c;
      out.push({
        x: lengths[0]!,
        y: lengths[1]!,
        blur: Math.max(0, lengths[2] ?? 0),
        spread: lengths[3] ?? 0,
        color: resolved ?? BLACK,
        inset,
      });
    }
    return out;
  };
}

/** Transforms 1 §9 (2D functions only; 3D ones reduce to their 2D part). */
function transformFns(cvs: readonly CV[], ctx: ComputeContext): readonly TransformFn[] | undefined {
  if (identOf(cvs) === 'none') return [];
  const out: TransformFn[] = [];
  for (const cv of words(cvs)) {
    if (cv.t !== 'fn') return undefined;
    const args = splitCommas(cv.args).flatMap((a) => words(a));
    const len = (i: number) => parseLength(args[i], ctx.len);
    const num = (i: number) => parseNumber(args[i], ctx.len);
    const ang = (i: number) => parseAngle(args[i]);
    let fn: TransformFn | null = null;
    switch (cv.v) {
      case 'translate': {
        const x = len(0);
        const y = args.length > 1 ? len(1) : 0;
        if (x !== null && y !== null) fn = { kind: 'translate', x, y };
        break;
      }
      case 'translatex': {
        const x = len(0);
        if (x !== null) fn = { kind: 'translate', x, y: 0 };
        break;
      }
      case 'translatey': {
        const y = len(0);
        if (y !== null) fn = { kind: 'translate', x: 0, y };
        break;
      }
      case 'translate3d': {
        const x = len(0);
        const y = len(1);
        if (x !== null && y !== null) fn = { kind: 'translate', x, y };
        break;
      }
      case 'rotate':
      case 'rotatez': {
        const d = ang(0);
        if (d !== null) fn = { kind: 'rotate', deg: d };
        break;
      }
      case 'scale': {
        const x = num(0);
        const y = args.length > 1 ? num(1) : x;
        if (x !== null && y !== null) fn = { kind: 'scale', x, y };
        break;
      }
      case 'scalex': {
        const x = num(0);
        if (x !== null) fn = { kind: 'scale', x, y: 1 };
        break;
      }
      case 'scaley': {
        const y = num(0);
        if (y !== null) fn = { kind: 'scale', x: 1, y };
        break;
      }
      case 'skew': {
        const x = ang(0);
        const y = args.length > 1 ? ang(1) : 0;
        if (x !== null && y !== null) fn = { kind: 'skew', xDeg: x, yDeg: y };
        break;
      }
      case 'skewx': {
        const x = ang(0);
        if (x !== null) fn = { kind: 'skew', xDeg: x, yDeg: 0 };
        break;
      }
      case 'skewy': {
        const y = ang(0);
        if (y !== null) fn = { kind: 'skew', xDeg: 0, yDeg: y };
        break;
      }
      case 'matrix': {
        const m = args.map((_, i) => num(i));
        if (m.length === 6 && m.every((v) => v !== null))
          fn = { kind: 'matrix', m: m as [number, number, number, number, number, number] };
        break;
      }
      default:
        return undefined;
    }
    if (!fn) return undefined;
    out.push(fn);
  }
  return out;
}

/** A `<number>` or a `<percentage>` as a number (50% → 0.5), as `scale` takes its factors (Transforms 2 §5.3). */
function numberOrPercentage(cv: CV | undefined, ctx: ComputeContext): number | null {
  return cv?.t === 'num' && cv.unit === '%' ? cv.v / 100 : parseNumber(cv, ctx.len);
}

/**
 * The individual transform properties (CSS Transforms 2 §5), each as the transform function it
 * stands for (none: no function); assemble.ts puts them before `transform` (§6). The third
 * (z) value of `translate` and `scale` has no 2D effect; `rotate` turns about z only (an x or y
 * axis is 3D, not drawn: invalid here).
 */
function translateProperty(cvs: readonly CV[], ctx: ComputeContext): readonly TransformFn[] | undefined {
  if (identOf(cvs) === 'none') return [];
  const w = words(cvs);
  const x = parseLength(w[0], ctx.len);
  const y = w.length > 1 ? parseLength(w[1], ctx.len) : 0;
  if (w.length > 3 || x === null || y === null || (w.length === 3 && parseLength(w[2], ctx.len) === null))
    return undefined;
  return [{ kind: 'translate', x, y }];
}

function rotateProperty(cvs: readonly CV[]): readonly TransformFn[] | undefined {
  if (identOf(cvs) === 'none') return [];
  const w = words(cvs);
  const angle = w.find((cv) => !(cv.t === 'ident' && cv.v.toLowerCase() === 'z'));
  const deg = parseAngle(angle);
  return deg !== null && w.length <= 2 && w.every((cv) => cv === angle || cv.t === 'ident')
    ? [{ kind: 'rotate', deg }]
    : undefined;
}

function scaleProperty(cvs: readonly CV[], ctx: ComputeContext): readonly TransformFn[] | undefined {
  if (identOf(cvs) === 'none') return [];
  const factors: number[] = [];
  for (const cv of words(cvs)) {
    const factor = numberOrPercentage(cv, ctx);
    if (factor === null) return undefined;
    factors.push(factor);
  }
  if (factors.length === 0 || factors.length > 3) return undefined;
  return [{ kind: 'scale', x: factors[0]!, y: factors[1] ?? factors[0]! }];
}

/** `<position>` (Backgrounds 3 §3.6) → [x, y] as lengths/percentages. */
export function position(
  cvs: readonly CV[],
  ctx: ComputeContext,
): readonly [import('@platen/layout').Length, import('@platen/layout').Length] | undefined {
  const w = words(cvs);
  const pct = (p: number) => ({ px: 0, pct: p });
  const kwX: Record<string, number> = { left: 0, center: 50, right: 100 };
  const kwY: Record<string, number> = { top: 0, center: 50, bottom: 100 };
  if (w.length === 0 || w.length > 4) return undefined;
  const ids = w.map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : null));
  if (w.length <= 2) {
    let [a, b] = [w[0]!, w[1]];
    let [ia, ib] = [ids[0], ids[1]];
    // `top left` and `center left` order: put the horizontal keyword first.
    if (
      (ia !== null && ia !== undefined && ia in kwY && ia !== 'center') ||
      (ib !== null && ib !== undefined && ib in kwX && ib !== 'center')
    ) {
      [a, b] = [b ?? a, a];
      [ia, ib] = [ib ?? null, ia];
    }
    const x = ia !== null && ia !== undefined ? (ia in kwX ? pct(kwX[ia]!) : null) : parseLength(a, ctx.len);
    const y =
      b === undefined
        ? pct(50)
        : ib !== null && ib !== undefined
          ? ib in kwY
            ? pct(kwY[ib]!)
            : null
          : parseLength(b, ctx.len);
    return x !== null && y !== null ? [x, y] : undefined;
  }
  // Three/four values: keyword [offset] keyword [offset].
  let x: import('@platen/layout').Length | null = null;
  let y: import('@platen/layout').Length | null = null;
  for (let i = 0; i < w.length; i++) {
    const id = ids[i];
    if (id === null || id === undefined) return undefined;
    const next = w[i + 1];
    const off = next && ids[i + 1] === null ? parseLength(next, ctx.len) : null;
    if (off !== null) i++;
    const offPx = off === null ? 0 : off;
    const edge = (base: number, far: boolean) => {
      const o = typeof offPx === 'number' ? { px: offPx, pct: 0 } : offPx;
      return far ? { px: -o.px, pct: base - o.pct } : { px: o.px, pct: base + o.pct };
    };
    if (id === 'left' || id === 'right') x = edge(id === 'left' ? 0 : 100, id === 'right');
    else if (id === 'top' || id === 'bottom') y = edge(id === 'top' ? 0 : 100, id === 'bottom');
    else if (id === 'center') {
      if (x === null) x = pct(50);
      else y = pct(50);
    } else return undefined;
  }
  return [x ?? pct(50), y ?? pct(50)];
}
/** CSS UI 4 §5.1: every value but `none` asks for the native look; Chromium's legacy keywords count as `auto`. */

/** The longhands of this group, in compute order (properties/index.ts). */
export const BOX_LONGHANDS = {
  // Holds -webkit-box and -webkit-inline-box until compute.ts maps them onto flexbox (assemble.ts).
  display: partOf('display', false, 'inline', (cvs): Display | LegacyBox | undefined => {
    const text = words(cvs)
      .map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : '?'))
      .join(' ');
    return (DISPLAYS as readonly string[]).includes(text) || (LEGACY_BOXES as readonly string[]).includes(text)
      ? (text as Display | LegacyBox)
      : DISPLAY_ALIASES[text];
  }),
  position: longhand(
    'position',
    false,
    'static',
    keyword(['static', 'relative', 'absolute', 'fixed', 'sticky'] as const, { '-webkit-sticky': 'sticky' }),
  ),
  top: longhand('top', false, 'auto', length({ auto: true, negative: true })),
  right: longhand('right', false, 'auto', length({ auto: true, negative: true })),
  bottom: longhand('bottom', false, 'auto', length({ auto: true, negative: true })),
  left: longhand('left', false, 'auto', length({ auto: true, negative: true })),
  float: longhand(
    'float',
    false,
    'none',
    keyword(['none', 'left', 'right'] as const, { 'inline-start': 'left', 'inline-end': 'right' }),
  ),
  clear: longhand(
    'clear',
    false,
    'none',
    keyword(['none', 'left', 'right', 'both'] as const, { 'inline-start': 'left', 'inline-end': 'right' }),
  ),
  'z-index': longhand('zIndex', false, 'auto', (cvs, ctx) =>
    identOf(cvs) === 'auto' ? 'auto' : number({ integer: true })(cvs, ctx),
  ),
  'overflow-x': partOf(
    'overflow',
    false,
    'visible',
    keyword(['visible', 'hidden', 'clip', 'scroll', 'auto'] as const, { overlay: 'auto' }),
  ),
  'overflow-y': partOf(
    'overflow',
    false,
    'visible',
    keyword(['visible', 'hidden', 'clip', 'scroll', 'auto'] as const, { overlay: 'auto' }),
  ),
  visibility: longhand('visibility', true, 'visible', keyword(['visible', 'hidden', 'collapse'] as const)),
  opacity: longhand('opacity', false, 1, (cvs, ctx) => {
    const cv = single(cvs);
    if (cv?.t === 'num' && cv.unit === '%') return Math.min(1, Math.max(0, cv.v / 100));
    const n = parseNumber(cv, ctx.len);
    return n === null ? undefined : Math.min(1, Math.max(0, n));
  }),
  'box-sizing': longhand('boxSizing', false, 'content-box', keyword(['content-box', 'border-box'] as const)),
  width: longhand('width', false, 'auto', sizeValue({ auto: true })),
  height: longhand('height', false, 'auto', sizeValue({ auto: true })),
  'min-width': longhand('minWidth', false, 'auto', sizeValue({ auto: true })),
  'min-height': longhand('minHeight', false, 'auto', sizeValue({ auto: true })),
  'max-width': longhand('maxWidth', false, 'none', sizeValue({ none: true })),
  'max-height': longhand('maxHeight', false, 'none', sizeValue({ none: true })),
  'aspect-ratio': longhand('aspectRatio', false, 'auto', (cvs, ctx) => {
    const w = words(cvs);
    const auto = w.filter((cv) => cv.t === 'ident' && cv.v.toLowerCase() === 'auto').length;
    const rest = w.filter((cv) => !(cv.t === 'ident' && cv.v.toLowerCase() === 'auto'));
    if (auto > 1) return undefined;
    if (rest.length === 0) return auto === 1 ? 'auto' : undefined;
    const a = parseNumber(rest[0], ctx.len);
    const slash = rest[1]?.t === 'delim' && rest[1].v === '/';
    if (rest.length !== (slash ? 3 : 1)) return undefined;
    const b = slash ? parseNumber(rest[2], ctx.len) : 1;
    if (a === null || b === null || a < 0 || b < 0) return undefined;
    // A degenerate ratio (a zero term) behaves as auto (CSS Sizing 4 §5.1).
    if (a === 0 || b === 0) return 'auto';
    return { ratio: a / b, auto: auto === 1 };
  }),
  contain: partOf('sizeContainment', false, '', (cvs) => {
    const ids = words(cvs).map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : ''));
    if (ids.length === 1 && Object.hasOwn(CONTAIN_KEYWORDS, ids[0]!)) return CONTAIN_KEYWORDS[ids[0]!];
    const kinds = new Set(ids);
    const valid = ids.every((id) => ['size', 'inline-size', 'layout', 'style', 'paint'].includes(id));
    if (!valid || kinds.size !== ids.length || (kinds.has('size') && kinds.has('inline-size'))) return undefined;
    return ids.join(' ');
  }),
  'contain-intrinsic-width': partOf('sizeContainment', false, 'none', containIntrinsicSize),
  'contain-intrinsic-height': partOf('sizeContainment', false, 'none', containIntrinsicSize),
  'margin-top': longhand('marginTop', false, 0, length({ auto: true, negative: true })),
  'margin-right': longhand('marginRight', false, 0, length({ auto: true, negative: true })),
  'margin-bottom': longhand('marginBottom', false, 0, length({ auto: true, negative: true })),
  'margin-left': longhand('marginLeft', false, 0, length({ auto: true, negative: true })),
  'padding-top': longhand('paddingTop', false, 0, length({ negative: false })),
  'padding-right': longhand('paddingRight', false, 0, length({ negative: false })),
  'padding-bottom': longhand('paddingBottom', false, 0, length({ negative: false })),
  'padding-left': longhand('paddingLeft', false, 0, length({ negative: false })),
  'border-top-width': partOf('borderTop', false, 3, lineWidth),
  'border-top-style': partOf('borderTop', false, 'none', borderStyle),
  'border-top-color': partOf('borderTop', false, 'currentcolor', colorOrCurrent),
  'border-right-width': partOf('borderRight', false, 3, lineWidth),
  'border-right-style': partOf('borderRight', false, 'none', borderStyle),
  'border-right-color': partOf('borderRight', false, 'currentcolor', colorOrCurrent),
  'border-bottom-width': partOf('borderBottom', false, 3, lineWidth),
  'border-bottom-style': partOf('borderBottom', false, 'none', borderStyle),
  'border-bottom-color': partOf('borderBottom', false, 'currentcolor', colorOrCurrent),
  'border-left-width': partOf('borderLeft', false, 3, lineWidth),
  'border-left-style': partOf('borderLeft', false, 'none', borderStyle),
  'border-left-color': partOf('borderLeft', false, 'currentcolor', colorOrCurrent),
  'border-top-left-radius': partOf('borderRadius', false, [0, 0], cornerRadius),
  'border-top-right-radius': partOf('borderRadius', false, [0, 0], cornerRadius),
  'border-bottom-right-radius': partOf('borderRadius', false, [0, 0], cornerRadius),
  'border-bottom-left-radius': partOf('borderRadius', false, [0, 0], cornerRadius),
  'outline-width': partOf('outline', false, 3, lineWidth),
  'outline-style': partOf('outline', false, 'none', keyword([...BORDER_STYLES, 'auto'] as const)),
  'outline-color': partOf('outline', false, 'currentcolor', (cvs, ctx) =>
    identOf(cvs) === 'invert' ? currentColor(ctx) : color(cvs, ctx),
  ),
  'outline-offset': longhand('outlineOffset', false, 0, (cvs, ctx) => {
    const v = parseLength(single(cvs), ctx.len, { percent: false });
    return typeof v === 'number' ? v : undefined;
  }),
  'box-shadow': longhand('boxShadow', false, [], shadows(true)),
  transform: partOf('transform', false, [], transformFns),
  translate: partOf('transform', false, [], translateProperty),
  rotate: partOf('transform', false, [], rotateProperty),
  scale: partOf('transform', false, [], scaleProperty),
  'transform-origin': longhand(
    'transformOrigin',
    false,
    [
      { px: 0, pct: 50 },
      { px: 0, pct: 50 },
    ],
    (cvs, ctx) => position(words(cvs).slice(0, 2), ctx),
  ),
  'object-position': longhand(
    'objectPosition',
    false,
    [
      { px: 0, pct: 50 },
      { px: 0, pct: 50 },
    ],
    position,
  ),
  'object-fit': longhand(
    'objectFit',
    false,
    'fill',
    keyword(['fill', 'contain', 'cover', 'none', 'scale-down'] as const),
  ),
  appearance: longhand('appearance', false, 'none', (cvs) => {
    const id = identOf(cvs);
    if (id === undefined) return undefined;
    return id === 'none' || id === 'menulist-button' ? id : 'auto';
  }),
  'field-sizing': longhand('fieldSizing', false, 'fixed', keyword(['fixed', 'content'] as const)),
  'image-rendering': longhand(
    'imageRendering',
    true,
    'auto',
    keyword(['auto', 'pixelated', 'crisp-edges'] as const, {
      '-webkit-optimize-contrast': 'crisp-edges',
      optimizespeed: 'pixelated',
      optimizequality: 'auto',
      smooth: 'auto',
      'high-quality': 'auto',
    }),
  ),
};
