import type { Fragment } from '../fragment.js';
import type { BreakValue } from '../style.js';
import type { FloatContext } from '../float/exclusions.js';

/**
 * The one layout contract every mode implements (DESIGN.md "Fragmentation"):
 * `layoutX(box, space, resume, ctx) → LayoutResult`.
 */

/** Collapsible margins adjoining each other (CSS 2.1 §8.3.1): the largest positive plus the most negative. */
export interface MarginSet {
  readonly positive: number;
  readonly negative: number;
  /**
   * Positive "quirky" UA margins (quirks mode, Chromium's NGMarginStrut), kept apart so
   * that body and table cells can drop them at their edges. 0 in standards mode.
   */
  readonly quirky: number;
}
export const NO_MARGINS: MarginSet = { positive: 0, negative: 0, quirky: 0 };

export function addMargin(set: MarginSet, margin: number, quirky = false): MarginSet {
  if (quirky && margin > 0) return margin > set.quirky ? { ...set, quirky: margin } : set;
  if (margin >= 0) return margin > set.positive ? { ...set, positive: margin } : set;
  return margin < set.negative ? { ...set, negative: margin } : set;
}
export function joinMargins(a: MarginSet, b: MarginSet): MarginSet {
  return {
    positive: Math.max(a.positive, b.positive),
    negative: Math.min(a.negative, b.negative),
    quirky: Math.max(a.quirky, b.quirky),
  };
}
export function resolveMargins(set: MarginSet): number {
  return Math.max(set.positive, set.quirky) + set.negative;
}
/** The set without its quirky margins (what a quirky container keeps at its edges). */
export function withoutQuirky(set: MarginSet): MarginSet {
  return set.quirky === 0 ? set : { ...set, quirky: 0 };
}

/** The space a box is measured in: `width` wide, unbounded, its own content's height (no page). */
export function measureSpace(width: number, cbBlockSize: number | null = null, truncateMargins = false): Space {
  return {
    inlineSize: width,
    blockSize: Infinity,
    pageIsEmpty: true,
    mode: 'measure',
    marginAbove: NO_MARGINS,
    truncateMargins,
    cbBlockSize,
  };
}

/**
 * No content above this box on the page (only margins, borders or padding at most): a break
 * before it is a last resort, no better than breaking inside it against orphans, widows,
 * `break-inside: avoid` or its end edges' reserve, which Chromium then prefers as the later break.
 */
export function nothingAbove(space: Space): boolean {
  return space.pageIsEmpty || space.onlyEdgesAbove === true;
}

export interface Space {
  /** Width of the containing block (its content box). */
  readonly inlineSize: number;
  /** Space left on this page, measured from where `marginAbove` starts; Infinity when measuring. */
  readonly blockSize: number;
  /** Nothing has been placed on this page yet: the box must make progress even if it overflows. */
  readonly pageIsEmpty: boolean;
  /**
   * Nothing has been placed on this page yet, but margins, borders or padding put this box below
   * the page top: it moves on when it does not fit (pageIsEmpty is false), though a break before
   * it is a last resort, no better than one inside its parents before their first child.
   */
  readonly onlyEdgesAbove?: boolean;
  readonly mode: 'layout' | 'measure';
  /** Margins above this box that collapse with its top margin. */
  readonly marginAbove: MarginSet;
  /** At a page top after an unforced break: adjoining margins truncate to zero (CSS Fragmentation 3 §5.2). */
  readonly truncateMargins: boolean;
  /** The containing block's definite content height, for percentage heights (null: auto). */
  readonly cbBlockSize: number | null;
  /** The page area's unrounded width, given to the root: Chromium's ICB is it floored (the root's inlineSize is it rounded up). */
  readonly pageAreaWidth?: number;
  /** At the start of a quirky container (body, table cell in quirks mode): quirky top margins are ignored. */
  readonly quirkyContainerStart?: boolean;
  /** The containing block's used page name (CSS Paged Media 3 §7), '' for the default page, null inside columns. */
  readonly pageName?: string | null;
  /** The containing block's direction: over-constrained margins give way at its end side (§10.3.3). */
  readonly cbDirection?: 'ltr' | 'rtl';
  /** The containing block's `-webkit-left/right/center` (HTML `align`, `<center>`): aligns children without auto margins. */
  readonly cbLegacyAlign?: 'left' | 'right' | 'center';
  /** The border-box height a table stretches a cell to (its row's), read by orthogonal cells (src/writing-mode). */
  readonly stretchHeight?: number;
  /** The block formatting context's floats (src/float): line boxes are shortened beside them, `clear` moves below them. */
  readonly floats?: FloatContext;
  /** What must fit below this box when it ends on this page: the end edges of the boxes it ends (src/flow/end-reserve.ts). */
  readonly endReserve?: EndReserve;
  /**
   * In the page's block flow only: how far below the page area's top this space starts (for
   * monolithic overflow, src/flow/monolithic-overflow.ts). Absent in other fragmentation
   * contexts (columns, table rows, flex lines) and when measuring.
   */
  readonly pageTop?: number;
  /** The caller carries `LayoutResult.parallel` on (block flow): a box of definite height may end with its content still overflowing it. */
  readonly parallelFlows?: boolean;
  /**
   * The box is a flex item whose height was pinned to its flexed main size (items/sized-box.ts):
   * its fragments are not clamped to it when it breaks (flow/block-layout.ts ownHeightLeft).
   */
  readonly flexedHeight?: boolean;
  /**
   * Lines of the same paragraph that follow this run of lines past a block inside an inline
   * (CSS 2 §9.2.1.1): they count toward its widows (CSS Fragmentation 3 §3.3), as Chromium
   * keeps the paragraph one inline formatting context.
   */
  readonly linesAfter?: number;
  /** Lines of the same paragraph placed on this page before this run, past such blocks: they count toward its orphans. */
  readonly linesBefore?: number;
  /**
   * Laid out again to break before an avoided break (block-children.ts breakInsideLast): lines
   * break even when fewer than `orphans` fit, as Chromium ranks that above the avoided break.
   */
  readonly orphansGiveWay?: boolean;
  /** This box holds the first / last formatted line of a block container that trims it (CSS Inline 3 §6.1). */
  readonly trimStart?: boolean;
  readonly trimEnd?: boolean;
}

