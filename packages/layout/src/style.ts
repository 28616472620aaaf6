/**
 * Computed style: the contract between core/style (which produces it) and layout/paint
 * (which consume it). Values are CSS computed values with absolute lengths resolved to
 * CSS px; percentages, `auto` and `calc()` with a percentage stay symbolic until layout
 * knows the containing block.
 *
 * Producers may add properties (additively); consumers must not mutate a style.
 */

/** A length that may depend on a reference size: `px + pct% × reference`. */
export interface Calc {
  readonly px: number;
  readonly pct: number;
}

/** A value with a percentage part: a percentage, or a calc() with one (keywords and plain lengths have none). */
export function hasPercent(v: unknown): boolean {
  return typeof v === 'object' && v !== null && 'pct' in v && (v as Calc).pct !== 0;
}
/** A plain number is CSS px. */
export type Length = number | Calc;
export type LengthOrAuto = Length | 'auto';
export type LengthOrNone = Length | 'none';
/**
 * Intrinsic size keywords of the width, height, min- and max- properties (CSS Sizing 3 §3.2; core maps the
 * `-webkit-` aliases here), and `stretch` (CSS Sizing 4 §3.1, Chromium's -webkit-fill-available).
 * Layout code that does not handle them treats them as `auto` (`none` for max-*): `definite()`
 * returns null for them.
 */
export type SizeKeyword = 'min-content' | 'max-content' | 'fit-content' | 'stretch';
/**
 * `aspect-ratio` (CSS Sizing 4 §5.1): width / height, and whether `auto` came with it (a
 * replaced element's natural ratio then wins, and the ratio relates content boxes).
 */
export type AspectRatio = 'auto' | { readonly ratio: number; readonly auto: boolean };

