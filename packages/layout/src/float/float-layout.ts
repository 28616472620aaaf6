import type { BlockLevelBox, ContainerBox, ReplacedBox } from '../boxes/box.js';
import { avoidsBreakInside } from '../flow/breaks.js';
import type { Fragment } from '../fragment.js';
import { cacheOf, memoSlot, type LayoutContext } from '../flow/context.js';
import type { FlowState } from '../flow/flow-state.js';
import { lineAlign } from '../flow/line-box.js';
import type { ComputedStyle } from '../style.js';
import { borderEdges, definite, marginOrZero, paddingEdges, resolveBlockBox, type UsedBox } from '../flow/box-model.js';
import { movedFragment } from '../flow/fragments.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { layoutBox } from '../flow/layout-box.js';
import { establishesBfc } from '../flow/formatting-context.js';
import {
  addMargin,
  joinMargins,
  NO_MARGINS,
  resolveMargins,
  type MarginSet,
  type Resume,
  type Space,
} from '../flow/types.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';
import { ExclusionSpace, type FloatContext } from './exclusions.js';
import { lastLineOf } from './last-line.js';

const EPSILON = 1e-6;

export type FloatBox = ContainerBox | ReplacedBox;

export function isFloatBox(box: BlockLevelBox): box is FloatBox {
  return box.kind !== 'lines' && box.style.float !== 'none' && !isOutOfFlowStyle(box.style);
}

/** A BFC root (or a box whose parent passes no floats: flex items, cells…) starts a fresh set of floats (§9.4.1). */
export function beginFloats(state: FlowState, bfc: boolean, space: Space): void {
  if (bfc || !space.floats) state.ownFloats = new ExclusionSpace();
}

/** The bottom of the floats a BFC root contains, from its border-box top (CSS 2.1 §10.6.7), or -Infinity. */
export function floatsBottom(state: FlowState): number {
  return state.ownFloats?.bottom() ?? -Infinity;
}

/** Where the children's spaces sit in the BFC: the containing block's content-left and the current margin start. */
export function childFloats(space: Space, used: UsedBox, state: FlowState): FloatContext {
  const own = state.ownFloats;
  if (own) return { exclusions: own, x: state.contentLeft, y: state.y };
  const f = space.floats!;
  return {
    exclusions: f.exclusions,
    x: f.x + used.marginLeft + state.contentLeft,
    y: state.settled ? f.y + state.origin + state.y : f.y,
  };
}

/**
 * Where an absolute box that was inline-level starts when it is met between blocks (CSS 2
 * §10.3.7, §10.6.4 "hypothetical box", as Chromium places it): at the point an empty line there
 * would give it, the line shortened by the floats beside it and aligned as text-align says.
 * From this box's border-box left.
 */
export function inlineStaticX(parent: ComputedStyle, space: Space, used: UsedBox, state: FlowState): number {
  const fc = childFloats(space, used, state);
  const top = fc.y + resolveMargins(state.pending);
  const span = fc.exclusions.available(fc.x, fc.x + used.width, top, 0);
  const free = Math.max(0, span.right - span.left);
  const align = lineAlign(parent, true);
  const at = align === 'right' ? free : align === 'center' ? free / 2 : 0;
  return state.contentLeft + span.left - fc.x + at;
}

/**
 * Floats placed before this box's position is known sit where the margins collapsing above
 * them end (CSS 2 §8.3.1, §9.5.1; Chromium's adjoining floats): until content fixes that
 * place, they follow the margins collapsed so far.
 */
export function followMargins(space: Space, used: UsedBox, state: FlowState): void {
  if (state.settled) return;
  const fc = childFloats(space, used, state);
  fc.exclusions.followMargins(fc.y, fc.y + resolveMargins(state.pending));
}

/** The margins collapsing in this (settled) box end at `y` from its border-box top: the floats placed on them stay there. */
export function settleMargins(space: Space, used: UsedBox, state: FlowState, y: number): void {
  const fc = childFloats(space, used, state);
  fc.exclusions.settleMargins(fc.y - state.y + y);
}

/** Settle the pending margins into the flow (a float or clearance fixes the position they resolve to). */
function resolvePending(state: FlowState): void {
  if (!state.settled) {
    state.settled = true;
    state.marginTop = state.pending;
    state.origin = resolveMargins(state.pending);
  } else {
    state.y += resolveMargins(state.pending);
  }
  state.pending = NO_MARGINS;
}

