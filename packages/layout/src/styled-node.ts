import type { ComputedStyle } from './style.js';

/**
 * The styled tree: the output of core/style and the input of box building.
 * Pseudo-elements are ordinary elements with tag `::before`, `::after` or `::marker`,
 * their generated content already turned into text children (counters resolved, except
 * `counter(page)`/`counter(pages)`, which exist only in page margin boxes).
 */
export interface StyledElement {
  readonly kind: 'element';
  /** Lower-case local name, or `::before` / `::after` / `::marker`. */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly style: ComputedStyle;
  readonly children: readonly StyledNode[];
}

export interface StyledText {
  readonly kind: 'text';
  readonly text: string;
  /** The parent element's style (text has no style of its own). */
  readonly style: ComputedStyle;
}

export type StyledNode = StyledElement | StyledText;
