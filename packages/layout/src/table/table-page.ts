import type { BoxFragment } from '../fragment.js';
import type { LayoutContext } from '../flow/context.js';
import {
  avoidsBreakInside,
  breakAfterOf,
  breakBeforeOf,
  combineBreaks,
  forcedBreakBetween,
  isAvoid,
} from '../flow/breaks.js';
import { changedFragment, createBoxFragment, movedFragment } from '../flow/fragments.js';
import { shiftRelative } from '../positioned/relative.js';
import type { ForcedBreak, Resume } from '../flow/types.js';
import type { BreakValue } from '../style.js';
import type { PreparedTable } from './table-prepare.js';
import type { RowInfo, TableStructure } from './table-structure.js';
import { alignedCell, type PlacedCell, type PlacedRow } from './table-fragments.js';
import {
  cellLayoutBox,
  cellWidth,
  cellX,
  inRowPart,
  layoutCell,
  toColumnWidth,
  type MeasuredRows,
} from './table-rows.js';
import type { TableGeometry } from './table-width.js';

const EPSILON = 1e-6;

export interface RowPlan {
  readonly prep: PreparedTable;
  readonly geo: TableGeometry;
  readonly rows: MeasuredRows;
  readonly ctx: LayoutContext;
  /** Room for the grid's border box on this page (Infinity when not fragmenting). */
  readonly avail: number;
  /** The fragmentainer's block size (the page area's height in the page flow), for the quarter rule. */
  readonly capacity: number;
  readonly pageIsEmpty: boolean;
  /** Nothing placed on this page yet, but margins, borders or padding above (Space.onlyEdgesAbove). */
  readonly onlyEdgesAbove: boolean;
  /** Bottom border + padding of the grid box, reserved below the last row. */
  readonly bottomEdges: number;
  /** A caption was placed above the grid on this page. */
  readonly captionAbove: boolean;
}

export interface PageRows {
  readonly placed: PlacedRow[];
  /** Bottom of the last row plus the spacing after it. */
  readonly y: number;
  readonly resume: Token | null;
  /** Not even the first body row fits and the page has content: move the table on. */
  readonly pushed: boolean;
  /** The header group fits but not with the repeated footer: the captions move on with the grid. */
  readonly pushesCaptions?: boolean;
  readonly forcedBreak?: ForcedBreak;
}

interface Section {
  readonly from: number;
  readonly to: number;
  readonly height: number;
}

function section(plan: RowPlan, from: number, to: number): Section {
  return { from, to, height: rowsHeight(plan, from, to) };
}

/** Rows from..to-1 with the spacing after each. */
function rowsHeight(plan: RowPlan, from: number, to: number): number {
  let height = 0;
  for (let r = from; r < to; r++) height += plan.rows.height(r) + plan.prep.vSpacing;
  return height;
}

/**
 * Row r's measured cells, placed at `top`; a header or footer row (`repeats`) stays measured
 * for the pages it repeats on, any other row's cells are the page's from now on.
 */
function measuredRow(plan: RowPlan, r: number, top: number, repeats: boolean): PlacedRow {
  const { rows, prep } = plan;
  if (!repeats) rows.placed(r);
  const height = rows.height(r);
  const baseline = rows.alignsBaselines ? rows.baseline(r) : null;
  const cells = rows.cells(r).map((c) => {
    let h = height;
    for (let i = r + 1; i < r + c.slot.rowSpan; i++) h += prep.vSpacing + rows.height(i);
    const placed = alignedCell(c, cellX(plan.geo, c.slot), h, baseline);
    return { ...placed, fragment: movedCell(plan, r, placed.fragment) };
  });
  return { index: r, top, height, cells };
}

/**
 * A relatively positioned cell moves against the table's content box less the spacing at its
 * edges horizontally, and against its row's specified height, not its used one, vertically
 * (CSS 2.1 §9.4.3; Chromium, measured); vertical percentages in a row of auto height are ignored.
 */
function movedCell(plan: RowPlan, r: number, fragment: BoxFragment): BoxFragment {
  const rowHeight = plan.prep.structure.rows[r]!.box.style.height;
  return shiftRelative(fragment, plan.geo.cellPercentBasis.inline, typeof rowHeight === 'number' ? rowHeight : null);
}

type Token = { readonly row: number; readonly cells: readonly (Resume | null)[] | null; readonly rest?: number };

