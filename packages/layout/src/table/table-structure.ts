import type { BlockLevelBox, ContainerBox, TableBox, TableColumn } from '../boxes/box.js';
import { memoized, memoSlot, type LayoutContext } from '../flow/context.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { ComputedStyle, Display } from '../style.js';

/** A cell placed in the table grid (CSS 2.1 §17.5): the slot of its top-left corner and its spans. */
export interface CellSlot {
  readonly box: ContainerBox;
  readonly row: number;
  readonly col: number;
  readonly rowSpan: number;
  readonly colSpan: number;
  /**
   * The cell as laid out inside the grid (table-prepare's cellBox: no own width, height or
   * margins, collapsed half borders); `box` until prepareTable sets it. On the slot rather than
   * in a Map: a long table kept a Map entry per cell.
   */
  laid: ContainerBox;
}

export interface RowInfo {
  readonly box: ContainerBox;
  readonly group: number;
  /** Cells whose first row is this one, in column order. */
  readonly cells: CellSlot[];
}

export type GroupRole = 'header' | 'body' | 'footer';

export interface GroupInfo {
  readonly box: ContainerBox;
  readonly role: GroupRole;
  readonly firstRow: number;
  readonly rowCount: number;
}

/** The column (and its column group) of one grid column, when `col`/`colgroup` elements exist. */
export interface ColumnSource {
  readonly col: TableColumn | null;
  readonly group: TableColumn | null;
}

/** A table normalised per CSS 2.1 §17.2.1: captions, row groups (header, bodies, footer), rows, cells. */
export interface TableStructure {
  readonly table: TableBox;
  readonly captions: readonly ContainerBox[];
  /** The header group first, the footer group last (CSS 2.1 §17.2), bodies in document order. */
  readonly groups: readonly GroupInfo[];
  readonly rows: readonly RowInfo[];
  readonly columnCount: number;
  readonly columns: readonly ColumnSource[];
  /** The cell covering each slot, [row][col]; null for holes. */
  readonly grid: readonly (readonly (CellSlot | null)[])[];
}

const structures = memoSlot<TableBox, TableStructure>('render');
const anonStyles = new WeakMap<ComputedStyle, Map<Display, ComputedStyle>>();

function anonStyle(parent: ComputedStyle, display: Display): ComputedStyle {
  let m = anonStyles.get(parent);
  if (!m) anonStyles.set(parent, (m = new Map()));
  let s = m.get(display);
  if (!s) m.set(display, (s = { ...anonymousStyle(parent), display }));
  return s;
}

function anonymous(
  kind: ContainerBox['kind'],
  parent: ComputedStyle,
  display: Display,
  children: BlockLevelBox[],
): ContainerBox {
  return { kind, style: anonStyle(parent, display), tag: '', attrs: {}, children, marker: null } as ContainerBox;
}

/** Wrap runs of children that are not `keep` into anonymous boxes made by `wrap` (CSS 2.1 §17.2.1 rules 2–3). */
function wrapRuns(
  children: readonly BlockLevelBox[],
  keep: (b: BlockLevelBox) => boolean,
  wrap: (run: BlockLevelBox[]) => ContainerBox,
): readonly ContainerBox[] {
  // The common case, nothing to wrap (every row of a long table): the children themselves.
  if (children.every(keep)) return children as readonly ContainerBox[];
  const out: ContainerBox[] = [];
  let run: BlockLevelBox[] = [];
  const flush = (): void => {
    if (run.length) out.push(wrap(run));
    run = [];
  };
  for (const c of children) {
    if (keep(c)) {
      flush();
      out.push(c as ContainerBox);
    } else {
      run.push(c);
    }
  }
  flush();
  return out;
}

const isCell = (b: BlockLevelBox): boolean => b.kind === 'table-cell';
const isRow = (b: BlockLevelBox): boolean => b.kind === 'table-row';
const isGroup = (b: BlockLevelBox): boolean => b.kind === 'table-row-group';
const isCaption = (b: BlockLevelBox): boolean => b.kind === 'table-caption';

