import { Element, type ChildNode, type Document, type ParentNode } from 'domhandler';
import { setChildren } from './dom-utils.js';

/** Start tags that close an open `<p>` (WHATWG HTML §13.2.6.4.7), `table` excepted in quirks mode. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dd',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'plaintext',
  'pre',
  'search',
  'section',
  'summary',
  'ul',
  'xmp',
]);

/**
 * In quirks mode a `<table>` start tag does not close an open `<p>` (HTML §13.2.6.4.7,
 * "If the Document is not set to quirks mode, and the stack of open elements has a p
 * element in button scope, then close a p element"). htmlparser2 always closes it, leaving
 * the p before the table: move the table, and what followed it inside that p, back in.
 */
export function keepTablesInParagraphs(doc: Document, source: string): void {
  const closedByTable = (p: Element): boolean =>
    p.endIndex !== null && p.startIndex !== null && !/<\/p\s*>$/i.test(source.slice(p.startIndex, p.endIndex + 1));
  const stack: ParentNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const kids = node.children;
    let changed = false;
    const out: ChildNode[] = [];
    for (let i = 0; i < kids.length; i++) {
      const child = kids[i]!;
      out.push(child);
      if (!(child instanceof Element) || child.name !== 'p' || !closedByTable(child)) continue;
      let j = i + 1;
      while (j < kids.length && kids[j]!.type === 'text' && (kids[j] as unknown as { data: string }).data.trim() === '')
        j++;
      const next = kids[j];
      if (!(next instanceof Element) || next.name !== 'table') continue;
      let end = j;
      while (end < kids.length && !(kids[end] instanceof Element && CLOSES_P.has((kids[end] as Element).name))) end++;
      setChildren(child, [...child.children, ...kids.slice(i + 1, end)]);
      i = end - 1;
      changed = true;
    }
    if (changed) setChildren(node, out);
    for (const child of node.children) if (child instanceof Element) stack.push(child);
  }
}
