import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import { marginOrZero, type UsedBox } from '../flow/box-model.js';
import type { LayoutResult, Resume, Space } from '../flow/types.js';
import { computeFlexGeometry, type FlexUnit } from './flex-geometry.js';
import { isBaselineAligned } from './flex-cross.js';
import { layoutUnits, type Unit, type UnitGeometry } from '../items/unit-layout.js';
import { geometryCache } from '../items/geometry-cache.js';
import { hasPercentHeightDescendant } from '../items/percent-descendant.js';
import { isSizeKeyword } from '../flow/size-keywords.js';
import type { ComputedStyle } from '../style.js';

const cachedUnits = geometryCache<UnitGeometry>();

/** The flex algorithm's result as break units, cached per layout context and container size. */
function flexUnits(box: ContainerBox, used: UsedBox, ctx: LayoutContext): UnitGeometry {
  return cachedUnits(box, used, ctx, () => computeFlexUnits(box, used, ctx));
}

function computeFlexUnits(box: ContainerBox, used: UsedBox, ctx: LayoutContext): UnitGeometry {
  const geo = computeFlexGeometry(box, used, ctx);
  const unitOf = (u: FlexUnit): Unit => ({
    top: u.top,
    bottom: u.bottom,
    items: u.items.map((p) => ({
      box: p.item.box,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
      // Chromium keeps a row item's bottom margin with it at a break (unit-layout.ts marginsMoveUnit).
      ...(geo.axes.row ? { marginBottom: marginOrZero(p.item.box.style.marginBottom, used.width) } : {}),
      pinHeight: p.pinHeight,
      grows: p.grows && !hasPercentHeightDescendant(p.item.box, ctx),
      // A column item of auto height and max-height is as tall as the flex algorithm makes it.
      ...(!geo.axes.row && ownHeightAuto(p.item.box.style) ? { flexed: true } : {}),
      baselineAligned: isBaselineAligned({ item: p.item, cross: p.height, baseline: null }, box.style, geo.axes),
    })),
  });
  const units = geo.units.map(unitOf);
  const contentHeight = geo.contentHeight;
  if (!geo.lanes) return { units, contentHeight, avoidsBreaksBetween: true };
  return { units, lanes: geo.lanes.map((lane) => lane.map(unitOf)), contentHeight, avoidsBreaksBetween: true };
}

function ownHeightAuto(style: ComputedStyle): boolean {
  return (style.height === 'auto' || isSizeKeyword(style.height)) && style.maxHeight === 'none';
}

/**
 * Flex container layout (CSS Flexbox §9) with fragmentation as Chromium does it (§12): breaks
 * go between lines (items of a column container), and a line that reaches past the page end
 * has its items broken in parallel.
 */
export function layoutFlex(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  const token =
    resume?.kind === 'flex'
      ? {
          unit: resume.item,
          inner: resume.inner,
          offset: resume.offset,
          ...(resume.lanes ? { lanes: resume.lanes } : {}),
        }
      : null;
  return layoutUnits(
    box,
    space,
    token,
    ctx,
    (used) => flexUnits(box, used, ctx),
    (c) => ({ kind: 'flex', item: c.unit, inner: c.inner, offset: c.offset, ...(c.lanes ? { lanes: c.lanes } : {}) }),
  );
}
