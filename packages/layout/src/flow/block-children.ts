import { cellPercentBasis } from './cell-percent-basis.js';
import type { BlockLevelBox, Box, ContainerBox, LinesBox } from '../boxes/box.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import type { LayoutContext } from './context.js';
import type { UsedBox } from './box-model.js';
import { breakAfterOf, breakBeforeOf, combineBreaks, forcedBreakBetween, isAvoid } from './breaks.js';
import { movedFragment } from './fragments.js';
import { clonesDecorations } from './decoration-break.js';
import { namedPageBreakBefore } from '../page/page-names.js';
import { establishesBfc, isQuirkyContainer, passesPercentageBasis } from './formatting-context.js';
import { lastChildReserve } from './end-reserve.js';
import { trimEndFor, trimsFirstChild } from './text-box-trim.js';
import { layoutBox } from './layout-box.js';
import { isColumnFlow } from './column-flow.js';
import { isBlockInInline, movesWithInline } from '../boxes/anonymous-boxes.js';
import { lineCount } from './inline-layout.js';
import { isOutOfFlow, outOfFlowPlaceholder, type LaidOutBox } from '../positioned/open-blocks.js';
import type { FlowState, LastStart } from './flow-state.js';
import {
  applyClearance,
  avoidFloats,
  childFloats,
  followMargins,
  inlineStaticX,
  isFloatBox,
  settleMargins,
} from '../float/float-layout.js';
import { deferredResume, flowFloat, splitFloatHere, startFloats } from '../float/float-pages.js';
import { keepLastLine } from '../float/last-line.js';
import { lowerContentBelowMarker, lowerTableBelowMarker } from './marker-placement.js';
import { isOutOfFlowBlock } from '../boxes/hoist.js';
import {
  nothingAbove,
  resolveMargins,
  type ForcedBreak,
  type LayoutResult,
  type ParallelFlow,
  type Resume,
  type Space,
} from './types.js';

export interface FlowOutcome {
  /** Nothing fitted on this page and the page already has content: move the whole box. */
  readonly pushed: boolean;
  readonly resume: { readonly child: number; readonly inner: Resume | null } | null;
  readonly forcedBreak?: ForcedBreak;
  /** The child that broke did so before its end edges, without filling the page (LayoutResult.brokeBeforeEnd). */
  readonly brokeBeforeEnd?: boolean;
  /** Only floats that moved whole to the next page are left (float/float-pages.ts). */
  readonly floatsOnly?: boolean;
}

const DONE: FlowOutcome = { pushed: false, resume: null };

