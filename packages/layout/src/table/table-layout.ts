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

/**
 * Table layout (CSS 2.1 §17, with Chromium's automatic width algorithm): the table wrapper
 * holds the captions and the grid box; the grid box holds row group, row and cell
 * fragments and, with collapsing borders, the border segments. Fragmented by rows.
 */
export function layoutTable(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  const table = asTable(box, ctx);
  const prep = prepareTableIn(table, space.inlineSize, ctx);
  const geo = tableGeometry(table, prep, space.inlineSize, ctx, space.cbLegacyAlign, space.cbDirection);
  const rows = measureRows(table, prep, geo, ctx, space.cbBlockSize);
  const token = resume?.kind === 'table' ? resume : null;
  // The table's top margin is placed; a caption continues at `at`; the grid goes on from `gridToken` (null: whole).
  const continuation = token !== null;
  const at = token?.caption ?? null;
  const gridToken = token?.gridNext || at ? null : token;
  const gridContinues = gridToken !== null;
  const s = table.style;
  const marginTop: MarginSet =
    continuation || space.truncateMargins
      ? space.marginAbove
      : addMargin(space.marginAbove, marginOrZero(s.marginTop, space.inlineSize));
  const fragmenting = space.mode === 'layout' && Number.isFinite(space.blockSize);
  const avail = fragmenting ? space.blockSize - resolveMargins(marginTop) : Infinity;
  const children: Fragment[] = [];
  let y = 0;
  const captions = prep.structure.captions;
  // Captions are block boxes of the table wrapper, siblings of the grid (CSS 2.1 §17.4): they break
  // inside like blocks (CSS Fragmentation 3 §4.4; Chromium, measured), and a caption that cannot
  // start here moves on. Returns where the fragment ends, null when the side's captions are all placed.
  const placeCaptions = (side: 'top' | 'bottom', from: number, inner: Resume | null): CaptionResume | null => {
    const list = captions.filter((c) => c.style.captionSide === side);
    for (let i = from; i < list.length; i++) {
      const startAt = i === from ? inner : null;
      const r = layoutBox(
        list[i]!,
        {
          inlineSize: geo.width,
          blockSize: fragmenting ? avail - y : Infinity,
          pageIsEmpty: space.pageIsEmpty && children.length === 0,
          mode: 'layout',
          marginAbove: NO_MARGINS,
          truncateMargins: false,
          cbBlockSize: null,
        },
        startAt,
        ctx,
      );
      if (!r.fragment) return { side, index: i, inner: startAt };
      children.push(movedFragment(r.fragment, 0, y + resolveMargins(r.marginTop)));
      y += resolveMargins(r.marginTop) + r.height;
      if (r.resume) return { side, index: i, inner: r.resume };
      y += resolveMargins(r.marginBottom);
    }
    return null;
  };
  const avoid = avoidsBreakInside(s);
  if (!continuation || at?.side === 'top') {
    const stop = placeCaptions('top', at?.index ?? 0, at?.inner ?? null);
    if (stop) {
      if (children.length === 0 || (avoid && !continuation && !space.pageIsEmpty)) return pushed(space);
      return captionsOnly(stop);
    }
  }
  if (at?.side === 'bottom') return bottomCaptionsOnly();
  // Cloned decorations (flow/decoration-break.ts): every fragment has the top edges, and the rows break above the bottom ones.
  const clone = clonesDecorations(s);
  const topEdges = gridContinues && !clone ? 0 : prep.border.top + prep.padding.top;
  const bottomEdges = prep.border.bottom + prep.padding.bottom;
  const reserve = clone && fragmenting ? bottomEdges : 0;
  const placedRows = placeRows(
    {
      prep,
      geo,
      rows,
      ctx,
      avail: avail - y - reserve,
      capacity: fragmenting ? (space.pageTop ?? 0) + space.blockSize : Infinity,
      pageIsEmpty: space.pageIsEmpty && children.length === 0,
      onlyEdgesAbove: space.onlyEdgesAbove === true,
      bottomEdges: bottomEdges - reserve,
      captionAbove: y > 0,
    },
    topEdges,
    gridToken,
  );
  // A table without rows is as tall as its `height` (rows take it up otherwise, table-rows): an
  // empty block box, sliced at the fragmentainer end like one (CSS Fragmentation 3 §4.4; Chromium,
  // measured). `rest` carries its border-box height left.
  const rowless =
    prep.structure.rows.length === 0
      ? (gridToken?.rest ?? tableBorderBoxHeight(table, prep, space.cbBlockSize) ?? 0)
      : 0;
  const room = avail - y;
  const page: PageRows =
    rowless > room + 1e-6 && room > 1e-6
      ? { ...placedRows, resume: { row: 0, cells: null, rest: rowless - room } }
      : placedRows;
  // The table wrapper's captions and grid are siblings (CSS 2.1 §17.4) with a break allowed between
  // them (CSS Fragmentation 3 §4.1): when not even the grid's first row fits below the top captions,
  // they stay alone at the page bottom and the grid starts whole, top border and all, on the next
  // page (Chromium, measured: a header group or first row that does not fit).
  // Only captions that fit stay alone; captions that do not fit move on with the grid.
  const captionsFit = y <= avail + 1e-6 || space.pageIsEmpty;
  const captionsAlone =
    !gridContinues &&
    y > 0 &&
    (captionsFit || continuation) &&
    !placedRows.pushesCaptions &&
    (placedRows.pushed || (placedRows.resume !== null && placedRows.placed.length === 0));
  if (page.pushed && !continuation && !captionsAlone) return pushed(space);
  if ((page.resume || captionsAlone) && avoid && !continuation && !space.pageIsEmpty && !page.forcedBreak)
    return pushed(space);
  if (captionsAlone && avoidsBreakBelowCaptions(prep.structure, ctx) && !continuation && !space.pageIsEmpty)
    return pushed(space);
  if (captionsAlone) return captionsOnly(null);
  const last = page.resume === null;
  const gridTop = y;
  const grid = gridFragment(
    table,
    prep,
    geo,
    page,
    { top: topEdges, bottom: last || clone ? bottomEdges : 0 },
    gridContinues,
    last,
    // A table broken inside fills the rest of the fragmentainer (Chromium, measured: its background
    // and side borders reach the page end below the last row or repeated footer, after a forced
    // break too), as a block broken inside does (flow/block-layout.ts breakInside).
    last || !fragmenting ? 0 : avail - gridTop,
    last ? rowless : 0,
  );
  const placedGrid = movedFragment(grid, 0, gridTop);
  children.push(placedGrid);
  y += grid.kind === 'box' ? grid.height : 0;
  const stop = last ? placeCaptions('bottom', 0, null) : null;
  const baseline = firstBaseline(page, rows, gridTop);
  const gridResume: Resume | null = page.resume ? { kind: 'table', ...page.resume } : null;
  return {
    ...wrapped(
      last && stop === null,
      captions.length === 0 ? movedFragment(placedGrid, geo.marginLeft, -gridTop) : null,
    ),
    resume: stop ? captionResume(stop) : gridResume,
    baseline,
    lastBaseline: baseline,
    ...(page.forcedBreak ? { forcedBreak: page.forcedBreak } : {}),
  };

  /** The fragment of the table's wrapper holding `children` (`own`: the grid alone, without captions). */
  function wrapped(done: boolean, own: Fragment | null): LayoutResult {
    const fragment =
      own ??
      createBoxFragment(
        anonymousStyle(s),
        table.tag,
        table.attrs,
        {
          x: geo.marginLeft,
          y: 0,
          width: geo.width,
          height: y,
          border: ZERO_EDGES,
          padding: ZERO_EDGES,
          part: partOf(!continuation, done),
        },
        children,
      );
    return {
      fragment,
      resume: null,
      marginTop,
      marginBottom: done ? addMargin(NO_MARGINS, marginOrZero(s.marginBottom, space.inlineSize)) : NO_MARGINS,
      collapsesThrough: false,
      height: y,
      baseline: null,
      lastBaseline: null,
    };
  }

  /** A fragment after the grid ended: the bottom captions go on. */
  function bottomCaptionsOnly(): LayoutResult {
    const stop = placeCaptions('bottom', at!.index, at!.inner);
    if (children.length === 0) return pushed(space);
    return { ...wrapped(stop === null, null), resume: stop ? captionResume(stop) : null };
  }

  /** A fragment of a table whose grid starts on a later page: top captions alone (`stop`: the caption that goes on). */
  function captionsOnly(stop: CaptionResume | null): LayoutResult {
    return {
      ...wrapped(false, null),
      resume: stop ? captionResume(stop) : { kind: 'table', row: 0, cells: null, gridNext: true },
    };
  }
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
    ...groupFragments(prep, geo, page.placed, table.style),
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
  const cell = first.cells[0]?.fragment;
  return cell ? gridTop + first.top + cell.height - cell.border.bottom - cell.padding.bottom : null;
}
