import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import type { UsedBox } from '../flow/box-model.js';
import { flexAxes, type FlexAxes } from './flex-axes.js';
import { measureItems, outerHypo, type FlexItem } from './flex-items.js';
import { collectLines, resolveFlexibleLengths } from './flex-lines.js';
import { crossSizeLines, type SizedLine } from './flex-cross.js';
import { placeLines, type PlacedItem } from './flex-place.js';
import type { Unit } from '../items/unit-layout.js';
import { collectItems, layoutItem } from '../items/sized-box.js';

export type { PlacedItem } from './flex-place.js';

/** A break unit: a row container's flex line, or one item of a column container. */
export type FlexUnit = Unit<PlacedItem>;

/** The laid-out flex container before fragmentation: positions relative to its content box. */
export interface FlexGeometry {
  readonly units: readonly FlexUnit[];
  /** A multi-line column container: its lines, each a sequence of item units broken in parallel with the others (then `units` is empty). */
  readonly lanes?: readonly (readonly FlexUnit[])[];
  /** Used content-box height of the container. */
  readonly contentHeight: number;
  /** Items in order-modified document order, per line (for baselines). */
  readonly lines: readonly (readonly PlacedItem[])[];
  readonly axes: FlexAxes;
}

/**
 * The flex layout algorithm (CSS Flexbox §9) for a container whose inner width is known
 * (`used`): items and their hypothetical sizes (§9.2), lines (§9.3), flexible lengths (§9.7),
 * cross sizes (§9.4) and alignment (§9.5–9.6). Items are measured, not placed on pages.
 */
export function computeFlexGeometry(box: ContainerBox, used: UsedBox, ctx: LayoutContext): FlexGeometry {
  const innerW = used.width;
  const innerH = used.height;
  const axes = flexAxes(box.style, innerW, innerH);
  const items = measureItems(collectItems(box, ctx), box, axes, { width: innerW, height: innerH }, ctx);
  // A height from the aspect ratio is the room for the items, and a minimum: the container
  // grows to fit them (CSS Sizing 4 §5.2, automatic content-based minimum size).
  const minH =
    used.growsToContent && innerH !== null
      ? Math.max(used.minHeight, Math.min(innerH, used.maxHeight))
      : used.minHeight;
  const fixedH = used.growsToContent ? null : innerH;
  const clampH = (h: number): number => Math.max(minH, Math.min(used.maxHeight, h));
  const available = axes.row ? innerW : (innerH ?? used.maxHeight);
  const lines = collectLines(items, available, axes.wrap, axes.mainGap);
  const mainSize = axes.row ? innerW : (fixedH ?? clampH(Math.max(0, ...lines.map((l) => lineHypo(l, axes)))));
  for (const line of lines) resolveFlexibleLengths(line, mainSize, axes.mainGap);
  const sized: SizedLine[] = lines.map((line) => ({
    items: line.map((it) => hypotheticalCross(it, axes, innerW, innerH, ctx)),
    cross: 0,
  }));
  const crossDefinite = axes.row ? fixedH : innerW;
  const crossSize = crossSizeLines(sized, box.style, axes, crossDefinite, axes.row ? clampH : (v) => v);
  const placed = placeLines(sized, box, axes, mainSize, crossSize, innerH);
  const contentHeight = axes.row ? crossSize : mainSize;
  if (!axes.row && axes.wrap) return { units: [], lanes: lanesOf(placed), contentHeight, lines: placed, axes };
  return { units: unitsOf(placed, axes), contentHeight, lines: placed, axes };
}

function lineHypo(line: readonly FlexItem[], axes: FlexAxes): number {
  return line.reduce((s, it) => s + outerHypo(it), 0) + axes.mainGap * Math.max(0, line.length - 1);
}

/** §9.4 step 7: the hypothetical cross size, by laying the item out at its used main size. */
function hypotheticalCross(
  item: FlexItem,
  axes: FlexAxes,
  innerW: number,
  innerH: number | null,
  ctx: LayoutContext,
): { item: FlexItem; cross: number; baseline: number | null } {
  if (!axes.row) return { item, cross: item.measuredCross ?? 0, baseline: null };
  const r = layoutItem(item.box, { width: item.target + item.mainBp, height: null }, innerW, innerH, ctx);
  return { item, cross: r.height, baseline: r.baseline };
}

function bounds(items: readonly PlacedItem[]): FlexUnit {
  return {
    top: Math.min(...items.map((p) => p.y)),
    bottom: Math.max(...items.map((p) => p.y + p.height)),
    items,
  };
}

const byTop = (a: FlexUnit, b: FlexUnit): number => a.top - b.top;

/** Break units: a row container's lines, a single-line column container's items. */
function unitsOf(lines: readonly (readonly PlacedItem[])[], axes: FlexAxes): FlexUnit[] {
  const nonEmpty = lines.filter((l) => l.length > 0);
  const units = axes.row ? nonEmpty.map(bounds) : nonEmpty.flat().map((p) => bounds([p]));
  return units.sort(byTop);
}

/**
 * CSS Flexbox §12 (fragmenting flex layout): each line of a multi-line column container is
 * fragmented on its own, breaks going between its items, so the lines are parallel flows (CSS
 * Fragmentation 3 §4.3), as Chromium breaks them (an item that breaks or grows pushes down only
 * the items after it in its own line).
 */
function lanesOf(lines: readonly (readonly PlacedItem[])[]): FlexUnit[][] {
  return lines.filter((l) => l.length > 0).map((l) => l.map((p) => bounds([p])).sort(byTop));
}