/**
 * Clearance (CSS 2.1 §9.5.2): a box with `clear` whose top border edge would sit above the
 * relevant floats is moved below them; its margin then no longer collapses with the ones above.
 */
export function applyClearance(
  child: BlockLevelBox,
  space: Space,
  used: UsedBox,
  state: FlowState,
): 'next-page' | null {
  if (child.kind === 'lines' || child.style.clear === 'none') return null;
  followMargins(space, used, state);
  const fc = childFloats(space, used, state);
  // Below a float broken at the page end, or moved whole to the next page, is the next page: the
  // box goes there, even when it is empty and would fit here (CSS Fragmentation 3 §4.4; Chromium).
  // (Not on a page that holds nothing yet: the box would only move on again.)
  const pageEmpty = space.pageIsEmpty && state.placed === 0 && state.children.length === 0;
  if (space.mode === 'layout' && !pageEmpty && fc.exclusions.clearsPastPage(child.style.clear)) return 'next-page';
  const clearY = fc.exclusions.clearance(child.style.clear);
  if (clearY === -Infinity) return null;
  const own = adjoiningTopMargins(child, used.width);
  // Its hypothetical position: its margins collapsed with the ones above, as without `clear`.
  const hypothetical = fc.y + resolveMargins(joinMargins(state.pending, own));
  if (hypothetical >= clearY - EPSILON) return null;
  resolvePending(state);
  settleMargins(space, used, state, state.y);
  // The BFC y where the flow continues now, below the margins above. The child's border top goes to
  // the floats' bottom or there, whichever is lower, its own margin dropped: Chromium's print (block
  // fragmentation resolves the box's offset before its children's margins), where §9.5.2 and its
  // screen layout would collapse the margins above with the box's own (measured: a cleared heading
  // with `margin-top: -18px` after a list's 16px bottom margin prints 16px below the float).
  const now = childFloats(space, used, state).y;
  state.y += Math.max(clearY, now) - resolveMargins(own) - now;
  return null;
}

/**
 * A box's top margin collapsed with the top margins of its first in-flow children that adjoin it
 * (CSS 2.1 §8.3.1: no top border or padding between them, no formatting context of its own): with
 * clearance the box's top border edge, and theirs with it, lands on the floats' bottom (§9.5.2), the
 * collapsed margin going above it. Measured: a cleared section that starts with an h2 (margin
 * 0.83em) puts the heading's border box right below the float, not the heading's margin below it.
 * Percentages resolve against `width` at every depth (the children's own widths are not known yet).
 */
function adjoiningTopMargins(child: BlockLevelBox, width: number): MarginSet {
  let margins = addMargin(NO_MARGINS, marginOrZero(child.style.marginTop, width));
  let box: BlockLevelBox = child;
  while (box.kind === 'block' && !establishesBfc(box) && !hasTopEdge(box.style, width)) {
    const first: BlockLevelBox | undefined = box.children.find((c) => !isOutOfFlowStyle(c.style) && !isFloatBox(c));
    if (!first || first.kind === 'lines' || first.style.clear !== 'none') break;
    margins = addMargin(margins, marginOrZero(first.style.marginTop, width));
    box = first;
  }
  return margins;
}

function hasTopEdge(style: ComputedStyle, width: number): boolean {
  return borderEdges(style).top > 0 || paddingEdges(style, width).top > 0;
}

/** What became of a float: not placed (it moves whole to the next page), or placed, maybe with a rest for the next page. */
export type FloatOutcome = { readonly placed: false } | { readonly placed: true; readonly rest: Resume | null };

/**
 * Place a float child (CSS 2.1 §9.5.1) beside earlier floats at the current position, shrink-to-fit
 * when its width is auto (§10.3.5). At the page end a float that may break is split there (its
 * rest continues on the next page, as Chromium prints); a monolithic one (an image,
 * `break-inside: avoid`) moves whole, unless nothing precedes it on the page.
 */
export function placeFloat(
  child: FloatBox,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
  resume: Resume | null = null,
): FloatOutcome {
  // Laid out here and placed by a second function: nested floats recurse through this small
  // frame only (the parser allows 512 levels of them).
  const laid = layoutFloatBox(child, used, ctx, Infinity, resume, true);
  return laid ? placeLaidFloat(child, laid, space, used, state, ctx, resume) : { placed: true, rest: null };
}

