import type { ContainerBox } from '../boxes/box.js';
import { avoidsBreakInside } from './breaks.js';
import { pieceFragment, repeatedEdges, reservedBottomEdges, topEdgesOf } from './decoration-break.js';
import type { Fragment } from '../fragment.js';
import type { LayoutContext } from './context.js';
import { clampHeight, resolveBlockBox, sharedBlockBox, withContentLimits, type UsedBox } from './box-model.js';
import { keywordWidths } from './keyword-widths.js';
import { roomNeeded } from './end-reserve.js';
import { contentStartBelow, heightBeforeEndEdges, overflowPastPage } from './monolithic-overflow.js';
import { pastEndResume } from './parallel-flows.js';
import { flowChildren } from './block-children.js';
import type { FlowState } from './flow-state.js';
import { establishesBfc, isQuirkyContainer } from './formatting-context.js';
import { movedFragment, startingLower } from './fragments.js';
import { controlKind } from '../boxes/form-controls.js';
import { placeMarker, placeMarkerOfBrokenItem } from './marker-placement.js';
import { beginFloats, floatsBottom, settleMargins } from '../float/float-layout.js';
import {
  addMargin,
  joinMargins,
  NO_MARGINS,
  nothingAbove,
  resolveMargins,
  withoutQuirky,
  type ForcedBreak,
  type LayoutResult,
  type MarginSet,
  type Resume,
  type Space,
} from './types.js';

const EPSILON = 1e-6;

interface Frame {
  readonly box: ContainerBox;
  readonly used: UsedBox;
  readonly space: Space;
  readonly state: FlowState;
  readonly bfc: boolean;
  readonly continuation: boolean;
  /** Content height placed on earlier pages (for definite heights). */
  readonly consumedBefore: number;
}

/**
 * Block container layout (CSS 2.1 §10.3.3 widths, §10.6.3 heights, §8.3.1 margin collapsing),
 * fragmented: children are placed until one does not fit, and the resume token says where
 * to continue. A fragment broken inside extends to the end of the page (as Chromium does),
 * with its bottom border and padding sliced off (box-decoration-break: slice).
 */