/** Rows placed so far on this page. */
interface Cursor {
  readonly placed: PlacedRow[];
  y: number;
  /** Body rows (or row parts) placed on this page. */
  body: number;
  /** A continuation fragment: its block-start spacing is sliced off like its top border. */
  readonly continuation: boolean;
}

/** Border spacing before the next row. */
function gap(plan: RowPlan, cur: Cursor): number {
  return cur.continuation && cur.placed.length === 0 ? 0 : plan.prep.vSpacing;
}

type Step =
  | { readonly kind: 'next'; readonly row: number }
  | { readonly kind: 'stop'; readonly resume: Token; readonly forced?: ForcedBreak }
  | { readonly kind: 'pushed'; readonly withCaptions?: boolean };

function put(cur: Cursor, p: PlacedRow): void {
  cur.placed.push(p);
  cur.y = p.top + p.height;
}

function putRows(plan: RowPlan, cur: Cursor, from: number, to: number, repeats = false): void {
  for (let r = from; r < to; r++) put(cur, measuredRow(plan, r, cur.y + gap(plan, cur), repeats));
}

/** The rows between the header group and the footer group (those repeat on every page). */
function bodyRows(prep: PreparedTable): { from: number; to: number } {
  const t = prep.structure;
  const first = t.groups[0];
  const last = t.groups[t.groups.length - 1];
  return {
    from: first?.role === 'header' ? first.rowCount : 0,
    to: last?.role === 'footer' ? t.rows.length - last.rowCount : t.rows.length,
  };
}

/**
 * The rows of one table fragment (CSS Fragmentation 3 §4, as Chromium prints tables): the
 * header group repeats at the top of every fragment, the footer group follows the last row
 * of every fragment, body rows are the break units; a row that does not fit is split inside
 * its cells when their content can break, else moved to the next page.
 */
export function placeRows(plan: RowPlan, startY: number, token: Token | null): PageRows {
  const vs = plan.prep.vSpacing;
  const body = bodyRows(plan.prep);
  const header = section(plan, 0, body.from);
  const footer = section(plan, body.to, plan.prep.structure.rows.length);
  const cur: Cursor = { placed: [], y: startY, body: 0, continuation: token !== null };
  // Chromium repeats a header or footer group only when it takes at most a quarter of the
  // fragmentainer, however little room the table's first fragment has left (measured).
  const quarter = plan.capacity / 4 + EPSILON;
  if (!token || header.height <= quarter) putRows(plan, cur, header.from, header.to, true);
  const repeatFooter = footer.height <= quarter;
  // Room kept below rows: the footer when it repeats (or the table ends), the bottom spacing and edges when the table ends.
  const reserveFor = (end: number): number =>
    (repeatFooter || end >= footer.from ? footer.height : 0) + (end >= footer.from ? vs + plan.bottomEdges : 0);
  const keep = repeatFooter ? footer.height : 0;
  let step: Step = { kind: 'next', row: token?.row ?? header.to };
  while (step.kind === 'next' && step.row < footer.from)
    step = placeBodyRow(plan, cur, step.row, footer.from, reserveFor, keep, token);
  if (step.kind === 'pushed')
    return { placed: cur.placed, y: cur.y, resume: null, pushed: true, pushesCaptions: step.withCaptions === true };
  const resume = step.kind === 'stop' ? step.resume : null;
  fitRowSpans(plan, cur, header.to, footer.from, token !== null);
  if (repeatFooter || !resume) putRows(plan, cur, footer.from, footer.to, true);
  if (cur.placed.length && !resume) cur.y += vs;
  return {
    placed: cur.placed,
    y: cur.y,
    resume,
    pushed: false,
    ...(step.kind === 'stop' && step.forced ? { forcedBreak: step.forced } : {}),
  };
}

