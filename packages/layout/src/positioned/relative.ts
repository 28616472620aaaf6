import type { Fragment } from '../fragment.js';
import { resolveLength, type ComputedStyle } from '../style.js';
import { movedFragment } from '../flow/fragments.js';

/**
 * A box its parent places itself (inline boxes, table cells) with `position: relative` (§9.4.3)
 * moves with its content; vertical percentages need a definite containing block height. Its
 * containing block's direction is taken as its own (inherited from the block container or table).
 */
export function shiftRelative<F extends Fragment>(fragment: F, cbWidth: number, cbHeight: number | null = null): F {
  const s = fragment.style;
  if (s.position !== 'relative') return fragment;
  return movedFragment(fragment, ...relativeOffset(s, cbWidth, cbHeight, s.direction));
}

/**
 * §9.4.3: when both are set, left wins over right if the containing block is ltr, right over
 * left if it is rtl; top wins over bottom. Percentages of the containing block.
 */
export function relativeOffset(
  s: ComputedStyle,
  cbWidth: number,
  cbh: number | null,
  cbDirection: 'ltr' | 'rtl',
): [number, number] {
  const left = s.left !== 'auto' ? resolveLength(s.left, cbWidth) : null;
  const right = s.right !== 'auto' ? resolveLength(s.right, cbWidth) : null;
  const dx = right !== null && (left === null || cbDirection === 'rtl') ? -right : (left ?? 0);
  const top = s.top !== 'auto' && (cbh !== null || typeof s.top === 'number') ? resolveLength(s.top, cbh ?? 0) : null;
  const bottom =
    s.bottom !== 'auto' && (cbh !== null || typeof s.bottom === 'number') ? resolveLength(s.bottom, cbh ?? 0) : null;
  return [dx, top ?? (bottom !== null ? -bottom : 0)];
}
