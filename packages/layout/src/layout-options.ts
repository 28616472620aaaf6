import type { Measurer } from './measurer.js';
import type { PageStyleResolver } from './page-style.js';
import type { StyledElement } from './styled-node.js';
import type { ImageSizes } from './image-sizes.js';

/** Header/footer of one page position: undefined keeps the every-page one, null prints none. */
export interface PageChrome {
  readonly header?: StyledElement | null;
  readonly footer?: StyledElement | null;
}

export interface LayoutOptions {
  readonly measurer: Measurer;
  readonly pageStyle: PageStyleResolver;
  readonly images: ImageSizes;
  /** Styled header/footer components (their root stands in for `body`), repeated on every page. */
  readonly header: StyledElement | null;
  readonly footer: StyledElement | null;
  /**
   * The first and the last page's header/footer instead of the every-page ones: a key left out
   * keeps the every-page one, null prints none. On a one-page document `firstPage` wins where both give one.
   */
  readonly firstPage?: PageChrome;
  readonly lastPage?: PageChrome;
  /** px between header/footer and body (PdfFormat component_gap). */
  readonly componentGap: number;
  readonly footerPosition: 'after-content' | 'page-bottom';
  /** PdfFormat vertical_align / horizontal_align of the body content. */
  readonly verticalAlign: 'top' | 'center' | 'bottom';
  readonly horizontalAlign: 'left' | 'center' | 'right';
  /** Stop with an error past this many pages. */
  readonly maxPages: number;
  /**
   * The document's mode (HTML §13.2.6.4.1; no doctype is quirks mode): both quirks modes have
   * the line height quirks (Quirks Mode §3.3, §3.4), only quirks mode the others.
   */
  readonly documentMode?: 'no-quirks' | 'limited-quirks' | 'quirks';
  /**
   * Some `@page` rule has a background image: its positioning area is as tall as the whole
   * document, so pages are given out once the last one is laid out.
   */
  readonly pageBackgroundImages?: boolean;
  /**
   * The document (`html`) styled again with a viewport `1 / viewportScale` times the first page
   * area. Shrink to fit lays the document out again on a page that much wider (and taller), and
   * Chromium resolves viewport units (CSS Values 4 §6.1.2) against that page, not the paper's;
   * media queries keep the paper's size (measured). Without it the first styles are kept.
   */
  readonly restyle?: (viewportScale: number) => StyledElement;
}
