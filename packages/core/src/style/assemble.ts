import type { BorderSide, BorderStyle, ClipPath, ClipRect, ComputedStyle } from '@platen/layout';
import { LONGHANDS, type Flat, type LonghandName } from './properties/index.js';
import { backgroundColorClip, backgroundLayers } from './properties/background.js';
import { borderImage } from './properties/border-image.js';

/**
 * Border widths snap like Chromium's (CSS Values 4 "snap as a border width"): a width
 * in (0, 1) becomes 1px, larger ones are floored to whole px; none/hidden make it 0.
 */
export function snapBorderWidth(width: number, style: string): number {
  if (style === 'none' || style === 'hidden' || width <= 0) return 0;
  return width < 1 ? 1 : Math.floor(width + 1e-6);
}

type Side = 'top' | 'right' | 'bottom' | 'left';

const THREE_D_STYLES: ReadonlySet<string> = new Set(['inset', 'outset', 'groove', 'ridge']);

/** A table or one of its parts (their borders' currentcolor is not shaded: `side`). */
function isTableBox(display: Flat['display']): boolean {
  return display.startsWith('table') || display === 'inline-table';
}

/**
 * A border side; `currentColor3d` marks a 3D style whose colour is `currentcolor`, which
 * Chromium shades from #eeeeee (paint/borders.ts) on any box but a table's and its parts'
 * (its table painter takes the colour as it is: `<table border>`, measured on Chromium 156).
 */
function side(f: Flat, prefix: `border-${Side}` | 'column-rule', tableBox: boolean): BorderSide {
  const style = f[`${prefix}-style`];
  const color = f[`${prefix}-color`];
  const current = color === 'currentcolor';
  return {
    width: snapBorderWidth(f[`${prefix}-width`], style),
    style,
    color: current ? f['color'] : color,
    ...(current && THREE_D_STYLES.has(style) && !tableBox ? { currentColor3d: true as const } : {}),
  };
}

function overflow(x: Flat['overflow-x'], y: Flat['overflow-y']): ComputedStyle['overflow'] {
  return x !== 'visible' ? x : y;
}

function sizeContainment(f: Flat): Pick<ComputedStyle, 'sizeContainment'> {
  const kinds = f['contain'].split(' ');
  const block = kinds.includes('size');
  if (!block && !kinds.includes('inline-size')) return {};
  const px = (v: unknown): number => (typeof v === 'number' ? v : 0);
  return {
    sizeContainment: { block, width: px(f['contain-intrinsic-width']), height: px(f['contain-intrinsic-height']) },
  };
}

/**
 * The transformation a box's functions make (CSS Transforms 2 §6): `translate`, `rotate`, `scale`,
 * then the `transform` list, each about the transform origin. The list itself when the individual
 * properties are none (most boxes).
 */
function transformList(f: Flat): ComputedStyle['transform'] {
  const own = [f['translate'], f['rotate'], f['scale']];
  if (own.every((fns) => fns.length === 0)) return f['transform'];
  return [...own.flat(), ...f['transform']];
}

/** The ComputedStyle fields that are a longhand's value as it is (`longhand()` entries): copied by name. */
type DirectField = {
  [K in LonghandName]: (typeof LONGHANDS)[K] extends { readonly direct: true; readonly field: infer F } ? F : never;
}[LonghandName];

const DIRECT: readonly (readonly [LonghandName, keyof ComputedStyle])[] = Object.entries(LONGHANDS).flatMap(
  ([name, l]) => (l.direct && l.field ? [[name as LonghandName, l.field] as const] : []),
);

/** Build the public ComputedStyle from an element's flat computed values. */
export function assembleStyle(f: Flat): ComputedStyle {
  const direct: Record<string, unknown> = {};
  for (const [name, field] of DIRECT) direct[field] = f[name];
  const outlineStyle = f['outline-style'];
  const align = f['text-align'];
  const legacy = align.startsWith('-webkit-') ? (align.slice(8) as 'left' | 'right' | 'center') : null;
  const tableBox = isTableBox(f['display']);
  // The fields built from several longhands (or adjusted): the compiler checks that none is missing.
  const assembled: Omit<ComputedStyle, DirectField> = {
    display: f['display'],
    fontSize: f['font-size'],
    lang: f['-lang'],
    overflow: overflow(f['overflow-x'], f['overflow-y']),
    ...sizeContainment(f),
    borderTop: side(f, 'border-top', tableBox),
    borderRight: side(f, 'border-right', tableBox),
    borderBottom: side(f, 'border-bottom', tableBox),
    borderLeft: side(f, 'border-left', tableBox),
    borderRadius: [
      f['border-top-left-radius'],
      f['border-top-right-radius'],
      f['border-bottom-right-radius'],
      f['border-bottom-left-radius'],
    ],
    outline: {
      width: snapBorderWidth(f['outline-width'], outlineStyle),
      style: (outlineStyle === 'auto' ? 'solid' : outlineStyle) as BorderStyle,
      color: f['outline-color'],
    },
    backgroundLayers: backgroundLayers(f),
    backgroundClip: backgroundColorClip(f),
    textAlign: (legacy ?? align) as ComputedStyle['textAlign'],
    columnRule: side(f, 'column-rule', tableBox),
    transform: transformList(f),
  };
  const style = { ...(direct as Pick<ComputedStyle, DirectField>), ...assembled };
  // Optional fields, absent when none/auto. `clip` applies to absolutely positioned boxes only (CSS 2 §11.1.2).
  const clip = f['clip'];
  const clipPath = f['clip-path'];
  const clips = clip !== 'auto' && (style.position === 'absolute' || style.position === 'fixed');
  // Only vertical styles carry a writing mode (absent = horizontal-tb), so horizontal ones keep their shape.
  const writingMode = f['writing-mode'];
  const vertical = writingMode !== 'horizontal-tb';
  const webkitBox = f['-webkit-box'] === true;
  const lineClamp = f['-line-clamp'];
  const clamps = typeof lineClamp === 'number';
  const inlineStatic = f['-inline-static'] === true;
  const image = borderImage(f);
  const trim = f['text-box-trim'];
  const edge = f['text-box-edge'];
  const trims = trim !== 'none' || edge !== 'auto';
  const initialLetter = f['initial-letter'];
  if (
    !legacy &&
    !clips &&
    clipPath === 'none' &&
    !vertical &&
    !webkitBox &&
    !clamps &&
    !inlineStatic &&
    !image &&
    !trims &&
    initialLetter === 'normal'
  )
    return style;
  return {
    ...style,
    ...(image ? { borderImage: image } : {}),
    ...(legacy ? { legacyAlign: legacy } : {}),
    ...(webkitBox ? { legacyFlexibleBox: true } : {}),
    ...(clamps ? { lineClamp } : {}),
    ...(trim !== 'none' ? { textBoxTrim: trim } : {}),
    ...(edge !== 'auto' ? { textBoxEdge: edge } : {}),
    ...(initialLetter !== 'normal' ? { initialLetter } : {}),
    ...(inlineStatic ? { inlineStatic: true } : {}),
    ...(clips ? { clip: clip as ClipRect } : {}),
    ...(clipPath !== 'none' ? { clipPath: clipPath as ClipPath } : {}),
    ...(vertical
      ? {
          writingMode: writingMode as NonNullable<ComputedStyle['writingMode']>,
          textOrientation: f['text-orientation'],
        }
      : {}),
    ...(vertical && f['text-combine-upright'] === 'all' ? { textCombineUpright: 'all' as const } : {}),
  };
}
