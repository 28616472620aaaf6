import type { ComputedStyle, GridLine } from '../style.js';
import type { AxisTemplate } from './grid-template.js';

/** An item's area: 0-based start track and span in each axis. */
export interface GridArea {
  readonly row: number;
  readonly rowSpan: number;
  readonly col: number;
  readonly colSpan: number;
}

interface AxisPlacement {
  /** Definite start track (0-based), or null for auto. */
  readonly start: number | null;
  readonly span: number;
}

/** Grid lines and spans are clamped like Chromium's (kGridMaxTracks) so hostile input stays bounded. */
export const MAX_TRACKS = 1000;
const clampLine = (n: number): number => Math.max(0, Math.min(MAX_TRACKS, n));

function explicitLines(axis: AxisTemplate): number {
  return axis.tracks.length + 1;
}

/** A line reference (§8.3): an index (negative from the end of the explicit grid), `n name`, or an area/line name. */
function resolveLine(line: GridLine, axis: AxisTemplate, side: 'start' | 'end'): number | null {
  if (line.kind === 'line') {
    if (line.name === null) return line.index > 0 ? line.index - 1 : Math.max(0, explicitLines(axis) + line.index);
    const found = axis.names.get(line.name) ?? [];
    if (line.index > 0) return found[line.index - 1] ?? explicitLines(axis) - 1 + (line.index - found.length);
    return found[found.length + line.index] ?? 0;
  }
  if (line.kind === 'name') {
    const area = axis.names.get(`${line.name}-${side}`);
    if (area?.length) return area[0]!;
    const named = axis.names.get(line.name);
    if (named?.length) return named[0]!;
    // §8.3.1: with no line of that name, all implicit lines are assumed to have it (the first one after the explicit grid).
    return explicitLines(axis);
  }
  return null;
}

/**
 * The lines (0-based) bounding an absolutely positioned child's grid area on one axis when the
 * grid container is its containing block (CSS Grid 2 §10.1): null stands for the padding edge,
 * which an `auto` line, a line outside the grid (`count` tracks) and a span against `auto` give.
 * Lines in reverse order are swapped; an end line equal to the start line is dropped (§8.3.1).
 */
export function outOfFlowLines(
  start: GridLine,
  end: GridLine,
  axis: AxisTemplate,
  count: number,
): { start: number | null; end: number | null } {
  const inGrid = (n: number | null): number | null => (n !== null && n >= 0 && n <= count ? n : null);
  const spanOf = (l: GridLine): number => (l.kind === 'span' ? Math.max(1, l.count) : 1);
  // A negative index counting past the explicit grid's start is a line before the grid (resolveLine clamps it to 0).
  const before = (l: GridLine): boolean => l.kind === 'line' && l.name === null && explicitLines(axis) + l.index < 0;
  let s = before(start) ? null : inGrid(resolveLine(start, axis, 'start'));
  let e = before(end) ? null : inGrid(resolveLine(end, axis, 'end'));
  if (s !== null && e === null && end.kind === 'span') e = inGrid(s + spanOf(end));
  else if (e !== null && s === null && start.kind === 'span') s = inGrid(e - spanOf(start));
  if (s !== null && e !== null && e < s) [s, e] = [e, s];
  return { start: s, end: s !== null && e === s ? null : e };
}

/** Resolve one axis of an item's placement (§8.3.1): definite lines, spans against a definite side, or auto. */
function axisPlacement(start: GridLine, end: GridLine, axis: AxisTemplate): AxisPlacement {
  const rs = resolveLine(start, axis, 'start');
  const re = resolveLine(end, axis, 'end');
  const s = rs === null ? null : clampLine(rs);
  const e = re === null ? null : clampLine(re);
  const spanOf = (l: GridLine): number => (l.kind === 'span' ? Math.min(MAX_TRACKS, Math.max(1, l.count)) : 1);
  if (s !== null && e !== null) {
    if (e === s) return { start: s, span: 1 };
    return { start: Math.min(s, e), span: Math.abs(e - s) };
  }
  if (s !== null) return { start: s, span: end.kind === 'span' ? spanOf(end) : 1 };
  if (e !== null) {
    const span = start.kind === 'span' ? spanOf(start) : 1;
    return { start: Math.max(0, e - span), span };
  }
  return { start: null, span: start.kind === 'span' ? spanOf(start) : end.kind === 'span' ? spanOf(end) : 1 };
}

