import type { ContainerBox } from '../boxes/box.js';
import { definite } from '../flow/box-model.js';
import { isSizeKeyword } from '../flow/size-keywords.js';
import type { FlexItem } from './flex-items.js';

/*
 * A flex item that breaks across fragmentainers may grow (CSS Flexbox §12, CSS Fragmentation 3
 * §5.2: the part of a fragmentainer a break leaves empty is consumed by the box): when its block
 * size came from its content rather than from a definite size, the fragment broken before a
 * monolithic child or a line takes the rest of the fragmentainer, and the content after the break
 * makes the item that much taller; later lines and items are pushed down. Chromium's conditions
 * (FlexLayoutAlgorithm::MinBlockSizeShouldEncompassIntrinsicSize), measured on its prints by the
 * WPT css-break flexbox tests: the pinned size is then a minimum.
 */

/** A stretched item of a row container grows, unless its line is the single line of a container of definite height. */
export function rowItemGrows(container: ContainerBox, innerH: number | null): boolean {
  return !(container.style.flexWrap === 'nowrap' && innerH !== null);
}

/**
 * An item of a column container grows when it cannot shrink and its flex basis is content-based,
 * or when its height is auto and it cannot shrink or shrinks no lower than its content (min-height: auto).
 */
export function columnItemGrows(item: FlexItem, innerH: number | null): boolean {
  const s = item.style;
  if (item.box.kind === 'replaced' || s.sizeContainment?.block) return false;
  const canShrink = s.flexShrink !== 0 && innerH !== null;
  const basis = s.flexBasis === 'auto' ? s.height : s.flexBasis;
  const basisDefinite =
    basis !== 'content' && basis !== 'auto' && !isSizeKeyword(basis) && definite(basis, innerH) !== null;
  if (!basisDefinite && !canShrink) return true;
  const heightAuto = s.height === 'auto' || isSizeKeyword(s.height);
  return heightAuto && (!canShrink || s.minHeight === 'auto');
}
