import type { TrackFn } from './grid-template.js';

/** An item as the track sizing algorithm sees it in one axis: where it sits and its outer contributions. */
export interface SizingItem {
  readonly start: number;
  readonly span: number;
  /** Min-content and max-content contributions (margin box), computed on demand. */
  readonly min: () => number;
  readonly max: () => number;
  /**
   * Minimum contribution (§12.3), when it is less than the min-content contribution: a scroll
   * container with an auto preferred and minimum size has no content-based minimum (§6.6), so
   * it contributes only its margins, borders and padding to `auto` minimums.
   */
  readonly minimum?: () => number;
}

interface Track {
  readonly fn: TrackFn;
  base: number;
  growth: number;
}

const isIntrinsicMin = (t: Track): boolean => t.fn.min.kind !== 'fixed';
const isIntrinsicMax = (t: Track): boolean =>
  t.fn.max.kind === 'auto' ||
  t.fn.max.kind === 'min-content' ||
  t.fn.max.kind === 'max-content' ||
  t.fn.max.kind === 'fit-content';
const isFlexible = (t: Track): boolean => t.fn.max.kind === 'fr';
const flexOf = (t: Track): number => (t.fn.max.kind === 'fr' ? t.fn.max.value : 0);

/**
 * The track sizing algorithm (CSS Grid §12.3–12.7) for one axis: initialise base sizes and
 * growth limits, resolve intrinsic track sizes from the items (single-span first, then by
 * span), maximise tracks, expand flexible (`fr`) tracks, stretch `auto` tracks.
 * `available` is the axis' definite inner size (null: indefinite); `constraint` sizes the
 * container under a min-/max-content constraint (intrinsic sizing of the grid container).
 */
export function sizeTracks(
  fns: readonly TrackFn[],
  items: readonly SizingItem[],
  available: number | null,
  gap: number,
  stretch: boolean,
  constraint: 'min' | 'max' | null = null,
): number[] {
  const tracks: Track[] = fns.map((fn) => {
    const base = fn.min.kind === 'fixed' ? fn.min.value : 0;
    const growth = fn.max.kind === 'fixed' ? fn.max.value : fn.max.kind === 'fr' ? base : Infinity;
    return { fn, base, growth: Math.max(base, growth) };
  });
  const gaps = (n: number): number => gap * Math.max(0, n - 1);
  resolveIntrinsic(tracks, items, gaps, constraint);
  const sum = (): number => tracks.reduce((s, t) => s + t.base, 0) + gaps(tracks.length);
  // §12.6 maximise tracks: free space goes to base sizes up to the growth limits (all of it when indefinite).
  if (constraint === 'max' || (available === null && constraint === null)) {
    for (const t of tracks) if (!isFlexible(t)) t.base = Math.max(t.base, t.growth);
  } else if (available !== null && constraint === null) {
    growEqually(
      tracks.filter((t) => !isFlexible(t)),
      available - sum(),
      (t) => t.growth,
    );
  }
  expandFlexible(tracks, items, available, gaps, constraint);
  if (stretch && available !== null && constraint === null) {
    const autos = tracks.filter((t) => t.fn.max.kind === 'auto');
    const free = available - sum();
    if (free > 0 && autos.length) for (const t of autos) t.base += free / autos.length;
  }
  return tracks.map((t) => t.base);
}

