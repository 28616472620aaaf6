import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { resolveLength } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { layoutBox } from '../flow/layout-box.js';
import { NO_MARGINS, type Resume } from '../flow/types.js';

/** Used column count, width and gap (CSS Multicol 1 §3.4 pseudo-algorithm). */
export interface ColumnGeometry {
  readonly count: number;
  readonly width: number;
  readonly gap: number;
}

export function columnGeometry(style: ComputedStyle, available: number): ColumnGeometry {
  // `normal` column-gap is 1em in multi-column containers (§4.1).
  const gap = style.columnGap === 'normal' ? style.fontSize : resolveLength(style.columnGap, available);
  const cw = style.columnWidth;
  const cc = style.columnCount;
  let count: number;
  if (cw === 'auto') count = cc === 'auto' ? 1 : cc;
  else {
    const fit = Math.max(1, Math.floor((available + gap) / (cw + gap)));
    count = cc === 'auto' ? fit : Math.min(cc, fit);
  }
  count = Math.max(1, count);
  return { count, width: Math.max(0, (available - (count - 1) * gap) / count), gap };
}

/** One row of columns: their fragments (at the origin), the column height and where the flow continues. */
export interface ColumnSet {
  readonly columns: Fragment[];
  readonly height: number;
  readonly width: number;
  readonly gap: number;
  readonly resume: Resume | null;
  readonly baseline: number | null;
  readonly lastBaseline: number | null;
}

export type Segment =
  | { readonly kind: 'columns'; readonly flow: ContainerBox }
  | { readonly kind: 'spanner'; readonly box: BlockLevelBox };

const segmentCache = new WeakMap<ContainerBox, readonly Segment[]>();

/**
 * The multicol container's content cut at `column-span: all` children (§6): each run of other
 * children becomes an anonymous flow-root laid out column by column, each spanner spans all.
 */
export function segmentsOf(box: ContainerBox): readonly Segment[] {
  let segments = segmentCache.get(box);
  if (segments) return segments;
  const out: Segment[] = [];
  let run: BlockLevelBox[] = [];
  const flush = (): void => {
    if (run.length) out.push({ kind: 'columns', flow: flowOf(box, run) });
    run = [];
  };
  for (const child of box.children) {
    if (child.kind !== 'lines' && child.style.columnSpan === 'all') {
      flush();
      out.push({ kind: 'spanner', box: child });
    } else run.push(child);
  }
  flush();
  segments = out;
  segmentCache.set(box, segments);
  return segments;
}

function flowOf(box: ContainerBox, children: readonly BlockLevelBox[]): ContainerBox {
  const s = box.style;
  const none = { ...s.borderTop, width: 0, style: 'none' as const };
  const style: ComputedStyle = {
    ...s, display: 'flow-root', columnCount: 'auto', columnWidth: 'auto', width: 'auto', height: 'auto', minHeight: 'auto', maxHeight: 'none',
    minWidth: 'auto', maxWidth: 'none', marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0,
    paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0, borderTop: none, borderRight: none, borderBottom: none, borderLeft: none,
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundLayers: [], boxShadow: [], outline: none, position: 'static',
    breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto', opacity: 1, transform: [],
  };
  return { kind: 'block', style, tag: '', attrs: {}, children, marker: null };
}

interface Run {
  readonly columns: Fragment[];
  /** Everything fitted: no column overflowed and none had to break against orphans/widows or push content. */
  readonly complete: boolean;
  readonly resume: Resume | null;
  readonly baseline: number | null;
  readonly lastBaseline: number | null;
}

/**
 * Lay the flow out in up to `count` columns of height `height`, from `start`. A `strict` trial
 * (balancing) treats every column as having content before it, so breaks that would violate
 * orphans/widows or overflow count as not fitting; a fill run forces progress in every column.
 */