/** Place body row r (with the rows a row-spanning cell ties to it), split it, or stop before it. */
function placeBodyRow(
  plan: RowPlan,
  cur: Cursor,
  r: number,
  bodyEnd: number,
  reserveFor: (end: number) => number,
  keep: number,
  token: Token | null,
): Step {
  const t = plan.prep.structure;
  const vs = plan.prep.vSpacing;
  const rowBox = t.rows[r]!.box;
  if (cur.body > 0 && Number.isFinite(plan.avail)) {
    const [after, before] = breakBetweenRows(t, r, plan.ctx);
    const f = forcedBreakBetween(after, before);
    if (f) return { kind: 'stop', resume: { row: r, cells: null }, forced: f };
  }
  const pageIsEmpty = plan.pageIsEmpty && cur.body === 0;
  if (token?.cells && r === token.row) {
    // The rest of a row split on an earlier page runs to the page end when it breaks again, as a
    // split row does; only when it ends here must what follows it fit below (the spacing and edges
    // after the table's last row, CSS Fragmentation 3 §4.4; Chromium, measured).
    const top = cur.y + gap(plan, cur);
    const restOfRow = (room: number): ReturnType<typeof splitRow> =>
      splitRow(plan, r, top, room, pageIsEmpty, token.cells, token.rest);
    const reserve = reserveFor(r + 1);
    let split = restOfRow(plan.avail - top - keep);
    if (split && !split.cells && reserve > keep && top + split.row.height + reserve > plan.avail + EPSILON)
      split = restOfRow(plan.avail - top - reserve);
    if (!split) return { kind: 'stop', resume: token };
    put(cur, split.row);
    cur.body++;
    if (!split.cells) return { kind: 'next', row: r + 1 };
    return { kind: 'stop', resume: { row: r, cells: split.cells, ...(split.rest ? { rest: split.rest } : {}) } };
  }
  const end = avoidsBreakInside(rowBox.style) ? rowsTiedBySpans(t.rows, r, bodyEnd) : r + 1;
  // Rows r..to fit below what is placed, with what must stay below them (a repeated footer).
  const rowsFit = (to: number): boolean =>
    cur.y + rowsHeight(plan, r, to) - vs + gap(plan, cur) + reserveFor(to) <= plan.avail + EPSILON;
  const fits = rowsFit(end);
  if (fits && !(plan.rows.forced(r) && Number.isFinite(plan.avail))) {
    putRows(plan, cur, r, end);
    cur.body += end - r;
    return { kind: 'next', row: end };
  }
  const avoid = avoidsBreakInside(rowBox.style) || cellAvoidsBreakInside(plan, r);
  if (!(avoid && cur.body > 0) || plan.rows.forced(r)) {
    // A split row runs to the end of the page (only a repeated footer stays below it), as in Chromium.
    const room = plan.avail - cur.y - gap(plan, cur) - keep;
    const split =
      pageIsEmpty || !contentFits(plan, r, room)
        ? splitRow(plan, r, cur.y + gap(plan, cur), room, pageIsEmpty, null)
        : null;
    if (split?.cells) {
      put(cur, split.row);
      cur.body++;
      return { kind: 'stop', resume: { row: r, cells: split.cells, ...(split.rest ? { rest: split.rest } : {}) } };
    }
    if (
      !avoid &&
      !plan.rows.forced(r) &&
      Number.isFinite(plan.avail) &&
      (cellsFit(plan, r, room) || cellsEndInTruncatedMargins(plan, r, room, pageIsEmpty))
    )
      return splitHeight(plan, cur, r, room);
  }
  if (fits) {
    // A row with a forced break that did not break here after all.
    putRows(plan, cur, r, end);
    cur.body += end - r;
    return { kind: 'next', row: end };
  }
  if (cur.body > 0) return { kind: 'stop', resume: { row: avoidedBreak(plan, cur, r), cells: null } };
  // Chromium leaves a caption alone at the page bottom, or a caption and the header with the
  // repeated footer below it, rather than moving the table; a header without a caption, or one
  // that fits only without that footer, moves on with the whole table (measured; CSS
  // Fragmentation 3 §4.4).
  if (!plan.pageIsEmpty && plan.captionAbove && cur.y <= plan.avail + EPSILON) {
    if (cur.placed.length === 0 || cur.y + keep <= plan.avail + EPSILON)
      return { kind: 'stop', resume: { row: r, cells: null } };
    return { kind: 'pushed', withCaptions: true };
  }
  // Below nothing but margins, borders or padding, rows tied together only by row-spanning cells
  // break apart here when their first row fits: moving the table on would leave this page blank
  // and find them tied again (Chromium, measured; CSS Fragmentation 3 §4.4).
  const tiedApartHere = plan.onlyEdgesAbove && cur.body === 0 && end > r + 1 && rowsFit(r + 1);
  if (!plan.pageIsEmpty && !tiedApartHere) return { kind: 'pushed' };
  // First on an empty page and unbreakable: place it anyway (it overflows), so layout progresses.
  // Rows tied together only by row-spanning cells that do not fit even here break apart, between
  // rows (Chromium, measured: `break-inside: avoid` cannot be honoured, CSS Fragmentation 3 §4.4).
  const placed = end > r + 1 ? r + 1 : end;
  putRows(plan, cur, r, placed);
  cur.body += placed - r;
  return { kind: 'next', row: placed };
}

