import type { ComputedStyle, Length } from '../style.js';
import { resolveLength } from '../style.js';

/** The flex container's axes (CSS Flexbox §2, §5.1): main along rows or columns, with reversals. */
export interface FlexAxes {
  /** Main axis is horizontal. */
  readonly row: boolean;
  /** Items run from the main-end side (row-reverse, column-reverse, or a row in rtl). */
  readonly mainReverse: boolean;
  /** Lines stack from the cross-end side (wrap-reverse). */
  readonly crossReverse: boolean;
  /**
   * The cross-start edge is the right or bottom one: wrap-reverse, or else a column in rtl,
   * whose cross axis is the inline axis, starting on the right (§2, §5.1, CSS Writing Modes §2.1).
   */
  readonly crossFlip: boolean;
  readonly wrap: boolean;
  /** Gap between items on a line and between lines (CSS Box Alignment §8). */
  readonly mainGap: number;
  readonly crossGap: number;
}

function gap(value: Length | 'normal', reference: number | null): number {
  if (value === 'normal') return 0;
  if (typeof value !== 'number' && value.pct !== 0 && reference === null) return value.px;
  return resolveLength(value, reference ?? 0);
}

export function flexAxes(style: ComputedStyle, innerWidth: number, innerHeight: number | null): FlexAxes {
  const row = style.flexDirection === 'row' || style.flexDirection === 'row-reverse';
  const reversed = style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse';
  const rtl = row && style.direction === 'rtl';
  const columnGap = gap(style.columnGap, innerWidth);
  const rowGap = gap(style.rowGap, innerHeight);
  return {
    row,
    mainReverse: reversed !== rtl,
    crossReverse: style.flexWrap === 'wrap-reverse',
    crossFlip: (style.flexWrap === 'wrap-reverse') !== (!row && style.direction === 'rtl'),
    wrap: style.flexWrap !== 'nowrap',
    mainGap: row ? columnGap : rowGap,
    crossGap: row ? rowGap : columnGap,
  };
}