function placeLaidFloat(
  child: FloatBox,
  first: LaidFloat,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
  resume: Resume | null,
): FloatOutcome {
  let laid = first;
  const fc = childFloats(space, used, state);
  const pendingPx = resolveMargins(state.pending);
  if (!state.settled) fc.exclusions.followMargins(fc.y, fc.y + pendingPx);
  // The parent's border box in BFC coordinates.
  const parentLeft = fc.x - state.contentLeft;
  const parentTop = fc.y + pendingPx - (state.y + (state.settled ? pendingPx : 0));
  const side = child.style.float === 'right' ? 'right' : 'left';
  const outerWidth = laid.ml + laid.width + laid.mr;
  const lineTop = besideLastLine(state, fc, side, outerWidth, laid.mt + laid.height + laid.mb, parentLeft, parentTop);
  const y = Math.max(lineTop ?? fc.y + pendingPx, fc.exclusions.clearance(child.style.clear));
  let at = fc.exclusions.place(side, outerWidth, laid.mt + laid.height + laid.mb, y, fc.x, fc.x + used.width);
  let top = at.y + laid.mt - parentTop;
  const room = state.settled ? space.blockSize - state.origin : space.blockSize - pendingPx;
  let rest: Resume | null = null;
  // The float's bottom margin is not truncated at a page end (CSS Fragmentation 3 §5.2 truncates
  // margins adjoining a break between in-flow boxes only): a float whose border box fits but whose
  // margin box does not moves whole to the next page, as Chromium prints it.
  const contentFits = top + laid.height <= room + EPSILON;
  if (space.mode === 'layout' && top + laid.height + Math.max(0, laid.mb) > room + EPSILON) {
    // At the page start, below nothing but empty boxes (Bootstrap's clearfix ::before table) and
    // beside other floats, a move to the next page gains nothing: the float is placed and broken
    // here, as Chromium places a float at the fragmentainer start (CSS Fragmentation 3 §4.4). Once
    // clearance has moved the flow down, the next page does give it more room.
    const atFlowStart =
      state.y <= EPSILON && state.children.every(takesNoFlowRoom) && at.y <= fc.y + pendingPx + EPSILON;
    const mustPlace = space.pageIsEmpty && (state.children.length === 0 || atFlowStart);
    const avoid = avoidsBreakInside(child.style);
    const limit = room - top + laid.mt;
    const split =
      !contentFits && child.kind !== 'replaced' && !avoid && (limit > laid.mt + EPSILON || mustPlace)
        ? layoutFloatBox(child, used, ctx, limit, resume, mustPlace)
        : null;
    if (!split && !mustPlace) {
      fc.exclusions.floats.pop();
      return { placed: false };
    }
    if (split) {
      fc.exclusions.floats.pop();
      laid = split;
      rest = split.resume;
      // The exclusion is the fragment's margin box (CSS 2 §9.5.1), as Chromium keeps it: a float broken
      // inside fills the page to its end (CSS Fragmentation 3 §4.4), one broken before its bottom
      // padding ends with its content, and its bottom margin is not truncated at the break (a
      // negative one lets later floats and lines rise beside or over the fragment).
      const mb = rest ? marginOrZero(child.style.marginBottom, used.width) : laid.mb;
      at = fc.exclusions.place(side, outerWidth, laid.mt + laid.height + mb, at.y, fc.x, fc.x + used.width);
      if (rest) fc.exclusions.markLastBroken();
      top = at.y + laid.mt - parentTop;
    }
  }
  const f = laid.fragment;
  state.children.push(movedFragment(f, at.x + laid.ml - parentLeft - f.x, top - f.y));
  if (!state.settled) fc.exclusions.keepOpen(fc.y, fc.y + pendingPx);
  return { placed: true, rest };
}

/** A fragment that does not move the flow down: a float, or a box of no height. */
function takesNoFlowRoom(f: Fragment): boolean {
  return f.kind === 'box' && (f.style.float !== 'none' || f.height <= EPSILON);
}

/**
 * A float that came right after inline content goes beside the paragraph's last line when it
 * fits in the room the line leaves at its end side (CSS 2.1 §9.5.1 rule 6 and §9.5: placed at
 * the current line when there is room, its margin box no wider than that room), as Chromium
 * does; the BFC y of that line's top, or null. Only a float on the line's end side (right in
 * ltr, left in rtl) of a start-aligned line: the content does not move for it.
 */
