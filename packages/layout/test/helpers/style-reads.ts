import type { StyledElement, StyledNode } from '../../src/styled-node.js';
import { layoutDocument, type LayoutOptions } from '../../src/layout-document.js';
import type { Page } from '../../src/fragment.js';
import { options } from './layout.js';
import { styled, type ElSpec } from './style.js';

/**
 * A deterministic measure of layout work: how often layout reads the computed style of the
 * elements `counted` selects (and of their text). Every pass that builds, measures or lays out a box reads its
 * style, so a box laid out once per page (or once per nesting level) shows up here as a
 * count that grows with pages (or levels), with no clock involved.
 */
export function layoutCountingStyleReads(
  body: ElSpec,
  counted: (el: StyledElement) => boolean,
  overrides: Partial<LayoutOptions> = {},
): { pages: Page[]; reads: number } {
  let reads = 0;
  const wrap = (node: StyledNode): StyledNode => {
    if (node.kind !== 'element') return node;
    if (!counted(node)) return { ...node, children: node.children.map(wrap) };
    const style = new Proxy(node.style, { get: (target, key) => (reads++, Reflect.get(target, key)) });
    // Text children carry their parent's style: counting them covers line layout too.
    return { ...node, style, children: node.children.map((c) => (c.kind === 'text' ? { ...c, style } : wrap(c))) };
  };
  const root = wrap(styled({ tag: 'html', props: {}, attrs: {}, children: [body] })) as StyledElement;
  const pages = layoutDocument(root, options(overrides));
  return { pages, reads };
}
