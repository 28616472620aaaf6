import type { ContainerBox } from '../boxes/box.js';
import type { ComputedStyle, TrackList } from '../style.js';
import { cacheOf, memoSlot, type LayoutContext } from '../flow/context.js';
import { borderEdges, marginOrZero, paddingEdges } from '../flow/box-model.js';
import { areaRects, gapOf, type AxisTemplate, type TrackFn } from './grid-template.js';

/**
 * The columns a grid parent lends to a subgridded item (CSS Grid 2 §9): the used sizes and
 * positions of the tracks the item spans, and the parent's line names on those lines.
 */
export interface LentColumns {
  readonly sizes: readonly number[];
  readonly gap: number;
  readonly names: ReadonlyMap<string, readonly number[]>;
  /** The item's left and right margins: the copy laid out in the area has none (`pinItem`). */
  readonly margins?: readonly [number, number];
}

/**
 * Set by the parent grid for each of its subgrid items just before they are laid out; keyed by
 * the children list, which an item shares with its copies of pinned size (`pinItem`).
 */
const lentSlot = memoSlot<object, LentColumns>('render');

export const isColumnSubgrid = (s: ComputedStyle): boolean =>
  s.gridTemplateColumns !== 'none' && s.gridTemplateColumns.subgrid === true;

export function lendColumns(item: ContainerBox, columns: LentColumns, ctx: LayoutContext): void {
  cacheOf(ctx, lentSlot).set(item.children, columns);
}

/** A key for caches: the lent columns change the subgrid's layout. */
export function lentKey(box: ContainerBox, ctx: LayoutContext): string {
  const l = cacheOf(ctx, lentSlot).get(box.children);
  return l ? `${l.gap}/${l.sizes.join(',')}` : '';
}

/** The parent's tracks spanned by an item, with the parent's line names shifted to the item's lines. */
export function spannedColumns(
  sizes: readonly number[],
  gap: number,
  names: ReadonlyMap<string, readonly number[]>,
  start: number,
  span: number,
): LentColumns {
  const shifted = new Map<string, number[]>();
  for (const [name, lines] of names) {
    const inside = lines.filter((l) => l >= start && l <= start + span).map((l) => l - start);
    if (inside.length) shifted.set(name, inside);
  }
  return { sizes: sizes.slice(start, start + span), gap, names: shifted };
}

/** Lent columns seen from the other end (a subgrid whose direction is not its parent's). */
export function reversedColumns(l: LentColumns): LentColumns {
  const n = l.sizes.length;
  const names = new Map<string, number[]>();
  for (const [name, lines] of l.names) names.set(name, lines.map((line) => n - line).reverse());
  return { ...l, sizes: [...l.sizes].reverse(), names };
}

/**
 * The names a subgrid gives its `lines` lines, in order (Grid 2 §9.1): its `repeat(auto-fill, …)`
 * repeats as many whole times as fit beside the other names; names past the last line are dropped.
 */
function ownLineNames(list: TrackList, lines: number): (readonly string[])[] {
  const names: (readonly string[])[] = [...list.lineNames];
  const rep = list.autoRepeat;
  if (rep && rep.lineNames.length) {
    const times = Math.max(0, Math.floor((lines - names.length) / rep.lineNames.length));
    const repeated = Array.from({ length: times }, () => rep.lineNames).flat();
    names.splice(rep.index, 0, ...repeated);
  }
  return names.slice(0, lines);
}

/**
 * A subgrid's column axis (CSS Grid 2 §9): the parent's spanned tracks at their used sizes, in
 * the subgrid's content box (its margin, border and padding take room from the edge tracks,
 * §9.3); its own gap, when not `normal`, narrows the tracks beside each gap by half the
 * difference (§9.4). Line names: the parent's, then the subgrid's own (§9.5). Null when the box
 * is not a subgrid or no grid parent lent it columns (then `subgrid` behaves as `none`).
 */
export function subgridColumns(
  box: ContainerBox,
  width: number | null,
  ctx: LayoutContext,
): { axis: AxisTemplate; gap: number; positions: number[] } | null {
  const s = box.style;
  const l = cacheOf(ctx, lentSlot).get(box.children);
  if (!l || !isColumnSubgrid(s) || s.gridTemplateColumns === 'none' || l.sizes.length === 0) return null;
  const cb = width ?? 0;
  const b = borderEdges(s);
  const p = paddingEdges(s, cb);
  const [marginLeft, marginRight] = l.margins ?? [marginOrZero(s.marginLeft, cb), marginOrZero(s.marginRight, cb)];
  const left = marginLeft + b.left + p.left;
  const right = marginRight + b.right + p.right;
  // The first track is at the inline start: the right in rtl.
  const [startEdge, endEdge] = s.direction === 'rtl' ? [right, left] : [left, right];
  const ownGap = s.columnGap === 'normal' ? l.gap : gapOf(s.columnGap, width);
  const half = (ownGap - l.gap) / 2;
  const n = l.sizes.length;
  // Each track keeps its place on the parent's lines: a gutter stays centred on the parent's,
  // so a track too small for the edges or half gaps is empty without pushing the next one.
  const positions: number[] = [];
  let line = 0;
  const tracks: TrackFn[] = l.sizes.map((size, i) => {
    const start = i === 0 ? startEdge : line + half;
    const end = line + size - (i === n - 1 ? endEdge : half);
    positions.push(start - startEdge);
    line += size + l.gap;
    const value = Math.max(0, end - start);
    return { min: { kind: 'fixed', value }, max: { kind: 'fixed', value } };
  });
  const names = new Map<string, number[]>();
  for (const [name, lines] of l.names) names.set(name, [...lines]);
  const add = (name: string, line: number): void => {
    const at = names.get(name);
    if (!at) names.set(name, [line]);
    else if (!at.includes(line)) {
      at.push(line);
      at.sort((x, y) => x - y);
    }
  };
  ownLineNames(s.gridTemplateColumns, n + 1).forEach((list, line) => {
    for (const name of list) add(name, line);
  });
  // Named areas give their lines' implicit names, clamped to the subgrid's lines (Grid 2 §9.5).
  for (const [area, [start, end]] of areaRects(s).cols) {
    add(`${area}-start`, Math.min(start, n));
    add(`${area}-end`, Math.min(end, n));
  }
  return {
    axis: {
      tracks,
      names,
      autoFit: null,
      implicit: [{ min: { kind: 'fixed', value: 0 }, max: { kind: 'fixed', value: 0 } }],
    },
    gap: ownGap,
    positions,
  };
}