/** Straight (non-premultiplied) RGBA, channels 0–255, alpha 0–1. */
export interface Color {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

export type BorderStyle =
  'none' | 'hidden' | 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset';

export interface BorderSide {
  readonly width: number; // px; 0 when style is none/hidden
  readonly style: BorderStyle;
  readonly color: Color;
  /** An inset/outset/groove/ridge side whose colour is `currentcolor` (paint/borders.ts shades it from #eeeeee). */
  readonly currentColor3d?: true;
}

export type Display =
  | 'none'
  | 'contents'
  | 'block'
  | 'inline'
  | 'inline-block'
  | 'list-item'
  | 'flex'
  | 'inline-flex'
  | 'grid'
  | 'inline-grid'
  | 'table'
  | 'inline-table'
  | 'table-row-group'
  | 'table-header-group'
  | 'table-footer-group'
  | 'table-row'
  | 'table-cell'
  | 'table-column'
  | 'table-column-group'
  | 'table-caption'
  | 'flow-root';

export interface ColorStop {
  readonly color: Color;
  readonly position: Length | null; // null: distributed evenly
}
export type Image =
  | { readonly kind: 'url'; readonly url: string }
  | {
      readonly kind: 'linear-gradient';
      readonly angleDeg: number; // CSS angle: 0 = to top, 90 = to right
      readonly stops: readonly ColorStop[];
      readonly repeating: boolean;
    }
  | {
      readonly kind: 'radial-gradient';
      readonly shape: 'circle' | 'ellipse';
      readonly size:
        'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner' | readonly [Length, Length];
      readonly position: readonly [Length, Length];
      readonly stops: readonly ColorStop[];
      readonly repeating: boolean;
    };

export interface BackgroundLayer {
  readonly image: Image;
  readonly size: 'auto' | 'cover' | 'contain' | readonly [LengthOrAuto, LengthOrAuto];
  readonly position: readonly [Length, Length];
  readonly repeat: readonly ['repeat' | 'no-repeat' | 'space' | 'round', 'repeat' | 'no-repeat' | 'space' | 'round'];
  readonly origin: 'border-box' | 'padding-box' | 'content-box';
  readonly clip: 'border-box' | 'padding-box' | 'content-box';
}

/** A side's border-image-width or -outset: a length, or a number of times the border width. */
export type BorderImageLength = Length | { readonly times: number };
export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space';

/** CSS Backgrounds 3 §6 border-image; sides in top, right, bottom, left order. */
export interface BorderImage {
  readonly source: Image;
  /** border-image-slice: image pixels (numbers) or percentages of the image's size. */
  readonly slice: readonly [Length, Length, Length, Length];
  readonly fill: boolean;
  readonly width: readonly [
    BorderImageLength | 'auto',
    BorderImageLength | 'auto',
    BorderImageLength | 'auto',
    BorderImageLength | 'auto',
  ];
  readonly outset: readonly [BorderImageLength, BorderImageLength, BorderImageLength, BorderImageLength];
  /** Horizontal (top and bottom edges, middle) then vertical. */
  readonly repeat: readonly [BorderImageRepeat, BorderImageRepeat];
}

export interface Shadow {
  readonly x: number;
  readonly y: number;
  readonly blur: number;
  readonly spread: number;
  readonly color: Color;
  readonly inset: boolean;
}

export type TransformFn =
  | { readonly kind: 'translate'; readonly x: Length; readonly y: Length }
  | { readonly kind: 'rotate'; readonly deg: number }
  | { readonly kind: 'scale'; readonly x: number; readonly y: number }
  | { readonly kind: 'skew'; readonly xDeg: number; readonly yDeg: number }
  | { readonly kind: 'matrix'; readonly m: readonly [number, number, number, number, number, number] };

/**
 * CSS 2 §11.1.2 `clip: rect(top, right, bottom, left)` of an absolutely positioned box: offsets
 * from its border box's top-left corner, px; `auto` is that side's border edge.
 */
export interface ClipRect {
  readonly top: number | 'auto';
  readonly right: number | 'auto';
  readonly bottom: number | 'auto';
  readonly left: number | 'auto';
}

/** CSS Shapes 1 §3 basic shapes; percentages refer to the reference box. */
export type BasicShape =
  | {
      readonly kind: 'inset';
      readonly top: Length;
      readonly right: Length;
      readonly bottom: Length;
      readonly left: Length;
      /** Corner radii as border-radius: top-left, top-right, bottom-right, bottom-left. */
      readonly radii: readonly [
        readonly [Length, Length],
        readonly [Length, Length],
        readonly [Length, Length],
        readonly [Length, Length],
      ];
    }
  | { readonly kind: 'circle'; readonly radius: ShapeRadius; readonly center: readonly [Length, Length] }
  | {
      readonly kind: 'ellipse';
      readonly rx: ShapeRadius;
      readonly ry: ShapeRadius;
      readonly center: readonly [Length, Length];
    }
  | { readonly kind: 'polygon'; readonly evenOdd: boolean; readonly points: readonly (readonly [Length, Length])[] };
export type ShapeRadius = Length | 'closest-side' | 'farthest-side';

/** CSS Masking 1 §5.1 `clip-path: <basic-shape> || <geometry-box>`; a null shape clips to the box. */
export interface ClipPath {
  readonly shape: BasicShape | null;
  readonly box: 'border-box' | 'padding-box' | 'content-box' | 'margin-box';
}

export type BreakValue =
  'auto' | 'avoid' | 'page' | 'left' | 'right' | 'avoid-page' | 'column' | 'avoid-column' | 'recto' | 'verso';

/** A track size of grid-template-columns/rows, already expanded except `repeat(auto-*)`. */
export type TrackSize =
  | { readonly kind: 'length'; readonly value: Length }
  | { readonly kind: 'fr'; readonly value: number }
  | { readonly kind: 'auto' | 'min-content' | 'max-content' }
  | { readonly kind: 'minmax'; readonly min: TrackSize; readonly max: TrackSize }
  | { readonly kind: 'fit-content'; readonly value: Length };
export interface TrackList {
  readonly tracks: readonly TrackSize[];
  /** Line names before each track (index i) and after the last (index tracks.length). */
  readonly lineNames: readonly (readonly string[])[];
  /** `repeat(auto-fill|auto-fit, …)`: position in `tracks` and the repeated tracks. */
  readonly autoRepeat: {
    readonly type: 'auto-fill' | 'auto-fit';
    readonly index: number;
    readonly tracks: readonly TrackSize[];
    readonly lineNames: readonly (readonly string[])[];
    /** Names written just before the repeat (its first line); `lineNames[index]` then names the line after it. */
    readonly before?: readonly string[];
  } | null;
  /**
   * `subgrid [names]*` (CSS Grid 2 §9): no tracks of its own; `lineNames` are the names given
   * to its lines in order. Outside a grid parent it behaves as `none`.
   */
  readonly subgrid?: boolean;
}
export type GridLine =
  | { readonly kind: 'auto' }
  | { readonly kind: 'line'; readonly index: number; readonly name: string | null }
  | { readonly kind: 'span'; readonly count: number; readonly name: string | null }
  | { readonly kind: 'name'; readonly name: string };

/** Generated content of ::before/::after and @page margin boxes. */
export type ContentItem =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'attr'; readonly name: string }
  | { readonly kind: 'counter'; readonly name: string; readonly style: string }
  | { readonly kind: 'counters'; readonly name: string; readonly separator: string; readonly style: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'open-quote' | 'close-quote' }
  /** CSS GCPM 3 §2.4: the value of a counter (`page`: the page number) where the target element is. */
  | { readonly kind: 'target-counter'; readonly target: TargetRef; readonly name: string; readonly style: string }
  /** CSS GCPM 3 §2.4: the target element's text. */
  | { readonly kind: 'target-text'; readonly target: TargetRef }
  /** CSS GCPM 3 §3: a string repeated to fill the rest of the line. */
  | { readonly kind: 'leader'; readonly pattern: string };