/** Lay the children out in order (CSS 2.1 §9.4.1), collapsing margins between siblings (§8.3.1). */
export function flowChildren(
  box: ContainerBox,
  used: UsedBox,
  space: Space,
  token: { child: number; inner: Resume | null; parallel?: readonly ParallelFlow[] } | null,
  state: FlowState,
  ctx: LayoutContext,
): FlowOutcome {
  const children = box.children;
  const start = token?.child ?? 0;
  const continuation = token !== null;
  startFloats(box, continuation ? start : null, space, used, state, ctx);
  // Content overflowing children that ended on an earlier page goes on at the top, beside this flow (./parallel-flows.ts).
  for (const p of token?.parallel ?? []) flowParallel(box, used, space, state, p, ctx);
  let startedHere = -1; // index of the last child that started (not resumed) on this page
  const lastInFlow = space.endReserve || used.border.bottom + used.padding.bottom > 0 ? lastInFlowChild(box) : -1;
  const trimEnd = trimEndFor(box, used, space);
  const trimmedLast = trimEnd ? lastInFlowChild(box) : -1;
  const pageName = usedPageName(box, space);
  for (let i = start; i < children.length; i++) {
    const child = children[i]!;
    const forced = i > start && space.mode === 'layout' ? forcedBreakBefore(children, start, i, pageName, ctx) : null;
    if (forced) return { pushed: false, resume: { child: i, inner: null }, forcedBreak: forced };
    const childResume = i === start ? (token?.inner ?? null) : null;
    if (isOutOfFlow(child)) {
      placeholderFor(box, child, space, used, state);
      continue;
    }
    // Floats (src/float) go beside the flow; `clear` moves a box below earlier floats (§9.5.2).
    if (isFloatBox(child)) {
      flowFloat(box, i, child, space, used, state, ctx);
      continue;
    }
    followMargins(space, used, state);
    if (applyClearance(child, space, used, state) === 'next-page')
      return clearedPastPage(box, { i, childResume, startedHere, continuation }, space, state, used, ctx);
    const avoid = avoidFloats(child, space, used, state, ctx, childResume !== null);
    let cs = childSpace(box, used, space, state, continuation, i === lastInFlow ? i : null, childResume !== null, ctx);
    // The first and last formatted lines a block container trims (CSS Inline 3 §6.1): rare, a copy then.
    const trimStart = state.placed === 0 && trimsFirstChild(box, used, space, continuation);
    if (trimStart || i === trimmedLast) cs = { ...cs, trimStart, trimEnd: i === trimmedLast };
    const linesBefore = childResume === null ? paragraphLinesBefore(box, i, start, token, used, space, ctx) : 0;
    if (linesBefore > 0) cs = { ...cs, linesBefore };
    const r = layoutBox(
      child,
      startOf(i, avoid ? { ...cs, inlineSize: avoid.width } : cs, avoid?.left ?? 0, childResume, space, used, state),
      childResume,
      ctx,
    );
    // A float right after a paragraph may sit beside its last line (src/float).
    if (child.kind === 'lines' && r.fragment)
      keepLastLine(r.fragment, i + 1 < children.length && isFloatBox(children[i + 1]!));
    if (!r.fragment) return notPlaced(box, { i, childResume, startedHere, continuation }, space, state, used, ctx);
    const left = avoid?.left ?? 0;
    if (r.collapsesThrough && r.resume === null) {
      placeCollapsedThrough(r as LayoutResult & { fragment: Fragment }, i, left, space, used, state);
      continue;
    }
    place(r as LayoutResult & { fragment: Fragment }, left, child, space, used, state);
    if (box.marker && state.placed === 1 && !continuation && lowerBelowMarker(box, space, used, state, ctx))
      return { pushed: true, resume: null };
    state.lastStart = state.nextStart;
    if (r.parallel) state.parallel.push({ child: i, inner: r.parallel });
    if (r.parallel && !r.resume && r.forcedBreak) state.parallelForced ??= r.forcedBreak;
    // A child that ends here reaching past the page end is monolithic overflow (a broken child carries its own).
    if (space.pageTop !== undefined && !r.resume)
      state.overflow = Math.max(state.overflow, state.y - (space.blockSize - state.origin));
    if (childResume === null) startedHere = i;
    if (r.resume) {
      return {
        pushed: false,
        resume: { child: i, inner: r.resume },
        ...(r.forcedBreak ? { forcedBreak: r.forcedBreak } : {}),
        ...(r.brokeBeforeEnd ? { brokeBeforeEnd: true } : {}),
      };
    }
  }
  const rest = deferredResume(box, ctx);
  return rest ? { pushed: false, resume: rest, ...(splitFloatHere(box, ctx) ? {} : { floatsOnly: true }) } : DONE;
}

/**
 * The break forced before child `i` (CSS Fragmentation 3 §3.1): by `break-before`/`break-after`
 * (inside columns only column breaks are forced, ./breaks.ts), or a page break between siblings
 * on differently named pages (CSS Paged Media 3 §7).
 */
function forcedBreakBefore(
  children: readonly BlockLevelBox[],
  start: number,
  i: number,
  pageName: string | null,
  ctx: LayoutContext,
): ForcedBreak | null {
  const named = pageName !== null && namedPageBreakBefore(children, start, i, pageName, ctx) ? 'page' : null;
  return forcedBreakBetween(breakAfterOf(children[i - 1]!, ctx), breakBeforeOf(children[i]!, ctx)) ?? named;
}

