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
  /** Marked by the intrinsic-maximums step when it made an infinite growth limit finite (§12.5 step 3.5). */
  growable: boolean;
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
    // §12.4: an intrinsic or flexible maximum starts with an infinite growth limit.
    const growth = fn.max.kind === 'fixed' ? Math.max(base, fn.max.value) : Infinity;
    return { fn, base, growth, growable: false };
  });
  const gaps = (n: number): number => gap * Math.max(0, n - 1);
  resolveIntrinsic(tracks, items, gaps, constraint);
  const sum = (): number => tracks.reduce((s, t) => s + t.base, 0) + gaps(tracks.length);
  // §12.6 maximise tracks: free space goes to base sizes up to the growth limits (all of it when indefinite).
  if (constraint === 'max' || (available === null && constraint === null)) {
    for (const t of tracks) if (!isFlexible(t)) t.base = Math.max(t.base, maximised(t));
  } else if (available !== null && constraint === null) {
    growEqually(
      tracks.filter((t) => !isFlexible(t)),
      available - sum(),
      maximised,
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

/**
 * §12.5 resolve intrinsic track sizes: items spanning one track size it directly (step 2);
 * items spanning several tracks and none flexible, grouped by span in ascending order (step 3),
 * then items crossing flexible tracks all together (step 4), distribute extra space (§12.5.1).
 */
function resolveIntrinsic(
  tracks: Track[],
  items: readonly SizingItem[],
  gaps: (n: number) => number,
  constraint: 'min' | 'max' | null,
): void {
  const crossesFlex = (it: SizingItem): boolean => spannedOf(tracks, it).some(isFlexible);
  const single = items.filter((it) => it.span === 1 && !crossesFlex(it));
  sizeSingleSpan(tracks, single, constraint);
  const spans = [...new Set(items.filter((it) => it.span > 1 && !crossesFlex(it)).map((it) => it.span))];
  const dist: Distribution = { tracks, gaps, constraint, flex: false };
  for (const n of spans.sort((a, b) => a - b))
    growForSpanning(
      dist,
      items.filter((it) => it.span === n && !crossesFlex(it)),
    );
  growForSpanning({ ...dist, flex: true }, items.filter(crossesFlex));
  // Step 5: a growth limit still infinite (no items, or flexible) becomes the base size.
  for (const t of tracks) if (!Number.isFinite(t.growth) || t.growth < t.base) t.growth = t.base;
}

const spannedOf = (tracks: Track[], it: SizingItem): Track[] => tracks.slice(it.start, it.start + it.span);

/** The argument of a `fit-content()` maximum: a cap on growth even beyond limits (§12.5.1 step 3). */
const fitLimit = (t: Track): number => (t.fn.max.kind === 'fit-content' ? t.fn.max.value : Infinity);
const fixedMax = (t: Track): number | null =>
  t.fn.max.kind === 'fixed' ? t.fn.max.value : t.fn.max.kind === 'fit-content' ? t.fn.max.value : null;

/**
 * The minimum contribution of an item (§12.3); under a min-/max-content constraint, its limited
 * min-content contribution: the min-content contribution capped by the spanned tracks' fixed
 * maximums (when all are fixed), floored by the minimum contribution. A scroll container keeps
 * its minimum contribution, as browsers do.
 */
function minimumContribution(
  it: SizingItem,
  ts: readonly Track[],
  gaps: (n: number) => number,
  constraint: 'min' | 'max' | null,
): number {
  if (it.minimum) return constraint === null ? it.minimum() : Math.min(it.minimum(), it.min());
  if (constraint === null) return it.min();
  const limits = ts.map(fixedMax);
  if (limits.some((l) => l === null)) return it.min();
  return Math.min(it.min(), limits.reduce<number>((s, l) => s + l!, 0) + gaps(ts.length));
}

/** §12.5 step 2: tracks sized by the items spanning only them. */
function sizeSingleSpan(tracks: Track[], items: readonly SizingItem[], constraint: 'min' | 'max' | null): void {
  const planned = new Map<Track, number>();
  for (const it of items) {
    const t = tracks[it.start]!;
    if (isFlexible(t)) continue;
    switch (t.fn.min.kind) {
      case 'min-content':
        t.base = Math.max(t.base, it.min());
        break;
      case 'max-content':
        t.base = Math.max(t.base, it.max());
        break;
      case 'auto':
        t.base = Math.max(
          t.base,
          minimumContribution(it, [t], () => 0, constraint),
        );
        break;
      default:
        break;
    }
    if (!isIntrinsicMax(t)) continue;
    let growth = it.max();
    if (t.fn.max.kind === 'fit-content') growth = Math.max(it.min(), Math.min(it.max(), t.fn.max.value));
    else if (t.fn.max.kind === 'min-content') growth = it.min();
    planned.set(t, Math.max(planned.get(t) ?? 0, growth));
  }
  // An item makes the growth limit finite, even when it contributes nothing (Chromium: an empty
  // item beside a spanning one keeps its auto track from taking all the span's extra space).
  for (const [t, p] of planned) t.growth = Number.isFinite(t.growth) ? Math.max(t.growth, p) : p;
  for (const t of tracks) if (t.growth < t.base) t.growth = t.base;
}

interface Distribution {
  readonly tracks: Track[];
  readonly gaps: (n: number) => number;
  readonly constraint: 'min' | 'max' | null;
  /** Items crossing flexible tracks (§12.5 step 4): space goes to the flexible tracks only, by flex factor. */
  readonly flex: boolean;
}

/** §12.5 step 3 (one span size) or step 4 (all items crossing flexible tracks). */
function growForSpanning(d: Distribution, items: readonly SizingItem[]): void {
  if (!items.length) return;
  const { tracks, constraint } = d;
  const affectedBy =
    (pred: (t: Track) => boolean) =>
    (t: Track): boolean =>
      pred(t) && (!d.flex || isFlexible(t));
  const toBase = (
    pred: (t: Track) => boolean,
    space: (it: SizingItem, ts: Track[]) => number,
    kind: 'min' | 'max',
    limit: (t: Track) => number = (t) => t.growth,
  ): void => {
    const planned = new Map<Track, number>();
    for (const it of items) {
      const ts = spannedOf(tracks, it);
      distributeToBase(ts, space(it, ts) - d.gaps(ts.length), affectedBy(pred), kind, limit, d.flex, planned);
    }
    for (const [t, p] of planned) t.base += p;
  };
  // 1. intrinsic minimums: the items' minimum contributions.
  toBase(isIntrinsicMin, (it, ts) => minimumContribution(it, ts, d.gaps, constraint), 'min');
  // 2. content-based minimums: min-content contributions.
  const contentMin = (t: Track): boolean => t.fn.min.kind === 'min-content' || t.fn.min.kind === 'max-content';
  toBase(contentMin, (it) => it.min(), 'min');
  // 3. max-content minimums: under a max-content constraint, auto minimums take the limited
  //    max-content contributions too (max-content minimums first, as Chromium does).
  const maxContentMin = (t: Track): boolean => t.fn.min.kind === 'max-content';
  if (constraint === 'max') {
    const autoMin = (t: Track): boolean => t.fn.min.kind === 'auto' && t.fn.max.kind !== 'min-content';
    for (const it of items) {
      const ts = spannedOf(tracks, it);
      const pred = ts.some(maxContentMin) ? maxContentMin : autoMin;
      const planned = new Map<Track, number>();
      const limit =
        pred === maxContentMin ? (): number => Infinity : (t: Track): number => Math.min(t.growth, fitLimit(t));
      distributeToBase(ts, it.max() - d.gaps(ts.length), affectedBy(pred), 'max', limit, d.flex, planned);
      for (const [t, p] of planned) t.base += p;
    }
  }
  toBase(maxContentMin, (it) => it.max(), 'max');
  // 4. growth limits below base sizes rise to them.
  for (const t of tracks) if (t.growth < t.base) t.growth = t.base;
  if (d.flex) return;
  // 5. intrinsic maximums (min-content contributions), 6. max-content maximums.
  const maxContentMax = (t: Track): boolean => isIntrinsicMax(t) && t.fn.max.kind !== 'min-content';
  growGrowth(tracks, items, isIntrinsicMax, (it) => it.min(), d.gaps, true);
  growGrowth(tracks, items, maxContentMax, (it) => it.max(), d.gaps, false);
}

/** §12.5.1 for base sizes: one item's extra space, up to the limits, then beyond them. */
function distributeToBase(
  ts: Track[],
  contribution: number,
  affected: (t: Track) => boolean,
  kind: 'min' | 'max',
  limit: (t: Track) => number,
  flex: boolean,
  planned: Map<Track, number>,
): void {
  const targets = ts.filter(affected);
  if (!targets.length) return;
  let extra = contribution - ts.reduce((s, t) => s + t.base, 0);
  if (extra <= 0) return;
  // Flexible tracks share by flex factor when their sum is positive, else equally.
  const flexSum = targets.reduce((s, t) => s + flexOf(t), 0);
  const weight = flex && flexSum > 0 ? flexOf : (): number => 1;
  const incurred = new Map<Track, number>(targets.map((t) => [t, 0]));
  extra = fill(targets, extra, weight, (t) => t.base, limit, incurred);
  if (extra > 1e-9) {
    // Beyond limits: tracks with an intrinsic (min) or max-content (max) maximum, else all of them;
    // a fit-content() argument still caps.
    const beyond =
      kind === 'min'
        ? isIntrinsicMax
        : (t: Track): boolean => t.fn.max.kind === 'max-content' || t.fn.max.kind === 'fit-content';
    const some = targets.filter(beyond);
    fill(some.length ? some : targets, extra, weight, (t) => t.base, fitLimit, incurred);
  }
  for (const [t, inc] of incurred) planned.set(t, Math.max(planned.get(t) ?? 0, inc));
}

/**
 * Give `space` to `targets` in proportion to `weight`, freezing each at `limit` (its affected
 * size plus the increase); returns what is left.
 */
function fill(
  targets: readonly Track[],
  space: number,
  weight: (t: Track) => number,
  size: (t: Track) => number,
  limit: (t: Track) => number,
  incurred: Map<Track, number>,
): number {
  for (let round = 0; round <= targets.length && space > 1e-9; round++) {
    const open = targets.filter((t) => size(t) + incurred.get(t)! < limit(t) - 1e-9);
    const total = open.reduce((s, t) => s + weight(t), 0);
    if (!open.length || total <= 0) break;
    const step = Math.min(space / total, ...open.map((t) => (limit(t) - size(t) - incurred.get(t)!) / weight(t)));
    for (const t of open) {
      incurred.set(t, incurred.get(t)! + step * weight(t));
      space -= step * weight(t);
    }
  }
  return space;
}

/**
 * §12.5.1 for growth limits: the extra space goes to the infinitely growable tracks (an infinite
 * growth limit, or one just made finite by the intrinsic-maximums step), else to all affected
 * tracks beyond their limits, capped by fit-content() arguments.
 */
function growGrowth(
  tracks: Track[],
  items: readonly SizingItem[],
  affected: (t: Track) => boolean,
  space: (it: SizingItem) => number,
  gaps: (n: number) => number,
  markGrowable: boolean,
): void {
  const planned = new Map<Track, number>();
  for (const it of items) {
    const ts = spannedOf(tracks, it);
    const targets = ts.filter(affected);
    for (const t of targets) planned.set(t, planned.get(t) ?? 0);
    const sizes = ts.reduce((s, t) => s + (Number.isFinite(t.growth) ? t.growth : t.base), 0) + gaps(ts.length);
    let extra = space(it) - sizes;
    if (!targets.length || extra <= 0) continue;
    const growable = targets.filter((t) => t.growable || (!Number.isFinite(t.growth) && fitLimit(t) === Infinity));
    const incurred = new Map<Track, number>(targets.map((t) => [t, 0]));
    if (growable.length) for (const t of growable) incurred.set(t, extra / growable.length);
    else {
      const current = (t: Track): number => (Number.isFinite(t.growth) ? t.growth : t.base);
      extra = fill(targets, extra, () => 1, current, fitLimit, incurred);
    }
    for (const [t, inc] of incurred) planned.set(t, Math.max(planned.get(t) ?? 0, inc));
  }
  // An infinite growth limit an item reached becomes the base size plus the increase, even a zero one.
  for (const t of tracks) {
    const p = planned.get(t);
    const wasInfinite = !Number.isFinite(t.growth);
    if (p !== undefined) t.growth = wasInfinite ? t.base + p : t.growth + p;
    t.growable = markGrowable && p !== undefined && (wasInfinite || (t.growable && p > 0));
  }
}

/** How far §12.6 grows a track: its growth limit, capped by a fit-content() argument. */
const maximised = (t: Track): number => Math.max(t.base, Math.min(t.growth, fitLimit(t)));

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