export function layoutBlockContainer(
  box: ContainerBox,
  space: Space,
  resume: Resume | null,
  ctx: LayoutContext,
): LayoutResult {
  const intrinsic = keywordWidths(box, ctx, space.inlineSize, space.cbBlockSize);
  const used = intrinsic
    ? resolveBlockBox(
        box.style,
        space.inlineSize,
        space.cbBlockSize,
        space.cbDirection ?? 'ltr',
        space.cbLegacyAlign,
        intrinsic,
      )
    : sharedBlockBox(box.style, space.inlineSize, space.cbBlockSize, space.cbDirection ?? 'ltr', space.cbLegacyAlign);
  const token = resume?.kind === 'block' ? resume : null;
  const continuation = token !== null;
  const bfc = establishesBfc(box);
  const topEdges = topEdgesOf(used, box.style, continuation);
  // Margins adjoining an unforced page break truncate to zero (CSS Fragmentation 3 §5.2).
  const quirks = box.style.marginQuirk;
  const ownTop: MarginSet =
    continuation || space.truncateMargins || (quirks?.top && space.quirkyContainerStart)
      ? space.marginAbove
      : addMargin(space.marginAbove, used.marginTop, quirks?.top ?? false);
  const collapseTop = !bfc && topEdges === 0;
  const state: FlowState = {
    y: topEdges,
    contentLeft: used.border.left + used.padding.left,
    pending: collapseTop ? ownTop : NO_MARGINS,
    settled: !collapseTop,
    origin: collapseTop ? 0 : resolveMargins(ownTop),
    marginTop: collapseTop ? NO_MARGINS : ownTop,
    placed: 0,
    baseline: null,
    lastBaseline: null,
    children: [],
    ownFloats: null,
    overflow: 0,
    skipped: 0,
    parallel: [],
    parallelForced: null,
    nextStart: null,
    lastStart: null,
  };
  // The top border and padding do not break (CSS Fragmentation 3 §4.4: no break point inside
  // them): when they do not fit, a box that starts on this page moves to the next one, even if
  // its first child is empty (a box past the page end is monolithic overflow's, ./monolithic-overflow.ts).
  // So does a box that does not collapse through, its margins alone reaching past the page end
  // (they truncate at the break, §5.2): an empty formatting-context root too (Chromium).
  const room = space.blockSize - state.origin;
  if (
    space.mode === 'layout' &&
    !continuation &&
    !space.pageIsEmpty &&
    (topEdges > 0 || bfc) &&
    (room >= -EPSILON ? topEdges > room + EPSILON : space.blockSize >= -EPSILON)
  )
    return pushed(space);
  beginFloats(state, bfc, space);
  // A top border or padding fixes where the margins above end (a formatting-context root is placed by its parent).
  if (!bfc && !collapseTop) settleMargins(space, used, state, 0);
  const frame: Frame = { box, used, space, state, bfc, continuation, consumedBefore: token?.consumed ?? 0 };
  if (token?.overflow && space.pageTop !== undefined) {
    // Monolithic overflow of the previous page (./monolithic-overflow.ts): the content starts below it.
    state.settled = true;
    state.marginTop = ownTop;
    state.origin = resolveMargins(ownTop);
    state.pending = NO_MARGINS;
    settleMargins(space, used, state, 0);
    const top = space.pageTop + state.origin;
    const start = contentStartBelow(token.overflow - top, space.blockSize - state.origin);
    if (start === null) {
      // Nothing of this page is left: it holds only the overflow, for this box and its broken descendants.
      state.y = state.skipped = space.blockSize - state.origin;
      state.overflow = token.overflow;
      if (token.parallel) state.parallel.push(...token.parallel);
      return pastPage(frame, token, space.pageTop + space.blockSize);
    }
    state.y = state.skipped = start;
  }
  let flow = flowChildren(box, used, childrenSpace(frame, topEdges), token, state, ctx);
  if (flow.pushed && !space.pageIsEmpty) return pushed(space);
  if (token?.pastEnd) return pastEndResult(frame, flow.resume, flow.forcedBreak, ctx);
  let overflowing: { child: number; inner: Resume | null } | null = null;
  if (flow.resume !== null && !flow.forcedBreak && endsHere(used, space, state, topEdges, token?.consumed ?? 0)) {
    // The box ends on this page: content it clips is cut off, visible content overflowing it goes on in a parallel flow.
    if (box.style.overflow === 'visible' && space.parallelFlows) overflowing = flow.resume;
    if (box.style.overflow !== 'visible' || overflowing) flow = { pushed: false, resume: null };
  } else if (flow.floatsOnly && space.parallelFlows && !bfc) {
    // Its in-flow content ended here and only floats that moved whole to the next page are left:
    // the box ends here, what follows it stays on this page, and the floats go on at the next
    // page's top in a parallel flow (CSS Fragmentation 3 §4.4; Chromium). Not a formatting
    // context root: its height contains its floats (CSS 2 §10.6.7), so it goes on with them.
    overflowing = flow.resume;
    flow = { pushed: false, resume: null };
  }
  const settledAtEnd = !state.settled;
  if (settledAtEnd) {
    state.settled = true;
    state.marginTop = state.pending;
    state.origin = resolveMargins(state.pending);
  }
  if (flow.resume === null && box.marker && !continuation && placeMarker(box, state, used, ctx)) {
    // The marker's line is the item's only line: like a line, it moves to the next page
    // (or column) when it does not fit (CSS Fragmentation 3 §4.4).
    const overflows = space.mode === 'layout' && state.y > space.blockSize - state.origin + EPSILON;
    if (overflows && !space.pageIsEmpty) return pushed(space);
  } else if (settledAtEnd) {
    // No content: the margins collapsed so far are all above the box (§8.3.1), none inside it.
    state.pending = NO_MARGINS;
  }
  if (flow.resume === null) {
    const r = finish(frame);
    if (!r.fragment || r.resume || (overflowing === null && state.parallel.length === 0)) return r;
    // Children's overflowing content is carried by the parent's flow; a mode that does not carry it breaks the box instead.
    if (!space.parallelFlows) return breakInside(frame, { child: box.children.length, inner: null }, undefined);
    const next = pastEndResume(box, overflowing, frame.consumedBefore, state.parallel, ctx);
    return next ? { ...r, parallel: next, ...parallelForced(state) } : r;
  }
  if (!continuation && space.mode === 'layout') placeMarkerOfBrokenItem(box, state, used, ctx);
  // break-inside: avoid (CSS Fragmentation 3 §3.2): move the whole box on when it is not first on the page.
  const avoid = avoidsBreakInside(box.style);
  if (avoid && !continuation && !nothingAbove(space) && !flow.forcedBreak) return pushed(space);
  return breakInside(frame, flow.resume, flow.forcedBreak, flow.brokeBeforeEnd);
}