/**
 * An absolutely positioned child: a placeholder at its static position (CSS 2 §10.3.7), which its
 * containing block replaces. In a right-to-left parent the box's right edge goes there (Chromium:
 * the parent's direction).
 */
function placeholderFor(box: ContainerBox, child: LaidOutBox, space: Space, used: UsedBox, state: FlowState): void {
  const rtl = box.style.direction === 'rtl';
  const x = child.style.inlineStatic
    ? inlineStaticX(box.style, space, used, state)
    : state.contentLeft + (rtl ? used.width : 0);
  const y = state.y + (state.settled ? resolveMargins(state.pending) : 0);
  const ph = outOfFlowPlaceholder(child, x, y, { x: rtl ? 1 : 0, y: 0 });
  if (ph) state.children.push(ph);
}

/**
 * An empty child (§8.3.1): its margins join the pending ones and its top border edge sits below
 * the margins above it, as if it had a bottom border, or at this box's top when they collapse
 * with its top margin.
 */
function placeCollapsedThrough(
  r: LayoutResult & { fragment: Fragment },
  i: number,
  left: number,
  space: Space,
  used: UsedBox,
  state: FlowState,
): void {
  state.pending = r.marginBottom;
  // Back in a box whose position is known, the floats it holds stay where it sits (§9.5.1).
  if (state.settled) settleMargins(space, used, state, state.y + resolveMargins(r.marginTop));
  const top = state.y + (state.settled ? resolveMargins(r.marginTop) : 0);
  state.children.push(movedFragment(r.fragment, state.contentLeft + left, top));
  // An empty box may still hold floats that go on on the next page (./parallel-flows.ts).
  if (r.parallel) state.parallel.push({ child: i, inner: r.parallel });
}

/**
 * Negative margins bring the next child back to the page top (or above it), past what came
 * before it: breaking before it would not move anything on, so it is laid out as the first
 * thing on the page (Chromium: a fragmentainer offset <= 0 is the fragmentainer start).
 */
function atPageTop(space: Space, state: FlowState): boolean {
  return (
    space.pageTop !== undefined &&
    state.settled &&
    state.placed > 0 &&
    space.pageTop + state.origin + state.y + resolveMargins(state.pending) <= 1e-6
  );
}

/**
 * Margins, borders or padding put the next child below the top of this box's space (valid while
 * nothing is placed). Only a child at the very top of a page must stay on it whatever its size:
 * below that, a break before it makes progress (CSS Fragmentation 3 §4.4; Chromium moves a
 * monolithic child that does not fit whenever its fragmentainer offset is above zero, even when
 * only the body's margin is above it). Edges cloned on every fragment (box-decoration-break:
 * clone) do not count: a break before the first child would find them above it again on the next
 * page, no progress (Chromium keeps a monolithic first child below them).
 */
function belowSpaceTop(box: ContainerBox, state: FlowState): boolean {
  const ownEdges = state.settled && !clonesDecorations(box.style) ? state.origin + state.y : 0;
  return ownEdges + resolveMargins(state.pending) > 1e-6;
}

/**
 * A child that ended on an earlier page, its overflowing content resumed at this fragment's top
 * in a parallel flow (CSS Fragmentation 3 §4.4): it takes no room from the children that follow.
 */
function flowParallel(
  box: ContainerBox,
  used: UsedBox,
  space: Space,
  state: FlowState,
  p: ParallelFlow,
  ctx: LayoutContext,
): void {
  const r = layoutBox(box.children[p.child]!, childSpace(box, used, space, state, true, null, true, ctx), p.inner, ctx);
  if (!r.fragment) {
    state.parallel.push(p); // nothing of it fits here: it goes on from the same place on the next page
    return;
  }
  // Its top margin is its content's first, truncated at an unforced break (CSS Fragmentation 3 §5.2).
  state.children.push(movedFragment(r.fragment, state.contentLeft, state.y + resolveMargins(r.marginTop)));
  const next = r.parallel ?? r.resume;
  if (next) state.parallel.push({ child: p.child, inner: next });
  if (r.forcedBreak) state.parallelForced ??= r.forcedBreak;
}