function resolveIntrinsic(
  tracks: Track[],
  items: readonly SizingItem[],
  gaps: (n: number) => number,
  constraint: 'min' | 'max' | null,
): void {
  const spanned = (it: SizingItem): Track[] => tracks.slice(it.start, it.start + it.span);
  const sorted = [...items].sort((a, b) => a.span - b.span);
  for (const it of sorted) {
    const ts = spanned(it);
    if (ts.some(isFlexible)) continue;
    const minTracks = ts.filter(isIntrinsicMin);
    if (minTracks.length) {
      const contribution =
        minTracks.some((t) => t.fn.min.kind === 'max-content') || constraint === 'max'
          ? it.max()
          : minimumOf(it, minTracks, constraint);
      const need = contribution - ts.reduce((s, t) => s + t.base, 0) - gaps(ts.length);
      if (need > 0) for (const t of minTracks) t.base += need / minTracks.length;
    }
    const maxTracks = ts.filter(isIntrinsicMax);
    if (maxTracks.length) {
      const contribution = maxTracks.every((t) => t.fn.max.kind === 'min-content') ? it.min() : it.max();
      const current = ts.reduce((s, t) => s + (Number.isFinite(t.growth) ? t.growth : t.base), 0) + gaps(ts.length);
      const need = contribution - current;
      for (const t of maxTracks) {
        if (!Number.isFinite(t.growth)) t.growth = t.base;
        if (need > 0) t.growth += need / maxTracks.length;
        if (t.fn.max.kind === 'fit-content') t.growth = Math.min(t.growth, Math.max(t.base, t.fn.max.value));
      }
    }
    for (const t of ts) if (t.growth < t.base) t.growth = t.base;
  }
  // Items crossing flexible tracks feed those tracks' base sizes (§12.5 step 4).
  for (const it of sorted) {
    const ts = spanned(it);
    const flex = ts.filter((t) => isFlexible(t) && isIntrinsicMin(t));
    if (!flex.length) continue;
    const need =
      (constraint === 'max' ? it.max() : minimumOf(it, flex, constraint)) -
      ts.reduce((s, t) => s + t.base, 0) -
      gaps(ts.length);
    if (need > 0) for (const t of flex) t.base += need / flex.length;
  }
  for (const t of tracks) {
    if (!Number.isFinite(t.growth)) t.growth = t.base;
    if (t.growth < t.base) t.growth = t.base;
  }
}

/** What an item gives `auto` minimums outside intrinsic sizing: its minimum contribution (§12.5 step 2). */
function minimumOf(it: SizingItem, tracks: readonly Track[], constraint: 'min' | 'max' | null): number {
  return constraint === null && it.minimum && tracks.every((t) => t.fn.min.kind === 'auto') ? it.minimum() : it.min();
}

/** Distribute `free` equally to base sizes, freezing each track at its limit. */
function growEqually(tracks: Track[], free: number, limit: (t: Track) => number): void {
  let open = tracks.filter((t) => t.base < limit(t));
  while (free > 1e-9 && open.length) {
    const share = free / open.length;
    const next: Track[] = [];
    for (const t of open) {
      const add = Math.min(share, limit(t) - t.base);
      t.base += add;
      free -= add;
      if (t.base < limit(t) - 1e-9) next.push(t);
    }
    if (next.length === open.length) break;
    open = next;
  }
}

/** §12.7: find the size of `1fr` and give every flexible track max(base, flex × fr). */
function expandFlexible(
  tracks: Track[],
  items: readonly SizingItem[],
  available: number | null,
  gaps: (n: number) => number,
  constraint: 'min' | 'max' | null,
): void {
  const flexible = tracks.filter(isFlexible);
  if (!flexible.length || constraint === 'min') return;
  let fr: number;
  if (available !== null && constraint === null) {
    fr = findFrSize(tracks, available - gaps(tracks.length));
  } else {
    fr = 0;
    for (const t of flexible) fr = Math.max(fr, flexOf(t) > 1 ? t.base / flexOf(t) : t.base);
    for (const it of items) {
      const ts = tracks.slice(it.start, it.start + it.span);
      if (!ts.some(isFlexible)) continue;
      const fixed = ts.filter((t) => !isFlexible(t)).reduce((s, t) => s + t.base, 0) + gaps(ts.length);
      fr = Math.max(
        fr,
        (it.max() - fixed) /
          Math.max(
            1,
            ts.reduce((s, t) => s + flexOf(t), 0),
          ),
      );
    }
  }
  for (const t of flexible) t.base = Math.max(t.base, fr * flexOf(t));
}

function findFrSize(tracks: readonly Track[], space: number): number {
  const inflexible = new Set<Track>(tracks.filter((t) => !isFlexible(t)));
  for (;;) {
    const leftover = space - [...inflexible].reduce((s, t) => s + t.base, 0);
    const flex = tracks.filter((t) => !inflexible.has(t));
    const sumFlex = Math.max(
      1,
      flex.reduce((s, t) => s + flexOf(t), 0),
    );
    const fr = Math.max(0, leftover) / sumFlex;
    const violators = flex.filter((t) => t.base > fr * flexOf(t));
    if (!violators.length) return fr;
    for (const t of violators) inflexible.add(t);
  }
}