/**
 * The break-after and break-before values that meet between rows r-1 and r: the rows' own (with
 * their cells', flow/breaks.ts), and their row groups' where r starts a group (CSS Fragmentation 3
 * §4.1: a break between siblings is also one between their ancestors at that edge).
 */
function breakBetweenRows(t: TableStructure, r: number, ctx: LayoutContext): [BreakValue, BreakValue] {
  const prev = t.rows[r - 1]!;
  const row = t.rows[r]!;
  if (prev.group === row.group) return [breakAfterOf(prev.box, ctx), breakBeforeOf(row.box, ctx)];
  return [breakAfterOf(t.groups[prev.group]!.box, ctx), breakBeforeOf(t.groups[row.group]!.box, ctx)];
}

/**
 * Row r does not fit on this page: the body row to break before. Where the break before r is
 * avoided (break-before/after: avoid, CSS Fragmentation 3 §4.4 rule 1), the page ends earlier,
 * at the last break between the rows placed here that is not avoided, whose rows then move on
 * with r (Chromium: a row with `break-before: avoid` takes the row above along). When every
 * break on this page is avoided, the avoidance gives way (§4.4: breaks are avoided only as
 * far as possible) and the page breaks before r.
 */
function avoidedBreak(plan: RowPlan, cur: Cursor, r: number): number {
  const t = plan.prep.structure;
  // The body rows placed on this page end cur.placed (a repeated footer is placed after this step).
  const first = cur.placed.length - cur.body;
  let at = r;
  let i = cur.placed.length - 1;
  while (isAvoid(combineBreaks(...breakBetweenRows(t, at, plan.ctx)))) {
    // Row at-1 moves on too, unless it is this page's first body row (maybe the rest of a split
    // one) or only part of a row.
    if (i <= first || cur.placed[i]!.index !== at - 1) return r;
    at--;
    i--;
  }
  if (at === r) return r;
  cur.placed.length = i + 1;
  cur.body -= r - at;
  const last = cur.placed[i]!;
  cur.y = last.top + last.height;
  return at;
}

/**
 * A cell of row r has `break-inside: avoid`: breaking the row would break inside that cell, so
 * the row moves on whole like an avoiding row (CSS Fragmentation 3 §3.2, §4.4; Chromium, measured:
 * rows of such cells are not split at a column's end when balancing).
 */
function cellAvoidsBreakInside(plan: RowPlan, r: number): boolean {
  return plan.rows.cells(r).some((c) => avoidsBreakInside(c.slot.box.style));
}

/**
 * Every cell's content of row r ends within `room`: only the cells' bottom padding and borders
 * overflow. Chromium then moves the whole row on rather than breaking inside its cells before
 * their last line or block (CSS Fragmentation 3 §4.4, measured: a cell with 2 or 3 lines or
 * blocks and 30px of bottom padding that alone does not fit goes whole to the next page).
 */
function contentFits(plan: RowPlan, r: number, room: number): boolean {
  if (plan.rows.forced(r)) return false;
  return plan.rows
    .cells(r)
    .every((c) => c.fragmentHeight - c.fragment.border.bottom - c.fragment.padding.bottom <= room + EPSILON);
}

/** Row r spans no further rows and every cell of it, padding and borders included, fits in `room`: only the row's own height does not. */
function cellsFit(plan: RowPlan, r: number, room: number): boolean {
  return room > EPSILON && plan.rows.cells(r).every((c) => c.slot.rowSpan === 1 && c.fragmentHeight <= room + EPSILON);
}

/**
 * Row r spans no further rows and its cells, laid out in `room`, end within it without breaking
 * only because the margins at their content's end are truncated at the page end (CSS
 * Fragmentation 3 §5.2). The row then breaks inside its own height as a row taller than its
 * cells does (Chromium, measured: a cell whose last paragraph fits but not its bottom margin
 * stays, and the rest of the row's unbroken height starts the next page; with bottom padding
 * after that margin the cell does not end within the room and the row moves on whole).
 */