/**
 * Content that a box of definite height clips (overflow other than visible, CSS Overflow 3 §3)
 * is not fragmented: when the box itself ends on this page, what its children would continue
 * on the next pages is cut off instead, as Chromium prints it.
 */
function endsHere(used: UsedBox, space: Space, state: FlowState, topEdges: number, consumedBefore: number): boolean {
  const limit = heightLimit(used);
  if (limit === Infinity || space.mode !== 'layout') return false;
  const end = topEdges + Math.max(0, limit - consumedBefore) + used.border.bottom + used.padding.bottom;
  return end <= space.blockSize - state.origin + EPSILON;
}

/**
 * The most content height a box can have whatever its content: its definite height, else its
 * max-height, unless min-height wins (content that breaks past it makes it that tall, CSS 2
 * §10.7). Infinity when the
 * content decides.
 */
function heightLimit(used: UsedBox): number {
  if (used.height !== null && !used.growsToContent) return clampHeight(used.height, used);
  return used.growsToContent ? Infinity : clampHeight(Infinity, used);
}

function pushed(space: Space): LayoutResult {
  return {
    fragment: null,
    resume: null,
    marginTop: space.marginAbove,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height: 0,
    baseline: null,
    lastBaseline: null,
  };
}

/**
 * The space the children flow in. A box of definite height that clips its content and ends on
 * this page needs no break inside: what would go on is cut off anyway, so its children are laid
 * out unbroken (Chromium keeps a last line there that a child's bottom padding would otherwise
 * take to the next page). With cloned decorations (./decoration-break.ts) the children break
 * above the bottom border and padding. (A function of its own keeps layoutBlockContainer's stack
 * frame small: it recurses once per nesting level, up to the parser's 512.)
 */
function childrenSpace(frame: Frame, topEdges: number): Space {
  const { box, used, space, state, continuation } = frame;
  if (box.style.overflow !== 'visible' && !continuation && endsHere(used, space, state, topEdges, 0)) {
    return { ...space, blockSize: Infinity, pageTop: undefined, endReserve: undefined };
  }
  const reserve = space.mode === 'layout' ? reservedBottomEdges(used, box.style) : 0;
  const sized = reserve > 0 ? { ...space, blockSize: space.blockSize - reserve } : space;
  // A box of definite height that ends on this page is not moved on by content overflowing it:
  // its first child stays as monolithic overflow (CSS Fragmentation 3 §4.1; Chromium slices the
  // line of a clearfix ::after of `height: 0` at the page end instead of moving the box).
  const startsAbovePageEnd = space.blockSize - state.origin > EPSILON;
  if (
    box.style.overflow === 'visible' &&
    !continuation &&
    startsAbovePageEnd &&
    endsHere(used, space, state, topEdges, 0)
  ) {
    return { ...sized, pageIsEmpty: true };
  }
  return sized;
}

