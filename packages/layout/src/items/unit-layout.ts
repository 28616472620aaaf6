import type { ContainerBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { LayoutContext } from '../flow/context.js';
import { resolveBlockBox, type UsedBox } from '../flow/box-model.js';
import { keywordWidths } from '../flow/keyword-widths.js';
import { changedFragment, movedFragment } from '../flow/fragments.js';
import {
  addMargin,
  NO_MARGINS,
  nothingAbove,
  resolveMargins,
  type ForcedBreak,
  type LaneCursor,
  type LayoutResult,
  type MarginSet,
  type Resume,
  type Space,
} from '../flow/types.js';
import { pieceFragment, reservedBottomEdges, topEdgesOf } from '../flow/decoration-break.js';
import { layoutItem, type ItemBox } from './sized-box.js';
import { staticAlignOf } from './alignment.js';
import {
  breakAfterOf,
  breakBeforeOf,
  combineBreaks,
  forcedBreakBetween,
  avoidsBreakInside,
  isAvoid,
} from '../flow/breaks.js';
import type { BreakValue, ComputedStyle } from '../style.js';
import { containsFixed } from '../positioned/insets.js';
import { isOutOfFlow, outOfFlowPlaceholder } from '../positioned/open-blocks.js';

const EPSILON = 1e-6;

/** An item's final border box relative to the container's content box, and how to lay it out. */
export interface UnitItem {
  readonly box: ItemBox;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Height to pin for the final layout; null: the content decides. */
  readonly pinHeight: number | null;
  /** Broken across fragmentainers, the item grows with its content (the pinned height is a minimum). */
  readonly grows?: boolean;
  /** Its height is its flexed main size, not its own (a column flex item of auto height, items/sized-box.ts PinnedSizes). */
  readonly flexed?: boolean;
  /** A stretched item whose row grows as it breaks: it ends where the row ends (grid rows). */
  readonly endsWithRow?: boolean;
  /** Its bottom margin, when a break must not cut it off (items of a row flex container). */
  readonly marginBottom?: number;
  /** Takes part in baseline alignment: preferred for the container's first baseline. */
  readonly baselineAligned: boolean;
  /** The item's containing block when it is not the container's content box (a grid area). */
  readonly cbWidth?: number;
  readonly cbHeight?: number | null;
}

/** A break unit: a flex line, a column flex item, a grid row (with the items starting in it). */
export interface Unit<Item = UnitItem> {
  readonly top: number;
  readonly bottom: number;
  readonly items: readonly Item[];
}

/** A rectangle from the container's content-box corner. */
export interface OutOfFlowArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A container laid out before fragmentation: positions relative to its content box. */
export interface UnitGeometry {
  /** A grid's area for an absolutely positioned child it is the containing block of (CSS Grid 2 §10.1). */
  readonly outOfFlowArea?: (child: ComputedStyle) => OutOfFlowArea;
  readonly units: readonly Unit[];
  /** Parallel sequences of units (the lines of a multi-line column flex container): each breaks on its own; `units` is then unused. */
  readonly lanes?: readonly (readonly Unit[])[];
  readonly contentHeight: number;
  /**
   * An item that waited for a later page starts at that page's top (grid rows, as Chromium
   * breaks before a grid item), not at its offset less the room consumed (flex lines).
   */
  readonly waitersRestartAtTop?: boolean;
  /** `break-before/after: avoid` between units moves a break earlier (flex lines and items; Chromium keeps breaks between grid rows). */
  readonly avoidsBreaksBetween?: boolean;
}

/** Where a container continues: the unit, the resume inside it, and the content y shown at the fragment top. */
export interface UnitCursor {
  readonly unit: number;
  readonly inner: Resume | null;
  readonly offset: number;
  /** With lanes: where each continues (`offset` is then the container's, less each lane's shift). */
  readonly lanes?: readonly LaneCursor[];
}

/** Per-fragment bookkeeping while units are placed on a page. */
interface Frame {
  readonly box: ContainerBox;
  readonly used: UsedBox;
  readonly space: Space;
  readonly geo: UnitGeometry;
  readonly ctx: LayoutContext;
  readonly topEdges: number;
  /**
   * Content-box y shown at the fragment's content top. Moves when a unit continued from the
   * previous page ends elsewhere than its measured bottom, so that what follows flows after it.
   */
  offset: number;
  /** Room for the border box on this page (less the bottom edges a cloned box keeps at a break). */
  readonly available: number;
  readonly reserve: number;
  readonly children: Fragment[];
  baseline: number | null;
  lastBaseline: number | null;
  /** A forced break between units ended this fragment. */
  forced: ForcedBreak | null;
}

/**
 * Lay out a flex or grid container whose items are already sized and positioned (`geometryOf`),
 * fragmented by break units (CSS Fragmentation 3 §4, as Chromium does for flex lines and grid
 * rows): a unit reaching past the page end has its items broken in parallel, each item
 * continuing at the top of the next page; when none of them can place anything the unit moves
 * on; `break-inside: avoid` on an item or the container moves it on when not first on the page.
 */
export function layoutUnits(
  box: ContainerBox,
  space: Space,
  token: UnitCursor | null,
  ctx: LayoutContext,
  geometryOf: (used: UsedBox) => UnitGeometry,
  toResume: (c: UnitCursor) => Resume,
): LayoutResult {
  const used = resolveBlockBox(
    box.style,
    space.inlineSize,
    space.cbBlockSize,
    space.cbDirection ?? 'ltr',
    undefined,
    keywordWidths(box, ctx, space.inlineSize, space.cbBlockSize),
  );
  const continuation = token !== null;
  const marginTop: MarginSet =
    continuation || space.truncateMargins ? space.marginAbove : addMargin(space.marginAbove, used.marginTop);
  const reserve =
    space.mode === 'layout' && Number.isFinite(space.blockSize) ? reservedBottomEdges(used, box.style) : 0;
  const frame: Frame = {
    box,
    used,
    space,
    geo: geometryOf(used),
    ctx,
    topEdges: topEdgesOf(used, box.style, continuation),
    // Cloned decorations (flow/decoration-break.ts): the units break above the bottom border and padding.
    offset: token?.offset ?? 0,
    available: space.blockSize - resolveMargins(marginTop) - reserve,
    reserve,
    children: [],
    baseline: null,
    lastBaseline: null,
    forced: null,
  };
  const paging = space.mode === 'layout' && Number.isFinite(space.blockSize);
  const lanes = frame.geo.lanes;
  const stop = lanes ? placeLanes(frame, lanes, token, paging) : placeUnits(frame, token, paging);
  if (stop === 'push') return pushed(marginTop);
  if (!continuation) placeOutOfFlow(frame);
  const bottomEdges = used.border.bottom + used.padding.bottom;
  const avoid = avoidsBreakInside(box.style);
  if (stop !== null) {
    if (avoid && !continuation && !space.pageIsEmpty) return pushed(marginTop);
    return broken(frame, marginTop, toResume(stop), continuation);
  }
  const contentHeight = Math.max(0, frame.geo.contentHeight - frame.offset);
  const height = frame.topEdges + contentHeight + bottomEdges;
  const tooTall = paging && height > frame.available + frame.reserve + EPSILON;
  // Its items fit but its bottom padding and border do not: with `break-inside: avoid` the
  // whole box moves on (CSS Fragmentation 3 §3.2), as a block's does (flow/block-layout.ts finish).
  if (tooTall && avoid && !continuation && !nothingAbove(space)) return pushed(marginTop);
  if (tooTall && frame.available > frame.topEdges + EPSILON && (used.height !== null || used.minHeight > 0)) {
    // A definite height or min-height taller than the room left: the container's own box splits
    // (CSS Fragmentation 3 §4), as a block's does (flow/block-layout.ts).
    const consumed = frame.offset + frame.available - frame.topEdges;
    const done = lanes?.map((l) => ({ unit: l.length, inner: null, shift: 0 }));
    return broken(
      frame,
      marginTop,
      toResume({ unit: frame.geo.units.length, inner: null, offset: consumed, ...(done ? { lanes: done } : {}) }),
      continuation,
    );
  }
  return {
    fragment: makeFragment(frame, height, continuation, true),
    resume: null,
    marginTop,
    // A flex or grid container's baseline is its first one, also as an inline-flex/-grid (CSS Flexbox §8.5, CSS Grid §10.7).
    marginBottom: addMargin(NO_MARGINS, used.marginBottom),
    collapsesThrough: false,
    height,
    baseline: frame.baseline,
    lastBaseline: frame.baseline,
  };
}

function pushed(marginTop: MarginSet): LayoutResult {
  return {
    fragment: null,
    resume: null,
    marginTop,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height: 0,
    baseline: null,
    lastBaseline: null,
  };
}

function broken(frame: Frame, marginTop: MarginSet, resume: Resume, continuation: boolean): LayoutResult {
  const height = Math.max(frame.available, frame.topEdges) + frame.reserve;
  return {
    fragment: makeFragment(frame, height, continuation, false),
    resume,
    marginTop,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height,
    baseline: frame.baseline,
    lastBaseline: frame.lastBaseline,
    ...(frame.forced ? { forcedBreak: frame.forced } : {}),
  };
}

/** Place break units from the resume point; returns where to continue, 'push', or null when all are placed. */
function placeUnits(frame: Frame, token: UnitCursor | null, paging: boolean): UnitCursor | 'push' | null {
  const units = frame.geo.units;
  const from = token?.unit ?? 0;
  // Children placed before each unit on this page, to take back units when a break moves earlier.
  const starts: number[] = [];
  let placed = 0;
  for (let u = from; u < units.length; u++) {
    const unit = units[u]!;
    starts[u] = frame.children.length;
    if (paging && u > from) {
      // Forced breaks between lines / column items / rows (CSS Fragmentation 3 §3.1).
      const forced = forcedBreakBetween(strongestAfter(units[u - 1]!, frame.ctx), strongestBefore(unit, frame.ctx));
      if (forced) {
        frame.forced = forced;
        return { unit: u, inner: null, offset: unit.top };
      }
    }
    const state = token && u === token.unit && token.inner?.kind === 'parallel' ? token.inner : null;
    const top = state ? frame.topEdges : frame.topEdges + unit.top - frame.offset;
    const first = placed === 0;
    const fits = !paging || top + unit.bottom - unit.top <= frame.available + EPSILON;
    if (fits && !state && paging && endEdgesMoveLastUnit(frame, u, top + unit.bottom - unit.top, first))
      return first && !token ? 'push' : breakBefore(frame, u, from, starts, !token);
    if (fits && !state && paging && marginsMoveUnit(frame, unit, top, first))
      return breakForMargin(frame, u, from, starts, token);
    if (fits && !state) {
      const forced = placeWhole(frame, unit, u === 0 && !token, paging);
      placed++;
      if (forced) return { unit: u, inner: forced, offset: frame.offset + frame.available - frame.topEdges };
      continue;
    }
    // A unit without items (a grid row of empty cells) is only space: it breaks at the page end
    // (CSS Fragmentation 3 §4), the rest of it starting the next page.
    // A page without room for any of it moves it on, unless nothing would be gained (an empty page): it then overflows.
    if (unit.items.length === 0 && !state) {
      if (frame.available - top > EPSILON)
        return { unit: u, inner: null, offset: frame.offset + frame.available - frame.topEdges };
      if (!(first && frame.space.pageIsEmpty)) return breakBefore(frame, u, from, starts, !token);
      placed++;
      continue;
    }
    // The unit reaches past the page end: its items break in parallel (as Chromium breaks flex lines and grid rows).
    const childrenBefore = frame.children.length;
    const owners: UnitItem[] = [];
    const r = placeParallel(frame, unit, top, state, first && frame.space.pageIsEmpty, u === 0 && !token, owners);
    if (state && r === null) {
      // The rest of a broken unit ended here: later units follow its real end (page coordinates →
      // content y). Items that grow with their content end with their border boxes, and content
      // overflowing an item does not push what follows (as Chromium).
      const growth = unit.items.every((p) => p.grows !== undefined);
      const end = Math.max(top, ...frame.children.slice(childrenBefore).map((f) => bottomOf(f, !growth)));
      stretchToRowEnd(frame, childrenBefore, owners, end);
      frame.offset = frame.topEdges + unit.bottom - end;
    }
    if (r === 'margin') return breakForMargin(frame, u, from, starts, token);
    if (r === 'pushed') {
      if (first && !token && !frame.space.pageIsEmpty) return 'push';
      return breakBefore(frame, u, from, starts, !token);
    }
    placed++;
    if (r !== null) return { unit: u, inner: r, offset: frame.offset + frame.available - frame.topEdges };
  }
  return null;
}

/**
 * The last unit fits but the container's bottom padding and border below it do not: a break
 * before them is a last resort (flow/monolithic-overflow.ts), so the break goes before that
 * unit, or before the container when it is its first here (CSS Fragmentation 3 §4.4; Chromium
 * moves such a flex or grid container on whole, as a block whose last child takes its end edges
 * along, flow/end-reserve.ts). Not when nothing is above it on the page: it would fit no better.
 */
function endEdgesMoveLastUnit(frame: Frame, u: number, bottom: number, first: boolean): boolean {
  const { used } = frame;
  if (u !== frame.geo.units.length - 1 || frame.reserve > 0 || used.height !== null || used.minHeight > 0) return false;
  if (first && nothingAbove(frame.space)) return false;
  return bottom + used.border.bottom + used.padding.bottom > frame.available + EPSILON;
}

/**
 * The unit's items fit but the bottom margin of one of them does not. CSS Fragmentation 3 §5.2
 * truncates margins only at breaks between siblings, and an item's margin is inside its line:
 * Chromium keeps it whole and breaks earlier (`breakForMargin`). Not when nothing is above the
 * unit on the page: it would fit no better.
 */
function marginsMoveUnit(frame: Frame, unit: Unit, top: number, first: boolean): boolean {
  if (first && nothingAbove(frame.space)) return false;
  return unit.items.some((p) => marginOverflows(frame, top + p.y - unit.top, p.height, p));
}

/** An item placed at `y` whose border box (`height` tall) ends on the page but whose bottom margin does not. */
function marginOverflows(frame: Frame, y: number, height: number, p: UnitItem): boolean {
  const end = y + height;
  if (!p.marginBottom || end > frame.available + EPSILON) return false;
  return end + p.marginBottom > frame.available + EPSILON;
}

/**
 * Where Chromium breaks for an item's bottom margin that does not fit (measured: a later line's
 * margin too): before the whole container when it starts on this page below other content (CSS
 * Fragmentation 3 §4.4, the break moves to an earlier break point of the parent), else before the
 * unit, as for a unit that does not fit.
 */
function breakForMargin(
  frame: Frame,
  u: number,
  from: number,
  starts: readonly number[],
  token: UnitCursor | null,
): UnitCursor | 'push' {
  if (!token && !nothingAbove(frame.space)) return 'push';
  return breakBefore(frame, u, from, starts, !token);
}

/**
 * A break before unit `u`, which does not fit the page. CSS Fragmentation 3 §4.4 rule 1: where
 * break-after/-before avoid it, the break moves to the last earlier boundary between units on
 * this page that allows one (the units after it are taken back and go on the next page); when
 * none does, before the container if this is its start and the page holds something else (as
 * Chromium prefers a break before a box to an avoided one inside it), else it stays at `u`.
 */
function breakBefore(
  frame: Frame,
  u: number,
  from: number,
  starts: readonly number[],
  containerStart: boolean,
): UnitCursor | 'push' {
  const units = frame.geo.units;
  let k = u;
  while (
    frame.geo.avoidsBreaksBetween &&
    k > from &&
    isAvoid(combineBreaks(strongestAfter(units[k - 1]!, frame.ctx), strongestBefore(units[k]!, frame.ctx)))
  )
    k--;
  if (k === from && k < u) {
    if (containerStart && !frame.space.pageIsEmpty) return 'push';
    k = u;
  }
  frame.children.length = starts[k]!;
  return { unit: k, inner: null, offset: units[k]!.top };
}

/**
 * Place parallel sequences of units (CSS Fragmentation 3 §4.3: parallel flows), each from its own
 * cursor and at its own offset, the container's less the lane's shift. The container breaks while
 * any lane goes on; a lane that cannot start on the container's first page pushes the container
 * (its items start together). When all are done, a container sized by its content takes the
 * offset of the lane pushed furthest, so that it ends after it.
 */
function placeLanes(
  frame: Frame,
  lanes: readonly (readonly Unit[])[],
  token: UnitCursor | null,
  paging: boolean,
): UnitCursor | 'push' | null {
  const base = frame.offset;
  const next = base + frame.available - frame.topEdges;
  const cursors: LaneCursor[] = [];
  let open = false;
  let forced: ForcedBreak | null = null;
  let unforced = false;
  for (const [i, units] of lanes.entries()) {
    const cursor = token?.lanes?.[i] ?? null;
    const shift = cursor?.shift ?? 0;
    if (cursor && cursor.unit >= units.length) {
      cursors.push(cursor);
      continue;
    }
    const lane: Frame = { ...frame, geo: { ...frame.geo, units }, offset: base - shift, forced: null };
    const laneToken = cursor && { unit: cursor.unit, inner: cursor.inner, offset: base - shift };
    const stop = placeUnits(lane, laneToken, paging);
    frame.baseline ??= lane.baseline;
    frame.lastBaseline = lane.lastBaseline ?? frame.lastBaseline;
    if (stop === 'push') return 'push';
    if (stop === null) {
      cursors.push({ unit: units.length, inner: null, shift: base - lane.offset });
      continue;
    }
    open = true;
    if (lane.forced) forced ??= lane.forced;
    else unforced = true;
    cursors.push({ unit: stop.unit, inner: stop.inner, shift: next - stop.offset });
  }
  if (!open) {
    // A container of definite height keeps it (its fragments consume it); one sized by its content ends after its longest lane.
    const definiteHeight = frame.used.height !== null && !frame.used.growsToContent;
    if (!definiteHeight) frame.offset = base - Math.max(0, ...cursors.map((c) => c.shift));
    return null;
  }
  // The fragment ends at a forced break only when no lane ran out of room.
  if (forced && !unforced) frame.forced = forced;
  return { unit: 0, inner: null, offset: next, lanes: cursors };
}

/**
 * A grid row that grew as its items broke ends at its tallest item: stretched items end there
 * too (CSS Box Alignment 3 §6.1 stretch, against the row's fragmented size as Chromium does).
 */
function stretchToRowEnd(frame: Frame, first: number, owners: readonly UnitItem[], end: number): void {
  owners.forEach((p, k) => {
    const f = frame.children[first + k]!;
    if (p.endsWithRow && f.kind === 'box' && f.y + f.height < end)
      frame.children[first + k] = changedFragment(f, { height: end - f.y });
  });
}

/** Bottom of a fragment's border box, or of its content too (children are relative to their parent until the page is done). */
function bottomOf(f: Fragment, content: boolean): number {
  if (f.kind !== 'box') return f.kind === 'text' ? f.baseline : f.y + f.height;
  if (!content) return f.y + f.height;
  return f.children.reduce((b, c) => Math.max(b, c.kind === 'text' ? b : f.y + bottomOf(c, true)), f.y + f.height);
}

function strongestBefore(unit: Unit, ctx: LayoutContext): BreakValue {
  return unit.items.reduce<BreakValue>((v, p) => combineBreaks(v, breakBeforeOf(p.box, ctx)), 'auto');
}
function strongestAfter(unit: Unit, ctx: LayoutContext): BreakValue {
  return unit.items.reduce<BreakValue>((v, p) => combineBreaks(v, breakAfterOf(p.box, ctx)), 'auto');
}

/**
 * A unit that fits, laid out without page limits. A forced break inside an item (only in
 * layout mode) still ends the page there: the unit then continues in parallel on the next one.
 */
function placeWhole(frame: Frame, unit: Unit, firstLine: boolean, paging: boolean): Parallel | null {
  let broken = false;
  const done: boolean[] = [];
  const inner: (Resume | null)[] = [];
  const results = unit.items.map((p) => {
    const y = frame.topEdges + p.y - frame.offset;
    // The room left bounds only forced breaks inside the item (it fits): its broken part then fills the page.
    // Without pages (measuring, or an unbounded context) forced breaks do not apply at all.
    const page = paging
      ? { blockSize: Math.max(frame.available - y, p.height), pageIsEmpty: true, resume: null }
      : null;
    const r = layoutItem(
      p.box,
      { width: p.width, height: p.pinHeight, flexed: p.flexed === true },
      p.cbWidth ?? frame.used.width,
      p.cbHeight !== undefined ? p.cbHeight : frame.used.height,
      frame.ctx,
      page,
    );
    if (r.fragment)
      frame.children.push(movedFragment(r.fragment, frame.used.border.left + frame.used.padding.left + p.x, y));
    done.push(r.resume === null);
    inner.push(r.resume);
    if (r.resume) {
      broken = true;
      if (r.forcedBreak && !frame.forced) frame.forced = r.forcedBreak;
    }
    return {
      p,
      baseline: r.baseline === null ? null : y + r.baseline,
      last: r.lastBaseline === null ? null : y + r.lastBaseline,
    };
  });
  recordBaselines(frame, results, firstLine);
  return broken ? { kind: 'parallel', done, inner } : null;
}

type Parallel = Extract<Resume, { kind: 'parallel' }>;

/**
 * Lay out every item of a unit against the page end, each breaking on its own (CSS
 * Fragmentation 3 §4: parallel flows). Items that continue start at the top of the next page.
 * Returns 'pushed' when an item could not start here (the unit moves on whole), 'margin' when
 * one ends here but its bottom margin does not fit (`marginsMoveUnit`), null when all finished,
 * else the state. `owners` receives the item of each fragment added, in order.
 */
function placeParallel(
  frame: Frame,
  unit: Unit,
  top: number,
  state: Parallel | null,
  pageIsEmpty: boolean,
  firstLine: boolean,
  owners: UnitItem[],
): Parallel | 'pushed' | 'margin' | null {
  const done: boolean[] = [];
  const inner: (Resume | null)[] = [];
  const baselines: { p: UnitItem; baseline: number | null; last: number | null }[] = [];
  let placedAny = false;
  let anyPushed = false;
  let marginPushed = false;
  const before = frame.children.length;
  unit.items.forEach((p, k) => {
    if (state?.done[k]) {
      done.push(true);
      inner.push(null);
      return;
    }
    // Items continuing from the previous page start at its top; the others keep their place below it.
    const below = Math.max(top, frame.topEdges + p.y - frame.offset);
    // An item placed below the unit's top (aligned to its centre or end) that cannot start here
    // waits for the next page (CSS Fragmentation 3 §4: a break before it), where it starts at its
    // offset less the room consumed; the others stay (Chromium only moves the whole line for an
    // item at its top). It waits again only on pages that hold part of the unit: on one without
    // room it starts at the top, so a unit in fragmentainers too short for it always ends.
    const progress = frame.available - top > EPSILON;
    const waited = state !== null && !state.inner[k];
    const restart =
      waited && (frame.geo.waitersRestartAtTop === true || (!progress && below >= frame.available - EPSILON));
    const y = state?.inner[k] || restart ? top : below;
    const deferrable = (!state || (waited && progress)) && p.y > unit.top + EPSILON;
    if (deferrable && y >= frame.available - EPSILON) {
      done.push(false);
      inner.push(null);
      return;
    }
    const avoid = avoidsBreakInside(p.box.style);
    const r =
      avoid && !pageIsEmpty && !state?.inner[k]
        ? null
        : layoutItem(
            p.box,
            { width: p.width, height: p.pinHeight, grows: p.grows === true, flexed: p.flexed === true },
            p.cbWidth ?? frame.used.width,
            p.cbHeight !== undefined ? p.cbHeight : frame.used.height,
            frame.ctx,
            { blockSize: frame.available - y, pageIsEmpty, resume: state?.inner[k] ?? null },
          );
    if (!r?.fragment) {
      anyPushed ||= !deferrable;
      done.push(false);
      inner.push(state?.inner[k] ?? null);
      return;
    }
    // An item that ends here but whose bottom margin does not fit moves the unit on (marginsMoveUnit).
    if (!state && !r.resume && !pageIsEmpty && marginOverflows(frame, y, r.height, p)) marginPushed = true;
    placedAny = true;
    if (r.resume && r.forcedBreak && !frame.forced) frame.forced = r.forcedBreak;
    frame.children.push(movedFragment(r.fragment, frame.used.border.left + frame.used.padding.left + p.x, y));
    owners.push(p);
    baselines.push({ p, baseline: r.baseline === null ? null : y + r.baseline, last: null });
    done.push(r.resume === null);
    inner.push(r.resume);
  });
  // Items of a line/row start together: when one cannot start here, the whole unit moves on (Chromium does).
  // On an empty page a unit whose items all wait has started here all the same (moving it on gains nothing).
  if (marginPushed) {
    frame.children.length = before;
    return 'margin';
  }
  const waiting = !anyPushed && done.some((d) => !d);
  if (!state && ((!placedAny && !(waiting && pageIsEmpty)) || (anyPushed && !pageIsEmpty))) {
    frame.children.length = before;
    return 'pushed';
  }
  if (!state) recordBaselines(frame, baselines, firstLine);
  return done.every(Boolean) ? null : { kind: 'parallel', done, inner };
}

function recordBaselines(
  frame: Frame,
  results: readonly { p: UnitItem; baseline: number | null; last: number | null }[],
  firstLine: boolean,
): void {
  // CSS Flexbox §8.5: the baseline-aligned items of the first line, else the startmost item,
  // whose baseline is synthesized from its border-box bottom when it has none.
  const preferred = results.find((r) => r.baseline !== null && r.p.baselineAligned);
  const first = results[0];
  if (firstLine && frame.baseline === null) {
    if (preferred) frame.baseline = preferred.baseline;
    else if (first) frame.baseline = first.baseline ?? frame.topEdges + first.p.y - frame.offset + first.p.height;
  }
  const last = [...results].reverse().find((r) => (r.last ?? r.baseline) !== null);
  if (last) frame.lastBaseline = last.last ?? last.baseline;
}

/**
 * Absolutely positioned children are not flex or grid items (CSS Flexbox 1 §4.1, CSS Grid 2
 * §10.2): they leave a placeholder at their static position, placed as the sole item would be
 * (in the container's content box where its alignment puts it, CSS Grid 2 §10.2, Chromium too;
 * in its grid area when the grid is its containing block, §10.1), and their containing
 * block lays them out once its size is known (src/positioned).
 */
function placeOutOfFlow(frame: Frame): void {
  const { border, padding, width } = frame.used;
  const grid = frame.box.kind === 'grid';
  const box: OutOfFlowArea = {
    x: border.left + padding.left,
    y: frame.topEdges,
    width,
    height: frame.geo.contentHeight,
  };
  for (const child of frame.box.children) {
    if (!isOutOfFlow(child)) continue;
    const align = staticAlignOf(grid, frame.box.style, child.style);
    const inGrid = containsAbsolute(frame.box.style, child.style) ? frame.geo.outOfFlowArea?.(child.style) : undefined;
    const area = inGrid && { ...inGrid, x: inGrid.x + border.left + padding.left, y: inGrid.y + frame.topEdges };
    const rect = area ?? box;
    const ph = outOfFlowPlaceholder(child, rect.x + align.x * rect.width, rect.y + align.y * rect.height, align, area);
    if (ph) frame.children.push(ph);
  }
}

/** Is the container the child's containing block (CSS Position 3 §2.1, CSS Transforms 1 §2)? */
function containsAbsolute(container: ComputedStyle, child: ComputedStyle): boolean {
  if (containsFixed(container)) return true;
  return child.position === 'absolute' && container.position !== 'static';
}

function makeFragment(frame: Frame, height: number, continuation: boolean, last: boolean): Fragment {
  return pieceFragment(frame.box, frame.used, height, frame.children, continuation, last);
}
