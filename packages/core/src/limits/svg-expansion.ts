import { parseDocument } from 'htmlparser2';
import { Element, type ChildNode } from 'domhandler';

/** Elements an SVG may expand to once every `<use>` is instantiated; Chromium draws far fewer in practice. */
export const MAX_SVG_ELEMENTS = 100_000;
/** Deeper nesting (counting `<use>` instantiations) is not drawn. */
export const MAX_SVG_DEPTH = 512;

const hrefOf = (el: Element): string => (el.attribs['href'] ?? el.attribs['xlink:href'] ?? '').trim();

/**
 * Why an SVG must not be handed to the painter, or null when it may be. SVG 2 §5.6:
 * `<use>` clones its target, so a `<use>` that reaches itself is an error (never drawn)
 * and ten `<use>` of ten `<use>` of … multiply; svg-to-pdfkit follows both without a
 * limit (a self-referencing `<use>` exhausts the heap). Counted with memoisation, so
 * this costs one pass over the markup.
 */
export function svgExpansionProblem(svg: string): string | null {
  if (!/<use\b/i.test(svg)) return null;
  const doc = parseDocument(svg, { xmlMode: true });
  const byId = new Map<string, Element>();
  const stack: ChildNode[] = [...doc.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!(node instanceof Element)) continue;
    const id = node.attribs['id'];
    if (id !== undefined && !byId.has(id)) byId.set(id, node);
    stack.push(...node.children);
  }
  const sizes = new Map<Element, number>();
  const active = new Set<Element>();
  const size = (el: Element, depth: number): number => {
    const known = sizes.get(el);
    if (known !== undefined) return known;
    if (active.has(el)) throw new Error('a <use> element references itself');
    if (depth > MAX_SVG_DEPTH) throw new Error(`nested deeper than ${MAX_SVG_DEPTH} levels`);
    active.add(el);
    let total = 1;
    for (const child of el.children) if (child instanceof Element) total += size(child, depth + 1);
    const href = hrefOf(el);
    if (el.name.toLowerCase() === 'use' && href.startsWith('#')) {
      const target = byId.get(href.slice(1));
      if (target) total += size(target, depth + 1);
    }
    active.delete(el);
    if (total > MAX_SVG_ELEMENTS) throw new Error(`expands to more than ${MAX_SVG_ELEMENTS} elements`);
    sizes.set(el, total);
    return total;
  };
  try {
    for (const node of doc.children) if (node instanceof Element) size(node, 0);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
