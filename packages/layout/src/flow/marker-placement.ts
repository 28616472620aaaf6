import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import type { UsedBox } from './box-model.js';
import type { FlowState } from './block-children.js';
import { createBoxFragment, ZERO_EDGES, WHOLE } from './fragments.js';
import { layoutMarker } from './layout-box.js';

/**
 * An outside `::marker` (CSS Lists 3 §3.1, CSS 2.1 §12.5.1): outside the principal box, its
 * end edge against the content's start edge (the marker text's trailing space is the gap,
 * as in Chromium), its baseline on the list item's first line baseline.
 */
export function placeMarker(box: ContainerBox, state: FlowState, used: UsedBox, ctx: LayoutContext): void {
  const marker = box.marker;
  if (!marker) return;
  const line = layoutMarker(marker, ctx);
  if (line.width === 0 && line.fragments.length === 0) return;
  const contentLeft = used.border.left + used.padding.left;
  const x = box.style.direction === 'rtl' ? contentLeft + used.width : contentLeft - line.width;
  const baseline = state.baseline ?? used.border.top + used.padding.top + line.baseline;
  const fragment = createBoxFragment(marker.style, '::marker', {}, {
    x, y: baseline - line.baseline, width: line.width, height: line.height, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE,
  }, line.fragments);
  state.children.push(fragment);
}
