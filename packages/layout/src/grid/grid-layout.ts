import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import type { UsedBox } from '../flow/box-model.js';
import type { LayoutResult, Resume, Space } from '../flow/types.js';
import { layoutUnits, type UnitGeometry } from '../flex/unit-layout.js';
import { computeGridGeometry, type GridGeometry } from './grid-geometry.js';
import { lentKey } from './subgrid.js';

const geometryCache = new WeakMap<object, WeakMap<ContainerBox, { key: string; geo: GridGeometry }>>();

function gridUnits(box: ContainerBox, used: UsedBox, ctx: LayoutContext): UnitGeometry {
  let perCtx = geometryCache.get(ctx.lineCache);
  if (!perCtx) geometryCache.set(ctx.lineCache, (perCtx = new WeakMap()));
  const key = `${used.width}|${used.height}|${used.minHeight}|${used.maxHeight}|${lentKey(box)}`;
  const hit = perCtx.get(box);
  if (hit && hit.key === key) {
    hit.geo.lendSubgrids();
    return hit.geo;
  }
  const geo = computeGridGeometry(box, used, ctx);
  perCtx.set(box, { key, geo });
  return geo;
}

/**
 * Grid container layout (CSS Grid §11–12), fragmented as Chromium does: breaks go between
 * rows, and a row reaching past the page end has its items broken in parallel.
 */
export function layoutGrid(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  const token =
    resume?.kind === 'grid' ? { unit: resume.row, inner: resume.inner ?? null, offset: resume.offset } : null;
  return layoutUnits(
    box,
    space,
    token,
    ctx,
    (used) => gridUnits(box, used, ctx),
    (c) => ({ kind: 'grid', row: c.unit, offset: c.offset, inner: c.inner }),
  );
}