/** The `<url>` of a cross-reference: an attribute of the element (`attr(href url)`), or written out. */
export type TargetRef = { readonly attr: string } | { readonly url: string };

export interface ComputedStyle {
  // Box generation and positioning
  readonly display: Display;
  readonly position: 'static' | 'relative' | 'absolute' | 'fixed' | 'sticky';
  readonly top: LengthOrAuto;
  readonly right: LengthOrAuto;
  readonly bottom: LengthOrAuto;
  readonly left: LengthOrAuto;
  readonly float: 'none' | 'left' | 'right';
  readonly clear: 'none' | 'left' | 'right' | 'both';
  readonly zIndex: number | 'auto';
  readonly overflow: 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
  readonly visibility: 'visible' | 'hidden' | 'collapse';
  readonly opacity: number;
  readonly transform: readonly TransformFn[];
  readonly transformOrigin: readonly [Length, Length];
  /** CSS 2 §11.1.2, on absolutely positioned boxes only. Absent = auto. */
  readonly clip?: ClipRect;
  /** CSS Masking 1 §5.1. Absent = none. */
  readonly clipPath?: ClipPath;
  /** border-image, absent when border-image-source is none. */
  readonly borderImage?: BorderImage;

  // Box model
  readonly boxSizing: 'content-box' | 'border-box';
  readonly width: LengthOrAuto | SizeKeyword;
  readonly height: LengthOrAuto | SizeKeyword;
  readonly minWidth: LengthOrAuto | SizeKeyword;
  readonly minHeight: LengthOrAuto | SizeKeyword;
  readonly maxWidth: LengthOrNone | SizeKeyword;
  readonly maxHeight: LengthOrNone | SizeKeyword;
  readonly aspectRatio: AspectRatio;
  /**
   * Size containment (`contain: size | inline-size`, CSS Contain 2 §3.2), absent otherwise: the
   * box is sized as if its content were `width` × `height` (contain-intrinsic-size, 0 for
   * none); with inline-size containment (`block: false`) only its inline size is.
   */
  readonly sizeContainment?: { readonly block: boolean; readonly width: number; readonly height: number };
  /**
   * A horizontal form control whose author width has a percentage: its own content width (from
   * `cols`, `size`, its font; boxes/form-controls.ts), which its intrinsic contributions use in
   * place of the percentage (CSS Sizing 3 §5.2.1, as if auto; §5.2.2: compressible, so it adds
   * nothing to the min-content size). Absent otherwise.
   */
  readonly controlContentWidth?: number;
  /**
   * Quirks mode only (no doctype): the top/bottom margin is one of the UA sheet's "quirky"
   * margins (Chromium's `__qem` on p, h1–h6, lists, dl, blockquote), which Chromium drops
   * at the top/bottom of a table cell or body (LayoutBlockFlow margin quirk). Absent otherwise.
   */
  readonly marginQuirk?: { readonly top: boolean; readonly bottom: boolean };
  readonly marginTop: LengthOrAuto;
  readonly marginRight: LengthOrAuto;
  readonly marginBottom: LengthOrAuto;
  readonly marginLeft: LengthOrAuto;
  readonly paddingTop: Length;
  readonly paddingRight: Length;
  readonly paddingBottom: Length;
  readonly paddingLeft: Length;
  readonly borderTop: BorderSide;
  readonly borderRight: BorderSide;
  readonly borderBottom: BorderSide;
  readonly borderLeft: BorderSide;
  /** Corner radii [horizontal, vertical]: top-left, top-right, bottom-right, bottom-left. */
  readonly borderRadius: readonly [
    readonly [Length, Length],
    readonly [Length, Length],
    readonly [Length, Length],
    readonly [Length, Length],
  ];
  readonly outline: BorderSide;
  readonly outlineOffset: number;
  readonly boxShadow: readonly Shadow[];

