import type { ContainerBox } from '../boxes/box.js';
import type { LayoutContext } from '../flow/context.js';
import type { UsedBox } from '../flow/box-model.js';
import type { LayoutResult, Resume, Space } from '../flow/types.js';
import { layoutUnits, type UnitGeometry } from '../items/unit-layout.js';
import { computeGridGeometry, type GridGeometry } from './grid-geometry.js';
import { geometryCache } from '../items/geometry-cache.js';
import { lentKey } from './subgrid.js';

const cachedGeometry = geometryCache<GridGeometry>();

/** The grid's rows as break units, cached per layout context, container size and lent subgrid tracks. */
function gridUnits(box: ContainerBox, used: UsedBox, ctx: LayoutContext): UnitGeometry {
  // A hit lends its tracks to the subgrids again, as computing them does.
  const compute = (): GridGeometry => computeGridGeometry(box, used, ctx);
  return cachedGeometry(box, used, ctx, compute, lentKey(box, ctx), (geo) => geo.lendSubgrids());
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
