import type { ComputedStyle } from '../style.js';
import { borderEdges, definite, paddingEdges } from './box-model.js';

/**
 * A table cell is laid out without its own `height` (the table sizes it, table/table-prepare.ts),
 * but a fixed `height` still is what its children's percentage heights resolve against (CSS
 * Tables 3 §3.10.4, as Chromium's measuring pass resolves them: `height: 50%` in a `height:
 * 100px` cell is 50px). Chromium lays a cell that its row stretches past that height out again
 * against the row's height: not done (the cell is laid out once). The cell's laid-out style,
 * noted with its author style.
 */
const specified = new WeakMap<ComputedStyle, ComputedStyle>();

export function noteCellStyle(laid: ComputedStyle, original: ComputedStyle): void {
  specified.set(laid, specified.get(original) ?? original);
}

/** The content height a cell with laid-out style `laid` gives its children's percentages, null when auto. */
export function cellPercentBasis(laid: ComputedStyle, quirksMode: boolean): number | null {
  const s = specified.get(laid);
  const h = s && definite(s.height, null);
  if (h === null || h === undefined) return null;
  if (s!.boxSizing !== 'border-box' && !quirksMode) return h;
  const b = borderEdges(laid);
  const p = paddingEdges(laid, 0);
  return Math.max(0, h - b.top - b.bottom - p.top - p.bottom);
}