/**
 * A list item's first child is a table, or its marker is taller than its first child's
 * baseline: the item's content moves below its marker's line (./marker-placement.ts). Like a line, that line moves to the next page when it does not fit
 * there (CSS Fragmentation 3 §4.4; Chromium moves the whole item): says whether it must.
 */
function lowerBelowMarker(
  box: ContainerBox,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
): boolean {
  if (!lowerContentBelowMarker(box, state, ctx)) lowerTableBelowMarker(box, state, used, ctx);
  return space.mode === 'layout' && !space.pageIsEmpty && state.y > space.blockSize - state.origin + 1e-6;
}

/** The index of the last child that is neither floated nor out of flow, -1 when none. */
function lastInFlowChild(box: ContainerBox): number {
  for (let i = box.children.length - 1; i >= 0; i--) if (!isOutOfFlowBlock(box.children[i]!)) return i;
  return -1;
}

function childSpace(
  box: ContainerBox,
  used: UsedBox,
  space: Space,
  state: FlowState,
  continuation: boolean,
  last: number | null,
  resumed: boolean,
  ctx: LayoutContext,
): Space {
  // Below monolithic overflow there is a break opportunity before a child that starts, not inside one that resumes.
  const skippedBefore = state.skipped > 0 && !resumed;
  const nothingPlaced = nothingAbove(space) && state.placed === 0 && !skippedBefore;
  const edgesAbove = belowSpaceTop(box, state);
  return {
    inlineSize: used.width,
    blockSize: state.settled ? space.blockSize - state.origin - state.y : space.blockSize,
    pageIsEmpty: (nothingPlaced && !edgesAbove) || atPageTop(space, state),
    onlyEdgesAbove: nothingPlaced && edgesAbove,
    mode: space.mode,
    marginAbove: state.pending,
    truncateMargins: space.truncateMargins && nothingInFlowAbove(state) && (continuation || !state.settled),
    cbBlockSize: childCbBlockSize(box, used, space, ctx, continuation),
    cbDirection: box.style.direction,
    pageName: usedPageName(box, space),
    // Only the container's own start drops quirky margins, not a page it resumes on (measured:
    // Chromium keeps an h2's UA margin after a forced break in a quirks-mode body).
    quirkyContainerStart:
      state.placed === 0 &&
      !continuation &&
      (isQuirkyContainer(box) || ((space.quirkyContainerStart ?? false) && !state.settled)),
    // Always present (undefined when unset): a conditional spread here copied properties at
    // run time for every child laid out.
    cbLegacyAlign: box.style.legacyAlign,
    floats: childFloats(space, used, state),
    // A table cell's content does not break early for its bottom padding (its row moves instead, table-page.ts).
    endReserve:
      last !== null && space.mode === 'layout' && box.kind !== 'table-cell'
        ? lastChildReserve(used, establishesBfc(box), space.endReserve, breakBeforeHere(box, last, state, ctx))
        : undefined,
    pageTop: space.pageTop === undefined || !state.settled ? space.pageTop : space.pageTop + state.origin + state.y,
    // In block flow whose fragmentainer carries them on (pages, columns); other fragmentation
    // contexts (flex lines, table rows) break such a box instead.
    parallelFlows: space.parallelFlows === true,
    orphansGiveWay: space.orphansGiveWay,
  };
}

/** Child i follows a sibling on this page, and the break between them is not avoided (CSS Fragmentation 3 §4.4). */
function breakBeforeHere(box: ContainerBox, i: number, state: FlowState, ctx: LayoutContext): boolean {
  return state.placed > 0 && !avoidedBefore(box.children, i, ctx);
}

/** break-after of child i - 1 or break-before of child i avoids the break between them (CSS Fragmentation 3 §4.4). */
function avoidedBefore(children: readonly BlockLevelBox[], i: number, ctx: LayoutContext): boolean {
  return isAvoid(combineBreaks(breakAfterOf(children[i - 1]!, ctx), breakBeforeOf(children[i]!, ctx)));
}