function cellsEndInTruncatedMargins(plan: RowPlan, r: number, room: number, pageIsEmpty: boolean): boolean {
  const { prep, geo, ctx } = plan;
  if (room <= EPSILON) return false;
  return prep.structure.rows[r]!.cells.every((slot) => {
    if (slot.rowSpan !== 1) return false;
    const box = cellLayoutBox(slot, geo, ctx);
    const res = layoutCell(box, cellWidth(geo, slot, prep.hSpacing), room, pageIsEmpty, null, ctx);
    return res.fragment !== null && res.resume === null && res.height <= room + EPSILON;
  });
}

/**
 * A row taller than its cells (a height of its own or of a cell) whose cells all fit in the room
 * left breaks inside that height: the cells end on this page, top-aligned as a broken cell is, and
 * the rest of the row's height starts the next page (Chromium, measured: a 60px row with one line,
 * 50px from the page end, leaves 10px of it on the next page; CSS Fragmentation 3 §4.4).
 */
function splitHeight(plan: RowPlan, cur: Cursor, r: number, room: number): Step {
  const row = measuredRow(plan, r, cur.y + gap(plan, cur), false);
  put(cur, { ...row, height: room, cells: row.cells.map((c) => cutCell(c, room)) });
  cur.body++;
  return {
    kind: 'stop',
    resume: { row: r, cells: row.cells.map(() => null), rest: Math.max(0, plan.rows.height(r) - room) },
  };
}

/**
 * A placed cell cut at the page end, `height` tall: no bottom border or padding, continued on the
 * next page. A cell broken across pages is not aligned: its content starts at its top (Chromium,
 * measured with middle and baseline; CSS 2.1 §17.5.4 does not say how vertical-align fragments).
 */
function cutCell(c: PlacedCell, height: number): PlacedCell {
  const f = c.fragment;
  const children = c.shift !== 0 ? f.children.map((child) => movedFragment(child, 0, -c.shift)) : f.children;
  const fragment = changedFragment(f, {
    height,
    border: { ...f.border, bottom: 0 },
    padding: { ...f.padding, bottom: 0 },
    part: { ...f.part, isLast: false },
    children,
  });
  return { ...c, fragment };
}

/**
 * The end of the rows a break-inside: avoid row keeps together: its row-spanning cells are
 * part of it, so a break before the last row they span would break inside the row (CSS
 * Fragmentation 3 §3.2; Chromium moves such a row and the rows its cells span to the next
 * page together, and lets them break apart when the row allows it). Spans of avoiding rows
 * inside the run extend it.
 */
function rowsTiedBySpans(rows: readonly RowInfo[], r: number, bodyEnd: number): number {
  let end = r + 1;
  for (let k = r; k < end && k < bodyEnd; k++) {
    if (k > r && !avoidsBreakInside(rows[k]!.box.style)) continue;
    for (const cell of rows[k]!.cells) end = Math.max(end, Math.min(bodyEnd, k + cell.rowSpan));
  }
  return end;
}

/**
 * Rows tied by a row-spanning cell may break apart (as in Chromium): the cell ends with the
 * last row on this page, and on the next page an empty continuation of it (background and
 * side borders) covers the rows it still spans.
 */
function fitRowSpans(plan: RowPlan, cur: Cursor, bodyStart: number, bodyEnd: number, continuation: boolean): void {
  // The body rows placed on this page are one run of `cur.placed` (header rows before, footer rows after).
  const placed = cur.placed;
  let firstAt = -1;
  let lastAt = -1;
  for (let i = 0; i < placed.length; i++) {
    const index = placed[i]!.index;
    if (index < bodyStart || index >= bodyEnd) continue;
    if (firstAt < 0) firstAt = i;
    lastAt = i;
  }
  if (firstAt < 0) return;
  const last = placed[lastAt]!;
  const bottom = last.top + last.height;
  for (let i = firstAt; i <= lastAt; i++) {
    const p = placed[i]!;
    const cut = (c: PlacedCell): boolean => c.rowSpan > 1 && p.top + c.fragment.height > bottom + EPSILON;
    if (p.cells.some(cut)) placed[i] = { ...p, cells: p.cells.map((c) => (cut(c) ? cutCell(c, bottom - p.top) : c)) };
  }
  if (!continuation) return;
  const first = placed[firstAt]!;
  const grid = plan.prep.structure.grid[first.index] ?? [];
  const extra: PlacedCell[] = [];
  for (const slot of new Set(grid)) {
    if (!slot || slot.row >= first.index) continue;
    const box = slot.laid;
    const s = box.style;
    let spanBottom = first.top;
    for (let i = firstAt; i <= lastAt; i++) {
      const p = placed[i]!;
      if (p.index < slot.row + slot.rowSpan) spanBottom = p.top + p.height;
    }
    extra.push({
      rowSpan: slot.rowSpan,
      shift: 0,
      fragment: createBoxFragment(
        s,
        box.tag,
        box.attrs,
        {
          x: cellX(plan.geo, slot),
          y: 0,
          width: cellWidth(plan.geo, slot, plan.prep.hSpacing),
          height: spanBottom - first.top,
          border: { top: 0, right: s.borderRight.width, bottom: s.borderBottom.width, left: s.borderLeft.width },
          padding: { top: 0, right: 0, bottom: 0, left: 0 },
          part: { isFirst: false, isLast: true },
        },
        [],
      ),
    });
  }
  if (extra.length) placed[firstAt] = { ...first, cells: [...first.cells, ...extra] };
}