/** Occupied cells, growing as items are placed. */
class Occupancy {
  private readonly cells = new Set<string>();
  fits(major: number, minor: number, majorSpan: number, minorSpan: number): boolean {
    for (let a = major; a < major + majorSpan; a++)
      for (let b = minor; b < minor + minorSpan; b++) if (this.cells.has(`${a},${b}`)) return false;
    return true;
  }
  take(major: number, minor: number, majorSpan: number, minorSpan: number): void {
    for (let a = major; a < major + majorSpan; a++)
      for (let b = minor; b < minor + minorSpan; b++) this.cells.add(`${a},${b}`);
  }
}

/**
 * Grid item placement (CSS Grid §8.5): definite items first, then items locked to a row
 * (column with `grid-auto-flow: column`), then the rest with the auto-placement cursor
 * (sparse, or from the start each time with `dense`). Works in major/minor terms so that
 * column flow is the same algorithm with the axes swapped.
 */
export function placeItems(
  styles: readonly ComputedStyle[],
  rows: AxisTemplate,
  cols: AxisTemplate,
  flow: ComputedStyle['gridAutoFlow'],
  subgridded: { readonly cols: boolean } = { cols: false },
): GridArea[] {
  const byRow = flow.direction === 'row';
  const colLimit = subgridded.cols ? cols.tracks.length : null;
  const placements = styles.map((s) => {
    const r = axisPlacement(s.gridRowStart, s.gridRowEnd, rows);
    const c = clampToExplicit(axisPlacement(s.gridColumnStart, s.gridColumnEnd, cols), colLimit);
    return byRow ? { major: r, minor: c } : { major: c, minor: r };
  });
  const minorTracks = Math.max(
    (byRow ? cols : rows).tracks.length,
    ...placements.map((p) => (p.minor.start ?? 0) + p.minor.span),
  );
  const out: ({ major: number; minor: number } | null)[] = placements.map(() => null);
  const occ = new Occupancy();
  placements.forEach((p, i) => {
    if (p.major.start !== null && p.minor.start !== null) {
      out[i] = { major: p.major.start, minor: p.minor.start };
      occ.take(p.major.start, p.minor.start, p.major.span, p.minor.span);
    }
  });
  // §8.5 step 2: items locked to a major track, in order, each row keeping its own cursor (sparse).
  const rowCursor = new Map<number, number>();
  placements.forEach((p, i) => {
    if (p.major.start === null || p.minor.start !== null) return;
    let minor = flow.dense ? 0 : (rowCursor.get(p.major.start) ?? 0);
    while (!occ.fits(p.major.start, minor, p.major.span, p.minor.span)) minor++;
    out[i] = { major: p.major.start, minor };
    occ.take(p.major.start, minor, p.major.span, p.minor.span);
    rowCursor.set(p.major.start, minor + p.minor.span);
  });
  // §8.5 step 4: everything else, with the cursor.
  let cMajor = 0;
  let cMinor = 0;
  placements.forEach((p, i) => {
    if (p.major.start !== null) return;
    if (flow.dense) {
      cMajor = 0;
      cMinor = 0;
    }
    if (p.minor.start !== null) {
      if (!flow.dense && p.minor.start < cMinor) cMajor++;
      cMinor = p.minor.start;
      while (!occ.fits(cMajor, cMinor, p.major.span, p.minor.span)) cMajor++;
    } else {
      const width = Math.max(minorTracks, p.minor.span);
      for (;;) {
        if (cMinor + p.minor.span > width) {
          cMajor++;
          cMinor = 0;
          continue;
        }
        if (occ.fits(cMajor, cMinor, p.major.span, p.minor.span)) break;
        cMinor++;
      }
    }
    out[i] = { major: cMajor, minor: cMinor };
    occ.take(cMajor, cMinor, p.major.span, p.minor.span);
    if (p.minor.start === null) cMinor += p.minor.span;
  });
  return out.map((o, i) => {
    const p = placements[i]!;
    const at = o ?? { major: 0, minor: 0 };
    const area = byRow
      ? { row: at.major, rowSpan: p.major.span, col: at.minor, colSpan: p.minor.span }
      : { row: at.minor, rowSpan: p.minor.span, col: at.major, colSpan: p.major.span };
    const col = clampToExplicit({ start: area.col, span: area.colSpan }, colLimit);
    return { ...area, col: col.start ?? 0, colSpan: col.span };
  });
}

/**
 * A subgridded axis has no implicit tracks (CSS Grid 2 §9): an item's area is clamped to the
 * explicit grid of `limit` tracks, a start past it moving to the last track.
 */
function clampToExplicit<P extends AxisPlacement>(p: P, limit: number | null): P {
  if (limit === null || limit < 1) return p;
  const span = Math.min(p.span, limit);
  if (p.start === null) return { ...p, span };
  const start = Math.min(p.start, limit - 1);
  return { ...p, start, span: Math.max(1, Math.min(p.start + p.span, limit) - start) };
}
