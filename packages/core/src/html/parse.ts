import { Document, Element, type ChildNode, type ParentNode } from 'domhandler';
import { isBlankText, setChildren } from './dom-utils.js';
import { fixTable } from './tables.js';
import { restoreSvgCase } from './svg-names.js';
import { keepTablesInParagraphs } from './quirks.js';
import { parseDocumentLinear } from './linear-parser.js';
import { documentMode } from './document-mode.js';

/** Elements the HTML parser puts in `head` when they come before any body content. */
const HEAD_ELEMENTS = new Set(['title', 'meta', 'link', 'style', 'script', 'base', 'noscript', 'template']);

/**
 * Parse HTML into a domhandler Document with HTML semantics: lower-case names, decoded
 * entities, void elements, and the `html`/`head`/`body` elements and implicit `tbody`s
 * that a browser's tree builder would create (WHATWG HTML §13.2.6). Never throws.
 */
export function parseHtml(html: string): Document {
  // A byte order mark opening the document is not text (WHATWG Encoding §4.1 decode, as browsers
  // read a file): kept, it became a text node at the end of the body and a blank last page.
  if (html.charCodeAt(0) === 0xfeff) html = html.slice(1);
  let doc: Document;
  const roots = new RootElements();
  try {
    doc = parseDocumentLinear(
      html,
      {
        lowerCaseTags: true,
        lowerCaseAttributeNames: true,
        decodeEntities: true,
        recognizeSelfClosing: false,
        withStartIndices: true,
        withEndIndices: true,
      },
      (el) => roots.note(el),
    );
  } catch {
    doc = new Document([]);
  }
  ensureSkeleton(doc);
  if (!roots.canonical) unwrapStrayRoots(doc);
  if (documentMode(doc) === 'quirks') keepTablesInParagraphs(doc, html);
  for (const table of finishElements(doc)) fixTable(table);
  return doc;
}

/**
 * Chromium's tree builder never nests elements deeper than 512 (HTMLConstructionSite's
 * maximum DOM depth): deeper ones become siblings. Later stages recurse over the tree,
 * so this also bounds their stack use.
 */
export const MAX_DEPTH = 512;

/**
 * One walk over the built tree, in place of three: elements at depth MAX_DEPTH − 1 take
 * their descendants as children (see MAX_DEPTH), SVG content gets its names' case back
 * (HTML §13.2.6.5; foreignObject content is HTML again), and the tables are returned in
 * the order the walk meets them. Depths and SVG flags ride on stacks parallel to the
 * node stack, so the walk allocates nothing per element.
 */
function finishElements(doc: Document): Element[] {
  const tables: Element[] = [];
  const nodes: ParentNode[] = [doc];
  const depths: number[] = [0];
  const inSvg: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()! + 1;
    const svgParent = inSvg.pop()!;
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (depth >= MAX_DEPTH - 1 && child.children.length > 0) flattenInto(child);
      const svg = svgParent || child.name === 'svg';
      if (svg) restoreSvgCase(child);
      if (child.name === 'table') tables.push(child);
      if (LEADING_NEWLINE_DROPPED.has(child.name)) dropLeadingNewline(child);
      nodes.push(child);
      depths.push(depth);
      inSvg.push(svg && child.name !== 'foreignObject');
    }
  }
  return tables;
}

/** Elements whose start tag swallows one line feed right after it (HTML §13.2.6.4.7, "pre, listing"; "textarea"). */
const LEADING_NEWLINE_DROPPED = new Set(['pre', 'listing', 'textarea']);

function dropLeadingNewline(el: Element): void {
  const first = el.children[0];
  if (first?.type === 'text' && 'data' in first) first.data = first.data.replace(/^(\r\n?|\n)/, '');
}

/** `instanceof Element`, from the type field first (a Text fails instanceof only at the end of its prototype chain). */
function isElement(node: ChildNode): node is Element {
  const type = node.type;
  return (type === 'tag' || type === 'script' || type === 'style') && node instanceof Element;
}

/** Make every descendant of `el` its direct child, in document order. */
function flattenInto(el: Element): void {
  const out: ChildNode[] = [];
  const pending: ChildNode[] = [...el.children].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    out.push(node);
    if (node instanceof Element && node.children.length > 0) {
      for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
      setChildren(node, []);
    }
  }
  setChildren(el, out);
}

