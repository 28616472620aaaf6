import type { BoxFragment, Edges, Fragment } from '../fragment.js';
import type { BorderSide, ComputedStyle } from '../style.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import { createBoxFragment, movedFragment, NO_ATTRS, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import type { ContainerBox } from '../boxes/box.js';
import type { PreparedTable } from './table-prepare.js';
import type { GroupInfo } from './table-structure.js';
import type { TableGeometry } from './table-width.js';
import { isBaselineAligned, type MeasuredCell } from './table-rows.js';
import { shiftRelative } from '../positioned/relative.js';
import { placedInTablePart } from '../positioned/containing-block.js';
import type { LayoutContext } from '../flow/context.js';

/** One row as placed on a page: its top (from the table's border-box top), height and cell fragments. */
export interface PlacedRow {
  readonly index: number;
  readonly top: number;
  readonly height: number;
  /** Cell fragments at their x (from the table's left) and y = 0 (the row's top). */
  readonly cells: readonly PlacedCell[];
}

export interface PlacedCell {
  readonly fragment: BoxFragment;
  readonly rowSpan: number;
  /** How far vertical-align moved the cell's content down. */
  readonly shift: number;
}

/*
 * Cached cell fragments are handed out to pages: fragments are values, so every placement of a
 * cached cell (a row laid out again, a repeated header or footer row) shares its subtree. The
 * placed cell is a new fragment (its row gives its position and height); its children stay the
 * cached ones unless vertical-align moves them.
 */

/** A measured cell stretched to its row(s) and aligned (CSS 2.1 §17.5.4); the cached fragment's children are never moved. */
export function alignedCell(c: MeasuredCell, x: number, height: number, rowBaseline: number | null): PlacedCell {
  const v = c.slot.box.style.verticalAlign;
  let dy = 0;
  if (v === 'middle') dy = (height - c.fragmentHeight) / 2;
  else if (v === 'bottom') dy = height - c.fragmentHeight;
  else if (rowBaseline !== null && isBaselineAligned(c)) dy = rowBaseline - c.baseline;
  // Row-spanning cells are cut at page ends by fitRowSpans, which changes their edges.
  const base = c.fragment;
  const children = dy !== 0 ? base.children.map((child) => movedFragment(child, 0, dy)) : base.children;
  const { style, tag, attrs, width, border, padding, part } = base;
  const fragment = createBoxFragment(style, tag, attrs, { x, y: 0, width, height, border, padding, part }, children);
  return { fragment, rowSpan: c.slot.rowSpan, shift: dy };
}

const NONE: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };
const segmentStyles = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();

function segmentStyle(table: ComputedStyle, side: 'borderTop' | 'borderLeft', border: BorderSide): ComputedStyle {
  let m = segmentStyles.get(table);
  if (!m) segmentStyles.set(table, (m = new Map()));
  const key = `${side}|${border.width}|${border.style}|${border.color.r},${border.color.g},${border.color.b},${border.color.a}`;
  let s = m.get(key);
  if (!s)
    m.set(
      key,
      (s = {
        ...anonymousStyle(table),
        borderTop: NONE,
        borderRight: NONE,
        borderBottom: NONE,
        borderLeft: NONE,
        [side]: border,
      }),
    );
  return s;
}

/** Edges of segments, one per width and direction (fragments keep them until paint; they are never written). */
const segmentEdges = new Map<number, { readonly top: Edges; readonly left: Edges }>();

function segment(
  table: ComputedStyle,
  horizontal: boolean,
  border: BorderSide,
  x: number,
  y: number,
  length: number,
): BoxFragment {
  const w = border.width;
  let e = segmentEdges.get(w);
  if (!e) segmentEdges.set(w, (e = { top: { ...ZERO_EDGES, top: w }, left: { ...ZERO_EDGES, left: w } }));
  const edges = horizontal ? e.top : e.left;
  return createBoxFragment(
    segmentStyle(table, horizontal ? 'borderTop' : 'borderLeft', border),
    '',
    NO_ATTRS,
    {
      x: horizontal ? x : x - w / 2,
      y: horizontal ? y - w / 2 : y,
      width: horizontal ? length : w,
      height: horizontal ? w : length,
      border: edges,
      padding: ZERO_EDGES,
      part: WHOLE,
    },
    [],
  );
}

