import type { Edges } from '../fragment.js';
import { collapsingModelSide, type BorderSide, type BorderStyle, type ComputedStyle } from '../style.js';
import type { CellSlot, TableStructure } from './table-structure.js';

/**
 * The collapsing border model (CSS 2.1 §17.6.2): one border per grid edge segment, chosen
 * among the cell, row, row group, column, column group and table borders meeting there by
 * the conflict resolution rules of §17.6.2.1.
 */
export interface CollapsedBorders {
  /** Horizontal segments: h[line][col], line 0..rows (top of each row, then the bottom). */
  readonly h: readonly (readonly BorderSide[])[];
  /** Vertical segments: v[row][line], line 0..columns. */
  readonly v: readonly (readonly BorderSide[])[];
}

const NONE: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };

const STYLE_RANK: Record<BorderStyle, number> = {
  hidden: 10,
  double: 8,
  solid: 7,
  dashed: 6,
  dotted: 5,
  ridge: 4,
  outset: 3,
  groove: 2,
  inset: 1,
  none: 0,
};

/**
 * The winner among the borders meeting at one grid edge segment, fed in decreasing origin
 * precedence (cell, row, row group, column, column group, table) so that earlier wins ties
 * (§17.6.2.1 rule 4). One accumulator is reused for every segment of a table: a candidate
 * list per segment was most of a long table's border allocation.
 */
class Resolver {
  #best: BorderSide = NONE;
  #hidden = false;

  start(): this {
    this.#best = NONE;
    this.#hidden = false;
    return this;
  }

