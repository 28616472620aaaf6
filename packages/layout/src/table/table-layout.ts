import type { ContainerBox, TableBox } from '../boxes/box.js';
import { avoidsBreakInside, breakAfterOf, breakBeforeOf, combineBreaks, isAvoid } from '../flow/breaks.js';
import { clonesDecorations } from '../flow/decoration-break.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { Edges, Fragment } from '../fragment.js';
import { memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { marginOrZero } from '../flow/box-model.js';
import { createBoxFragment, movedFragment, ZERO_EDGES, partOf } from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import {
  addMargin,
  NO_MARGINS,
  resolveMargins,
  type LayoutResult,
  type MarginSet,
  type Resume,
  type Space,
} from '../flow/types.js';
import type { BorderSide, ComputedStyle } from '../style.js';
import { prepareTableIn, type PreparedTable } from './table-prepare.js';
import type { TableStructure } from './table-structure.js';
import { collapsedSegments, groupFragments, movesRelative, partBackgrounds } from './table-fragments.js';
import { placeRows, type PageRows } from './table-page.js';
import { measureRows, tableBorderBoxHeight, type MeasuredRows } from './table-rows.js';
import { tableGeometry, type TableGeometry } from './table-width.js';

const wrappers = memoSlot<ContainerBox, TableBox>('render');

/** A row group, row or cell outside a table gets an anonymous table around it (CSS 2.1 §17.2.1 rule 3). */
function asTable(box: ContainerBox, ctx: LayoutContext): TableBox {
  if (box.kind === 'table') return box;
  return memoized(ctx, wrappers, box, wrapped);
}

function wrapped(box: ContainerBox): TableBox {
  return {
    kind: 'table',
    style: { ...anonymousStyle(box.style), display: 'table' },
    tag: '',
    attrs: {},
    children: [box],
    marker: null,
    columns: [],
  };
}

const collapsedStyles = new WeakMap<ComputedStyle, ComputedStyle>();
const hidden = (b: BorderSide): BorderSide => ({ ...b, style: 'none' });

/** In the collapsing model the table paints no border of its own: the resolved segments do (CSS 2.1 §17.6.2). */
function gridStyle(table: TableBox, prep: PreparedTable): ComputedStyle {
  if (!prep.collapse) return table.style;
  let s = collapsedStyles.get(table.style);
  if (!s) {
    const t = table.style;
    // border-radius does not apply to tables in the collapsing model (CSS Backgrounds 3 §5.3).
    s = {
      ...t,
      borderTop: hidden(t.borderTop),
      borderRight: hidden(t.borderRight),
      borderBottom: hidden(t.borderBottom),
      borderLeft: hidden(t.borderLeft),
      borderRadius: [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    };
    collapsedStyles.set(table.style, s);
  }
  return s;
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

/** One table being laid out on this page: what it starts from, and the captions and grid placed so far. */
interface TableRun {
  readonly table: TableBox;
  readonly space: Space;
  readonly ctx: LayoutContext;
  readonly prep: PreparedTable;
  readonly geo: TableGeometry;
  readonly rows: MeasuredRows;
  /** The table's top margin is placed (a later fragment). */
  readonly continuation: boolean;
  /** Where a caption continues (null: no caption does). */
  readonly at: CaptionResume | null;
  /** Where the grid goes on (null: whole). */
  readonly gridToken: Extract<Resume, { kind: 'table' }> | null;
  readonly marginTop: MarginSet;
  readonly fragmenting: boolean;
  /** The room below the top margin. */
  readonly avail: number;
  /** The wrapper's children (captions, grid) and how far down they reach. */
  readonly children: Fragment[];
  y: number;
}

/**
 * Table layout (CSS 2.1 §17, with Chromium's automatic width algorithm): the table wrapper
 * holds the captions and the grid box; the grid box holds row group, row and cell
 * fragments and, with collapsing borders, the border segments. Fragmented by rows.
 */
export function layoutTable(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  const run = startTable(box, space, resume, ctx);
  const { continuation, at } = run;
  // break-inside: avoid (CSS Fragmentation 3 §3.2) and the table can still move on whole.
  const movesWhole = avoidsBreakInside(run.table.style) && !continuation && !space.pageIsEmpty;
  if (!continuation || at?.side === 'top') {
    const stop = placeCaptions(run, 'top', at?.index ?? 0, at?.inner ?? null);
    if (stop) {
      if (run.children.length === 0 || movesWhole) return pushed(space);
      return captionsOnly(run, stop);
    }
  }
  if (at?.side === 'bottom') return bottomCaptionsOnly(run, at);
  const rows = placeGridRows(run);
  const { page } = rows;
  const captionsAlone = captionsStayAlone(run, rows);
  if (page.pushed && !continuation && !captionsAlone) return pushed(space);
  if ((page.resume || captionsAlone) && movesWhole && !page.forcedBreak) return pushed(space);
  if (captionsAlone && avoidsBreakBelowCaptions(run.prep.structure, ctx) && !continuation && !space.pageIsEmpty)
    return pushed(space);
  if (captionsAlone) return captionsOnly(run, null);
  return withGrid(run, rows, movesWhole);
}

/** The table's layout state on this page, from the resume token. */
function startTable(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): TableRun {
  const table = asTable(box, ctx);
  const prep = prepareTableIn(table, space.inlineSize, ctx);
  const geo = tableGeometry(table, prep, space.inlineSize, ctx, space.cbLegacyAlign, space.cbDirection);
  const rows = measureRows(table, prep, geo, ctx, space.cbBlockSize);
  const token = resume?.kind === 'table' ? resume : null;
  const continuation = token !== null;
  const at = token?.caption ?? null;
  const marginTop: MarginSet =
    continuation || space.truncateMargins
      ? space.marginAbove
      : addMargin(space.marginAbove, marginOrZero(table.style.marginTop, space.inlineSize));
  const fragmenting = space.mode === 'layout' && Number.isFinite(space.blockSize);
  return {
    table,
    space,
    ctx,
    prep,
    geo,
    rows,
    continuation,
    at,
    gridToken: token?.gridNext || at ? null : token,
    marginTop,
    fragmenting,
    avail: fragmenting ? space.blockSize - resolveMargins(marginTop) : Infinity,
    children: [],
    y: 0,
  };
}

/**
 * Captions are block boxes of the table wrapper, siblings of the grid (CSS 2.1 §17.4): they break
 * inside like blocks (CSS Fragmentation 3 §4.4; Chromium, measured), and a caption that cannot
 * start here moves on. Returns where the fragment ends, null when the side's captions are all placed.
 */
function placeCaptions(
  run: TableRun,
  side: 'top' | 'bottom',
  from: number,
  inner: Resume | null,
): CaptionResume | null {
  const { space, fragmenting, children } = run;
  const list = run.prep.structure.captions.filter((c) => c.style.captionSide === side);
  for (let i = from; i < list.length; i++) {
    const startAt = i === from ? inner : null;
    const r = layoutBox(
      list[i]!,
      {
        inlineSize: run.geo.width,
        blockSize: fragmenting ? run.avail - run.y : Infinity,
        pageIsEmpty: space.pageIsEmpty && children.length === 0,
        mode: 'layout',
        marginAbove: NO_MARGINS,
        truncateMargins: false,
        cbBlockSize: null,
      },
      startAt,
      run.ctx,
    );
    if (!r.fragment) return { side, index: i, inner: startAt };
    children.push(movedFragment(r.fragment, 0, run.y + resolveMargins(r.marginTop)));
    run.y += resolveMargins(r.marginTop) + r.height;
    if (r.resume) return { side, index: i, inner: r.resume };
    run.y += resolveMargins(r.marginBottom);
  }
  return null;
}

/** The grid's rows on this page, and its edges. */
interface GridRows {
  /** The rows as placed, a rowless table's height sliced at the page end. */
  readonly page: PageRows;
  /** The rows as placeRows placed them. */
  readonly placed: PageRows;
  /** A rowless table's border-box height left (0 with rows). */
  readonly rowless: number;
  readonly topEdges: number;
  readonly bottomEdges: number;
  readonly clone: boolean;
}

/** Place the grid's rows in the room below the top captions. */
function placeGridRows(run: TableRun): GridRows {
  const { prep, space, gridToken, fragmenting } = run;
  // Cloned decorations (flow/decoration-break.ts): every fragment has the top edges, and the rows break above the bottom ones.
  const clone = clonesDecorations(run.table.style);
  const topEdges = gridToken !== null && !clone ? 0 : prep.border.top + prep.padding.top;
  const bottomEdges = prep.border.bottom + prep.padding.bottom;
  const reserve = clone && fragmenting ? bottomEdges : 0;
  const placed = placeRows(
    {
      prep,
      geo: run.geo,
      rows: run.rows,
      ctx: run.ctx,
      avail: run.avail - run.y - reserve,
      capacity: fragmenting ? (space.pageTop ?? 0) + space.blockSize : Infinity,
      pageIsEmpty: space.pageIsEmpty && run.children.length === 0,
      onlyEdgesAbove: space.onlyEdgesAbove === true,
      bottomEdges: bottomEdges - reserve,
      captionAbove: run.y > 0,
    },
    topEdges,
    gridToken,
  );
  // A table without rows is as tall as its `height` (rows take it up otherwise, table-rows): an
  // empty block box, sliced at the fragmentainer end like one (CSS Fragmentation 3 §4.4; Chromium,
  // measured). `rest` carries its border-box height left.
  const rowless =
    prep.structure.rows.length === 0
      ? (gridToken?.rest ?? tableBorderBoxHeight(run.table, prep, space.cbBlockSize) ?? 0)
      : 0;
  const room = run.avail - run.y;
  const page: PageRows =
    rowless > room + 1e-6 && room > 1e-6
      ? { ...placed, resume: { row: 0, cells: null, rest: rowless - room } }
      : placed;
  return { page, placed, rowless, topEdges, bottomEdges, clone };
}

/**
 * The table wrapper's captions and grid are siblings (CSS 2.1 §17.4) with a break allowed between
 * them (CSS Fragmentation 3 §4.1): when not even the grid's first row fits below the top captions,
 * they stay alone at the page bottom and the grid starts whole, top border and all, on the next
 * page (Chromium, measured: a header group or first row that does not fit).
 * Only captions that fit stay alone; captions that do not fit move on with the grid.
 */
function captionsStayAlone(run: TableRun, rows: GridRows): boolean {
  const { placed } = rows;
  // A rowless grid (an empty block box of its `height`) with no room left below the captions starts on the next page too.
  const rowlessMoves = rows.rowless > 1e-6 && run.avail - run.y <= 1e-6;
  const captionsFit = run.y <= run.avail + 1e-6 || run.space.pageIsEmpty;
  return (
    run.gridToken === null &&
    run.y > 0 &&
    (captionsFit || run.continuation) &&
    !placed.pushesCaptions &&
    (placed.pushed || rowlessMoves || (placed.resume !== null && placed.placed.length === 0))
  );
}

/** The fragment with the grid's rows placed, then the bottom captions when the grid ends here. */
function withGrid(run: TableRun, rows: GridRows, movesWhole: boolean): LayoutResult {
  const { page } = rows;
  const last = page.resume === null;
  const gridTop = run.y;
  const grid = gridFragment(
    run.table,
    run.prep,
    run.geo,
    page,
    { top: rows.topEdges, bottom: last || rows.clone ? rows.bottomEdges : 0 },
    run.gridToken !== null,
    last,
    // A table broken inside fills the rest of the fragmentainer (Chromium, measured: its background
    // and side borders reach the page end below the last row or repeated footer, after a forced
    // break too), as a block broken inside does (flow/block-layout.ts breakInside).
    last || !run.fragmenting ? 0 : run.avail - gridTop,
    last ? rows.rowless : 0,
    run.ctx,
  );
  const placedGrid = movedFragment(grid, 0, gridTop);
  run.children.push(placedGrid);
  run.y += grid.kind === 'box' ? grid.height : 0;
  const stop = last ? placeCaptions(run, 'bottom', 0, null) : null;
  // The bottom captions are inside the table box too (CSS 2.1 §17.4): with break-inside: avoid a
  // caption that does not fit below the grid takes the table on.
  if (stop && movesWhole) return pushed(run.space);
  const baseline = firstBaseline(page, run.rows, gridTop);
  const gridResume: Resume | null = page.resume ? { kind: 'table', ...page.resume } : null;
  const own = run.prep.structure.captions.length === 0 ? movedFragment(placedGrid, run.geo.marginLeft, -gridTop) : null;
  return {
    ...wrapperResult(run, last && stop === null, own),
    resume: stop ? captionResume(stop) : gridResume,
    baseline,
    lastBaseline: baseline,
    ...(page.forcedBreak ? { forcedBreak: page.forcedBreak } : {}),
  };
}

/** The fragment of the table's wrapper holding its children (`own`: the grid alone, without captions). */
function wrapperResult(run: TableRun, done: boolean, own: Fragment | null): LayoutResult {
  const { table, geo, space } = run;
  const fragment =
    own ??
    createBoxFragment(
      anonymousStyle(table.style),
      table.tag,
      table.attrs,
      {
        x: geo.marginLeft,
        y: 0,
        width: geo.width,
        height: run.y,
        border: ZERO_EDGES,
        padding: ZERO_EDGES,
        part: partOf(!run.continuation, done),
      },
      run.children,
    );
  return {
    fragment,
    resume: null,
    marginTop: run.marginTop,
    marginBottom: done ? addMargin(NO_MARGINS, marginOrZero(table.style.marginBottom, space.inlineSize)) : NO_MARGINS,
    collapsesThrough: false,
    height: run.y,
    baseline: null,
    lastBaseline: null,
  };
}

/** A fragment after the grid ended: the bottom captions go on from `at`. */
function bottomCaptionsOnly(run: TableRun, at: CaptionResume): LayoutResult {
  const stop = placeCaptions(run, 'bottom', at.index, at.inner);
  if (run.children.length === 0) return pushed(run.space);
  return { ...wrapperResult(run, stop === null, null), resume: stop ? captionResume(stop) : null };
}

/** A fragment of a table whose grid starts on a later page: top captions alone (`stop`: the caption that goes on). */
function captionsOnly(run: TableRun, stop: CaptionResume | null): LayoutResult {
  return {
    ...wrapperResult(run, false, null),
    resume: stop ? captionResume(stop) : { kind: 'table', row: 0, cells: null, gridNext: true },
  };
}

/**
 * The break between the top captions and the grid is avoided (CSS Fragmentation 3 §4.1: the last
 * caption's break-after with the first row group's break-before): the captions move on with the
 * grid rather than stay alone (Chromium, measured: `caption { break-after: avoid }`).
 */
function avoidsBreakBelowCaptions(t: TableStructure, ctx: LayoutContext): boolean {
  const top = t.captions.filter((c) => c.style.captionSide === 'top');
  const last = top[top.length - 1];
  const first = t.groups[0];
  return (
    last !== undefined &&
    first !== undefined &&
    isAvoid(combineBreaks(breakAfterOf(last, ctx), breakBeforeOf(first.box, ctx)))
  );
}

type CaptionResume = NonNullable<Extract<Resume, { kind: 'table' }>['caption']>;

/** Where a table goes on inside its captions. */
function captionResume(stop: CaptionResume): Resume {
  return { kind: 'table', row: 0, cells: null, caption: stop };
}

function gridFragment(
  table: TableBox,
  prep: PreparedTable,
  geo: TableGeometry,
  page: PageRows,
  v: { top: number; bottom: number },
  continuation: boolean,
  last: boolean,
  fill: number,
  ownHeight: number,
  ctx: LayoutContext,
): Fragment {
  const b = prep.border;
  const p = prep.padding;
  const clone = clonesDecorations(table.style);
  const border: Edges = {
    top: continuation && !clone ? 0 : b.top,
    right: b.right,
    bottom: last || clone ? b.bottom : 0,
    left: b.left,
  };
  const padding: Edges = {
    top: continuation && !clone ? 0 : p.top,
    right: p.right,
    bottom: last || clone ? p.bottom : 0,
    left: p.left,
  };
  const kids = [
    ...partBackgrounds(
      prep,
      geo,
      page.placed.filter((p) => !movesRelative(prep, p)),
      table.style,
    ),
    ...groupFragments(prep, geo, page.placed, table.style, ctx),
    ...collapsedSegments(prep, geo, page.placed, table.style),
  ];
  // With captions the wrapper carries the element's identity (its box includes them, as in Chromium).
  return createBoxFragment(
    gridStyle(table, prep),
    table.tag,
    prep.structure.captions.length ? {} : table.attrs,
    {
      x: 0,
      y: 0,
      width: geo.width,
      height: Math.max(page.y + v.bottom, ownHeight, fill),
      border,
      padding,
      part: partOf(!continuation, last),
    },
    kids,
  );
}

/** The table's baseline is its first row's (CSS 2.1 §17.5.3 / §10.8.1 for inline-table). */
function firstBaseline(page: PageRows, rows: MeasuredRows, gridTop: number): number | null {
  const first = page.placed[0];
  if (!first) return null;
  const b = rows.baseline(first.index);
  if (b !== null) return gridTop + first.top + b;
  // No baseline-aligned cell with a baseline: the bottom of the content edge of the cells, the
  // row's height less the smallest bottom padding and border among them (CSS Tables 3 §3.10.1
  // row layout, as Chromium's RowBaselineTabulator::ComputeBaseline).
  if (first.cells.length === 0) return null;
  let edges = Infinity;
  for (const { fragment: f } of first.cells) edges = Math.min(edges, f.border.bottom + f.padding.bottom);
  return gridTop + first.top + Math.max(0, first.height - edges);
}
