import type { ImageSizes } from '../image-sizes.js';
import type { Measurer } from '../measurer.js';
import { ShapeCache } from '../text/shape-cache.js';

/** Per-document layout state: injected services and caches. Not shared across documents. */
export interface LayoutContext {
  readonly measurer: Measurer;
  readonly images: ImageSizes;
  readonly shapes: ShapeCache;
  /** Counter values for `counter` boxes (header/footer page numbers). */
  readonly counters: { readonly page: number; readonly pages: number };
  /** Caches of one layout pass (`cacheSlot('pass', …)`): a new pass and page chrome start with none. */
  readonly passCaches: unknown[];
  /** Caches that last the whole render (`cacheSlot('render', …)`). */
  readonly renderCaches: unknown[];
  /**
   * Caches of the pages laid out and not given to the sink yet (`cacheSlot('page', …)`), which
   * hold the fragments placed on them: emptied when pagination gives its pages away
   * (pagesGiven), so that a long document's fragments die with their page instead of living as
   * long as the boxes that cache them.
   */
  readonly pageCaches: unknown[];
  /** Quirks or limited-quirks mode: inline boxes without text do not size line boxes (Quirks Mode §3.3). */
  readonly lineHeightQuirk: boolean;
  /** Quirks mode proper (not limited-quirks): a table cell's height is its border-box height (table-rows.ts). */
  readonly quirksMode: boolean;
  /**
   * The initial containing block's height: the available inline size of an orthogonal flow
   * whose containing block has no definite height (CSS Writing Modes 4 §7.3). Pagination sets
   * it to the page area's.
   */
  readonly icb: { blockSize: number };
  /** Cross-references (`target-counter(…, page)`): shared by every pass of one document. */
  readonly targets: Targets;
}

/** The pages cross-references point to, found by one pagination pass for the next (page/paginate.ts). */
export interface Targets {
  /** Ids that `target-counter(…, page)` boxes name, as layout meets them. */
  readonly wanted: Set<string>;
  /** The page number of each wanted id, from the previous pass; null before the first pass ends. */
  pages: ReadonlyMap<string, number> | null;
}

export function createLayoutContext(
  measurer: Measurer,
  images: ImageSizes,
  lineHeightQuirk = false,
  quirksMode = false,
): LayoutContext {
  return {
    measurer,
    images,
    shapes: new ShapeCache(measurer),
    counters: { page: 0, pages: 0 },
    passCaches: [],
    renderCaches: [],
    pageCaches: [],
    lineHeightQuirk,
    quirksMode,
    icb: { blockSize: 1000 },
    targets: { wanted: new Set(), pages: null },
  };
}

/** Pagination gave its pages away: the caches of what was placed on them empty (LayoutContext.pageCaches). */
export function pagesGiven(ctx: LayoutContext): void {
  ctx.pageCaches.length = 0;
}

/** A context for laying out page chrome with given counter values (pass caches are not shared). */
export function withCounters(ctx: LayoutContext, page: number, pages: number): LayoutContext {
  return { ...ctx, counters: { page, pages }, passCaches: [], pageCaches: [] };
}

/** The context of another layout pass: the same render, its pass caches empty. */
export function newPass(ctx: LayoutContext): LayoutContext {
  return { ...ctx, passCaches: [], pageCaches: [] };
}

/**
 * A typed cache slot of the layout context, declared by the module that owns the cache, so that
 * layout's caches live in the context of one render rather than on the boxes. A `pass` cache
 * lasts one layout pass (a target-counter pass changes the text of paragraphs the last one
 * cached, so a new pass lays out again), a `render` cache the whole render, a `page` cache
 * until pagination gives away the pages it holds fragments of (LayoutContext.pageCaches).
 */
export interface CacheSlot<V> {
  readonly index: number;
  readonly scope: CacheScope;
  readonly create: () => V;
}

export type CacheScope = 'page' | 'pass' | 'render';

let slotCount = 0;

export function cacheSlot<V>(scope: CacheScope, create: () => V): CacheSlot<V> {
  return { index: slotCount++, scope, create };
}

/** The context's cache in this slot, created on first use. */
export function cacheOf<V>(ctx: LayoutContext, slot: CacheSlot<V>): V {
  const caches = slot.scope === 'pass' ? ctx.passCaches : slot.scope === 'page' ? ctx.pageCaches : ctx.renderCaches;
  return (caches[slot.index] ??= slot.create()) as V;
}

/** A slot of values computed from one object each (a box), kept by the context: `memoized`. */
export function memoSlot<K extends object, V>(scope: CacheScope): CacheSlot<WeakMap<K, V>> {
  return cacheSlot(scope, () => new WeakMap<K, V>());
}

/** `compute(key)`, kept in the context's slot for the next call with the same key. */
export function memoized<K extends object, V>(
  ctx: LayoutContext,
  slot: CacheSlot<WeakMap<K, V>>,
  key: K,
  compute: (key: K) => V,
): V {
  const cache = cacheOf(ctx, slot);
  let value = cache.get(key);
  if (value === undefined && !cache.has(key)) cache.set(key, (value = compute(key)));
  return value as V;
}
