import { Element, hasChildren, type AnyNode, type ChildNode } from 'domhandler';
import type { Color } from '@platen/layout';

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** An element as XML markup (comments and directives left out; CDATA as escaped text). */
export function serializeSvg(node: ChildNode): string {
  if (node instanceof Element) {
    const attrs = Object.entries(node.attribs)
      .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
      .join('');
    const inner = node.children.map(serializeSvg).join('');
    return `<${node.name}${attrs}>${inner}</${node.name}>`;
  }
  if (node.type === 'text') return escapeText((node as unknown as { data: string }).data);
  if (node.type === 'cdata' && hasChildren(node)) return node.children.map(serializeSvg).join('');
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
  const attribs: Record<string, string> = {
    xmlns: 'http://www.w3.org/2000/svg',
    'xmlns:xlink': 'http://www.w3.org/1999/xlink',
    ...svg.attribs,
  };
  attribs['color'] ??= `rgba(${color.r},${color.g},${color.b},${color.a})`;
  delete attribs['style'];
  const root = new Element('svg', attribs, svg.children);
  const outside = referencedOutside(svg);
  const defs = outside.length > 0 ? `<defs>${outside.map(serializeSvg).join('')}</defs>` : '';
  const markup = serializeSvg(root).replace(/<\/svg>$/, `${defs}</svg>`);
  return `${INLINE_PREFIX}${encodeURIComponent(markup)}`;
}

/** SVG elements whose `href` names another element they draw or take content from. */
const REFERENCING = new Set(['use', 'lineargradient', 'radialgradient', 'pattern', 'textpath']);

/**
 * The id such an element's `href="#id"` (or `xlink:href`) points at. Only these: Chromium
 * leaves `url(#id)` paint servers inside a `display: none` sprite sheet unresolved.
 */
function hrefTarget(el: Element): string | null {
  if (!REFERENCING.has(el.name.toLowerCase())) return null;
  const href = (el.attribs['href'] ?? el.attribs['xlink:href'] ?? '').trim();
  return href.startsWith('#') && href.length > 1 ? href.slice(1) : null;
}

function* elementsOf(nodes: readonly AnyNode[]): Generator<Element> {
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node instanceof Element) yield node;
    if (!hasChildren(node)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Each document's elements by id, the first in tree order winning (as getElementById). */
const idMaps = new WeakMap<AnyNode, Map<string, Element>>();

function documentIds(el: Element): Map<string, Element> {
  let top: AnyNode = el;
  while (top.parent) top = top.parent;
  let ids = idMaps.get(top);
  if (!ids) {
    ids = new Map();
    for (const e of elementsOf([top])) {
      const id = e.attribs['id'];
      if (id !== undefined && !ids.has(id)) ids.set(id, e);
    }
    idMaps.set(top, ids);
  }
  return ids;
}

/**
 * The elements outside `svg` that its `<use>` elements reference (and what those reference in
 * turn): SVG 2 §5.6 resolves them against the whole HTML document, so an icon's
 * `<use href="#icon">` reaches a `<symbol>` of a sprite sheet in another (even hidden)
 * `<svg>`. They travel with the standalone SVG document, in a `<defs>`.
 */
function referencedOutside(svg: Element): Element[] {
  const own = new Set<string>();
  const pending: string[] = [];
  for (const e of elementsOf([svg])) {
    const id = e.attribs['id'];
    if (id !== undefined) own.add(id);
    const target = hrefTarget(e);
    if (target !== null) pending.push(target);
  }
  if (pending.length === 0) return [];
  const ids = documentIds(svg);
  const out: Element[] = [];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (own.has(id) || seen.has(id)) continue;
    seen.add(id);
    const target = ids.get(id);
    if (!target) continue;
    out.push(target);
    for (const e of elementsOf([target])) {
      const inner = e.attribs['id'];
      if (inner !== undefined) own.add(inner);
      const next = hrefTarget(e);
      if (next !== null) pending.push(next);
    }
  }
  return out;
}
