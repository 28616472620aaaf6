import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import type { UsedBox } from '../flow/box-model.js';
import type { LayoutResult, Resume, Space } from '../flow/types.js';
import { computeFlexGeometry } from './flex-geometry.js';
import { isBaselineAligned } from './flex-cross.js';
import { layoutUnits, type UnitGeometry } from './unit-layout.js';

const geometryCache = new WeakMap<object, WeakMap<ContainerBox, { key: string; geo: UnitGeometry }>>();

/** The flex algorithm's result as break units, cached per layout context and container size. */
function flexUnits(box: ContainerBox, used: UsedBox, ctx: LayoutContext): UnitGeometry {
  let perCtx = geometryCache.get(ctx.lineCache);
  if (!perCtx) geometryCache.set(ctx.lineCache, (perCtx = new WeakMap()));
  const key = `${used.width}|${used.height}|${used.minHeight}|${used.maxHeight}`;
  const hit = perCtx.get(box);
  if (hit && hit.key === key) return hit.geo;
  const geo = computeFlexGeometry(box, used, ctx);
  const units = geo.units.map((u) => ({
    top: u.top,
    bottom: u.bottom,
    items: u.items.map((p) => ({
      box: p.item.box,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
      pinHeight: p.pinHeight,
      baselineAligned: isBaselineAligned({ item: p.item, cross: p.height, baseline: null }, box.style, geo.axes),
    })),
  }));
  const result: UnitGeometry = { units, contentHeight: geo.contentHeight };
  perCtx.set(box, { key, geo: result });
  return result;
}

/**
 * Flex container layout (CSS Flexbox §9) with fragmentation as Chromium does it (§12): breaks
 * go between lines (items of a column container), and a line that reaches past the page end
 * has its items broken in parallel.
 */
export function layoutFlex(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  const token = resume?.kind === 'flex' ? { unit: resume.item, inner: resume.inner, offset: resume.offset } : null;
  return layoutUnits(
    box,
    space,
    token,
    ctx,
    (used) => flexUnits(box, used, ctx),
    (c) => ({ kind: 'flex', item: c.unit, inner: c.inner, offset: c.offset }),
  );
}