function besideLastLine(
  state: FlowState,
  fc: FloatContext,
  side: 'left' | 'right',
  width: number,
  height: number,
  parentLeft: number,
  parentTop: number,
): number | null {
  for (let k = state.children.length - 1; k >= 0; k--) {
    const f = state.children[k]!;
    const line = lastLineOf(f);
    if (!line) {
      if (f.kind === 'box' && f.style.float !== 'none') continue;
      return null;
    }
    if (f.kind !== 'box' || !endSideOfStartAligned(f.style, side)) return null;
    const top = parentTop + f.y + line.top;
    const span = fc.exclusions.available(fc.x, fc.x + f.width, top, height);
    const room =
      side === 'right'
        ? span.right - Math.max(span.left, parentLeft + f.x + line.contentRight)
        : Math.min(span.right, parentLeft + f.x + line.contentLeft) - span.left;
    return room >= width - EPSILON ? top : null;
  }
  return null;
}

/** `side` is the line's end side and its content sits at the start side (text-align start or justify). */
function endSideOfStartAligned(s: ComputedStyle, side: 'left' | 'right'): boolean {
  const start = s.direction === 'rtl' ? 'right' : 'left';
  const align = s.textAlign === 'start' || s.textAlign === 'justify' ? start : s.textAlign;
  return side !== start && align === start;
}

export interface LaidFloat {
  readonly fragment: Exclude<Fragment, { kind: 'text' }>;
  readonly mt: number;
  readonly mb: number;
  readonly ml: number;
  readonly mr: number;
  readonly width: number;
  readonly height: number;
  readonly resume: Resume | null;
}

/**
 * `cb`: the containing block's width, and its height when definite, which percentage heights
 * resolve against (CSS 2.1 §10.5).
 */
export function layoutFloatBox(
  box: FloatBox,
  cb: { readonly width: number; readonly height: number | null },
  ctx: LayoutContext,
  blockSize: number,
  resume: Resume | null,
  pageIsEmpty: boolean,
): LaidFloat | null {
  const s = box.style;
  const ml = marginOrZero(s.marginLeft, cb.width);
  const mr = marginOrZero(s.marginRight, cb.width);
  let inlineSize = cb.width;
  if (box.kind !== 'replaced' && definite(s.width, cb.width) === null && s.width !== 'stretch') {
    // Shrink-to-fit (§10.3.5): min(max(min-content, available), max-content), margins included.
    const sizes = outerSizes(box, ctx, cb.height);
    inlineSize = Math.min(Math.max(sizes.min, cb.width), sizes.max);
  }
  const plain =
    box.kind === 'replaced' && (s.marginLeft === 'auto' || s.marginRight === 'auto')
      ? { ...box, style: { ...s, marginLeft: ml, marginRight: mr } }
      : box;
  const r = layoutBox(
    plain,
    {
      inlineSize,
      blockSize,
      pageIsEmpty,
      mode: 'layout',
      marginAbove: NO_MARGINS,
      truncateMargins: resume !== null,
      cbBlockSize: cb.height,
    },
    resume,
    ctx,
  );
  const fragment = r.fragment;
  if (!fragment || fragment.kind === 'text') return null;
  const mt = resolveMargins(r.marginTop);
  const mb = resolveMargins(r.marginBottom);
  return { fragment, mt, mb, ml, mr, width: fragment.width, height: r.height, resume: r.resume };
}

/** A block-level box that starts a formatting context (or a replaced one): its border box must not overlap floats (CSS 2.1 §9.5). */
function avoidsFloats(box: BlockLevelBox): box is ContainerBox | ReplacedBox {
  if (box.kind === 'lines') return false;
  if (box.kind === 'replaced') return true;
  return establishesBfc(box) && box.tag !== 'html';
}

/**
 * A formatting-context root beside floats (§9.5): it goes where its width fits, below the floats
 * if need be, and an auto width shrinks to the free span. Returns the span (left offset from the
 * containing block's content box, width) when floats intrude, else null.
 */
export function avoidFloats(
  child: BlockLevelBox,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
  resumed = false,
): { left: number; width: number } | null {
  if (!avoidsFloats(child)) return null;
  if (!resumed) {
    const span = freeSpan(child, space, used, state, ctx);
    const narrowed = cacheOf(ctx, narrowedSlot);
    if (span) narrowed.set(child, span);
    else narrowed.delete(child);
    return span;
  }
  // A continued box beside no float where it resumes takes the whole width there (Chromium: its
  // lines on the next page are as wide as the containing block); beside floats it keeps the
  // span of its first fragment.
  followMargins(space, used, state);
  const fc = childFloats(space, used, state);
  const top = fc.y + resolveMargins(state.pending);
  if (fc.exclusions.isEmpty || !fc.exclusions.affects(fc.x, fc.x + used.width, top)) return null;
  return cacheOf(ctx, narrowedSlot).get(child) ?? null;
}