/** The box ends on this page: bottom margin collapsing (§8.3.1) and the used height (§10.6.3). */
function finish(frame: Frame): LayoutResult {
  const { used, state, space, continuation, consumedBefore } = frame;
  const topEdges = topEdgesOf(used, frame.box.style, continuation);
  const bottomEdges = used.border.bottom + used.padding.bottom;
  const collapseBottom = !frame.bfc && used.height === null && bottomEdges === 0;
  let contentBottom = state.y;
  let marginBottom: MarginSet;
  // A quirky container drops the quirky margins at its end (Chromium's margin quirk).
  const pending = isQuirkyContainer(frame.box) ? withoutQuirky(state.pending) : state.pending;
  const quirkyBottom = frame.box.style.marginQuirk?.bottom ?? false;
  if (collapseBottom) {
    // §8.3.1 has a non-zero min-height stop the last child's bottom margin from collapsing with
    // the box's; Chromium lets it collapse while min-/max-height leave the auto height as it is,
    // and drops it when they change it (Bootstrap 3's `min-height: 1px` columns rely on this).
    const auto = contentBottom - topEdges + consumedBefore;
    const clamped = Math.abs(clampHeight(auto, used) - auto) > EPSILON;
    marginBottom = addMargin(clamped ? NO_MARGINS : pending, used.marginBottom, quirkyBottom);
  } else {
    contentBottom += truncatedAtPageEnd(resolveMargins(pending), contentBottom + bottomEdges, frame);
    marginBottom = addMargin(NO_MARGINS, used.marginBottom, quirkyBottom);
  }
  // A BFC root's auto height grows to contain its floats (CSS 2.1 §10.6.7).
  contentBottom = Math.max(contentBottom, floatsBottom(state));
  const contentAuto = contentBottom - topEdges + consumedBefore;
  const content =
    used.height === null ? contentAuto : used.growsToContent ? Math.max(used.height, contentAuto) : used.height;
  const contentHeight = Math.max(
    0,
    clampHeight(content, withContentLimits(used, frame.box.style, contentAuto)) -
      consumedBefore -
      repeatedEdges(used, frame.box.style, continuation, false),
  );
  const height = topEdges + contentHeight + bottomEdges;
  if (!continuation) alignContent(frame, contentHeight - (contentBottom - topEdges));
  // An empty box with no height, border or padding collapses its margins through (§8.3.1).
  const collapsesThrough = !frame.bfc && state.placed === 0 && height === 0 && !continuation;
  const available = space.blockSize - state.origin;
  const definiteHeight = used.height !== null || used.minHeight > 0;
  const tooTall = !collapsesThrough && definiteHeight && space.mode === 'layout' && height > available + EPSILON;
  const avoid = avoidsBreakInside(frame.box.style);
  // No room left even for its top edges, or it must not split (break-inside: avoid): the whole box moves on.
  if (
    tooTall &&
    !space.pageIsEmpty &&
    !continuation &&
    ((available <= topEdges + EPSILON && state.placed === 0) || avoid)
  )
    return pushed(space);
  // A box with no in-flow content here, or whose height its content does not set (its children
  // get no reserve), is the last piece of the boxes it ends: their end edges go with it (end-reserve.ts).
  if (
    space.endReserve &&
    (state.placed === 0 || used.height !== null || used.maxHeight !== Infinity) &&
    !tooTall &&
    !collapsesThrough &&
    !continuation &&
    !nothingAbove(space) &&
    height + roomNeeded(space.endReserve, used.marginBottom) > available + EPSILON
  )
    return pushed(space);
  // A continuation holding only the bottom padding and border of a box of definite height: they
  // overflow in one piece, as Chromium's (a box's end edges are not broken; breaking them again
  // would never end).
  const onlyEndEdges = continuation && contentHeight <= EPSILON && used.height !== null;
  if (tooTall && available > topEdges && !onlyEndEdges) {
    // Taller than what is left of the page: the box's own height splits (CSS Fragmentation 3 §4).
    return breakInside(frame, { child: frame.box.children.length, inner: null }, undefined);
  }
  // Bottom padding and border that do not fit go to the next page in one piece (./monolithic-overflow.ts).
  const beforeEnd =
    space.mode === 'layout' && !definiteHeight && !collapsesThrough && frame.box.kind !== 'table-cell'
      ? heightBeforeEndEdges(height, bottomEdges, available)
      : null;
  if (beforeEnd !== null) {
    if (!nothingAbove(space) && !continuation && avoid) return pushed(space);
    state.y = beforeEnd;
    return breakInside(frame, { child: frame.box.children.length, inner: null }, undefined, true);
  }
  return {
    fragment: makeFragment(frame, height, true),
    resume: null,
    // An empty box's margins above its top border edge (§8.3.1 places it there); all of them collapse with what follows.
    marginTop: state.marginTop,
    marginBottom: collapsesThrough ? joinMargins(state.marginTop, marginBottom) : marginBottom,
    collapsesThrough,
    height,
    baseline: state.baseline,
    lastBaseline: state.lastBaseline,
  };
}