/**
 * Collapsed borders as separate fragments painted after all cells (CSS 2.1 §17.6.2 and
 * Appendix E): each grid edge centred on its grid line; runs of equal borders are merged
 * into one fragment (no anti-aliasing seams where they meet); the table's outer edges reach
 * half the crossing border further so the corners are covered.
 */
export function collapsedSegments(
  prep: PreparedTable,
  geo: TableGeometry,
  placed: readonly PlacedRow[],
  tableStyle: ComputedStyle,
): Fragment[] {
  const b = prep.collapse;
  const C = geo.colW.length;
  if (!b || placed.length === 0 || C === 0) return [];
  const out: BoxFragment[] = [];
  const rtl = tableStyle.direction === 'rtl';
  // Line c is the start edge of column c (its right edge in an RTL table); line C the end edge of the last column.
  const lineX = (c: number): number => {
    if (c < C) return rtl ? geo.colX[c]! + geo.colW[c]! : geo.colX[c]!;
    return rtl ? geo.colX[C - 1]! : geo.colX[C - 1]! + geo.colW[C - 1]!;
  };
  const hLine = (line: number, y: number, vRow: number): void => {
    const row = b.h[line];
    if (!row) return;
    let c = 0;
    while (c < C) {
      const side = row[c]!;
      let e = c + 1;
      while (e < C && sameSide(row[e]!, side)) e++;
      if (side.width > 0) {
        const startExt = c === 0 ? (b.v[vRow]?.[0]?.width ?? 0) / 2 : 0;
        const endExt = e === C ? (b.v[vRow]?.[C]?.width ?? 0) / 2 : 0;
        const x0 = rtl ? lineX(e) - endExt : lineX(c) - startExt;
        const x1 = rtl ? lineX(c) + startExt : lineX(e) + endExt;
        out.push(segment(tableStyle, true, side, x0, y, x1 - x0));
      }
      c = e;
    }
  };
  // A row broken across fragmentainers has no grid line at the break: its borders are sliced
  // there like a box's (CSS Fragmentation 3 §5.4, box-decoration-break: slice; Chromium, measured).
  const continued = (p: PlacedRow): boolean => p.cells.some((c) => !c.fragment.part.isFirst);
  const goesOn = (p: PlacedRow): boolean => p.cells.some((c) => c.rowSpan === 1 && !c.fragment.part.isLast);
  for (let i = 0; i < placed.length; i++) {
    const p = placed[i]!;
    const next = placed[i + 1];
    if (!continued(p)) hLine(p.index, p.top, p.index);
    if ((!next || next.index !== p.index + 1) && !goesOn(p)) hLine(p.index + 1, p.top + p.height, p.index);
  }
  const first = placed[0]!;
  const last = placed[placed.length - 1]!;
  for (let line = 0; line <= C; line++) {
    const outer = line === 0 || line === C;
    // An outer edge reaches half the table's top and bottom border of its own column (line 0's
    // the first, line C's the last), which may differ from the other columns'.
    const column = line === 0 ? 0 : C - 1;
    const topExt = continued(first) ? 0 : (b.h[first.index]?.[column]?.width ?? 0) / 2;
    let i = 0;
    while (i < placed.length) {
      const side = b.v[placed[i]!.index]?.[line] ?? NONE;
      let e = i + 1;
      while (
        e < placed.length &&
        placed[e]!.index === placed[e - 1]!.index + 1 &&
        sameSide(b.v[placed[e]!.index]?.[line] ?? NONE, side)
      )
        e++;
      if (side.width > 0) {
        const end = placed[e - 1]!;
        const y0 = placed[i]!.top - (outer && i === 0 ? topExt : 0);
        const bottomExt =
          outer && e === placed.length && !goesOn(last) ? (b.h[end.index + 1]?.[column]?.width ?? 0) / 2 : 0;
        out.push(segment(tableStyle, false, side, lineX(line), y0, end.top + end.height + bottomExt - y0));
      }
      i = e;
    }
  }
  // Where borders cross, the one that won more (wider, then stronger style) paints last, on top.
  const weight = (f: BoxFragment): number =>
    Math.max(f.border.top, f.border.left) * 16 +
    STYLE_ORDER.indexOf(f.border.top > 0 ? f.style.borderTop.style : f.style.borderLeft.style);
  return out
    .map((f, i) => ({ f, i, w: weight(f) }))
    .sort((a, b) => a.w - b.w || a.i - b.i)
    .map((x) => x.f);
}

