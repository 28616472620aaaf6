/**
 * Text measuring, injected into layout so that layout knows nothing of font files
 * (core implements it over fontkit; tests may use a fixed-advance fake).
 * All values are CSS px at the requested size.
 */

export interface FontQuery {
  /** CSS family list as computed (generic keywords lower-case). */
  readonly families: readonly string[];
  readonly weight: number;
  readonly style: 'normal' | 'italic' | 'oblique';
}

export interface FontMetrics {
  /** Above the baseline, positive. */
  readonly ascent: number;
  /** Below the baseline, positive. */
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  /** Distance of the underline's centre below the baseline, positive. */
  readonly underlineOffset: number;
  readonly underlineThickness: number;
  /** OS/2 xAvgCharWidth and the head table's bounding box width, px (sizes of text form controls). */
  readonly avgCharWidth?: number;
  readonly maxCharWidth?: number;
}

/**
 * Ink above (ascent) and below (descent) the baseline, px, positive away from it, and its
 * distance from the start of the text's advance (left) and from its end (right).
 */
export interface InkExtent {
  readonly ascent: number;
  readonly descent: number;
  readonly left: number;
  readonly right: number;
}

/** A run of glyphs from one font: what the painter draws, in logical order. */
export interface GlyphRun {
  /** Opaque key of a concrete font face, understood by the painter. */
  readonly fontId: string;
  readonly size: number;
  /** The source text of this run. */
  readonly text: string;
  readonly glyphIds: readonly number[];
  /** Advance of each glyph in px, letter- and word-spacing included. */
  readonly advances: readonly number[];
  /** Code points each glyph stands for (for the PDF's ToUnicode map). */
  readonly glyphText: readonly string[];
  /** Optional per-glyph offsets (mark positioning), px; y positive is up. */
  readonly offsets?: readonly (readonly [number, number])[];
  readonly width: number;
  readonly metrics: FontMetrics;
  readonly rtl: boolean;
}

export interface ShapeOptions {
  readonly letterSpacing?: number;
  readonly wordSpacing?: number;
  readonly rtl?: boolean;
  readonly smallCaps?: boolean;
  readonly lang?: string;
}

export interface Measurer {
  /**
   * Shape `text` with the first family that has each character (per-character
   * fallback to wide-coverage fonts), returning one run per font change.
   */
  shape(text: string, font: FontQuery, size: number, options?: ShapeOptions): readonly GlyphRun[];
  /** Metrics of the primary (first available) font for the query. */
  metrics(font: FontQuery, size: number): FontMetrics;
  /**
   * How far the glyphs of `text` reach above and below the baseline (their outlines' bounds),
   * null when no glyph has an outline; absent from measurers that know no outlines.
   */
  inkExtent?(text: string, font: FontQuery, size: number): InkExtent | null;
  /** What shaping depends on besides its arguments, when results may be shared between renders. */
  readonly environment?: ShapingEnvironment;
}

/**
 * The fonts a measurer shapes with, for sharing its results with other renders (the layout
 * ShapeCache keeps them per key across renders).
 */
export interface ShapingEnvironment {
  /**
   * Equal keys mean equal fonts (the same faces, by content, in the same order): equal
   * arguments shape alike. Null once that no longer holds (a font was dropped mid-render).
   */
  readonly key: string | null;
  /**
   * Whether runs `shape` just returned depended on the key and the arguments only: every
   * face from the query's own chain, no per-render fallback or diagnostic.
   */
  shareable(runs: readonly GlyphRun[]): boolean;
  /** Before a render uses shared runs of a query: make their faces known to the painter. */
  adopt(font: FontQuery): void;
}