/**
 * The last child's bottom margin kept inside a box that does not collapse it (a BFC root, or
 * bottom border or padding) is truncated at the page end (CSS Fragmentation 3 §5.2): the box
 * ends on this page, and nothing of it overflows onto the next (Chromium: a float whose list's
 * bottom margin reached past the page end did not push what clears it down there).
 */
function truncatedAtPageEnd(margin: number, bottom: number, frame: Frame): number {
  const { space, state, used } = frame;
  if (space.mode !== 'layout' || used.height !== null || margin <= 0) return margin;
  return Math.max(0, Math.min(margin, space.blockSize - state.origin - bottom));
}

/**
 * `align-content: center | end` on a block container (CSS Align 3 §5.4): its content moves
 * down by all or half of the room left in its content box. Safe, as for any block container,
 * except in the text controls Chromium centres unsafely (`-internal-align-content-block`).
 */
function alignContent(frame: Frame, free: number): void {
  const { box, state } = frame;
  const safe = box.style.alignContent.startsWith('safe ');
  const a = safe ? box.style.alignContent.slice(5) : box.style.alignContent;
  if (box.kind !== 'block' || (a !== 'center' && a !== 'end' && a !== 'flex-end') || free === 0) return;
  const kind = controlKind(box.tag, box.attrs);
  const unsafe = !safe && (kind === 'text-field' || kind === 'menulist' || kind === 'push-button');
  const shift = a === 'center' ? free / 2 : free;
  const dy = unsafe ? shift : Math.max(0, shift);
  if (dy === 0) return;
  const children = state.children;
  for (let i = 0; i < children.length; i++) children[i] = movedFragment(children[i]!, 0, dy);
  if (state.baseline !== null) state.baseline += dy;
  if (state.lastBaseline !== null) state.lastBaseline += dy;
}

/** A box that ended on an earlier page (./parallel-flows.ts): no height, no edges, only the content overflowing it. */
function pastEndResult(
  frame: Frame,
  resume: { child: number; inner: Resume | null } | null,
  forced: ForcedBreak | undefined,
  ctx: LayoutContext,
): LayoutResult {
  const { box, state } = frame;
  const next = pastEndResume(box, resume, frame.consumedBefore, state.parallel, ctx);
  return {
    fragment: makeFragment(frame, 0, false),
    resume: null,
    // Its first child's top margin, collapsed through its top: kept after a forced break (§5.2).
    marginTop: state.marginTop,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height: 0,
    baseline: null,
    lastBaseline: null,
    ...(next ? { parallel: next, ...parallelForced(state, forced) } : {}),
  };
}

/**
 * A result that only parallel flows go on from carries the forced break that ended one of them
 * (`own`: its own content's): margins after it are kept at the next page's top (CSS
 * Fragmentation 3 §5.2), as Chromium does.
 */
