import { Element, type ChildNode } from 'domhandler';
import type { Color } from '@platen/layout';

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

function serialize(node: ChildNode): string {
  if (node instanceof Element) {
    const attrs = Object.entries(node.attribs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
    const inner = node.children.map(serialize).join('');
    return `<${node.name}${attrs}>${inner}</${node.name}>`;
  }
  if (node.type === 'text' || node.type === 'cdata') return escapeText((node as unknown as { data: string }).data);
  return ''; // comments and directives
}

/**
 * Inline SVG data URLs carry this media-type parameter: the painter gives an inline `<svg>`
 * its CSS box as viewport, unscaled unless it has a viewBox (SVG 2 §8.2), where an SVG
 * `<img>` without a viewBox is scaled from its own width and height.
 */
const INLINE_PREFIX = 'data:image/svg+xml;platen-inline;charset=utf-8,';

export const isInlineSvg = (src: string): boolean => src.startsWith(INLINE_PREFIX);

/**
 * An inline `<svg>` as a standalone SVG document in a data: URL, so that it is laid out and
 * painted like an `<img>` (both are replaced elements, CSS 2.2 §10.3.2). `currentColor`
 * inside takes the element's CSS colour through the root's `color` attribute.
 */
export function inlineSvgDataUrl(svg: Element, color: Color): string {
  const attribs: Record<string, string> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink', ...svg.attribs };
  attribs['color'] ??= `rgba(${color.r},${color.g},${color.b},${color.a})`;
  delete attribs['style'];
  const root = new Element('svg', attribs, svg.children);
  const markup = serialize(root);
  return `${INLINE_PREFIX}${encodeURIComponent(markup)}`;
}