function runColumns(flow: ContainerBox, geo: ColumnGeometry, start: Resume | null, height: number, strict: boolean, ctx: LayoutContext): Run {
  const columns: Fragment[] = [];
  let resume = start;
  let baseline: number | null = null;
  let lastBaseline: number | null = null;
  for (let i = 0; i < geo.count; i++) {
    const r = layoutBox(flow, {
      inlineSize: geo.width, blockSize: height, pageIsEmpty: !strict, mode: 'layout', marginAbove: NO_MARGINS,
      truncateMargins: resume !== null, cbBlockSize: null,
    }, resume, ctx);
    if (!r.fragment || (strict && r.height > height + UNIT)) return { columns, complete: false, resume, baseline, lastBaseline };
    columns.push(r.fragment);
    if (baseline === null) baseline = r.baseline;
    if (r.lastBaseline !== null) lastBaseline = r.lastBaseline;
    resume = r.resume;
    if (resume === null) return { columns, complete: true, resume, baseline, lastBaseline };
  }
  return { columns, complete: false, resume, baseline, lastBaseline };
}

const MAX_COLUMNS = 1000;

/** 1/64 px: Chromium's layout unit, the precision the balanced height is searched to. */
const UNIT = 1 / 64;

/**
 * Fill one row of columns (§7): with balancing, the least column height (to 1/64 px) at which
 * the rest of the content fits the columns, capped by `limit` (the room on the page or the
 * container's height); without, or when the content does not fit, columns of height `limit`.
 */
export function balanceColumns(
  flow: ContainerBox, geo: ColumnGeometry, start: Resume | null, limit: number, balance: boolean, ctx: LayoutContext, overflow = false,
): ColumnSet {
  const set = (height: number, run: Run): ColumnSet => ({ ...run, height, width: geo.width, gap: geo.gap });
  const measure = (): number => layoutBox(flow, {
    inlineSize: geo.width, blockSize: Infinity, pageIsEmpty: true, mode: 'measure', marginAbove: NO_MARGINS, truncateMargins: start !== null, cbBlockSize: null,
  }, start, ctx).height;
  // The whole remaining flow is measured only when nothing bounds the columns, or once it is
  // known to fit this row of columns (so a long flow across many pages is not measured per page).
  let total = Number.isFinite(limit) ? null : measure();
  let hi = total ?? limit;
  // When the container's own height (not the page) limits the columns, the rest overflows into
  // extra columns beside them (CSS Multicol 1 §8.2), as many as the content needs (bounded).
  const fill = (): ColumnSet => set(hi, runColumns(flow, overflow ? { ...geo, count: MAX_COLUMNS } : geo, start, hi, false, ctx));
  if (!balance) return fill();
  let best = runColumns(flow, geo, start, hi, true, ctx);
  if (!best.complete && best.resume !== null && best.columns.length === geo.count) return fill();
  // Like Chromium's balancer: start from the content height shared equally between the columns
  // and take the least height from there at which everything fits (never splitting more than
  // that needs). A trial can fail at the top only by a last bottom margin; search anyway.
  total ??= measure();
  let found = best.complete ? hi : null;
  let lo = Math.max(0, total / geo.count - UNIT);
  // Chromium's first guess, the equal share, often fits already (trials are not monotonic once
  // trailing margins and splittable blocks meet column ends, so try it before searching).
  const guess = Math.ceil(total / geo.count / UNIT) * UNIT;
  if (guess < hi) {
    const r = runColumns(flow, geo, start, guess, true, ctx);
    if (r.complete) return set(guess, r);
    lo = guess;
  }
  while (hi - lo > UNIT) {
    const mid = Math.ceil(((lo + hi) / 2) / UNIT) * UNIT;
    if (mid >= hi) break;
    const r = runColumns(flow, geo, start, mid, true, ctx);
    if (r.complete) {
      hi = mid;
      best = r;
      found = mid;
    } else lo = mid;
  }
  if (found === null) {
    hi = Number.isFinite(limit) ? limit : total;
    return fill();
  }
  return set(found, best);
}
