import type { ComputedStyle, Length, TrackList, TrackSize } from '../style.js';
import { resolveLength } from '../style.js';

/** A track sizing function split into its min and max parts (CSS Grid §7.2.1, §11.1). */
export type MinFn =
  { readonly kind: 'fixed'; readonly value: number } | { readonly kind: 'auto' | 'min-content' | 'max-content' };
export type MaxFn =
  MinFn | { readonly kind: 'fr'; readonly value: number } | { readonly kind: 'fit-content'; readonly value: number };
export interface TrackFn {
  readonly min: MinFn;
  readonly max: MaxFn;
}

/** One axis of the explicit grid: its tracks and which lines carry which names. */
export interface AxisTemplate {
  readonly tracks: readonly TrackFn[];
  /** Line names → 0-based line indices, in order. */
  readonly names: ReadonlyMap<string, readonly number[]>;
  /** Track range repeated by `repeat(auto-fit, …)`: those tracks collapse when empty (§7.2.3.2). */
  readonly autoFit: { readonly start: number; readonly end: number } | null;
  readonly implicit: readonly TrackFn[];
}

function resolvePct(l: Length, reference: number | null): number | null {
  if (typeof l === 'number') return l;
  if (l.pct !== 0 && reference === null) return null;
  return resolveLength(l, reference ?? 0);
}

/** Normalise a track size (§7.2: `1fr` = minmax(auto, 1fr); an unresolvable percentage acts as auto). */
export function trackFn(t: TrackSize, reference: number | null): TrackFn {
  switch (t.kind) {
    case 'length': {
      const v = resolvePct(t.value, reference);
      return v === null
        ? { min: { kind: 'auto' }, max: { kind: 'auto' } }
        : { min: { kind: 'fixed', value: v }, max: { kind: 'fixed', value: v } };
    }
    case 'fr':
      return { min: { kind: 'auto' }, max: { kind: 'fr', value: t.value } };
    case 'fit-content': {
      const v = resolvePct(t.value, reference);
      return { min: { kind: 'auto' }, max: v === null ? { kind: 'max-content' } : { kind: 'fit-content', value: v } };
    }
    case 'minmax': {
      const lo = trackFn(t.min, reference).min;
      const hi = trackFn(t.max, reference).max;
      return { min: lo, max: hi };
    }
    default:
      return { min: { kind: t.kind }, max: { kind: t.kind } };
  }
}

/** A fixed size for the auto-repeat count: the max function if fixed, else the min one (§7.2.3.2). */
function fixedSize(t: TrackFn): number {
  if (t.max.kind === 'fixed') return t.max.value;
  return t.min.kind === 'fixed' ? t.min.value : 0;
}

/**
 * The explicit tracks of one axis: `repeat(auto-fill|auto-fit)` expanded to as many repetitions
 * as fit `available` (at least one), line names gathered, `grid-template-areas` lines added.
 */
