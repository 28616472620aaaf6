import type { BlockLevelBox, ContainerBox, LinesBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { resolveLength } from '../style.js';
import { cacheOf, memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { layoutBox } from '../flow/layout-box.js';
import { borderEdges, paddingEdges } from '../flow/box-model.js';
import { NO_MARGINS, measureSpace, type Resume } from '../flow/types.js';
import { markColumnFlow, markSpanner } from '../flow/column-flow.js';
import { inFragmentation, newFragmentation, type FragmentationContext } from '../positioned/fragmented.js';
import { establishesBfc } from '../flow/formatting-context.js';
import { isMulticol } from '../boxes/box.js';
import { inColumns, isAvoid } from '../flow/breaks.js';
import { isInlineCbHost, markInlineCbHost } from '../positioned/inline-containing-block.js';

/** Used column count, width and gap (CSS Multicol 1 §3.4 pseudo-algorithm). */
export interface ColumnGeometry {
  readonly count: number;
  readonly width: number;
  readonly gap: number;
}

export function columnGeometry(style: ComputedStyle, available: number): ColumnGeometry {
  // `normal` column-gap is 1em in multi-column containers (§4.1).
  const gap = style.columnGap === 'normal' ? style.fontSize : resolveLength(style.columnGap, available);
  // The used column width is at least 1px (§3.1): `column-width: 0` makes as many 1px columns as fit.
  const cw = style.columnWidth === 'auto' ? 'auto' : Math.max(1, style.columnWidth);
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
  /** The absolute boxes of containing blocks in these columns, to place once the columns are final (multicol-layout.ts). */
  readonly fc: FragmentationContext;
  /** Columns can be added after the last (CSS Multicol 1 §8.2), the page not ending the row. */
  readonly grows: boolean;
  /** The columns' height as fragmentainers of absolute boxes, when `height` is less (positioned/fragmented.ts ColumnRow). */
  readonly room?: number;
}

export type Segment =
  { readonly kind: 'columns'; readonly flow: ContainerBox } | { readonly kind: 'spanner'; readonly box: BlockLevelBox };

const segmentLists = memoSlot<ContainerBox, readonly Segment[]>('render');

/**
 * The multicol container's content cut at `column-span: all` children (§6): each run of other
 * children becomes an anonymous flow-root laid out column by column, each spanner spans all.
 */
export function segmentsOf(box: ContainerBox, ctx: LayoutContext): readonly Segment[] {
  return memoized(ctx, segmentLists, box, (b) => cutIntoSegments(b, ctx));
}

function cutIntoSegments(box: ContainerBox, ctx: LayoutContext): readonly Segment[] {
  const out: Segment[] = [];
  let run: BlockLevelBox[] = [];
  const flush = (): void => {
    if (run.length) out.push({ kind: 'columns', flow: flowOf(box, run) });
    run = [];
  };
  for (const child of box.children) {
    for (const piece of cutAtSpanners(child, ctx)) {
      if (piece.spanner) {
        flush();
        if (piece.box.kind !== 'lines' && piece.box.kind !== 'replaced') markSpanner(piece.box);
        out.push({ kind: 'spanner', box: piece.box });
      } else run.push(piece.box);
    }
  }
  flush();
  return out;
}

interface Piece {
  readonly spanner: boolean;
  readonly box: BlockLevelBox;
}

const isSpanner = (box: BlockLevelBox): boolean => box.kind !== 'lines' && box.style.columnSpan === 'all';

/**
 * A block box of the multicol's own formatting context, through which a spanner inside it still
 * spans (§6.1). A nested multicol container establishes a new block formatting context (§2): a
 * spanner inside it spans its columns, not the outer ones.
 */
const spansThrough = (box: BlockLevelBox): box is ContainerBox =>
  box.kind === 'block' && !establishesBfc(box) && !isMulticol(box);

function holdsSpanner(box: BlockLevelBox): boolean {
  return spansThrough(box) && box.children.some((c) => isSpanner(c) || holdsSpanner(c));
}

/**
 * A child of the multicol container as column content and spanners (CSS Multicol 1 §6.1: a
 * `column-span: all` box spans when its ancestors up to the multicol are block boxes in the same
 * formatting context). Such an ancestor is split around the spanner, as Chromium does: the part
 * before keeps its top edges, the part after its bottom edges; an empty part is dropped.
 */
function cutAtSpanners(child: BlockLevelBox, ctx: LayoutContext): readonly Piece[] {
  if (isSpanner(child)) return [{ spanner: true, box: child }];
  if (!holdsSpanner(child)) return [{ spanner: false, box: child }];
  const box = child as ContainerBox;
  const runs: BlockLevelBox[][] = [[]];
  const spanners: BlockLevelBox[] = [];
  for (const c of box.children) {
    for (const piece of cutAtSpanners(c, ctx)) {
      if (piece.spanner) {
        spanners.push(piece.box);
        runs.push([]);
      } else runs[runs.length - 1]!.push(piece.box);
    }
  }
  const out: Piece[] = [];
  const before: ContainerBox[] = [];
  const { height } = box.style;
  runs.forEach((children, i) => {
    const last = i === runs.length - 1;
    // The last part holds the rest of the box's block size, also with no children (see partAround).
    if (children.length > 0 || (last && typeof height === 'number')) {
      const part = partAround(box, children, i === 0, last);
      if (last && typeof height === 'number') cacheOf(ctx, splitRests).set(part, { height, before: before.slice() });
      before.push(part);
      out.push({ spanner: false, box: part });
    }
    if (i < spanners.length) out.push({ spanner: true, box: spanners[i]! });
  });
  return out;
}

/** The last part of a box of definite height split around spanners, and the parts before it. */
interface SplitRest {
  readonly height: number;
  readonly before: readonly ContainerBox[];
}

const splitRests = memoSlot<ContainerBox, SplitRest>('render');

const sizedFlows = memoSlot<ContainerBox, Map<number, ContainerBox>>('render');

/**
 * The flow of a column set with the last parts of split boxes sized: the box's block size less
 * what its parts before took, each as tall as its children up to the box's height (measured
 * in one column of `width`), as Chromium distributes it (multicol-span-all-children-height
 * tests: a 450px box around two spanners and 200px blocks gives 200, 200 and 50px).
 */
export function sizedFlow(flow: ContainerBox, width: number, ctx: LayoutContext): ContainerBox {
  const rests = cacheOf(ctx, splitRests);
  const holdsRest = (box: BlockLevelBox): boolean =>
    box.kind === 'block' && (rests.has(box) || box.children.some(holdsRest));
  if (!flow.children.some(holdsRest)) return flow;
  const byWidth = memoized(ctx, sizedFlows, flow, () => new Map<number, ContainerBox>());
  let sized = byWidth.get(width);
  if (!sized) byWidth.set(width, (sized = withRests(flow, width, holdsRest, ctx) ?? flow));
  return sized;
}

/** The box with its rest parts sized; null for a rest part with no children and no height left (no box, as Chromium). */
function withRests(
  box: ContainerBox,
  width: number,
  holdsRest: (box: BlockLevelBox) => boolean,
  ctx: LayoutContext,
): ContainerBox | null {
  const children = box.children.flatMap((c) =>
    holdsRest(c) ? (withRests(c as ContainerBox, width, holdsRest, ctx) ?? []) : [c],
  );
  const rest = cacheOf(ctx, splitRests).get(box);
  const height = rest ? restHeight(rest, width, ctx) : null;
  if (height === 0 && children.length === 0) return null;
  const sized = { ...box, style: height === null ? box.style : { ...box.style, height }, children } as ContainerBox;
  if (isInlineCbHost(box)) markInlineCbHost(sized);
  return sized;
}

function restHeight(rest: SplitRest, width: number, ctx: LayoutContext): number {
  let left = rest.height;
  for (const part of rest.before) {
    const r = layoutBox(part, measureSpace(width), null, ctx);
    const height = r.fragment?.kind === 'box' ? r.fragment.height : r.height;
    // The parts share the box's content height: the first part's top border and padding are not part of it.
    left -= Math.min(left, Math.max(0, height - verticalEdges(part.style, width)));
  }
  return Math.max(0, left);
}

/** The border and padding above and below a part's content (percentages against the column width). */
function verticalEdges(style: ComputedStyle, width: number): number {
  const b = borderEdges(style);
  const p = paddingEdges(style, width);
  return b.top + b.bottom + p.top + p.bottom;
}

/**
 * One part of a box split around spanners: its children between two of them, and the edges on
 * its sides. A part before a spanner is as tall as its children, up to the box's height; the last
 * part holds the box's height (Chromium gives the earlier parts just the block size that holds
 * their children; CSS Multicol 1 §6.1 leaves it open).
 */
function partAround(
  box: ContainerBox,
  children: readonly BlockLevelBox[],
  first: boolean,
  last: boolean,
): ContainerBox {
  const s = box.style;
  const top = first
    ? {}
    : { marginTop: 0, paddingTop: 0, borderTop: { ...s.borderTop, width: 0, style: 'none' as const } };
  const bottom = last
    ? {}
    : { marginBottom: 0, paddingBottom: 0, borderBottom: { ...s.borderBottom, width: 0, style: 'none' as const } };
  const size = last ? {} : { height: 'auto' as const, minHeight: 'auto' as const, maxHeight: cappedBy(s.height) };
  const part = {
    ...box,
    style: { ...s, ...top, ...bottom, ...size },
    children,
    marker: first ? box.marker : null,
  } as ContainerBox;
  if (isInlineCbHost(box)) markInlineCbHost(part);
  return part;
}

const cappedBy = (height: ComputedStyle['height']): ComputedStyle['maxHeight'] =>
  height === 'auto' || typeof height === 'string' ? 'none' : height;

function flowOf(box: ContainerBox, children: readonly BlockLevelBox[]): ContainerBox {
  const s = box.style;
  const none = { ...s.borderTop, width: 0, style: 'none' as const };
  const style: ComputedStyle = {
    ...s,
    display: 'flow-root',
    columnCount: 'auto',
    columnWidth: 'auto',
    columnHeight: 'auto',
    width: 'auto',
    height: 'auto',
    minHeight: 'auto',
    maxHeight: 'none',
    minWidth: 'auto',
    maxWidth: 'none',
    marginTop: 0,
    marginRight: 0,
    marginBottom: 0,
    marginLeft: 0,
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    borderTop: none,
    borderRight: none,
    borderBottom: none,
    borderLeft: none,
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
    backgroundLayers: [],
    boxShadow: [],
    outline: none,
    position: 'static',
    breakBefore: 'auto',
    breakAfter: 'auto',
    breakInside: 'auto',
    opacity: 1,
    transform: [],
    // The multicol's overflow clips at its own padding box (CSS Multicol 1 §8.1), not at each
    // column box: a column's content overflowing into the next columns shows, as Chromium prints it.
    overflow: 'visible',
    clip: undefined,
    clipPath: undefined,
  };
  const flow = markColumnFlow({ kind: 'block', style, tag: '', attrs: {}, children, marker: null });
  // The flow holds the multicol's positioned inlines: their absolute boxes are placed in the columns.
  if (isInlineCbHost(box)) markInlineCbHost(flow);
  return flow;
}

/** What the columns of a set share besides their geometry. */
export interface ColumnEnv {
  /** The multicol's content height, against which percentages in the columns resolve (column-flow.ts). */
  readonly cbHeight: number | null;
  /**
   * The columns end where the outer fragmentainer (page or outer column) ends and it is not at
   * its start: the next one has more room. Content that does not fit a column (monolithic, or
   * that avoids breaks, orphans and widows) then moves on to the next row of columns there
   * rather than overflow or break against the rules (CSS Fragmentation 3 §4.4: a fragmentainer
   * is not empty for a nested one that starts below its start; Chromium's nested multicol).
   */
  readonly moreRoomNext: boolean;
}

interface Run {
  readonly columns: Fragment[];
  /** Everything fitted: no column overflowed and none had to break against orphans/widows or push content. */
  readonly complete: boolean;
  readonly resume: Resume | null;
  readonly baseline: number | null;
  readonly lastBaseline: number | null;
  /** The absolute boxes of containing blocks in these columns, placed once the columns are final. */
  readonly fc: FragmentationContext;
}

/**
 * Lay the flow out in up to `count` columns of height `height`, from `start`. Every column top
 * is the start of a fragmentainer, so content there may break against widows as a last resort
 * (Chromium splits a 3-line paragraph 2|1 in columns of 2 lines rather than taller columns).
 * A `strict` trial (balancing) fails when a column overflows, or when a paragraph is split with
 * fewer than `orphans` lines before the break: Chromium's balancer counts the first `orphans`
 * lines as unbreakable (a 2-line paragraph is never split 1|1, `orphans:3` keeps 3 lines).
 */
function runColumns(
  flow: ContainerBox,
  geo: ColumnGeometry,
  start: Resume | null,
  height: number,
  strict: boolean,
  ctx: LayoutContext,
  env: ColumnEnv,
): Run {
  const fc = newFragmentation();
  return {
    ...inFragmentation(fc, () => inColumns(() => fillColumns(flow, geo, start, height, strict, ctx, env))),
    fc,
  };
}

function fillColumns(
  flow: ContainerBox,
  geo: ColumnGeometry,
  start: Resume | null,
  height: number,
  strict: boolean,
  ctx: LayoutContext,
  env: ColumnEnv,
): Omit<Run, 'fc'> {
  const columns: Fragment[] = [];
  let resume = start;
  let baseline: number | null = null;
  let lastBaseline: number | null = null;
  for (let i = 0; i < geo.count; i++) {
    const r = layoutBox(
      flow,
      {
        inlineSize: geo.width,
        blockSize: height,
        pageIsEmpty: !env.moreRoomNext,
        mode: 'layout',
        marginAbove: NO_MARGINS,
        truncateMargins: resume !== null,
        cbBlockSize: env.cbHeight,
        parallelFlows: true,
      },
      resume,
      ctx,
    );
    // Content overflowing a box that ended in this column goes on in the next (CSS Fragmentation 3 §4.4 parallel flows).
    const next = r.resume ?? r.parallel ?? null;
    const fits = (fragment: Fragment): boolean =>
      (next === null ? contentEnd(fragment, r.height) : r.height) <= height + UNIT &&
      (!r.parallel || overflowEnd(fragment) <= height + UNIT) &&
      !breaksAgainstOrphans(flow, resume, next) &&
      !breaksInsideAvoid(flow, r.resume);
    if (!r.fragment || (strict && !fits(r.fragment)))
      return { columns, complete: false, resume, baseline, lastBaseline };
    columns.push(r.fragment);
    if (baseline === null) baseline = r.baseline;
    if (r.lastBaseline !== null) lastBaseline = r.lastBaseline;
    resume = next;
    if (resume === null) return { columns, complete: true, resume, baseline, lastBaseline };
  }
  return { columns, complete: false, resume, baseline, lastBaseline };
}

/**
 * Where the flow's content ends in its last column, without the trailing block-end margin: a
 * margin at the end of the fragmentainer is truncated (CSS Fragmentation 3 §5.2), so Chromium's
 * balancer lets it stick out of the column (measured: `column-count:2`, lines of 20px, `x<br>x` then
 * `x` with margin-bottom 30px balances to 45px, the second column holding 20px + the 30px margin).
 * Text directly in the flow has no margin after it: then the flow's height is the end.
 */
function contentEnd(column: Fragment, height: number): number {
  if (column.kind !== 'box') return height;
  let end = 0;
  for (const f of column.children) {
    if (f.kind === 'text') return height;
    end = Math.max(end, f.y + f.height - column.y);
  }
  return column.children.length ? Math.min(end, height) : height;
}

/**
 * Where the boxes of a column end, with the content overflowing a box that ended in it (a
 * parallel flow): the balancer makes the column tall enough for that content too, as Chromium
 * does (a box of `height: 0` holding all of the content still gets columns as tall as it).
 */
function overflowEnd(f: Fragment): number {
  if (f.kind !== 'box') return 0;
  if (f.style.overflow !== 'visible') return f.height;
  return f.children.reduce((end, c) => (inFlowBox(c) ? Math.max(end, c.y - f.y + overflowEnd(c)) : end), f.height);
}

/** A box fragment of the flow (out-of-flow boxes are not fragmented by the balancer's columns). */
function inFlowBox(f: Fragment): f is Fragment & { kind: 'box' } {
  return f.kind === 'box' && f.style.position !== 'absolute' && f.style.position !== 'fixed';
}

/** The paragraph a column ends inside and the line it continues at, with the path to it. */
function brokenLines(flow: ContainerBox, resume: Resume | null): { box: LinesBox; line: number; path: string } | null {
  let box: BlockLevelBox = flow;
  let path = '';
  for (let r = resume; r?.kind === 'block'; r = r.inner) {
    if (box.kind !== 'block') return null;
    const child: BlockLevelBox | undefined = box.children[r.child];
    if (!child) return null;
    path += `${r.child}/`;
    if (child.kind === 'lines') return r.inner?.kind === 'lines' ? { box: child, line: r.inner.line, path } : null;
    box = child;
  }
  return null;
}

/** Did this column split a paragraph after fewer than `orphans` of its lines in the column? */
function breaksAgainstOrphans(flow: ContainerBox, from: Resume | null, to: Resume | null): boolean {
  const end = brokenLines(flow, to);
  if (!end) return false;
  const begin = brokenLines(flow, from);
  const first = begin && begin.path === end.path ? begin.line : 0;
  return end.line - first < Math.max(1, end.box.style.orphans);
}

/**
 * Does the column end inside a `break-inside: avoid` (or `avoid-column`) box? A balancing trial
 * that does fails: taller columns may keep the box whole (CSS Fragmentation 3 §4.4, rule 2;
 * measured: Chromium balances a 100px avoid block in 2 columns to 100px, not 50px).
 */
function breaksInsideAvoid(flow: ContainerBox, resume: Resume | null): boolean {
  let box: BlockLevelBox = flow;
  for (let r = resume; r?.kind === 'block' && r.inner !== null; r = r.inner) {
    if (box.kind !== 'block') return false;
    const child: BlockLevelBox | undefined = box.children[r.child];
    if (!child || child.kind === 'lines') return false;
    if (isAvoid(child.style.breakInside)) return true;
    box = child;
  }
  return false;
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
  flow: ContainerBox,
  geo: ColumnGeometry,
  start: Resume | null,
  limit: number,
  balance: boolean,
  ctx: LayoutContext,
  env: ColumnEnv,
  overflow = false,
): ColumnSet {
  const set = (height: number, run: Run): ColumnSet => ({
    ...run,
    height,
    width: geo.width,
    gap: geo.gap,
    grows: overflow,
  });
  const trial = (height: number): Run => runColumns(flow, geo, start, height, true, ctx, env);
  // When the container's own height (not the page) limits the columns, the rest overflows into
  // extra columns beside them (CSS Multicol 1 §8.2), as many as the content needs (bounded).
  const fill = (height: number): ColumnSet =>
    set(height, runColumns(flow, overflow ? { ...geo, count: MAX_COLUMNS } : geo, start, height, false, ctx, env));
  // The whole remaining flow is measured only when nothing bounds the columns, or once it is
  // known to fit this row of columns (so a long flow across many pages is not measured per page).
  let total = Number.isFinite(limit) ? null : flowHeight(flow, geo, start, ctx, env.cbHeight);
  const hi = total ?? limit;
  if (!balance) return fill(hi);
  const first = trial(hi);
  if (!first.complete && first.resume !== null && first.columns.length === geo.count) return fill(hi);
  total ??= flowHeight(flow, geo, start, ctx, env.cbHeight);
  const fit = lowestFit(trial, total / geo.count, hi, first);
  return fit ? set(fit.height, fit.run) : fill(Number.isFinite(limit) ? limit : total);
}

/** The height of the rest of the flow from `start` in one column of unlimited height, with what overflows its boxes. */
function flowHeight(
  flow: ContainerBox,
  geo: ColumnGeometry,
  start: Resume | null,
  ctx: LayoutContext,
  cbHeight: number | null,
): number {
  const r = layoutBox(flow, measureSpace(geo.width, cbHeight, start !== null), start, ctx);
  // Content overflowing a box of definite height needs columns too (parallel flows).
  return r.fragment ? Math.max(r.height, overflowEnd(r.fragment)) : r.height;
}

/**
 * The least column height at which everything fits, like Chromium's balancer: start from the
 * content height shared equally between the columns (`share`) and take the least height from
 * there at which everything fits, never more than `hi` (where `first` ran). Null: nothing fits.
 */
function lowestFit(
  trial: (height: number) => Run,
  share: number,
  hi: number,
  first: Run,
): { height: number; run: Run } | null {
  let best: { height: number; run: Run } | null = first.complete ? { height: hi, run: first } : null;
  /** One balancing trial: a height at which everything fits becomes the best so far. */
  const fits = (h: number): boolean => {
    const run = trial(h);
    if (run.complete) best = { height: h, run };
    return run.complete;
  };
  const top = (): number => best?.height ?? hi;
  // Bisection between a height that does not fit and the best so far. A trial can fail at the
  // top only by a last bottom margin; search anyway.
  const search = (low: number): void => {
    while (top() - low > UNIT) {
      const mid = Math.ceil((low + top()) / 2 / UNIT) * UNIT;
      if (mid >= top()) break;
      if (!fits(mid)) low = mid;
    }
  };
  // Chromium's first guess, the equal share, often fits already (trials are not monotonic once
  // trailing margins and splittable blocks meet column ends, so try it before searching).
  let from = Math.max(0, share - UNIT);
  const guess = Math.ceil(share / UNIT) * UNIT;
  if (guess < hi) {
    if (fits(guess)) return best;
    from = guess;
  }
  search(from);
  if (best === null) return null;
  probeBelow(fits, search, from, top());
  return best;
}

/**
 * Trials are not monotonic (each height fills the columns differently): Chromium stretches up
 * from the equal share by the least space shortage and stops at the first height that fits,
 * which can lie well below what bisection finds (measured: a 3-column price list of padded flex
 * rows balances 13 px lower). Probe evenly between `from` and the found height `hi` and narrow
 * down to the lowest fit, a bounded number of extra trials.
 */
function probeBelow(fits: (h: number) => boolean, search: (low: number) => void, from: number, hi: number): void {
  const step = (hi - from) / (PROBES + 1);
  if (step <= 4 * UNIT) return;
  let below = from;
  for (let k = 1; k <= PROBES; k++) {
    const h = Math.ceil((from + k * step) / UNIT) * UNIT;
    if (h >= hi) return;
    if (fits(h)) return search(below);
    below = h;
  }
}

/** Extra balancing trials spread below the bisected height (see balanceColumns). */
const PROBES = 12;