/**
 * Lay a row's cells out in the room left (continuing from `resumes` on a later page). Null
 * when a cell cannot place anything here or, on a first attempt, when nothing breaks.
 */
function splitRow(
  plan: RowPlan,
  r: number,
  top: number,
  room: number,
  pageIsEmpty: boolean,
  resumes: readonly (Resume | null)[] | null,
  rest = 0,
): { row: PlacedRow; cells: (Resume | null)[] | null; rest?: number } | null {
  const { prep, geo, ctx } = plan;
  const slots = prep.structure.rows[r]!.cells;
  const frags: BoxFragment[] = [];
  const next: (Resume | null)[] = [];
  let broke = false;
  let height = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const box = cellLayoutBox(slot, geo, ctx);
    const width = cellWidth(geo, slot, prep.hSpacing);
    if (resumes && resumes[i] === null) {
      // Finished on an earlier page: an empty continuation of the cell keeps its background and side borders.
      const s = box.style;
      frags.push(
        createBoxFragment(
          s,
          box.tag,
          box.attrs,
          {
            x: cellX(geo, slot),
            y: 0,
            width,
            height: 0,
            border: { top: 0, right: s.borderRight.width, bottom: s.borderBottom.width, left: s.borderLeft.width },
            padding: { top: 0, right: 0, bottom: 0, left: 0 },
            part: { isFirst: false, isLast: true },
          },
          [],
        ),
      );
      next.push(null);
      continue;
    }
    const res = inRowPart(prep, slot, ctx, () =>
      layoutCell(box, width, Math.max(0, room), pageIsEmpty, resumes?.[i] ?? null, ctx),
    );
    if (!res.fragment) return null;
    const f = changedFragment(toColumnWidth(res.fragment as BoxFragment, box, width), { x: cellX(geo, slot), y: 0 });
    frags.push(movedCell(plan, r, f));
    next.push(res.resume);
    if (res.resume) broke = true;
    height = Math.max(height, res.height);
  }
  if (!broke && !resumes) return null;
  // The rest of the row's own height that runs past this page too breaks again, its cells' content
  // done (CSS Fragmentation 3 §4.4; Chromium, measured: rows stretched by a table's height fill
  // each column they run through).
  const over = !broke && resumes && height <= room + EPSILON && rest > room + EPSILON && room > EPSILON;
  if (over) height = room;
  else if (!broke) height = Math.max(height, plan.rows.height(r) > 0 && !resumes ? plan.rows.height(r) : height, rest);
  // A broken row keeps the height it had unbroken: what its earlier fragments did not take is
  // its least height on the next page, however little its cells' content needs there once the
  // margins at the break are truncated (CSS Fragmentation 3 §5.2, §4.4; Chromium sizes a row once,
  // unfragmented, and gives each fragment that size less what earlier ones consumed, measured).
  // A row with a forced break inside has no unbroken height here (it measures infinite).
  const unbroken = resumes ? rest : plan.rows.forced(r) ? 0 : plan.rows.height(r);
  const left = broke ? Math.max(0, unbroken - height) : 0;
  return {
    row: {
      index: r,
      top,
      height,
      cells: frags.map((f) => ({ fragment: changedFragment(f, { height }), rowSpan: 1, shift: 0 })),
    },
    cells: broke || over ? next : null,
    ...(over ? { rest: rest - room } : left > EPSILON ? { rest: left } : {}),
  };
}