function sameSide(a: BorderSide, b: BorderSide): boolean {
  return (
    a === b ||
    (a.width === b.width &&
      a.style === b.style &&
      a.color.r === b.color.r &&
      a.color.g === b.color.g &&
      a.color.b === b.color.b &&
      a.color.a === b.color.a)
  );
}

const STYLE_ORDER: readonly string[] = [
  'none',
  'inset',
  'groove',
  'outset',
  'ridge',
  'dotted',
  'dashed',
  'solid',
  'double',
];

/**
 * Row group and row fragments (their backgrounds paint per cell: partBackgrounds), cells inside
 * rows; row-spanning cells after the rows of their group. A relatively positioned row or row group
 * moves with its cells (CSS Position 3 §3.4: relative positioning applies to table rows and row
 * groups; offsets against the cells' percentage basis) and paints as a positioned box, so the
 * backgrounds its cells paint (theirs and their columns') go inside it.
 */
export function groupFragments(
  prep: PreparedTable,
  geo: TableGeometry,
  placed: readonly PlacedRow[],
  tableStyle: ComputedStyle,
  ctx: LayoutContext,
): Fragment[] {
  const t = prep.structure;
  const out: Fragment[] = [];
  const C = geo.colW.length;
  // Without columns, rows and groups span the table's content box (measured in Chromium).
  const x0 = C ? Math.min(...geo.colX) : prep.border.left + prep.padding.left;
  const width = C
    ? Math.max(...geo.colX.map((x, c) => x + geo.colW[c]!)) - x0
    : Math.max(0, geo.width - x0 - prep.border.right - prep.padding.right);
  const backgroundsAt = (rows: readonly PlacedRow[], top: number): Fragment[] =>
    partBackgrounds(prep, geo, rows, tableStyle).map((f) => movedFragment(f, -x0, -top));
  const partBox = (part: ContainerBox, x: number, y: number, height: number, children: Fragment[]): BoxFragment => {
    const f = createBoxFragment(
      withoutBackground(part.style),
      part.tag,
      part.attrs,
      { x, y, width, height, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
      children,
    );
    const own = part.style.position === 'relative' ? placedInTablePart(part, f, ctx) : f;
    return shiftRelative(own, geo.cellPercentBasis.inline);
  };
  let i = 0;
  while (i < placed.length) {
    const groupIndex = t.rows[placed[i]!.index]!.group;
    const g: GroupInfo = t.groups[groupIndex]!;
    const groupMoves = g.box.style.position === 'relative';
    const top = placed[i]!.top;
    const first = i;
    const rows: Fragment[] = [];
    const spanning: Fragment[] = [];
    for (; i < placed.length && t.rows[placed[i]!.index]!.group === groupIndex; i++) {
      const p = placed[i]!;
      const rowBox = t.rows[p.index]!.box;
      const rowMoves = !groupMoves && rowBox.style.position === 'relative';
      const cells: Fragment[] = rowMoves ? backgroundsAt([p], p.top) : [];
      for (const c of p.cells) {
        const f = x0 !== 0 ? movedFragment(c.fragment, -x0, 0) : c.fragment;
        if (c.rowSpan > 1 && !rowMoves) spanning.push(movedFragment(f, 0, p.top - top));
        else if (c.rowSpan === 1) cells.push(f);
      }
      // A moving row keeps its row-spanning cells, after its own.
      if (rowMoves) for (const c of p.cells) if (c.rowSpan > 1) cells.push(movedFragment(c.fragment, -x0, 0));
      rows.push(partBox(rowBox, 0, p.top - top, p.height, cells));
    }
    const last = placed[i - 1]!;
    const kids = [...(groupMoves ? backgroundsAt(placed.slice(first, i), top) : []), ...rows, ...spanning];
    out.push(partBox(g.box, x0, top, last.top + last.height - top, kids));
  }
  return out;
}

/** Whether a row's cell backgrounds paint inside its relatively positioned row or row group (groupFragments). */
export function movesRelative(prep: PreparedTable, p: PlacedRow): boolean {
  const row = prep.structure.rows[p.index]!;
  return row.box.style.position === 'relative' || prep.structure.groups[row.group]!.box.style.position === 'relative';
}

const TRANSPARENT = { r: 0, g: 0, b: 0, a: 0 };
const backgroundStyles = new WeakMap<ComputedStyle, ComputedStyle>();
const withoutBackgrounds = new WeakMap<ComputedStyle, ComputedStyle>();

function paints(s: ComputedStyle | undefined | null): s is ComputedStyle {
  return !!s && (s.backgroundColor.a > 0 || s.backgroundLayers.length > 0);
}

/** A table part's background as a box style that paints nothing else. */
function backgroundStyle(table: ComputedStyle, part: ComputedStyle): ComputedStyle {
  let s = backgroundStyles.get(part);
  if (!s)
    backgroundStyles.set(
      part,
      (s = {
        ...anonymousStyle(table),
        backgroundColor: part.backgroundColor,
        backgroundLayers: part.backgroundLayers,
        backgroundClip: part.backgroundClip,
      }),
    );
  return s;
}

/** A row or row group's style without its background colour, which partBackgrounds paints per cell. */
function withoutBackground(s: ComputedStyle): ComputedStyle {
  if (!perCell(s)) return s;
  let out = withoutBackgrounds.get(s);
  if (!out) withoutBackgrounds.set(s, (out = { ...s, backgroundColor: TRANSPARENT, backgroundLayers: [] }));
  return out;
}

/**
 * Column group, column, row group and row backgrounds (CSS 2.1 §17.5.1 layers 2–5), painted
 * behind each cell, in the cell's whole area (a row-spanning cell takes its first row's), and
 * not in the border spacing (§17.6.1: "the row, column, row group, and column group backgrounds
 * are invisible" there), as Chromium does. A row or row group with a background image still
 * paints it as one box (its fragment keeps it: the image is positioned in the row's box).
 */
export function partBackgrounds(
  prep: PreparedTable,
  geo: TableGeometry,
  placed: readonly PlacedRow[],
  tableStyle: ComputedStyle,
): Fragment[] {
  const t = prep.structure;
  const cols = t.columns;
  const columnsPaint = cols.some((c) => paints(c.col?.style) || paints(c.group?.style));
  const rowsPaint = placed.some((p) => perCell(t.rows[p.index]!.box.style) || perCell(rowGroupStyle(prep, p)));
  if (!columnsPaint && !rowsPaint) return [];
  const out: Fragment[] = [];
  for (const layer of ['colgroup', 'col', 'rowgroup', 'row'] as const) {
    for (const p of placed) {
      // A collapsed row paints nothing (CSS 2.1 §17.5.5; table-rows' collapsedRowHeight).
      if (t.rows[p.index]!.box.style.visibility === 'collapse') continue;
      for (const { fragment: f } of p.cells) {
        const c = Math.max(
          0,
          geo.colX.findIndex((x) => Math.abs(x - f.x) < 1e-6),
        );
        const style =
          layer === 'colgroup'
            ? cols[c]?.group?.style
            : layer === 'col'
              ? cols[c]?.col?.style
              : layer === 'rowgroup'
                ? rowGroupStyle(prep, p)
                : t.rows[p.index]!.box.style;
        if (!paints(style) || (layer.startsWith('row') && !perCell(style))) continue;
        out.push(
          createBoxFragment(
            backgroundStyle(tableStyle, style),
            '',
            NO_ATTRS,
            {
              x: f.x,
              y: p.top,
              width: f.width,
              height: f.height,
              border: ZERO_EDGES,
              padding: ZERO_EDGES,
              part: WHOLE,
            },
            [],
          ),
        );
      }
    }
  }
  return out;
}

/** A row or row group whose background is a colour only, painted per cell (partBackgrounds). */
function perCell(s: ComputedStyle): boolean {
  return s.backgroundColor.a > 0 && s.backgroundLayers.length === 0;
}

function rowGroupStyle(prep: PreparedTable, p: PlacedRow): ComputedStyle {
  const t = prep.structure;
  return t.groups[t.rows[p.index]!.group]!.box.style;
}