/** The definite height the children's percentages resolve against (CSS 2 §10.5), null when auto. */
function childCbBlockSize(
  box: ContainerBox,
  used: UsedBox,
  space: Space,
  ctx: LayoutContext,
  continuation = false,
): number | null {
  if (used.height !== null) return used.height;
  if (box.kind === 'table-cell' && !continuation) {
    const cell = cellPercentBasis(box.style, ctx.quirksMode);
    if (cell !== null) return cell;
  }
  if (!continuation) {
    const fill = quirkyFillHeight(box, used, space, ctx);
    if (fill !== null) return fill;
  }
  const passes = isColumnFlow(box) || movesWithInline(box) || passesPercentageBasis(box, ctx);
  return passes ? space.cbBlockSize : null;
}

/**
 * In quirks mode an auto-height html or body element fills the viewport (Quirks Mode §3.6, the
 * body element fills the html element quirk; Chromium's IsQuirkyAndFillsViewport): its children's
 * percentage heights resolve against its containing block's height less its own margins, borders
 * and padding. Only in its first fragment: after a break Chromium resolves them as auto
 * (text-positions/quirks-percentage-body.html).
 */
function quirkyFillHeight(box: ContainerBox, used: UsedBox, space: Space, ctx: LayoutContext): number | null {
  if (!ctx.quirksMode || (box.tag !== 'html' && box.tag !== 'body') || space.cbBlockSize == null) return null;
  const edges = used.marginTop + used.marginBottom + used.border.top + used.border.bottom;
  return Math.max(0, space.cbBlockSize - edges - used.padding.top - used.padding.bottom);
}

/**
 * Nothing in flow with height is on this page above the next child. A continuation that only
 * carries the rest of a float broken at the page end has none, so the margins after it still
 * adjoin the break and truncate (CSS Fragmentation 3 §5.2), even below clearance (Chromium,
 * measured: a heading after such a float and its clearfix sits right at the float's end).
 */
function nothingInFlowAbove(state: FlowState): boolean {
  if (state.children.some(carriesFloatsOn)) return false;
  return (
    state.placed === 0 ||
    state.children.every(
      (f) => f.kind === 'box' && ((f.height === 0 && collapsesThrough(f)) || f.style.float !== 'none'),
    )
  );
}

/** An empty block that is no formatting-context root: its margins collapse through it (CSS 2 §8.3.1). */
function collapsesThrough(f: BoxFragment): boolean {
  const s = f.style;
  return (s.display === 'block' || s.display === 'list-item') && s.overflow === 'visible';
}

/**
 * A block formatting-context root (overflow other than visible, flow-root: its floats are its
 * own, CSS 2 §9.4.1) that goes on from the last page with the rests of its floats: a fragment of
 * it is in flow here, so what follows does not start the page (Chromium keeps the top margin of
 * a paragraph after such a box, CSS Fragmentation 3 §5.2; after an ordinary box whose
 * continuation holds only its BFC's floats it truncates it, float-broken-clear-margin.html).
 */
function carriesFloatsOn(f: Fragment): boolean {
  if (f.kind !== 'box' || f.part.isFirst || f.style.float !== 'none') return false;
  const ownFloats = f.style.overflow !== 'visible' || f.style.display === 'flow-root';
  return ownFloats && f.children.some((c) => c.kind === 'box' && c.style.float !== 'none');
}

/**
 * The box's used page name (CSS Paged Media 3 §7); null inside a multicol's columns, a
 * fragmentation context of its own where Chromium ignores `page` (no break, no page named).
 */
function usedPageName(box: ContainerBox, space: Space): string | null {
  if (space.pageName === null || isColumnFlow(box)) return null;
  return box.style.page === 'auto' ? (space.pageName ?? '') : box.style.page;
}

/** Where the flow stopped: at child i (resumed by childResume), after child startedHere began on this page. */
interface Stop {
  readonly i: number;
  readonly childResume: Resume | null;
  /** Index of the last child that started (not resumed) on this page. */
  readonly startedHere: number;
  /** This box goes on from an earlier page. */
  readonly continuation: boolean;
}