export function axisTemplate(
  list: TrackList | 'none',
  auto: readonly TrackSize[],
  available: number | null,
  maxAvailable: number | null,
  gap: number,
  areaLines: ReadonlyMap<string, readonly [number, number]>,
  areaTracks: number,
  reference: number | null,
): AxisTemplate {
  const tracks: TrackFn[] = [];
  const names = new Map<string, number[]>();
  const name = (n: string, line: number): void => {
    const list = names.get(n);
    if (list) {
      if (!list.includes(line)) list.push(line);
    } else names.set(n, [line]);
  };
  let autoFit: AxisTemplate['autoFit'] = null;
  if (list !== 'none') {
    const pushTrack = (t: TrackSize, before: readonly string[]): void => {
      for (const n of before) name(n, tracks.length);
      tracks.push(trackFn(t, reference));
    };
    list.tracks.forEach((t, i) => {
      if (list.autoRepeat && list.autoRepeat.index === i)
        expandRepeat(list.autoRepeat, pushTrack, name, () => tracks.length, count());
      pushTrack(t, list.lineNames[i] ?? []);
    });
    if (list.autoRepeat && list.autoRepeat.index >= list.tracks.length)
      expandRepeat(list.autoRepeat, pushTrack, name, () => tracks.length, count());
    for (const n of list.lineNames[list.tracks.length] ?? []) name(n, tracks.length);
    if (list.autoRepeat?.type === 'auto-fit') {
      const start = list.autoRepeat.index;
      autoFit = { start, end: start + list.autoRepeat.tracks.length * count() };
    }
  }
  function count(): number {
    const rep = list !== 'none' ? list.autoRepeat : null;
    if (!rep || list === 'none') return 0;
    const room = available ?? maxAvailable;
    if (room === null) return 1;
    const fixedOthers =
      list.tracks.reduce((s, t) => s + fixedSize(trackFn(t, reference)), 0) + gap * list.tracks.length;
    const one = rep.tracks.reduce((s, t) => s + fixedSize(trackFn(t, reference)), 0) + gap * rep.tracks.length;
    if (one <= 0) return 1;
    // Bounded like Chromium's track limit, so `repeat(auto-fill, 0.01px)` cannot explode.
    return Math.max(1, Math.min(1000, Math.floor((room - fixedOthers + gap) / one)));
  }
  while (tracks.length < areaTracks)
    tracks.push(trackFn(auto[tracks.length % Math.max(1, auto.length)] ?? { kind: 'auto' }, reference));
  for (const [area, [start, end]] of areaLines) {
    name(`${area}-start`, start);
    name(`${area}-end`, end);
  }
  const implicit = (auto.length ? auto : [{ kind: 'auto' } as const]).map((t) => trackFn(t, reference));
  return { tracks, names, autoFit, implicit };
}

function expandRepeat(
  rep: NonNullable<TrackList['autoRepeat']>,
  push: (t: TrackSize, before: readonly string[]) => void,
  name: (n: string, line: number) => void,
  at: () => number,
  times: number,
): void {
  for (const n of rep.before ?? []) name(n, at());
  for (let k = 0; k < times; k++) rep.tracks.forEach((t, i) => push(t, rep.lineNames[i] ?? []));
  for (const n of rep.lineNames[rep.tracks.length] ?? []) name(n, at());
}

/** `grid-template-areas` → each named area's row and column line ranges (0-based, end exclusive as line index). */
export function areaRects(style: ComputedStyle): {
  rows: Map<string, [number, number]>;
  cols: Map<string, [number, number]>;
  rowCount: number;
  colCount: number;
} {
  const rows = new Map<string, [number, number]>();
  const cols = new Map<string, [number, number]>();
  const areas = style.gridTemplateAreas;
  if (areas === 'none') return { rows, cols, rowCount: 0, colCount: 0 };
  areas.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (/^\.+$/.test(cell)) return;
      const rr = rows.get(cell);
      rows.set(cell, rr ? [Math.min(rr[0], r), Math.max(rr[1], r + 1)] : [r, r + 1]);
      const cc = cols.get(cell);
      cols.set(cell, cc ? [Math.min(cc[0], c), Math.max(cc[1], c + 1)] : [c, c + 1]);
    }),
  );
  return { rows, cols, rowCount: areas.length, colCount: Math.max(0, ...areas.map((r) => r.length)) };
}

/** The track sizing function of track `i` (0-based) — explicit, or implicit from grid-auto-rows/columns (§7.6). */
export function trackAt(axis: AxisTemplate, i: number): TrackFn {
  if (i < axis.tracks.length) return axis.tracks[i]!;
  const k = (i - axis.tracks.length) % axis.implicit.length;
  return axis.implicit[k]!;
}

export function gapOf(value: Length | 'normal', reference: number | null): number {
  if (value === 'normal') return 0;
  return resolvePct(value, reference) ?? (typeof value === 'number' ? value : value.px);
}
