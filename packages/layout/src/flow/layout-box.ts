import {
  isMulticol,
  type AtomicInlineBox,
  type BlockLevelBox,
  type ContainerBox,
  type MarkerBox,
  type ReplacedBox,
  type TableBox,
} from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import { NO_MARGINS, resolveMargins, type LayoutResult, type Resume, type Space } from './types.js';
import { isMonolithic } from './breaks.js';
import { layoutBlockContainer } from './block-layout.js';
import { layoutLines, layoutMarkerLine, type MarkerLine } from './inline-layout.js';
import { layoutAtomic } from './atomic-inline.js';
import type { AtomicLayout } from './inline-items.js';
import { layoutBlockReplaced } from './replaced-layout.js';
import { layoutFlex } from '../flex/flex-layout.js';
import { layoutGrid } from '../grid/grid-layout.js';
import { layoutMulticol } from '../multicol/multicol-layout.js';
import { layoutTable } from '../table/table-layout.js';
import { layoutFieldset } from './fieldset.js';
import { needsPositioning, withPositioning } from '../positioned/containing-block.js';
import { isScrollContainer, withStickyShifts } from '../positioned/sticky.js';
import { layoutOrthogonal, orthogonalContentSizes } from '../writing-mode/orthogonal-layout.js';
import { outerSizes, type IntrinsicSizes } from './intrinsic-size.js';
import { flexContentSizes } from '../flex/flex-intrinsic.js';
import { gridContentSizes } from '../grid/grid-intrinsic.js';
import { multicolContentSizes } from '../multicol/multicol-intrinsic.js';
import { tableOuterSizes } from '../table/table-width.js';
import { blockChildrenSizes } from '../float/float-intrinsic.js';

/**
 * The dispatcher: every layout mode lays its children out through here, never by calling
 * another mode directly, so that modes can nest freely (a cell holding a flex container…).
 * Intrinsic sizes are dispatched here too (`contentSizesByMode`), for flow/intrinsic-size.ts.
 */
export function layoutBox(box: BlockLevelBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  // Positioned boxes (src/positioned): containing blocks place absolute descendants, relative ones shift.
  const r = needsPositioning(box)
    ? withPositioning(box, space, ctx, () => dispatch(box, space, resume, ctx))
    : dispatch(box, space, resume, ctx);
  // A scroll container places its sticky descendants (positioned/sticky.ts).
  const f = r.fragment;
  if (space.mode !== 'layout' || f?.kind !== 'box' || !isScrollContainer(box.style)) return r;
  return { ...r, fragment: withStickyShifts(f) };
}

function dispatch(box: BlockLevelBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  if (box.kind !== 'lines' && box.kind !== 'replaced' && box.orthogonal) return layoutOrthogonal(box, space, ctx);
  if (box.kind !== 'lines' && box.kind !== 'replaced' && isMonolithic(box.style) && breaksHere(space))
    return layoutMonolithic(box, space, ctx);
  switch (box.kind) {
    case 'lines':
      return layoutLines(box, space, resume, ctx);
    case 'replaced':
      return layoutBlockReplaced(box, space, ctx);
    case 'flex':
      return layoutFlex(box, space, resume, ctx);
    case 'table':
    case 'table-row-group':
    case 'table-row':
      return layoutTable(box, space, resume, ctx);
    case 'grid':
      return layoutGrid(box, space, resume, ctx);
    case 'block':
      if (isMulticol(box)) return layoutMulticol(box, space, resume, ctx);
      if (box.tag === 'fieldset') return layoutFieldset(box, space, resume, ctx);
      return layoutBlockContainer(box, space, resume, ctx);
    case 'table-cell':
    case 'table-caption':
      return layoutBlockContainer(box, space, resume, ctx);
  }
}

const breaksHere = (space: Space): boolean => space.mode === 'layout' && Number.isFinite(space.blockSize);

/**
 * A box with block-size containment is monolithic (CSS Fragmentation 3 §4.1; Chromium does not
 * fragment size containers): laid out whole, it moves to the next fragmentainer when it does not
 * fit, unless it is first there (it then overflows).
 */
function layoutMonolithic(box: ContainerBox, space: Space, ctx: LayoutContext): LayoutResult {
  const r = dispatch(box, { ...space, blockSize: Infinity }, null, ctx);
  const tooTall = r.fragment && resolveMargins(r.marginTop) + r.height > space.blockSize + 1e-6;
  if (!tooTall || space.pageIsEmpty) return r;
  return { ...r, fragment: null, resume: null, marginTop: space.marginAbove, marginBottom: NO_MARGINS, height: 0 };
}

/** An outside list marker's single line (CSS Lists 3 §3.1). */
export function layoutMarker(marker: MarkerBox, ctx: LayoutContext): MarkerLine {
  return layoutMarkerLine(marker, ctx);
}

/**
 * An atomic inline (inline-block, inline table/flex/grid, image) laid out for a line: line layout
 * reaches the formatting context inside it through here (flow/atomic-inline.ts).
 */
export function layoutAtomicInline(
  box: AtomicInlineBox | ReplacedBox,
  cbWidth: number,
  ctx: LayoutContext,
  intrinsic: boolean,
  cbHeight: number | null,
): AtomicLayout {
  return layoutAtomic(box, cbWidth, ctx, intrinsic, cbHeight);
}

/**
 * Min- and max-content sizes of a container's content by its formatting context (CSS Sizing 3 §5),
 * `basis` the height its content's percentage heights resolve against (null: indefinite);
 * flow/intrinsic-size.ts's `contentSizes` caches them and sizes lines boxes itself.
 */
export function contentSizesByMode(box: ContainerBox, ctx: LayoutContext, basis: number | null): IntrinsicSizes {
  if (box.orthogonal) return orthogonalContentSizes(box, ctx);
  if (box.kind === 'flex') return flexContentSizes(box, ctx, basis);
  if (box.kind === 'grid') return gridContentSizes(box, ctx);
  if (isMulticol(box)) return multicolContentSizes(box, ctx, basis);
  // Floats side by side add up; absolutely positioned children do not count (src/float).
  return blockChildrenSizes(box.children, (child) => outerSizes(child, ctx, basis));
}

/** A table's margin-box contribution to its parent's intrinsic sizes (src/table). */
export function tableOuterSizesByMode(box: TableBox, ctx: LayoutContext): IntrinsicSizes {
  return tableOuterSizes(box, ctx);
}