function rowCells(row: ContainerBox): readonly ContainerBox[] {
  return wrapRuns(row.children, isCell, (run) => anonymous('table-cell', row.style, 'table-cell', run));
}

function groupRows(group: ContainerBox): readonly ContainerBox[] {
  return wrapRuns(group.children, isRow, (run) => anonymous('table-row', group.style, 'table-row', run));
}

function roleOf(box: ContainerBox): GroupRole {
  if (box.style.display === 'table-header-group') return 'header';
  if (box.style.display === 'table-footer-group') return 'footer';
  return 'body';
}

function spanAttr(box: ContainerBox, name: 'colspan' | 'rowspan'): number {
  if (box.tag !== 'td' && box.tag !== 'th') return 1;
  const raw = box.attrs[name];
  if (raw === undefined) return 1;
  const n = parseInt(raw, 10);
  if (Number.isNaN(n)) return 1;
  // HTML §4.9.11: colspan 1..1000; rowspan 0..65534 where 0 spans to the end of the row group.
  return name === 'colspan' ? Math.min(1000, Math.max(1, n)) : Math.min(65534, Math.max(0, n));
}

export function tableStructure(table: TableBox, ctx: LayoutContext): TableStructure {
  return memoized(ctx, structures, table, buildStructure);
}

function buildStructure(table: TableBox): TableStructure {
  const captions: ContainerBox[] = [];
  const nonCaption: BlockLevelBox[] = [];
  for (const c of table.children) (isCaption(c) ? captions : nonCaption).push(c as ContainerBox);
  const groupBoxes = wrapRuns(nonCaption, isGroup, (run) =>
    anonymous('table-row-group', table.style, 'table-row-group', run),
  );
  // The first header and footer groups move to the top and bottom (CSS 2.1 §17.2); other ones act as bodies.
  const header = groupBoxes.find((g) => roleOf(g) === 'header') ?? null;
  const footer = groupBoxes.find((g) => roleOf(g) === 'footer') ?? null;
  const ordered: { box: ContainerBox; role: GroupRole }[] = [];
  if (header) ordered.push({ box: header, role: 'header' });
  for (const g of groupBoxes) if (g !== header && g !== footer) ordered.push({ box: g, role: 'body' });
  if (footer) ordered.push({ box: footer, role: 'footer' });

  const rows: RowInfo[] = [];
  const groups: GroupInfo[] = [];
  const grid: (CellSlot | null)[][] = [];
  let columnCount = 0;
  for (const { box, role } of ordered) {
    const firstRow = rows.length;
    const rowBoxes = groupRows(box);
    for (const r of rowBoxes) {
      rows.push({ box: r, group: groups.length, cells: [] });
      grid.push([]);
    }
    const end = rows.length;
    for (let ri = firstRow; ri < end; ri++) {
      const slots = grid[ri]!;
      let col = 0;
      for (const cell of rowCells(rows[ri]!.box)) {
        while (slots[col]) col++;
        const colSpan = spanAttr(cell, 'colspan');
        const rs = spanAttr(cell, 'rowspan');
        const rowSpan = rs === 0 ? end - ri : Math.min(rs, end - ri);
        const slot: CellSlot = { box: cell, row: ri, col, rowSpan, colSpan, laid: cell };
        rows[ri]!.cells.push(slot);
        for (let r = ri; r < ri + rowSpan; r++) for (let c = col; c < col + colSpan; c++) grid[r]![c] = slot;
        col += colSpan;
        columnCount = Math.max(columnCount, col);
      }
    }
    groups.push({ box, role, firstRow, rowCount: end - firstRow });
  }
  let columns = columnSources(table.columns ?? []);
  columnCount = Math.max(columnCount, columns.length);
  const kept = keptColumns(table, rows, columns, columnCount);
  if (kept.length < columnCount) {
    mergeColumns(rows, grid, kept, columnCount);
    columns = kept.filter((c) => c < columns.length).map((c) => columns[c]!);
    columnCount = kept.length;
  }
  // The lists a long table keeps until the end of layout, at their exact sizes: an array grown
  // by pushes keeps room for 16 more elements (~300 bytes per row for these two).
  for (let r = 0; r < grid.length; r++) {
    const slots = grid[r]!;
    const exact: (CellSlot | null)[] = [];
    for (let c = 0; c < columnCount; c++) exact.push(slots[c] ?? null);
    grid[r] = exact.slice();
    const row = rows[r]!;
    rows[r] = { box: row.box, group: row.group, cells: row.cells.slice() };
  }
  return { table, captions, groups, rows, columnCount, columns, grid };
}

