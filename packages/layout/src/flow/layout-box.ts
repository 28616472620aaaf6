import type { BlockLevelBox, MarkerBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import type { LayoutResult, Resume, Space } from './types.js';
import { layoutBlockContainer } from './block-layout.js';
import { layoutLines, layoutMarkerLine, type MarkerLine } from './inline-layout.js';
import { layoutBlockReplaced } from './replaced-layout.js';
import { layoutFlex } from '../flex/flex-layout.js';
import { layoutGrid } from '../grid/grid-layout.js';
import { isMulticol, layoutMulticol } from '../multicol/multicol-layout.js';
import { layoutTable } from '../table/table-layout.js';
import { layoutFieldset } from './fieldset.js';
import { needsPositioning, withPositioning } from '../positioned/containing-block.js';
import { layoutOrthogonal } from '../writing-mode/orthogonal-layout.js';

/**
 * The dispatcher: every layout mode lays its children out through here, never by calling
 * another mode directly, so that modes can nest freely (a cell holding a flex container…).
 * Table, flex and grid containers are distinct kinds; until their own modes exist they are
 * laid out as block containers.
 */
export function layoutBox(box: BlockLevelBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  // Positioned boxes (src/positioned): containing blocks place absolute descendants, relative ones shift.
  if (!needsPositioning(box)) return dispatch(box, space, resume, ctx);
  return withPositioning(box, space, ctx, () => dispatch(box, space, resume, ctx));
}

function dispatch(box: BlockLevelBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  if (box.kind !== 'lines' && box.kind !== 'replaced' && box.orthogonal) return layoutOrthogonal(box, space, ctx);
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

/** An outside list marker's single line (CSS Lists 3 §3.1). */
export function layoutMarker(marker: MarkerBox, ctx: LayoutContext): MarkerLine {
  return layoutMarkerLine(marker, ctx);
}
