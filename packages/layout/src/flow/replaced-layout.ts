import type { ReplacedBox } from '../boxes/box.js';
import type { LayoutContext } from './context.js';
import { borderEdges, marginOrZero, paddingEdges, placeInline } from './box-model.js';
import { createBoxFragment, WHOLE } from './fragments.js';
import { imageFragment, replacedSize } from './replaced-size.js';
import { roomNeeded } from './end-reserve.js';
import { addMargin, NO_MARGINS, nothingAbove, resolveMargins, type LayoutResult, type Space } from './types.js';

/** A block-level replaced element (CSS 2.1 §10.3.4): monolithic, pushed to the next page when it does not fit. */
export function layoutBlockReplaced(box: ReplacedBox, space: Space, ctx: LayoutContext): LayoutResult {
  void ctx;
  const s = box.style;
  const size = replacedSize(box, space.inlineSize, space.cbBlockSize);
  const border = borderEdges(s);
  const padding = paddingEdges(s, space.inlineSize);
  const outerWidth = size.width + border.left + border.right + padding.left + padding.right;
  const height = size.height + border.top + border.bottom + padding.top + padding.bottom;
  // Margins by §10.3.4 (as §10.3.3), then the parent's `-webkit-*` alignment (`<td align=right>`)
  // moves it like any block (Chromium's ResolveInlineAutoMargins).
  const rtl = space.cbDirection === 'rtl';
  const { left } = placeInline(s, space.inlineSize, outerWidth, rtl, space.cbLegacyAlign);
  const marginTop = space.truncateMargins
    ? space.marginAbove
    : addMargin(space.marginAbove, marginOrZero(s.marginTop, space.inlineSize));
  // The end edges of the boxes it ends go with it (src/flow/end-reserve.ts).
  const below = roomNeeded(space.endReserve, marginOrZero(s.marginBottom, space.inlineSize));
  // It moves on when it does not fit below what is above it, or, after content, with the end edges.
  const top = resolveMargins(marginTop) + height;
  if (
    space.mode === 'layout' &&
    ((!space.pageIsEmpty && top > space.blockSize + 1e-6) ||
      (!nothingAbove(space) && top + below > space.blockSize + 1e-6))
  ) {
    return {
      fragment: null,
      resume: null,
      marginTop,
      marginBottom: NO_MARGINS,
      collapsesThrough: false,
      height: 0,
      baseline: null,
      lastBaseline: null,
    };
  }
  const image = imageFragment(box, border.left + padding.left, border.top + padding.top, size.width, size.height);
  const fragment = createBoxFragment(
    s,
    box.tag,
    box.attrs,
    {
      x: left,
      y: 0,
      width: outerWidth,
      height,
      border,
      padding,
      part: WHOLE,
    },
    box.src ? [image] : [],
  );
  return {
    fragment,
    resume: null,
    marginTop,
    marginBottom: addMargin(NO_MARGINS, marginOrZero(s.marginBottom, space.inlineSize)),
    collapsesThrough: false,
    height,
    baseline: null,
    lastBaseline: null,
  };
}