  // Backgrounds
  readonly backgroundColor: Color;
  /** Top layer first, as written in CSS. */
  readonly backgroundLayers: readonly BackgroundLayer[];
  /** The bottom layer's background-clip, which clips background-color (CSS Backgrounds 3 §3.2). */
  readonly backgroundClip: BackgroundLayer['clip'];

  // Text and fonts (inherited)
  readonly color: Color;
  /** Family names as written, generic keywords lower-cased (`serif`, `sans-serif`, `monospace`…). */
  readonly fontFamily: readonly string[];
  readonly fontSize: number;
  readonly fontWeight: number;
  readonly fontStyle: 'normal' | 'italic' | 'oblique';
  readonly fontVariant: 'normal' | 'small-caps';
  /**
   * `font-size-adjust` (CSS Fonts 5 §2.6): the aspect value the first available font's x-height
   * (or cap height) per em is brought to, which makes the used font size differ from fontSize.
   */
  readonly fontSizeAdjust: 'none' | { readonly metric: 'ex-height' | 'cap-height'; readonly value: number };
  /** `normal`, a unitless multiplier `{ factor }`, or px. */
  readonly lineHeight: 'normal' | { readonly factor: number } | number;
  readonly textAlign: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  readonly textAlignLast: 'auto' | 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  /**
   * Chromium's `-webkit-left/right/center` (from HTML `align` attributes and `<center>`):
   * besides aligning text like textAlign, it aligns block-level children narrower than the
   * container whose inline margins are not `auto` (auto margins still win), e.g. a table in
   * `<td align=right>` or `<center><table>`. Inherited. Absent = none.
   */
  readonly legacyAlign?: 'left' | 'right' | 'center';
  readonly textIndent: Length;
  readonly textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  readonly letterSpacing: number; // px; `normal` = 0
  readonly wordSpacing: number; // px; `normal` = 0
  readonly whiteSpace: 'normal' | 'nowrap' | 'pre' | 'pre-wrap' | 'pre-line' | 'break-spaces';
  readonly wordBreak: 'normal' | 'break-all' | 'keep-all' | 'break-word';
  readonly overflowWrap: 'normal' | 'break-word' | 'anywhere';
  readonly hyphens: 'none' | 'manual' | 'auto';
  /** CSS Text 4 §6.3, inherited: `pretty` lets the last lines of a paragraph be broken again (flow/pretty-lines.ts). */
  readonly textWrapStyle: 'auto' | 'balance' | 'stable' | 'pretty';
  readonly lang: string; // from the nearest `lang` attribute, '' when none
  readonly direction: 'ltr' | 'rtl';
  /**
   * CSS Writing Modes 4 §3.1, inherited. Absent = horizontal-tb (only vertical styles carry
   * it). Layout lays a vertical subtree out in a logical, horizontal frame (src/writing-mode).
   */
  readonly writingMode?: 'vertical-rl' | 'vertical-lr' | 'sideways-rl' | 'sideways-lr';
  /** CSS Writing Modes 4 §5.1, with writingMode only (absent = mixed). */
  readonly textOrientation?: 'mixed' | 'upright' | 'sideways';
  /** CSS Writing Modes 4 §9.1, with writingMode only (absent = none). */
  readonly textCombineUpright?: 'all';
  readonly unicodeBidi: 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';
  readonly textOverflow: 'clip' | 'ellipsis';
  readonly tabSize: number; // in spaces
  readonly listStyleType: string; // 'disc' | 'circle' | 'square' | 'decimal' | 'lower-alpha' | … | 'none' | a quoted string's value prefixed with '"'
  readonly listStylePosition: 'outside' | 'inside';
  readonly listStyleImage: Image | null;
  readonly quotes: readonly string[] | 'auto' | 'none';