function findChild(parent: ParentNode, name: string): Element | undefined {
  return parent.children.find((c): c is Element => c instanceof Element && c.name === name);
}

/**
 * Whether the parsed `html`, `head` and `body` elements are at most one each, in their places
 * (html in the document, head and body in html): then none is a stray for unwrapStrayRoots,
 * whose walk over the whole tree is skipped (3.5 ms of a 6000-row table's parse).
 */
class RootElements {
  canonical = true;
  readonly #seen = new Set<string>();

  note(el: Element): void {
    const name = el.name;
    if (name !== 'html' && name !== 'head' && name !== 'body') return;
    const parent = el.parent;
    const placed =
      name === 'html'
        ? parent instanceof Document
        : parent instanceof Element && parent.name === 'html' && parent.parent instanceof Document;
    if (!placed || this.#seen.has(name)) this.canonical = false;
    this.#seen.add(name);
  }
}

/**
 * A second `<html>`, `<head>` or `<body>` (a full HTML document pasted in as a block)
 * creates no element in a browser: its attributes go to the existing html/body when
 * they are not set there, and its content stays where it is (§13.2.6.4.7 "in body").
 */
function unwrapStrayRoots(doc: Document): void {
  const html = findChild(doc, 'html')!;
  const body = findChild(html, 'body')!;
  const stack: Element[] = html.children.filter(isElement);
  while (stack.length > 0) {
    const el = stack.pop()!;
    const kids = el.children;
    if (!hasRootChild(kids)) {
      for (const c of kids) if (isElement(c)) stack.push(c);
      continue;
    }
    const out: ChildNode[] = [];
    for (const c of kids) {
      if (c instanceof Element && (c.name === 'html' || c.name === 'head' || c.name === 'body')) {
        const target = c.name === 'html' ? html : c.name === 'body' ? body : null;
        if (target) for (const [k, v] of Object.entries(c.attribs)) if (!(k in target.attribs)) target.attribs[k] = v;
        out.push(...c.children);
      } else out.push(c);
    }
    setChildren(el, out);
    stack.push(el); // look again: unwrapped content may hold more
  }
}

function hasRootChild(kids: readonly ChildNode[]): boolean {
  for (const c of kids) if (isElement(c) && (c.name === 'html' || c.name === 'head' || c.name === 'body')) return true;
  return false;
}

/** Make `doc` hold exactly one `html` element with `head` and `body` children. */
function ensureSkeleton(doc: Document): void {
  let html = findChild(doc, 'html');
  const outside = doc.children.filter((c) => c !== html && c.type !== 'directive' && c.type !== 'comment');
  if (!html) {
    html = new Element('html', {});
    setChildren(doc, [...doc.children.filter((c) => c.type === 'directive' || c.type === 'comment'), html]);
    setChildren(html, outside);
  } else if (outside.length > 0) {
    // Content outside `<html>…</html>` belongs to body (§13.2.6.4.19 "after after body").
    const moved = new Set(outside);
    setChildren(
      doc,
      doc.children.filter((c) => !moved.has(c)),
    );
    setChildren(html, [...html.children, ...outside]);
  }
  let head = findChild(html, 'head');
  let body = findChild(html, 'body');
  // A Set: with 10⁵ top-level nodes an array `includes` per node took seconds.
  const rest = new Set(html.children.filter((c) => c !== head && c !== body));
  const headExtra: ChildNode[] = [];
  const bodyBefore: ChildNode[] = [];
  const bodyAfter: ChildNode[] = [];
  let seenBody = false;
  for (const node of html.children) {
    if (node === body) seenBody = true;
    if (!rest.has(node)) continue;
    const headish =
      node instanceof Element ? HEAD_ELEMENTS.has(node.name) : isBlankText(node) || node.type === 'comment';
    if (!seenBody && bodyBefore.length === 0 && headish) headExtra.push(node);
    else (seenBody ? bodyAfter : bodyBefore).push(node);
  }
  head ??= new Element('head', {});
  body ??= new Element('body', {});
  setChildren(head, [...head.children, ...headExtra]);
  setChildren(body, [...bodyBefore, ...body.children, ...bodyAfter]);
  setChildren(html, [head, body]);
}