const isFixedLayout = (table: TableBox): boolean => table.style.tableLayout === 'fixed' && table.style.width !== 'auto';

/**
 * The columns that exist in an auto-layout table: Chromium (TablesNG's mergeable columns) drops
 * a column in which no cell starts and that no `col`/`colgroup` gives a width, as if the cells
 * spanning it had one column less; it gets no width and no border spacing. A `colspan="3"`
 * heading over rows of two cells (e-mail templates) makes a two-column table. Fixed layout keeps
 * every column (CSS 2.1 §17.5.2.1 takes them from the first row).
 */
function keptColumns(
  table: TableBox,
  rows: readonly RowInfo[],
  columns: readonly ColumnSource[],
  count: number,
): number[] {
  const all = Array.from({ length: count }, (_, c) => c);
  if (isFixedLayout(table)) return all;
  const starts = new Uint8Array(count);
  for (const row of rows) for (const cell of row.cells) starts[cell.col] = 1;
  const sized = (c: TableColumn | null): boolean => c !== null && c.style.width !== 'auto';
  return all.filter((c) => starts[c] || sized(columns[c]?.col ?? null) || sized(columns[c]?.group ?? null));
}

/** Renumbers cells and grid slots to the kept columns only (a spanning cell loses the dropped ones). */
function mergeColumns(rows: RowInfo[], grid: (CellSlot | null)[][], kept: readonly number[], count: number): void {
  const index = new Int32Array(count + 1).fill(-1);
  kept.forEach((c, i) => {
    index[c] = i;
  });
  // index[c] for a dropped column: the kept columns before it, so spans count only kept ones.
  let next = 0;
  for (let c = 0; c <= count; c++) {
    if (index[c]! >= 0) next = index[c]! + 1;
    else index[c] = next;
  }
  const moved = new Map<CellSlot, CellSlot>();
  for (const row of rows) {
    row.cells.forEach((cell, i) => {
      const col = index[cell.col]!;
      const slot: CellSlot = { ...cell, col, colSpan: Math.max(1, index[cell.col + cell.colSpan]! - col) };
      moved.set(cell, slot);
      row.cells[i] = slot;
    });
  }
  for (let r = 0; r < grid.length; r++)
    grid[r] = kept.map((c) => {
      const s = grid[r]![c];
      return s ? moved.get(s)! : null;
    });
}

/** One entry per grid column covered by `col`/`colgroup` (their `span` attributes, HTML §4.9.3–4). */
function columnSources(columns: readonly TableColumn[]): ColumnSource[] {
  const out: ColumnSource[] = [];
  const span = (c: TableColumn): number => Math.min(1000, Math.max(1, parseInt(c.attrs['span'] ?? '1', 10) || 1));
  for (const c of columns) {
    if (!c.group) {
      for (let i = span(c); i > 0; i--) out.push({ col: c, group: null });
    } else if (c.children.length) {
      for (const col of c.children) for (let i = span(col); i > 0; i--) out.push({ col, group: c });
    } else {
      for (let i = span(c); i > 0; i--) out.push({ col: null, group: c });
    }
  }
  return out;
}
