import type { ComputedStyle } from './style.js';

/**
 * The styled tree: the output of core/style and the input of box building.
 * Pseudo-elements are ordinary elements with tag `::before`, `::after`, `::marker` or
 * `::first-letter` (wrapping the first letter's text, inline unless floated), their
 * generated content already turned into text children (counters resolved, except
 * `counter(page)`/`counter(pages)`, which exist only in page margin boxes). Images from
 * `content: url()` / `list-style-image` are `img` children with `src` and `data-generated`; an inline `<svg>`
 * arrives as an `img` whose `src` is the SVG as a data: URL (attribute `data-inline-svg`).
 */
export interface StyledElement {
  readonly kind: 'element';
  /** Lower-case local name (SVG names keep their case), or `::before` / `::after` / `::marker` / `::first-letter`. */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly style: ComputedStyle;
  readonly children: readonly StyledNode[];
  /** Its `::first-line` style, when rules give it one (CSS Pseudo 4 §2.2); block containers only. */
  readonly firstLine?: ComputedStyle;
}

export interface StyledText {
  readonly kind: 'text';
  readonly text: string;
  /** The parent element's style (text has no style of its own). */
  readonly style: ComputedStyle;
}

export type StyledNode = StyledElement | StyledText;
