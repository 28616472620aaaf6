import type { Edges } from '../fragment.js';
import type { ComputedStyle } from '../style.js';

/**
 * Vertical writing modes (CSS Writing Modes 4) are laid out in a logical frame: a vertical
 * subtree's styles are turned a quarter so that its inline axis is horizontal, every layout
 * mode runs unchanged, and the orthogonal flow root turns the fragments back
 * (physical-fragments.ts). `logicalStyle` is that quarter turn of the box-model properties
 * (§6.2 mapping: inline-start is the top, block-start the right in *-rl, the left in *-lr).
 */
export type VerticalMode = NonNullable<ComputedStyle['writingMode']>;

/** Which physical side becomes each logical side, per mode: [top, right, bottom, left]. */
type Side = 'Top' | 'Right' | 'Bottom' | 'Left';
const SIDES: Readonly<Record<VerticalMode, readonly [Side, Side, Side, Side]>> = {
  'vertical-rl': ['Right', 'Bottom', 'Left', 'Top'],
  'sideways-rl': ['Right', 'Bottom', 'Left', 'Top'],
  'vertical-lr': ['Left', 'Bottom', 'Right', 'Top'],
  'sideways-lr': ['Left', 'Top', 'Right', 'Bottom'],
};

const logical = new WeakMap<ComputedStyle, ComputedStyle>();
const physical = new WeakMap<ComputedStyle, ComputedStyle>();

/** The logical twin of a vertical style (the same object for the same style, so identities hold). */
export function logicalStyle(style: ComputedStyle): ComputedStyle {
  const mode = style.writingMode;
  if (mode === undefined || physical.has(style)) return style;
  let out = logical.get(style);
  if (out) return out;
  const [t, r, b, l] = SIDES[mode];
  const s = style as unknown as Record<string, unknown>;
  const side = (prefix: string, suffix: string, name: Side): unknown => s[`${prefix}${name}${suffix}`];
  const spacing = style.borderSpacing;
  out = {
    ...style,
    width: style.height,
    height: style.width,
    minWidth: style.minHeight,
    minHeight: style.minWidth,
    maxWidth: style.maxHeight,
    maxHeight: style.maxWidth,
    aspectRatio: style.aspectRatio === 'auto' ? 'auto' : { ...style.aspectRatio, ratio: 1 / style.aspectRatio.ratio },
    ...(style.sizeContainment
      ? {
          sizeContainment: {
            ...style.sizeContainment,
            width: style.sizeContainment.height,
            height: style.sizeContainment.width,
          },
        }
      : {}),
    marginTop: side('margin', '', t),
    marginRight: side('margin', '', r),
    marginBottom: side('margin', '', b),
    marginLeft: side('margin', '', l),
    paddingTop: side('padding', '', t),
    paddingRight: side('padding', '', r),
    paddingBottom: side('padding', '', b),
    paddingLeft: side('padding', '', l),
    borderTop: side('border', '', t),
    borderRight: side('border', '', r),
    borderBottom: side('border', '', b),
    borderLeft: side('border', '', l),
    top: s[t.toLowerCase()],
    right: s[r.toLowerCase()],
    bottom: s[b.toLowerCase()],
    left: s[l.toLowerCase()],
    borderSpacing: [spacing[1], spacing[0]],
  } as ComputedStyle;
  logical.set(style, out);
  physical.set(out, style);
  return out;
}

/**
 * A style made inside the logical frame from logical styles (boxes/initial-letter.ts sizes a
 * letter from its logical style) is logical already: `logicalStyle` leaves it as it is.
 */
export function madeLogical(style: ComputedStyle): ComputedStyle {
  if (!physical.has(style)) physical.set(style, style);
  return style;
}

/** The physical style a logical one was made from (itself for a physical style). */
export function physicalStyle(style: ComputedStyle): ComputedStyle {
  return physical.get(style) ?? style;
}

/** Logical edges (of a box in `mode`) back on their physical sides. */
export function physicalEdges(e: Edges, mode: VerticalMode): Edges {
  const [t, r, b, l] = SIDES[mode];
  const out = { top: 0, right: 0, bottom: 0, left: 0 };
  out[t.toLowerCase() as keyof Edges] = e.top;
  out[r.toLowerCase() as keyof Edges] = e.right;
  out[b.toLowerCase() as keyof Edges] = e.bottom;
  out[l.toLowerCase() as keyof Edges] = e.left;
  return out;
}