/**
 * Child i clears a float that goes on on the next page: it goes there too. Floats placed here
 * keep this box on the page (Chromium keeps a row's floated header and breaks before its
 * clearfix when the row's next float moved on); a box that holds nothing else with height here
 * (a clearfix ::before) moves whole; else as when a child does not fit.
 */
function clearedPastPage(
  box: ContainerBox,
  stop: Stop,
  space: Space,
  state: FlowState,
  used: UsedBox,
  ctx: LayoutContext,
): FlowOutcome {
  const { i, childResume, continuation } = stop;
  const floatsHere = state.children.some((f) => f.kind === 'box' && f.style.float !== 'none');
  if (!floatsHere && !continuation && !space.pageIsEmpty && state.y <= 1e-6) return { pushed: true, resume: null };
  if (floatsHere || state.placed === 0) return { pushed: false, resume: { child: i, inner: childResume } };
  return notPlaced(box, stop, space, state, used, ctx);
}

/** Child i did not fit: break before it, or before its previous sibling (avoid), or move the whole box. */
function notPlaced(
  box: ContainerBox,
  stop: Stop,
  space: Space,
  state: FlowState,
  used: UsedBox,
  ctx: LayoutContext,
): FlowOutcome {
  const { i, childResume, startedHere, continuation } = stop;
  // Below monolithic overflow of the previous page, a break before the first child is as good as any.
  // A float split at this page's end (CSS Fragmentation 3 §4.4: a break inside it) keeps the box
  // here, so the break goes before the child (Chromium; a float that fits whole moves with the box).
  if (state.placed === 0) {
    // With no content above on the page, a break before the child is as good as one before this
    // box, and the later of the two is taken (Chromium keeps a top padding here): only a child
    // below margins, borders or padding gets here then (belowSpaceTop).
    const breakHere = state.skipped > 0 || splitFloatHere(box, ctx) || nothingAbove(space);
    return breakHere ? { pushed: false, resume: { child: i, inner: childResume } } : { pushed: true, resume: null };
  }
  const around = widowsAroundBlock(box, stop, space, state, used, ctx);
  if (around) return around;
  const children = box.children;
  // break-before/after: avoid (CSS Fragmentation 3 §4.4): break inside the previous sibling, or
  // before it when it can go.
  if (startedHere === i - 1 && avoidedBefore(children, i, ctx)) {
    // Unless the break before it is avoided too: of breaks that all break a rule, Chromium takes the latest.
    const alsoAvoided = i >= 2 && avoidedBefore(children, i - 1, ctx);
    const canBreakBefore = state.placed > 1 && !alsoAvoided;
    // Between its lines only when the break before it is avoided too (measured, see breaksInside).
    const inside =
      state.lastStart?.index === i - 1
        ? breakInsideLast(box, state.lastStart, space, used, state, ctx, { betweenLines: !canBreakBefore })
        : null;
    if (inside) return inside;
    if (canBreakBefore) {
      state.children.pop();
      return { pushed: false, resume: { child: i - 1, inner: null } };
    }
    // The avoided break is this box's first one: move the whole box, when the page has room for that.
    if (!continuation && !space.pageIsEmpty) return { pushed: true, resume: null };
  }
  return { pushed: false, resume: { child: i, inner: childResume } };
}

/**
 * An inline's block child (CSS 2 §9.2.1.1) cuts its paragraph into runs of lines, which Chromium
 * keeps one inline formatting context: a break that leaves fewer than `widows` of its lines (the
 * block's not counted) for the next page moves back by one line box (CSS Fragmentation 3 §3.3).
 * Measured: a last run too short for the widows takes the block before it along, and a block
 * that does not fit takes the line before it along.
 */
