import type { Diagnostic } from '../diagnostics.js';
import type { ImageSizes } from '../layout-document.js';
import type { Measurer } from '../measurer.js';
import { ShapeCache } from '../text/shape-cache.js';

/** Per-document layout state: injected services and caches. Not shared across documents. */
export interface LayoutContext {
  readonly measurer: Measurer;
  readonly images: ImageSizes;
  readonly shapes: ShapeCache;
  /** Counter values for `counter` boxes (header/footer page numbers). */
  readonly counters: { readonly page: number; readonly pages: number };
  /** Per-layout caches keyed by box (line breaking results depend on width only). */
  readonly lineCache: WeakMap<object, unknown>;
  readonly diagnostics: Diagnostic[];
  /** Quirks mode: inline boxes without text do not size line boxes (Quirks Mode §3.3). */
  readonly quirks: boolean;
}

export function createLayoutContext(measurer: Measurer, images: ImageSizes, quirks = false, diagnostics: Diagnostic[] = []): LayoutContext {
  return { measurer, images, shapes: new ShapeCache(measurer), counters: { page: 0, pages: 0 }, lineCache: new WeakMap(), diagnostics, quirks };
}

/** A context for laying out page chrome with given counter values (line caches are not shared). */
export function withCounters(ctx: LayoutContext, page: number, pages: number): LayoutContext {
  return { ...ctx, counters: { page, pages }, lineCache: new WeakMap() };
}
