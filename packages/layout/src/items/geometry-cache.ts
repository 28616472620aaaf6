import type { ContainerBox } from '../boxes/box.js';
import { cacheOf, cacheSlot, type LayoutContext } from '../flow/context.js';
import type { UsedBox } from '../flow/box-model.js';

/**
 * A cache of flex or grid container geometries: per layout pass, the last geometry computed
 * for each container with the used sizes (and `extraKey`) it was computed for. `reuse` runs on a hit.
 */
export function geometryCache<G>(): (
  box: ContainerBox,
  used: UsedBox,
  ctx: LayoutContext,
  compute: () => G,
  extraKey?: string,
  reuse?: (geo: G) => void,
) => G {
  const slot = cacheSlot('pass', () => new WeakMap<ContainerBox, { key: string; geo: G }>());
  return (box, used, ctx, compute, extraKey = '', reuse) => {
    const perCtx = cacheOf(ctx, slot);
    const key = `${used.width}|${used.height}|${used.minHeight}|${used.maxHeight}|${extraKey}`;
    const hit = perCtx.get(box);
    if (hit && hit.key === key) {
      reuse?.(hit.geo);
      return hit.geo;
    }
    const geo = compute();
    perCtx.set(box, { key, geo });
    return geo;
  };
}