function parallelForced(state: FlowState, own?: ForcedBreak): { forcedBreak?: ForcedBreak } {
  const forced = own ?? state.parallelForced;
  return forced ? { forcedBreak: forced } : {};
}

/** A fragment filling the page below monolithic overflow that covers it: the rest of the overflow goes on. */
function pastPage(frame: Frame, token: Resume & { kind: 'block' }, pageRoom: number): LayoutResult {
  const r = breakInside(frame, token, undefined);
  return { ...r, resume: overflowPastPage(r.resume!, pageRoom) };
}

/**
 * A child broke, a forced break came, or the box is too tall: this fragment fills the rest of
 * the page, unless the break came before bottom padding and border (`beforeEnd`): it then ends
 * with the content above them.
 */
function breakInside(
  frame: Frame,
  at: { child: number; inner: Resume | null },
  forced: ForcedBreak | undefined,
  beforeEnd = false,
): LayoutResult {
  const { used, state, space, continuation } = frame;
  const reserve = space.mode === 'layout' ? reservedBottomEdges(used, frame.box.style) : 0;
  const topEdges = topEdgesOf(used, frame.box.style, continuation);
  const height =
    space.mode === 'measure' || beforeEnd
      ? state.y
      : Math.min(
          Math.max(state.y + reserve, space.blockSize - state.origin),
          topEdges + ownHeightLeft(frame) + reserve,
        );
  const consumed =
    frame.consumedBefore +
    Math.max(0, height - topEdges - reserve) +
    (space.mode === 'layout' ? repeatedEdges(used, frame.box.style, continuation, true) : 0);
  const resume: Resume = {
    kind: 'block',
    child: at.child,
    inner: at.inner,
    consumed,
    ...(state.overflow > EPSILON ? { overflow: state.overflow } : {}),
    ...(state.parallel.length > 0 ? { parallel: state.parallel.slice() } : {}),
  };
  return {
    fragment: makeFragment(frame, height, false),
    resume,
    marginTop: state.marginTop,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height,
    baseline: state.baseline,
    lastBaseline: state.lastBaseline,
    ...(forced ? { forcedBreak: forced } : {}),
    ...(beforeEnd ? { brokeBeforeEnd: true } : {}),
  };
}

/**
 * The children list a fragment keeps until paint. A pushed-to array reserves room for 16 more
 * elements at its first push: a table cell's one child kept ~150 bytes per cell. Short lists
 * are copied to their exact size (the flow's array is garbage at once).
 */
function exactSize(children: Fragment[]): Fragment[] {
  return children.length > 0 && children.length < 16 ? children.slice() : children;
}

/**
 * What is left of a box's height limit (CSS Fragmentation 3 §4.5: a fragmented box's size is
 * the sum of its fragments'): a box whose content breaks after its height is used up ends there,
 * its later fragments empty (Chromium's zero-size fragments once the block-size is consumed),
 * rather than each filling its fragmentainer. Infinity for a box sized by its content.
 */
function ownHeightLeft(frame: Frame): number {
  // A flex item's flexed main size is not a height of its own: content that breaks past it
  // makes the fragment fill the fragmentainer as before (flex/fragment-growth.ts; Chromium).
  if (frame.space.mode !== 'layout' || frame.space.flexedHeight) return Infinity;
  return Math.max(0, heightLimit(frame.used) - frame.consumedBefore);
}

function makeFragment(frame: Frame, height: number, last: boolean): Fragment {
  const { box, used, state, continuation } = frame;
  // Edges cut by a page break are sliced off unless cloned; a whole box keeps its used edges (no copies).
  const fragment = pieceFragment(box, used, height, exactSize(state.children), continuation, last);
  // Chromium's fragment resumes below monolithic overflow it moved past: no background behind that.
  return state.skipped > 0 ? startingLower(fragment, state.skipped) : fragment;
}