function widowsAroundBlock(
  box: ContainerBox,
  stop: Stop,
  space: Space,
  state: FlowState,
  used: UsedBox,
  ctx: LayoutContext,
): FlowOutcome | null {
  const { i, childResume, startedHere } = stop;
  const children = box.children;
  const child = children[i]!;
  const before = children[i - 1];
  if (childResume !== null || space.mode !== 'layout' || !before) return null;
  const widows = (lines: LinesBox): number => Math.max(1, lines.style.widows);
  if (child.kind === 'lines' && isBlockInInline(before) && startedHere === i - 1 && state.placed > 1) {
    if (lineCount(child, used.width, childCbBlockSize(box, used, space, ctx), ctx) >= widows(child)) return null;
    state.children.pop();
    return { pushed: false, resume: { child: i - 1, inner: null } };
  }
  const after = children[i + 1];
  if (!isBlockInInline(child) || before.kind !== 'lines' || after?.kind !== 'lines') return null;
  const linesAfter = lineCount(after, used.width, childCbBlockSize(box, used, space, ctx), ctx);
  if (linesAfter >= widows(before) || state.lastStart?.index !== i - 1) return null;
  return breakInsideLast(box, state.lastStart, space, used, state, ctx, { linesAfter });
}

/**
 * Lines of child i's paragraph placed on this page before it, past blocks inside an inline
 * (CSS 2 §9.2.1.1): Chromium keeps the paragraph one inline formatting context, whose orphans
 * count them (CSS Fragmentation 3 §3.3). The blocks' own lines are not counted.
 */
function paragraphLinesBefore(
  box: ContainerBox,
  i: number,
  start: number,
  token: { child: number; inner: Resume | null } | null,
  used: UsedBox,
  space: Space,
  ctx: LayoutContext,
): number {
  const children = box.children;
  if (children[i]!.kind !== 'lines' || i === 0 || !isBlockInInline(children[i - 1]!)) return 0;
  let count = 0;
  for (let j = i - 1; j >= start; j--) {
    const c = children[j]!;
    if (isBlockInInline(c)) continue;
    if (c.kind !== 'lines' || !isBlockInInline(children[j + 1]!)) break;
    const resumedAt = j === start && token?.inner?.kind === 'lines' ? token.inner.line : 0;
    count += lineCount(c, used.width, childCbBlockSize(box, used, space, ctx), ctx) - resumedAt;
  }
  return count;
}

/** Keep how the flow was before child `index` starts on this page (state.nextStart); returns its space. */
function startOf(
  index: number,
  childSpace: Space,
  left: number,
  childResume: Resume | null,
  space: Space,
  used: UsedBox,
  state: FlowState,
): Space {
  if (space.mode !== 'layout' || childResume !== null) {
    state.nextStart = null;
    return childSpace;
  }
  const { y, pending, settled, origin, marginTop, placed, baseline, lastBaseline, overflow } = state;
  const floats = childFloats(space, used, state).exclusions.floats.length;
  state.nextStart = {
    index,
    space: childSpace,
    left,
    y,
    pending,
    settled,
    origin,
    marginTop,
    placed,
    baseline,
    lastBaseline,
    overflow,
    children: state.children.length,
    floats,
    parallel: state.parallel.length,
  };
  return childSpace;
}

/**
 * The break between the last child and the next one is avoided: break inside the last child at
 * its last break point instead (CSS Fragmentation 3 §4.4: the latest break with the fewest
 * violations; Chromium breaks a heading between its block ::before and its text rather than
 * moving it on). Lays the child out again in a room that ends just above its end; null when it
 * cannot break there. `linesAfter`: lines of its paragraph after it (widowsAroundBlock), a break
 * before its last line asked for; `betweenLines`: a break between its lines will do.
 */