  // Not inherited text decoration (propagated to descendants' text by layout)
  readonly textDecorationLine: {
    readonly underline: boolean;
    readonly overline: boolean;
    readonly lineThrough: boolean;
  };
  readonly textDecorationColor: Color | 'currentcolor';
  readonly textDecorationStyle: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  readonly textDecorationThickness: number | 'auto';
  /** CSS Text Decoration 4 §4.3, px (a percentage is of 1em). */
  readonly textUnderlineOffset: number | 'auto';
  readonly textShadow: readonly Shadow[];
  readonly verticalAlign:
    'baseline' | 'sub' | 'super' | 'top' | 'middle' | 'bottom' | 'text-top' | 'text-bottom' | Length;

  // Generated content and counters
  readonly content: readonly ContentItem[] | 'normal' | 'none';
  readonly counterReset: readonly { readonly name: string; readonly value: number }[];
  readonly counterIncrement: readonly { readonly name: string; readonly value: number }[];
  readonly counterSet: readonly { readonly name: string; readonly value: number }[];

  // Tables
  readonly borderCollapse: 'separate' | 'collapse';
  readonly borderSpacing: readonly [number, number];
  readonly tableLayout: 'auto' | 'fixed';
  readonly captionSide: 'top' | 'bottom';
  readonly emptyCells: 'show' | 'hide';

  // Flexbox
  readonly flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse';
  readonly flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse';
  readonly flexGrow: number;
  readonly flexShrink: number;
  readonly flexBasis: LengthOrAuto | 'content';
  readonly order: number;
  readonly justifyContent: string; // flex-start | flex-end | center | space-between | space-around | space-evenly | start | end | left | right | stretch | normal
  readonly alignItems: string; // stretch | flex-start | flex-end | center | baseline | start | end | normal
  readonly alignSelf: string; // auto | same as alignItems
  readonly alignContent: string;
  /**
   * `display: -webkit-box` (core maps its -webkit-box-* properties onto the flex ones): its
   * inline-level children are wrapped in anonymous block items, not each made a flex item,
   * as Chromium does. Absent otherwise.
   */
  readonly legacyFlexibleBox?: true;
  /**
   * `-webkit-line-clamp` on a vertical `display: -webkit-box` (CSS Overflow 4 §5.2, core makes the
   * box a block container): its lines after the Nth no longer size it, and the Nth ends in an
   * ellipsis. Absent otherwise. Anonymous boxes keep it, so that its lines see it.
   */
  readonly lineClamp?: number;
  /**
   * CSS Inline 3 §6.1 `text-box-trim` (absent = none): the block container trims the over side
   * of its first formatted line and/or the under side of its last to `textBoxEdge`.
   */
  readonly textBoxTrim?: 'trim-start' | 'trim-end' | 'trim-both';
  /** CSS Inline 3 §6.2 `text-box-edge`, inherited (absent = auto: the font's ascent and descent). */
  readonly textBoxEdge?: TextBoxEdge;
  /** CSS Inline 3 §7.2 `initial-letter` of a ::first-letter (absent = normal): boxes/initial-letter.ts. */
  readonly initialLetter?: InitialLetter;
  /**
   * An absolutely positioned box that was inline-level before it was blockified: its static
   * position is where it would sit in its line, not below it (CSS 2 §10.3.7, §10.6.4 "hypothetical
   * box", as Chromium places it). Absent otherwise.
   */
  readonly inlineStatic?: true;
  readonly justifyItems: string;
  readonly justifySelf: string;
  readonly rowGap: Length | 'normal';
  readonly columnGap: Length | 'normal';