  add(c: BorderSide | null | undefined): this {
    if (!c || this.#hidden || c.style === 'none') return this;
    if (c.style === 'hidden')
      this.#hidden = true; // rule 1: hidden suppresses every border here
    else if (
      c.width > this.#best.width ||
      (c.width === this.#best.width && STYLE_RANK[c.style] > STYLE_RANK[this.#best.style])
    )
      this.#best = c;
    return this;
  }

  get winner(): BorderSide {
    if (this.#hidden) return NONE;
    return collapsingModelSide(this.#best);
  }
}

type Side = 'borderTop' | 'borderRight' | 'borderBottom' | 'borderLeft';
const side = (s: ComputedStyle | undefined | null, k: Side): BorderSide | null => (s ? s[k] : null);

export function collapseBorders(t: TableStructure): CollapsedBorders {
  const R = t.rows.length;
  const C = t.columnCount;
  const groupOfRow = t.rows.map((r) => t.groups[r.group]!);
  const colStyle = (c: number): ComputedStyle | null => t.columns[c]?.col?.style ?? null;
  const colGroupStyle = (c: number): ComputedStyle | null => t.columns[c]?.group?.style ?? null;
  const cellAt = (r: number, c: number): CellSlot | null => t.grid[r]?.[c] ?? null;
  const resolver = new Resolver();
  const h: BorderSide[][] = [];
  for (let line = 0; line <= R; line++) {
    const row: BorderSide[] = [];
    for (let c = 0; c < C; c++) {
      const above = line > 0 ? cellAt(line - 1, c) : null;
      const below = line < R ? cellAt(line, c) : null;
      if (above && above === below) {
        row.push(NONE);
        continue;
      } // inside a row-spanning cell
      const seg = resolver
        .start()
        .add(side(above?.box.style, 'borderBottom'))
        .add(side(below?.box.style, 'borderTop'))
        .add(line > 0 ? t.rows[line - 1]!.box.style.borderBottom : null)
        .add(line < R ? t.rows[line]!.box.style.borderTop : null);
      const gAbove = line > 0 ? groupOfRow[line - 1]! : null;
      const gBelow = line < R ? groupOfRow[line]! : null;
      if (gAbove !== gBelow) seg.add(side(gAbove?.box.style, 'borderBottom')).add(side(gBelow?.box.style, 'borderTop'));
      if (line === 0 || line === R) {
        const k: Side = line === 0 ? 'borderTop' : 'borderBottom';
        seg
          .add(side(colStyle(c), k))
          .add(side(colGroupStyle(c), k))
          .add(t.table.style[k]);
      }
      row.push(seg.winner);
    }
    h.push(shared(row, h[h.length - 1]));
  }
  // Vertical lines are numbered in column order: in an RTL table column 0 is on the right (CSS 2.1 §17.5).
  const rtl = t.table.style.direction === 'rtl';
  const START: Side = rtl ? 'borderRight' : 'borderLeft';
  const END: Side = rtl ? 'borderLeft' : 'borderRight';
  const v: BorderSide[][] = [];
  for (let r = 0; r < R; r++) {
    const out: BorderSide[] = [];
    const rowStyle = t.rows[r]!.box.style;
    const g = groupOfRow[r]!.box.style;
    for (let line = 0; line <= C; line++) {
      const left = line > 0 ? cellAt(r, line - 1) : null;
      const right = line < C ? cellAt(r, line) : null;
      if (left && left === right) {
        out.push(NONE);
        continue;
      }
      const seg = resolver.start().add(side(left?.box.style, END)).add(side(right?.box.style, START));
      if (line === 0) seg.add(rowStyle[START]).add(g[START]);
      if (line === C) seg.add(rowStyle[END]).add(g[END]);
      seg.add(line > 0 ? side(colStyle(line - 1), END) : null).add(line < C ? side(colStyle(line), START) : null);
      const gl = line > 0 ? (t.columns[line - 1]?.group ?? null) : null;
      const gr = line < C ? (t.columns[line]?.group ?? null) : null;
      if (gl !== gr) seg.add(side(gl?.style, END)).add(side(gr?.style, START));
      if (line === 0) seg.add(t.table.style[START]);
      if (line === C) seg.add(t.table.style[END]);
      out.push(seg.winner);
    }
    v.push(shared(out, v[v.length - 1]));
  }
  return { h, v };
}

/**
 * The previous line's list when this one holds equal borders (the rows of a long table mostly
 * do; equal values paint the same), else this one at its exact size: these lists live as long
 * as the table's layout.
 */
function shared(line: BorderSide[], previous: BorderSide[] | undefined): BorderSide[] {
  if (previous && previous.length === line.length && line.every((s, i) => equalSides(s, previous[i]!))) return previous;
  return line.slice();
}

function equalSides(a: BorderSide, b: BorderSide): boolean {
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

/** Half of the widest collapsed border along each side of a cell: the part inside its border box (§17.6.2). */
export function cellHalfBorders(b: CollapsedBorders, cell: CellSlot, rtl: boolean): Edges {
  let top = 0,
    bottom = 0,
    left = 0,
    right = 0;
  for (let c = cell.col; c < cell.col + cell.colSpan; c++) {
    top = Math.max(top, b.h[cell.row]?.[c]?.width ?? 0);
    bottom = Math.max(bottom, b.h[cell.row + cell.rowSpan]?.[c]?.width ?? 0);
  }
  for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
    left = Math.max(left, b.v[r]?.[cell.col]?.width ?? 0);
    right = Math.max(right, b.v[r]?.[cell.col + cell.colSpan]?.width ?? 0);
  }
  return rtl
    ? { top: top / 2, right: left / 2, bottom: bottom / 2, left: right / 2 }
    : { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 };
}

/** The table's own border widths in the collapsing model: half the widest outer border per side (the rest spills into the margin). */
export function tableHalfBorders(b: CollapsedBorders, rtl: boolean): Edges {
  const max = (xs: readonly BorderSide[]): number => xs.reduce((m, s) => Math.max(m, s.width), 0);
  const top = b.h[0] ? max(b.h[0]) : 0;
  const bottom = b.h.length > 1 ? max(b.h[b.h.length - 1]!) : 0;
  const start = max(b.v.map((r) => r[0] ?? NONE));
  const end = max(b.v.map((r) => r[r.length - 1] ?? NONE));
  const [left, right] = rtl ? [end, start] : [start, end];
  return { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 };
}