/**
 * The bottom padding and borders (`edges`) of the boxes a last child ends, and the bottom margins
 * between them and it that collapse with its own (`margins`). Margins alone never need room: they
 * truncate at a break (CSS Fragmentation 3 §5.2).
 */
export interface EndReserve {
  readonly margins: MarginSet;
  readonly edges: number;
  /** A break between siblings, not avoided, comes before the last child inside the boxes these edges end (./end-reserve.ts). */
  readonly earlierBreak: boolean;
}

/** Where to continue a box on the next page; one variant per layout mode. `null` = finished. */
export type Resume =
  /**
   * Block: `overflow` is monolithic content of the previous page that reaches past its end
   * (./monolithic-overflow.ts): this box's content on the next page starts below it.
   */
  | {
      readonly kind: 'block';
      readonly child: number;
      readonly inner: Resume | null;
      readonly consumed: number;
      readonly overflow?: number;
      /** Children that ended on an earlier page with content overflowing them onto this one (./parallel-flows.ts). */
      readonly parallel?: readonly ParallelFlow[];
      /** The box itself ended on an earlier page: only content overflowing it is left (a fragment of no height). */
      readonly pastEnd?: boolean;
    }
  | { readonly kind: 'lines'; readonly line: number }
  /**
   * Flex: `item` is the line (row containers) or item (column containers) to continue at; `offset` the content-box y shown at the fragment top.
   * `lanes`: the lines of a multi-line column container, each continuing on its own (items/unit-layout.ts).
   */
  | {
      readonly kind: 'flex';
      readonly item: number;
      readonly inner: Resume | null;
      readonly offset: number;
      readonly lanes?: readonly LaneCursor[];
    }
  /** Grid: the row to continue at; `offset` the content-box y shown at the fragment top. */
  | { readonly kind: 'grid'; readonly row: number; readonly offset: number; readonly inner?: Resume | null }
  /** Items of one flex line / grid row broken in parallel: per item, finished, or where it continues (null: from its start). */
  | { readonly kind: 'parallel'; readonly done: readonly boolean[]; readonly inner: readonly (Resume | null)[] }
  /** Multi-column: the resume of the flow inside the columns. */
  | { readonly kind: 'multicol'; readonly inner: Resume }
  /** Table: the body row to continue at; `cells` (one per cell of that row, null = finished) when the row itself was split. */
  | {
      readonly kind: 'table';
      readonly row: number;
      readonly cells: readonly (Resume | null)[] | null;
      /** The height left of a row whose cells all ended before the page did (table-page.ts splitHeight). */
      readonly rest?: number;
      /** The top captions ended the last page: the grid starts here, whole (table-layout.ts). */
      readonly gridNext?: true;
      /** A caption (the index-th of its side) continues here, from `inner` (null: from its start); the grid is not started (top) or done (bottom). */
      readonly caption?: { readonly side: 'top' | 'bottom'; readonly index: number; readonly inner: Resume | null };
    };

/**
 * Where one of a container's parallel sequences of break units continues: the unit (the lane's
 * length when it is finished), the resume inside it, and how far the lane's content has been
 * pushed down, beyond the container's offset, by items that grew or breaks it forced.
 */
export interface LaneCursor {
  readonly unit: number;
  readonly inner: Resume | null;
  readonly shift: number;
}

/** A forced break: to the next page (or one of that side), or, in a multicol's columns, to the next column. */
export type ForcedBreak = 'page' | 'left' | 'right' | 'column';

/** A child that ended on an earlier page, and where the content overflowing it resumes (./parallel-flows.ts). */
export interface ParallelFlow {
  readonly child: number;
  readonly inner: Resume;
}

export interface LayoutResult {
  /** Border-box fragment at (0, 0); the caller moves it into place. Null: nothing fits here, push the box. */
  readonly fragment: Fragment | null;
  readonly resume: Resume | null;
  /** The margins the caller resolves above the border box (includes `space.marginAbove`). */
  readonly marginTop: MarginSet;
  /** The margins below the box, to collapse with what follows (includes `marginTop` when collapsing through). */
  readonly marginBottom: MarginSet;
  /** Empty box whose top and bottom margins collapse together (§8.3.1). */
  readonly collapsesThrough: boolean;
  /** Border-box height of the fragment (0 when none). */
  readonly height: number;
  /** First and last baselines from the border-box top, null when the box has no line boxes. */
  readonly baseline: number | null;
  readonly lastBaseline: number | null;
  /** A forced break ended this fragment (the page side it asks for). */
  readonly forcedBreak?: ForcedBreak;
  /**
   * The box broke before its bottom padding and border (./monolithic-overflow.ts) without
   * filling the page: the fragments of the boxes it breaks end with it, not at the page end.
   */
  readonly brokeBeforeEnd?: boolean;
  /**
   * The box ended on this page but content overflowing it continues on the next one, beside
   * what follows the box there (./parallel-flows.ts): where it resumes. Only when the space
   * allows it (`Space.parallelFlows`).
   */
  readonly parallel?: Resume;
  /** The box's break-before / break-after (CSS Fragmentation 3 §3.1), for the parent's break decisions. */
  readonly breakBefore?: BreakValue;
  readonly breakAfter?: BreakValue;
}
