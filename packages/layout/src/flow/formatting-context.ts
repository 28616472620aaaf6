import type { ContainerBox } from '../boxes/box.js';
import { isSpannerBox } from './column-flow.js';

/** Does the box establish a block formatting context (CSS 2.1 §9.4.1)? Its margins then never collapse with its children's. */
export function establishesBfc(box: ContainerBox): boolean {
  const s = box.style;
  return (
    box.tag === 'html' ||
    box.kind !== 'block' ||
    s.display === 'flow-root' ||
    s.display === 'inline-block' ||
    s.overflow !== 'visible' ||
    s.float !== 'none' ||
    s.position === 'absolute' ||
    s.position === 'fixed' ||
    isSpannerBox(box)
  );
}

/** Body and table cells drop quirky child margins at their edges (quirks mode only: only then are margins quirky). */
export function isQuirkyContainer(box: ContainerBox): boolean {
  return box.tag === 'body' || box.kind === 'table-cell';
}