function breakInsideLast(
  box: ContainerBox,
  last: LastStart,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
  ask: { readonly linesAfter?: number; readonly betweenLines?: boolean },
): FlowOutcome | null {
  const floats = childFloats(space, used, state).exclusions.floats.length;
  // Floats or positioned boxes the child placed would have to be taken back: keep the simple cases only.
  if (
    !state.settled ||
    floats !== last.floats ||
    state.parallel.length !== last.parallel ||
    holdsOutOfFlow(state.children[last.children]!)
  )
    return null;
  const roomAfter = space.blockSize - state.origin - state.y;
  const room = last.space.blockSize - roomAfter - 0.01;
  if (!(room > 0)) return null;
  const { linesAfter, betweenLines = false } = ask;
  const child = box.children[last.index]!;
  const orphansGiveWay = betweenLines && linesAfter === undefined;
  const r = layoutBox(child, { ...last.space, blockSize: room, linesAfter, orphansGiveWay }, null, ctx);
  const asked = linesAfter === undefined ? breaksInside(r.resume, child, betweenLines) : r.resume?.kind === 'lines';
  if (!r.fragment || !r.resume || r.forcedBreak || r.parallel || !asked) return null;
  Object.assign(state, {
    y: last.y,
    pending: last.pending,
    settled: last.settled,
    origin: last.origin,
    marginTop: last.marginTop,
    placed: last.placed,
    baseline: last.baseline,
    lastBaseline: last.lastBaseline,
    overflow: last.overflow,
  });
  state.children.length = last.children;
  place(r as LayoutResult & { fragment: Fragment }, last.left, child, space, used, state);
  return { pushed: false, resume: { child: last.index, inner: r.resume } };
}

/** Does the fragment hold an absolutely positioned box (registered with its containing block when laid out)? */
function holdsOutOfFlow(f: Fragment): boolean {
  if (f.kind !== 'box') return false;
  if (f.style.position === 'absolute' || f.style.position === 'fixed') return true;
  return f.children.some(holdsOutOfFlow);
}

/**
 * A break inside the box before an avoided one (CSS Fragmentation 3 §4.4), at any depth: between
 * block siblings (class A, §4.1), or, `betweenLines`, between lines (class C) as the line breaker
 * places it, orphans and widows giving way (Space.orphansGiveWay, §3.3). Measured in Chromium: a
 * paragraph between a heading and a block that both avoid a break splits even where its orphans or
 * widows cannot hold (3 lines with orphans and widows 3: 2 | 1), rather than moving the section on;
 * one after an ordinary sibling moves on whole, even where they could hold.
 */
function breaksInside(resume: Resume | null, box: Box, betweenLines: boolean): boolean {
  let r: Resume | null = resume;
  let b: Box | undefined = box;
  while (r?.kind === 'block' && r.inner && b && 'children' in b) {
    b = b.children[r.child];
    r = r.inner;
  }
  if (r === null) return false;
  if (r.kind === 'lines') return betweenLines && r.line > 0;
  // Between two children that exist: a box without children (only a definite height) has no
  // break opportunity inside it, so Chromium breaks before it rather than slice it.
  const between = b && 'children' in b && r.kind === 'block' && r.child > 0 && r.child < b.children.length;
  return between === true && r.kind === 'block' && !r.pastEnd && !r.overflow && !r.parallel;
}

/**
 * Put a child with content below the previous one, its top margins resolved (or carried up,
 * §8.3.1), `left` right of the content box's left edge (beside floats it avoids).
 */
function place(
  r: LayoutResult & { fragment: Fragment },
  left: number,
  child: Box,
  space: Space,
  used: UsedBox,
  state: FlowState,
): void {
  let childY: number;
  if (!state.settled) {
    state.settled = true;
    state.marginTop = r.marginTop;
    state.origin = resolveMargins(r.marginTop);
    childY = state.y;
  } else {
    childY = state.y + resolveMargins(r.marginTop);
  }
  // The child's top fixes where the margins above it end, and the floats placed on them (§9.5.1).
  settleMargins(space, used, state, childY);
  state.children.push(movedFragment(r.fragment, state.contentLeft + left, childY));
  state.placed++;
  if (r.baseline !== null && state.baseline === null) state.baseline = childY + r.baseline;
  // A table gives no last baseline to the block around it: an inline-block's baseline is its last
  // line box's (CSS 2.1 §10.8.1), and Chromium finds none in a table; the one before it counts, or
  // the bottom margin edge (measured: an inline-block holding only a table sits on its bottom).
  if (r.lastBaseline !== null && child.kind !== 'table') state.lastBaseline = childY + r.lastBaseline;
  state.y = childY + r.height;
  state.pending = r.marginBottom;
}