  // Grid
  readonly gridTemplateColumns: TrackList | 'none';
  readonly gridTemplateRows: TrackList | 'none';
  readonly gridTemplateAreas: readonly (readonly string[])[] | 'none';
  readonly gridAutoColumns: readonly TrackSize[];
  readonly gridAutoRows: readonly TrackSize[];
  readonly gridAutoFlow: { readonly direction: 'row' | 'column'; readonly dense: boolean };
  readonly gridColumnStart: GridLine;
  readonly gridColumnEnd: GridLine;
  readonly gridRowStart: GridLine;
  readonly gridRowEnd: GridLine;

  // Multi-column
  readonly columnCount: number | 'auto';
  readonly columnWidth: number | 'auto';
  readonly columnRule: BorderSide;
  readonly columnSpan: 'none' | 'all';
  readonly columnFill: 'balance' | 'auto';
  /** CSS Multicol 2 `column-height` and `column-wrap`: rows of columns (multicol/column-rows.ts). */
  readonly columnHeight: number | 'auto';
  readonly columnWrap: 'auto' | 'nowrap' | 'wrap';

  // Fragmentation and paged media
  readonly breakBefore: BreakValue;
  readonly breakAfter: BreakValue;
  readonly breakInside: 'auto' | 'avoid' | 'avoid-page' | 'avoid-column';
  readonly orphans: number;
  readonly widows: number;
  readonly page: string; // named page, 'auto'
  readonly boxDecorationBreak: 'slice' | 'clone';

  // Replaced content
  readonly objectFit: 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';
  readonly objectPosition: readonly [Length, Length];
  readonly imageRendering: 'auto' | 'pixelated' | 'crisp-edges';
  /**
   * A form control's native look (CSS UI 4 §5.1): `auto` paints it as Chromium's theme does,
   * `none` as a plain CSS box. `menulist-button` is a drop-down `<select>` whose border or
   * background the author styled: a CSS box that keeps its arrow (Chromium's LayoutTheme).
   */
  readonly appearance: 'auto' | 'none' | 'menulist-button';
  /**
   * CSS UI 4 §6.2 field-sizing: `content` sizes a textarea's height to its text (its `rows`
   * ignored) instead of the fixed size its attributes give.
   */
  readonly fieldSizing: 'fixed' | 'content';
}

/** Resolve a length against a reference size (the containing block's width, usually). */
/**
 * A side as the collapsing border model draws it: inset as ridge, outset as groove (CSS 2.1
 * §17.6.3). Collapsed table borders and column rules (CSS Multi-column 1 §4.3) use it.
 */
export function collapsingModelSide(side: BorderSide): BorderSide {
  if (side.style === 'inset') return { ...side, style: 'ridge' };
  if (side.style === 'outset') return { ...side, style: 'groove' };
  return side;
}

export function resolveLength(length: Length, reference: number): number {
  return typeof length === 'number' ? length : length.px + (length.pct * reference) / 100;
}

/**
 * Chromium's LayoutUnit: a used length in 1/64 px, truncated toward zero (LayoutUnit(float);
 * 20.8px is 20.796875). The epsilon keeps values already on the grid there despite float error.
 */
export function layoutUnit(v: number): number {
  return Math.trunc(v * 64 + (v < 0 ? -1e-6 : 1e-6)) / 64;
}

/** A length `px` longer (its percentage part kept). */
export function addPx(length: Length, px: number): Length {
  return typeof length === 'number' ? length + px : { px: length.px + px, pct: length.pct };
}

/** `text-box-edge` (CSS Inline 3 §6.2): the metric each side of a trimmed line is cut to. */
/** CSS Inline 3 §7.2: the initial letter's size in lines of its paragraph, and the line its baseline sits on. */
export interface InitialLetter {
  readonly size: number;
  readonly sink: number;
}

export interface TextBoxEdge {
  readonly over: 'text' | 'cap' | 'ex';
  readonly under: 'text' | 'alphabetic';
}
