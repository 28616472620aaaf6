import type { ContainerBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { LayoutContext } from '../flow/context.js';
import { withCounters } from '../flow/context.js';
import { movedFragment } from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import { NO_MARGINS, resolveMargins } from '../flow/types.js';

/** A header or footer laid out for one page: its fragment at (0, 0) of its margin box, and that box's height. */
export interface Chrome {
  readonly fragment: Fragment | null;
  readonly height: number;
}

/**
 * Header and footer components sit inside the page's content box (DECISIONS.md), laid out
 * whole (never split) with the given page counters.
 */
export function layoutChrome(
  box: ContainerBox,
  width: number,
  page: number,
  pages: number,
  ctx: LayoutContext,
): Chrome {
  const r = layoutBox(
    box,
    {
      inlineSize: width,
      blockSize: Infinity,
      pageIsEmpty: true,
      mode: 'layout',
      marginAbove: NO_MARGINS,
      truncateMargins: false,
      cbBlockSize: null,
    },
    null,
    withCounters(ctx, page, pages),
  );
  const top = resolveMargins(r.marginTop);
  const fragment = r.fragment && movedFragment(r.fragment, 0, top);
  return { fragment, height: top + r.height + resolveMargins(r.marginBottom) };
}
