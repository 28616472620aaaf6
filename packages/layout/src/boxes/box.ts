import type { ComputedStyle } from '../style.js';

/**
 * The box tree (CSS 2.1 §9.2): what layout lays out. Built once from the styled tree by
 * `buildBoxes`; readonly, one type per `kind`. After box building every block container's
 * children are block-level (`BlockLevelBox`): runs of inline-level content sit in a
 * `LinesBox` (the inline formatting context of an anonymous or real block container).
 */

interface ElementBoxBase {
  readonly style: ComputedStyle;
  /** Element tag ('' for anonymous boxes), attributes for links and debugging. */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
}

/** Children of any block container. */
interface ContainerBase extends ElementBoxBase {
  readonly children: readonly BlockLevelBox[];
  /** `::marker` of a list item with `list-style-position: outside`. */
  readonly marker: MarkerBox | null;
  /**
   * A vertical box in a horizontal parent: an orthogonal flow root (src/writing-mode). Its
   * style is physical, its descendants' are logical. Absent on every other box.
   */
  readonly orthogonal?: true;
}

export interface BlockBox extends ContainerBase {
  readonly kind: 'block';
}
export interface FlexBox extends ContainerBase {
  readonly kind: 'flex';
}
export interface GridBox extends ContainerBase {
  readonly kind: 'grid';
}
export interface TableBox extends ContainerBase {
  readonly kind: 'table';
  /** `col` / `colgroup` children (CSS 2.1 §17.2), in order; they generate no boxes. */
  readonly columns?: readonly TableColumn[];
  /** Inside a table cell, flex or grid container: percentage columns do not widen its max-content (table-width.ts). */
  readonly inSizingContainer?: boolean;
}
/** A `col` (group false) or `colgroup` (group true, its `col`s in children). */
export interface TableColumn {
  readonly style: ComputedStyle;
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly group: boolean;
  readonly children: readonly TableColumn[];
}
export interface TableRowGroupBox extends ContainerBase {
  readonly kind: 'table-row-group';
}
export interface TableRowBox extends ContainerBase {
  readonly kind: 'table-row';
}
export interface TableCellBox extends ContainerBase {
  readonly kind: 'table-cell';
}
export interface TableCaptionBox extends ContainerBase {
  readonly kind: 'table-caption';
}

/** The block container kinds (each routed by the dispatcher; unknown ones fall back to block layout). */
export type ContainerBox =
  BlockBox | FlexBox | GridBox | TableBox | TableRowGroupBox | TableRowBox | TableCellBox | TableCaptionBox;

/** An inline formatting context: the line boxes of one (possibly anonymous) block container. */
export interface LinesBox {
  readonly kind: 'lines';
  /** The containing block container's style (text-align, line-height, strut font…). */
  readonly style: ComputedStyle;
  readonly children: readonly InlineLevelBox[];
  /** Its first line is its element's first formatted line, so text-indent applies (CSS 2.1 §16.1). */
  readonly indent: boolean;
  /** The `::first-line` style of its first line (CSS Pseudo 4 §2.2), when an ancestor has one. */
  readonly firstLine?: ComputedStyle;
}

/** A block-level replaced element (`display: block` image). */
export type BlockLevelBox = ContainerBox | LinesBox | ReplacedBox;

export interface InlineBox extends ElementBoxBase {
  readonly kind: 'inline';
  readonly children: readonly InlineLevelBox[];
  /** False for the later parts of an inline split around a block (§9.2.1.1): no start edge. */
  readonly isFirstPart: boolean;
  readonly isLastPart: boolean;
}

/** Text after white-space phase I (CSS Text 3 §4.1.1) and text-transform. */
export interface TextBox {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly text: string;
  /** Decorations propagated from ancestors (CSS Text Decoration 3 §2.1), outermost first. */
  readonly decorations: readonly DecorationSpec[];
}

export interface DecorationSpec {
  readonly line: 'underline' | 'overline' | 'line-through';
  /** Style of the decorating box: its colour, thickness and decoration style apply. */
  readonly from: ComputedStyle;
}

export interface LineBreakBox {
  readonly kind: 'line-break';
  readonly style: ComputedStyle;
}

export interface ReplacedBox extends ElementBoxBase {
  readonly kind: 'replaced';
  readonly src: string;
  readonly intrinsicWidth: number;
  readonly intrinsicHeight: number;
  /** Only the ratio is intrinsic (ImageSizes): an auto-sized box fills its containing block's width. */
  readonly ratioOnly?: boolean;
  /** A natural size but no natural ratio (an empty media element or iframe): a size set alone leaves the other at its natural one. */
  readonly noRatio?: boolean;
}

/** An atomic inline: inline-block, inline-flex, inline-table, inline-grid. */
export interface AtomicInlineBox {
  readonly kind: 'atomic';
  readonly style: ComputedStyle;
  readonly box: ContainerBox;
}

/**
 * Text known only at layout: `<span class="pageNumber|totalPages">` in a header/footer (filled
 * per page), `target-counter(…, page)` (the page a target element lands on, after pagination:
 * `target` is its id, `counterStyle` the style) and `leader()` (`leader`, widened to fill its line).
 */
export interface CounterBox extends ElementBoxBase {
  readonly kind: 'counter';
  readonly counter: 'page' | 'pages' | 'target-page' | 'leader';
  readonly target?: string;
  readonly counterStyle?: string;
  readonly leader?: string;
  readonly decorations: readonly DecorationSpec[];
}

export interface MarkerBox {
  readonly kind: 'marker';
  readonly style: ComputedStyle;
  readonly children: readonly InlineLevelBox[];
}

export type InlineLevelBox = InlineBox | TextBox | LineBreakBox | ReplacedBox | AtomicInlineBox | CounterBox;

export type Box = BlockLevelBox | InlineLevelBox | MarkerBox;

/** What building one styled node yields: block-level boxes and inline-level boxes, mixed. */
export type Item = BlockLevelBox | InlineLevelBox;

/** Is this block container a multi-column container (CSS Multicol 1 §2)? */
export function isMulticol(box: ContainerBox): boolean {
  const s = box.style;
  // A `column-height` makes a multicol container too (CSS Multicol 2 §3.3).
  return box.kind === 'block' && (s.columnCount !== 'auto' || s.columnWidth !== 'auto' || s.columnHeight !== 'auto');
}

export function isContainer(box: Box): box is ContainerBox {
  switch (box.kind) {
    case 'block':
    case 'flex':
    case 'grid':
    case 'table':
    case 'table-row-group':
    case 'table-row':
    case 'table-cell':
    case 'table-caption':
      return true;
    default:
      return false;
  }
}
