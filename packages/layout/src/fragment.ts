import type { Color, ComputedStyle } from './style.js';
import type { GlyphRun } from './measurer.js';

/**
 * Layout output. Coordinates are absolute on the page, in CSS px, y downwards.
 * Painting order (z-index, positioned, floats) is decided by the painter from `style`.
 */

export interface Part {
  readonly isFirst: boolean;
  readonly isLast: boolean;
}

export interface Edges {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface BoxFragment {
  readonly kind: 'box';
  readonly style: ComputedStyle;
  /** Border box. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Used border widths (a side cut by a page break is 0, as box-decoration-break: slice). */
  readonly border: Edges;
  readonly padding: Edges;
  readonly part: Part;
  /** Element identity for links, bookmarks and debugging (`tag`, `id`, `href`). */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly Fragment[];
}

export interface TextDecoration {
  readonly line: 'underline' | 'overline' | 'line-through';
  readonly x: number;
  readonly y: number; // centre of the line
  readonly width: number;
  readonly thickness: number;
  readonly color: Color;
  readonly style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
}

export interface TextFragment {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  /** Left edge of the first glyph, and the baseline. */
  readonly x: number;
  readonly baseline: number;
  readonly width: number;
  /** Runs in visual order, drawn left to right from `x`. */
  readonly runs: readonly GlyphRun[];
  /** Extra space added after each space character (text-align: justify), px. */
  readonly justifySpacing: number;
  readonly decorations: readonly TextDecoration[];
  /**
   * A line of vertical text (src/writing-mode): glyphs and decorations are drawn as above, turned
   * this many degrees clockwise about (x, baseline); the run then goes down (90) or up (-90).
   */
  readonly rotation?: 90 | -90;
  /** text-combine-upright (src/writing-mode): glyphs drawn this many times narrower about x, to fit 1em. */
  readonly compress?: number;
}

export interface ImageFragment {
  readonly kind: 'image';
  readonly style: ComputedStyle;
  /** Where the whole image is drawn (after object-fit/object-position). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The content box that clips it. */
  readonly clip: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly src: string;
}

export type Fragment = BoxFragment | TextFragment | ImageFragment;

export interface Page {
  /** 0-based. */
  readonly index: number;
  readonly width: number;
  readonly height: number;
  /** The PDF page's size when it differs from `width` × `height` (a preset's exact sheet), px. */
  readonly paper?: { readonly width: number; readonly height: number };
  readonly backgroundColor: Color;
  /**
   * Shrink to fit (Chromium prints content wider than the page scaled down): fragment
   * coordinates are in layout px, drawn `scale` times smaller from the page's top left corner.
   * Absent = 1.
   */
  readonly scale?: number;
  /** The `@page` box's background images, over the whole page box under `fragments`. */
  readonly backdrop?: readonly Fragment[];
  /** The page's own layer: the canvas background, then the body; the painter sorts by stacking. */
  readonly fragments: readonly Fragment[];
  /**
   * The page area, which clips `fragments` when present: Chromium prints none of the document
   * into the page margins (measured: a box with negative margins or insets is cut at the page
   * area on all four sides), those hold only the margin boxes (CSS Paged Media 3 §3). Absent
   * when nothing of the body reaches outside it.
   */
  readonly area?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /**
   * Slices of earlier pages' content that overflowed their page area (monolithic overflow,
   * src/page/overflow-pages.ts): each earlier body moved by `dy`, painted clipped to `area`
   * over the backdrop and under `fragments`.
   */
  readonly carried?: readonly { readonly fragments: readonly Fragment[]; readonly dy: number }[];
  /**
   * Header, footer and margin boxes, painted above `fragments` as a layer of their own (the
   * services users' templates were written for print header and footer templates as documents
   * of their own). Absent from pages given to a PageSink, which receives them through `end`.
   */
  readonly chrome?: readonly Fragment[];
}

/**
 * Receives pages as pagination finishes them, so that a long document's fragments can be
 * painted and dropped page by page instead of all living until its last page is laid out.
 * Values go one way: a layout attempt that has to start over (shrink to fit, page numbers that
 * make the chrome taller) tells its driver, which drops the sink (streamDocument).
 */
export interface PageSink {
  /** A page's own layer, final. Pages come in order, from 0. */
  page(page: Page): void;
  /**
   * The last page was given: each page's chrome in page order, laid out (with the real page
   * count) as the iterable is read.
   */
  end(chrome: Iterable<readonly Fragment[]>): void;
}
