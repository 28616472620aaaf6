import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import { inlineFloatsOf } from '../boxes/hoist.js';
import type { BoxFragment, Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import { cacheOf, memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { changedFragment, identityOf, keepIdentity, movedFragment } from '../flow/fragments.js';
import { resolveMargins, type LayoutResult, type Space } from '../flow/types.js';
import { layoutAbsolute, type PaddingBox } from './absolute-layout.js';
import { containsFixed, STATIC_START, type StaticAlign } from './insets.js';
import { takePlaceholders, type Pending } from './open-blocks.js';

/**
 * The root's positioned boxes in a printed document, as Chromium places them. The initial
 * containing block is the first page's area, floored to whole px (Chromium's ICB is the layout
 * viewport, an integer size: A4 with 25mm margins, a 604.72 × 933.54 px area, puts `right:0;
 * bottom:0` boxes against 604 × 933). Pages follow one another below it, each as tall as its
 * page area: a box anchored by `top`/`bottom` lands on the page its position falls on, wherever
 * its placeholder is (measured: a `bottom:30mm` stamp at the end of a 2-page document prints on page 1).
 */
type Area = PaddingBox & { readonly x: number; readonly y: number };

export interface RootPage {
  /**
   * The root's absolute boxes placed on this page while it was being laid out (relative to the
   * root's fragment, as its children), which go after its in-flow children.
   */
  readonly added: Fragment[];
  /** This page's area: its corner in the root fragment, its size floored. */
  readonly area: Area;
  /** The page area's height (the fragmentainer), unfloored. */
  readonly height: number;
  /** Where this page's area starts below the first page's top. */
  readonly top: number;
  /** This page's corner with the first page's (ICB) size: what the root's positioned boxes are laid out against. */
  readonly icb: Area;
}

/** The root's pages so far in the pass: the first fragment of the root starts the list again. */
const rootPages = memoSlot<ContainerBox, RootPage[]>('render');
/** The page of the root's final fragment on it (found through its moved copies: keepIdentity). */
const pageOfFragment = memoSlot<Fragment, RootPage>('render');
/**
 * The root's absolute boxes placed on a page while later pages were laid out, given with the
 * page at the end of the pass (withBoxesPlacedLater). A page cache: none once the page is given
 * away, which happens early only when nothing can be placed on an earlier page (paginate's
 * `streams`, build-boxes hasRootAbsolutes).
 */
const placedLater = memoSlot<RootPage, Fragment[]>('page');

/** Note the root's fragment on a new page (the first page starts the document over). */
export function recordPage(
  root: ContainerBox,
  f: BoxFragment,
  r: LayoutResult,
  space: Space,
  ctx: LayoutContext,
): RootPage {
  // The page's room (its area rounded up to whole px) is how far the next page's content starts
  // below this one's; the area itself (cbBlockSize) floored is the ICB height.
  const height = Number.isFinite(space.blockSize) ? space.blockSize : f.height;
  const icbHeight = space.cbBlockSize ?? height;
  const area: Area = {
    x: -f.x,
    y: -resolveMargins(r.marginTop),
    width: Math.floor((space.pageAreaWidth ?? space.inlineSize) + EPSILON),
    height: Math.floor(icbHeight + EPSILON),
    direction: f.style.direction,
  };
  const pagesOf = cacheOf(ctx, rootPages);
  let pages = pagesOf.get(root);
  if (f.part.isFirst || !pages) pagesOf.set(root, (pages = []));
  const last = pages[pages.length - 1];
  const first = pages[0]?.area ?? area;
  const page: RootPage = {
    added: [],
    area,
    height,
    top: last ? last.top + last.height : 0,
    icb: { ...area, width: first.width, height: first.height },
  };
  pages.push(page);
  cacheOf(ctx, placedLater).set(page, []);
  return page;
}

/**
 * The root's fragment on this page once its absolute boxes are placed: `placed` (its in-flow
 * content, the boxes put in the place of their placeholders) with the boxes placed on the page
 * and the fixed boxes after its children; later pages may still place boxes on it (boxesPlacedLater).
 */
export function finishPage(
  placed: BoxFragment,
  page: RootPage,
  fixed: readonly Fragment[],
  ctx: LayoutContext,
): BoxFragment {
  const extra = [...page.added, ...fixed];
  const f = extra.length ? changedFragment(placed, { children: [...placed.children, ...extra] }) : placed;
  keepIdentity(f);
  cacheOf(ctx, pageOfFragment).set(identityOf(f), page);
  return f;
}

/**
 * A page's body (the root's fragment on it, moved onto the page) with the root's absolute boxes
 * that later pages placed on it after its children (placeOnPage): the page as the pass leaves it.
 */
export function withBoxesPlacedLater<F extends Fragment>(body: F, ctx: LayoutContext): F {
  if (body.kind !== 'box') return body;
  const page = cacheOf(ctx, pageOfFragment).get(identityOf(body));
  const later = page && cacheOf(ctx, placedLater).get(page);
  if (!later?.length) return body;
  return changedFragment(body, { children: [...body.children, ...later] }) as F;
}

/** Float error allowed when flooring a size that should be whole px. */
const EPSILON = 1e-6;

/**
 * Move a root-level absolute box anchored by `top` or `bottom`, laid out against this page's
 * `icb` (so at first-page coordinates), onto the page its top falls on (noted in that page's
 * `added`, or placedLater). False: leave it at its placeholder (first page, a box at its static
 * position, or a page already given away).
 */
export function placeOnPage(
  root: ContainerBox,
  style: ComputedStyle,
  placed: Fragment,
  page: RootPage,
  ctx: LayoutContext,
): boolean {
  const pages = cacheOf(ctx, rootPages).get(root);
  if (!pages || page.top === 0 || placed.kind === 'text' || (style.top === 'auto' && style.bottom === 'auto'))
    return false;
  const target = pages.find((p) => placed.y < p.top + p.height) ?? page;
  const list = target === page ? page.added : cacheOf(ctx, placedLater).get(target);
  if (!list) return false;
  list.push(movedFragment(placed, target.area.x, target.area.y - target.top));
  return true;
}

const fixedLists = memoSlot<ContainerBox, readonly Exclude<BlockLevelBox, { kind: 'lines' }>[]>('render');

/** The fixed boxes of a document, in tree order (not inside other fixed boxes). */
function fixedBoxes(root: ContainerBox): readonly Exclude<BlockLevelBox, { kind: 'lines' }>[] {
  const out: Exclude<BlockLevelBox, { kind: 'lines' }>[] = [];
  // Depth first in tree order with an explicit stack (children pushed last to first); no
  // closure or iterator per box: this visits every container of the document once per render.
  const stack: BlockLevelBox[] = [];
  const pushChildren = (box: ContainerBox): void => {
    const children = box.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  };
  pushChildren(root);
  while (stack.length) {
    const box = stack.pop()!;
    if (box.kind === 'lines') {
      // Out-of-flow boxes met amid inline content and placed from their line (boxes/hoist.ts).
      const floats = inlineFloatsOf(box);
      for (let i = floats.length - 1; i >= 0; i--) stack.push(floats[i]!.box);
      continue;
    }
    if (box.style.position === 'fixed') out.push(box);
    // A transformed box places its own fixed descendants (containing-block.ts).
    else if (box.kind !== 'replaced' && !containsFixed(box.style)) pushChildren(box);
  }
  return out;
}

/**
 * Fixed boxes on this page (Chromium prints them on every page). Chromium lays them out once,
 * against the first page's initial containing block, and paints that layer on every page at the
 * page area's corner; on later pages it paints it a second time one first-page-area height
 * higher, so a box below the first page's area shows on every later page at its position less
 * that height (measured, A4 25mm margins: `bottom:-15mm` is not on page 1 and 36 px down on
 * pages 2 and 3; with `@page :first { margin-top: 40mm }` a `bottom:0` box keeps page 1's
 * offset from the area top on later, taller page areas). Copies outside the page area are clipped away.
 * Later pages' copies leave out the form controls (withoutFormControls).
 */
export function placeFixed(root: ContainerBox, page: RootPage, ctx: LayoutContext): Fragment[] {
  const out: Fragment[] = [];
  const boxes = memoized(ctx, fixedLists, root, fixedBoxes);
  if (!boxes.length) return out;
  const firstHeight = cacheOf(ctx, rootPages).get(root)?.[0]?.height ?? page.height;
  const shifts = page.top === 0 ? [0] : [0, -firstHeight];
  const statics = cacheOf(ctx, fixedStatic);
  for (const box of boxes) {
    const at = statics.get(box) ?? NO_STATIC;
    for (const dy of shifts) {
      const placed = layoutAbsolute(box, page.icb, at.x, at.y, ctx, at.align);
      if (!placed || placed.kind !== 'box') continue;
      const top = placed.y + dy;
      if (top >= page.height || top + placed.height < 0) continue;
      const copy = page.top === 0 ? placed : withoutFormControls(placed);
      if (copy) out.push(movedFragment(copy, page.area.x, page.area.y + dy));
    }
  }
  return out;
}

/**
 * Where a fixed box with auto insets sits: its static position (CSS 2.1 §10.3.7, §10.6.4), from
 * the first page's area corner down the pages (Chromium lays fixed boxes out once, in the whole
 * document), noted by the root on the page its placeholder is in. A box not yet met (its
 * placeholder on a later page) is placed at the area's corner.
 */
const fixedStatic = memoSlot<object, { x: number; y: number; align: StaticAlign }>('pass');
const NO_STATIC = { x: 0, y: 0, align: STATIC_START };

/** The root's fragment on `page` without the placeholders of its fixed boxes, their static positions noted. */
export function takeFixedPlaceholders(
  f: BoxFragment,
  pending: readonly Pending[],
  page: RootPage,
  ctx: LayoutContext,
): BoxFragment {
  if (!pending.length) return f;
  const statics = cacheOf(ctx, fixedStatic);
  return takePlaceholders(f, pending, (box, x, y, _ancestors, align) =>
    statics.set(box, { x: x - page.area.x, y: y - page.area.y + page.top, align }),
  );
}

/** Elements drawn as form widgets (HTML §4.10 "Forms": the listed elements with a native look). */
const FORM_CONTROL_TAGS = new Set(['button', 'input', 'select', 'textarea']);

/**
 * A fixed box as Chromium repeats it on the pages after the first: its form controls are not
 * painted, their room kept, but their positioned descendants are (measured: button, input,
 * select and textarea, whatever their appearance, print on page 1 only; text, inline blocks,
 * images, SVG, progress and meter on every page; a button's absolutely positioned spans too).
 */
function withoutFormControls(f: BoxFragment): BoxFragment {
  if (FORM_CONTROL_TAGS.has(f.tag)) return positionedOnly(f);
  let changed = false;
  const children = f.children.map((child) => {
    const kept = child.kind === 'box' ? withoutFormControls(child) : child;
    if (kept !== child) changed = true;
    return kept;
  });
  return changed ? changedFragment(f, { children }) : f;
}

/** The box hidden with its in-flow content; its positioned descendants (painted on their own) kept. */
function positionedOnly(f: BoxFragment): BoxFragment {
  const children: Fragment[] = [];
  for (const child of f.children)
    if (child.kind === 'box') children.push(child.style.position === 'static' ? positionedOnly(child) : child);
  return changedFragment(f, { style: { ...f.style, visibility: 'hidden' }, children });
}
