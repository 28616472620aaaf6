import type { ComputedStyle, Length } from '../style.js';
import type { BoxFragment } from '../fragment.js';
import type { LayoutContext } from './context.js';
import { MARKER_PADDING } from '../boxes/build-boxes.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import { createBoxFragment, ZERO_EDGES, WHOLE } from './fragments.js';

/**
 * The symbol's box, at x 0 and y from the top of the font's ascent: a square of
 * (⌊2/3·ascent⌋ + 1) / 2 px whose top is ⌊3·(ascent − ⌊2/3·ascent⌋) / 2⌋ below the ascent
 * top (RelativeSymbolMarkerRect), filled (disc, square) or outlined (circle), round for discs.
 */
export function symbolShape(style: ComputedStyle, ctx: LayoutContext): SymbolShape {
  const ascent = Math.round(ctx.shapes.metrics(style).ascent);
  if (style.listStyleType.startsWith('disclosure-')) return disclosureShape(style, ascent);
  const offset = Math.floor((ascent * 2) / 3);
  const size = Math.floor((offset + 1) / 2);
  const y = Math.floor((3 * (ascent - offset)) / 2);
  const type = style.listStyleType;
  const line = type === 'circle' ? 1 : 0;
  const half: Length = { px: 0, pct: 50 };
  const round = type === 'square' ? 0 : half;
  const side = { width: line, style: line ? ('solid' as const) : ('none' as const), color: style.color };
  const shape: ComputedStyle = {
    ...anonymousStyle(style),
    backgroundColor: type === 'circle' ? { r: 0, g: 0, b: 0, a: 0 } : style.color,
    borderTop: side,
    borderRight: side,
    borderBottom: side,
    borderLeft: side,
    borderRadius: [
      [round, round],
      [round, round],
      [round, round],
      [round, round],
    ],
  };
  const border = { top: line, right: line, bottom: line, left: line };
  const fragment = createBoxFragment(
    shape,
    '::marker',
    {},
    { x: 0, y, width: size, height: size, border, padding: ZERO_EDGES, part: WHOLE },
    [],
  );
  return { fragment, ascent, inset: offset + MARKER_PADDING, gap: style.fontSize + 1 };
}

export interface SymbolShape {
  /** The shape, at x 0 and y from the top of the font's ascent. */
  readonly fragment: BoxFragment;
  readonly ascent: number;
  /** Outside: from the content's start edge back to the shape's start edge. */
  readonly inset: number;
  /** Inside: the space after the shape, before the content. */
  readonly gap: number;
}

/**
 * disclosure-open / disclosure-closed as Chromium paints them (ListMarkerPainter, measured on its
 * PDFs): a triangle in a square of side 0.66 × font-size (in LayoutUnits) whose bottom is on the
 * baseline; closed points to the inline end, (0,0) (0.86,0.5) (0,1), open points down,
 * (0,0.07) (0.5,0.93) (1,0.07). Outside, the square ends 8 px before the content; inside,
 * 0.4em of space follows it. Here it is a box filled with the colour, clipped to the triangle.
 */
function disclosureShape(style: ComputedStyle, ascent: number): SymbolShape {
  const size = layoutUnit(style.fontSize * 0.66);
  const rtl = style.direction === 'rtl';
  const x = (v: number): number => (rtl ? 1 - v : v) * size;
  const points: readonly (readonly [number, number])[] =
    style.listStyleType === 'disclosure-open'
      ? [
          [x(0), 0.07 * size],
          [x(0.5), 0.93 * size],
          [x(1), 0.07 * size],
        ]
      : [
          [x(0), 0],
          [x(0.86), size / 2],
          [x(0), size],
        ];
  const shape: ComputedStyle = {
    ...anonymousStyle(style),
    backgroundColor: style.color,
    clipPath: { shape: { kind: 'polygon', evenOdd: false, points }, box: 'border-box' },
  };
  const fragment = createBoxFragment(
    shape,
    '::marker',
    {},
    { x: 0, y: ascent - size, width: size, height: size, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
    [],
  );
  return { fragment, ascent, inset: size + DISCLOSURE_GAP, gap: layoutUnit(style.fontSize * 0.4) };
}

/** Chromium's gap between an outside disclosure triangle's square and the content (measured at 13.3, 16 and 30 px). */
const DISCLOSURE_GAP = 8;

const layoutUnit = (v: number): number => Math.floor(v * 64 + 1e-6) / 64;
