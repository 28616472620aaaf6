import type { ComputedStyle } from '../style.js';
import type { FlexAxes } from './flex-axes.js';
import { alignSelf, type FlexItem } from './flex-items.js';
import { distribute } from '../items/alignment.js';

/** An item with its hypothetical cross size (border box) and first baseline (from its border-box top). */
export interface CrossItem {
  readonly item: FlexItem;
  readonly cross: number;
  readonly baseline: number | null;
}

export interface SizedLine {
  readonly items: readonly CrossItem[];
  /** Line cross size (§9.4 step 8), then its offset from the cross-start edge (§9.6 align-content). */
  cross: number;
  start?: number;
  /** Largest baseline-to-margin-top distance of the baseline-aligned items (0 when none). */
  ascent?: number;
}

/** Baseline alignment applies along the block axis only: rows of a horizontal container (§8.3, §9.4 step 8). */
export function isBaselineAligned(it: CrossItem, container: ComputedStyle, axes: FlexAxes): boolean {
  const a = alignSelf(it.item.style, container);
  return axes.row && (a === 'baseline' || a === 'first baseline') && !it.item.crossAuto[0] && !it.item.crossAuto[1];
}

/** Distance from an item's outer cross-start edge to its baseline; a missing baseline is synthesized from the border box bottom. */
export function ascentOf(it: CrossItem): number {
  return it.item.crossMargins[0] + (it.baseline ?? it.cross);
}

/**
 * Line cross sizes (§9.4 steps 8, 9, 15) and the container's cross size; then align-content
 * (§9.6 step 13; `normal` stretches lines). Returns the container's inner cross size.
 */
export function crossSizeLines(
  lines: SizedLine[],
  style: ComputedStyle,
  axes: FlexAxes,
  definiteCross: number | null,
  clamp: (v: number) => number,
): number {
  for (const line of lines) {
    let ascent = 0;
    let descent = 0;
    let other = 0;
    for (const it of line.items) {
      const outer = it.cross + it.item.crossMargins[0] + it.item.crossMargins[1];
      if (isBaselineAligned(it, style, axes)) {
        const a = ascentOf(it);
        ascent = Math.max(ascent, a);
        descent = Math.max(descent, outer - a);
      } else {
        other = Math.max(other, outer);
      }
    }
    line.ascent = ascent;
    line.cross = Math.max(other, ascent + descent);
  }
  const gaps = axes.crossGap * Math.max(0, lines.length - 1);
  if (!axes.wrap && lines.length === 1) {
    // A single-line container's line fills the container's (definite or clamped) cross size (§9.4 step 15).
    const line = lines[0]!;
    line.cross = definiteCross ?? clamp(line.cross);
    line.start = 0;
    return line.cross;
  }
  const total = lines.reduce((s, l) => s + l.cross, 0) + gaps;
  const size = definiteCross ?? clamp(total);
  const free = size - total;
  const value = style.alignContent;
  let start = 0;
  let between = 0;
  if ((value === 'normal' || value === 'stretch') && free > 0 && lines.length) {
    for (const line of lines) line.cross += free / lines.length;
  } else if (axes.wrap) {
    ({ start, between } = distribute(value, free, lines.length, axes.crossReverse));
  }
  let y = start;
  for (const line of lines) {
    line.start = y;
    y += line.cross + axes.crossGap + between;
  }
  return size;
}
