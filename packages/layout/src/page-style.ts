import type { BackgroundLayer, Color, ComputedStyle, ContentItem, Length } from './style.js';

/** Which page is being styled, for `@page :first/:left/:right/:blank` and named pages. */
export interface PageSelectorContext {
  readonly index: number; // 0-based
  readonly name: string; // '' for unnamed
  readonly blank: boolean;
}

export type MarginBoxName =
  | 'top-left-corner'
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'top-right-corner'
  | 'right-top'
  | 'right-middle'
  | 'right-bottom'
  | 'bottom-right-corner'
  | 'bottom-right'
  | 'bottom-center'
  | 'bottom-left'
  | 'bottom-left-corner'
  | 'left-bottom'
  | 'left-middle'
  | 'left-top';

export interface MarginBox {
  readonly name: MarginBoxName;
  readonly style: ComputedStyle;
  /** May contain counter(page) and counter(pages). */
  readonly content: readonly ContentItem[];
}

/** The page box after cascading `@page` rules over the PdfFormat defaults. */
export interface PageBoxStyle {
  readonly width: number; // px
  readonly height: number; // px
  /** The PDF page's size when it differs from the page box laid out (a preset's exact sheet), px. */
  readonly paper?: { readonly width: number; readonly height: number };
  readonly marginTop: Length;
  readonly marginRight: Length;
  readonly marginBottom: Length;
  readonly marginLeft: Length;
  /** Painted over the whole page box, under the canvas background. */
  readonly backgroundColor: Color;
  /** `@page { background-image … }`, painted over the whole page box (absent = none). */
  readonly backgroundLayers?: readonly BackgroundLayer[];
  readonly marginBoxes: readonly MarginBox[];
  /**
   * The page context's own style when `@page` gives it a border or padding: the border is drawn
   * round the page area and both move the body inwards (absent = neither).
   */
  readonly frame?: ComputedStyle;
  /** `@page { counter-reset / counter-increment: page … }` (absent = the implicit increment by one). */
  readonly pageCounter?: { readonly reset: number | null; readonly increment: number | null };
}

export type PageStyleResolver = (page: PageSelectorContext) => PageBoxStyle;
