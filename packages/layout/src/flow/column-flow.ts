import type { ContainerBox } from '../boxes/box.js';

/**
 * The anonymous flows a multicol container lays out column by column. They are not containing
 * blocks of their own for percentage heights: those resolve against the multicol container's
 * content height, as Chromium does (a `height: 100%` image in a `height: 2.5in` multicol is
 * 2.5in tall; CSS Multicol 1 §2, column boxes are anonymous).
 */
const columnFlows = new WeakSet<ContainerBox>();

export function markColumnFlow(flow: ContainerBox): ContainerBox {
  columnFlows.add(flow);
  return flow;
}

export const isColumnFlow = (box: ContainerBox): boolean => columnFlows.has(box);

/**
 * The multicol spanners (`column-span: all` boxes that span, src/multicol/columns.ts). A spanner
 * establishes an independent formatting context (CSS Multicol 1 §6.1): its children's margins
 * do not collapse through it.
 */
const spanners = new WeakSet<ContainerBox>();

export function markSpanner(box: ContainerBox): void {
  spanners.add(box);
}

export const isSpannerBox = (box: ContainerBox): boolean => spanners.has(box);