/** Float-avoiding boxes laid out narrower than their containing block, by box. */
const narrowedSlot = memoSlot<BlockLevelBox, { left: number; width: number }>('render');

function freeSpan(
  child: ContainerBox | ReplacedBox,
  space: Space,
  used: UsedBox,
  state: FlowState,
  ctx: LayoutContext,
): { left: number; width: number } | null {
  followMargins(space, used, state);
  const fc = childFloats(space, used, state);
  const ex = fc.exclusions;
  if (ex.isEmpty) return null;
  const ownTop = marginOrZero(child.style.marginTop, used.width);
  let top = fc.y + resolveMargins(state.pending) + Math.max(0, ownTop);
  if (!ex.affects(fc.x, fc.x + used.width, top)) return null;
  const needed = minimumWidth(child, used.width, ctx);
  const band = definiteBorderHeight(child, used);
  // Its own margins may overlap the floats; its border box may not (as Chromium places it): the
  // room for the border box starts where a float ends or where its inline-start margin ends,
  // whichever is further (a start margin wider than the room beside a float on the other side
  // takes it all); its end margin may run past the room.
  const ml = marginOrZero(child.style.marginLeft, used.width);
  const mr = marginOrZero(child.style.marginRight, used.width);
  const rtl = child.style.direction === 'rtl';
  const room = (s: { left: number; right: number }): number =>
    rtl ? Math.min(s.right, fc.x + used.width - mr) - s.left : s.right - Math.max(s.left, fc.x + ml);
  let span = ex.available(fc.x, fc.x + used.width, top, band);
  for (let next = ex.nextBottom(top); room(span) < needed - EPSILON && next !== null; next = ex.nextBottom(top)) {
    top = next;
    span = ex.available(fc.x, fc.x + used.width, top, band);
  }
  const start = fc.y + resolveMargins(state.pending) + Math.max(0, ownTop);
  if (top > start + EPSILON) {
    resolvePending(state);
    settleMargins(space, used, state, state.y);
    state.y += Math.max(0, top - ownTop - childFloats(space, used, state).y);
    // Below every float in its way: laid out as if there were none (its negative margins too).
    if (!ex.affects(fc.x, fc.x + used.width, top)) return null;
  }
  const left = Math.max(0, span.left - fc.x - ml);
  const right = Math.min(span.right - fc.x, used.width - mr) + mr;
  return { left, width: Math.max(0, right - left) };
}

/**
 * The border-box height of a float-avoiding box when its height is definite: its border box may
 * overlap no float over all that height (CSS 2.1 §9.5), so a place where a float lower down
 * narrows the room is no place for it (Chromium tries each layout opportunity with the box's
 * block size). 0 when auto: only the room at its top is known before its layout.
 */
function definiteBorderHeight(box: ContainerBox | ReplacedBox, cb: UsedBox): number {
  const r = resolveBlockBox(box.style, cb.width, cb.height);
  if (r.height === null) return 0;
  const content = Math.min(Math.max(r.height, r.minHeight), r.maxHeight);
  return content + r.border.top + r.border.bottom + r.padding.top + r.padding.bottom;
}

/**
 * The width a float-avoiding box needs (CSS 2 §9.5): a replaced box's margin-box width; else its
 * border-box width, a percentage of the containing block's width (not of the room beside the
 * floats) when definite, else its horizontal borders and padding, which an auto width cannot
 * shrink away. Chromium moves a box that needs more below the floats (e.g. an `hr` of width 100%,
 * which has `overflow: hidden` in its UA sheet); its margins may overlap them.
 */
function minimumWidth(box: ContainerBox | ReplacedBox, cbWidth: number, ctx: LayoutContext): number {
  const s = box.style;
  if (box.kind === 'replaced') return outerSizes(box, ctx).max;
  const border = borderEdges(s);
  const padding = paddingEdges(s, cbWidth);
  const edges = border.left + border.right + padding.left + padding.right;
  if (definite(s.width, cbWidth) === null) return edges;
  return resolveBlockBox(s, cbWidth, null).width + edges;
}
