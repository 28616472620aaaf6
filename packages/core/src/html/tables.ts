import { Element, type ChildNode } from 'domhandler';
import { isBlankText, setChildren } from './dom-utils.js';

const SECTIONS = new Set(['thead', 'tbody', 'tfoot']);
const ALWAYS_ALLOWED = new Set(['script', 'style', 'template']);
/** Children each table-model element may hold in the tree a browser builds. */
const ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  table: new Set(['caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']),
  thead: new Set(['tr', 'td', 'th']),
  tbody: new Set(['tr', 'td', 'th']),
  tfoot: new Set(['tr', 'td', 'th']),
  tr: new Set(['td', 'th']),
};

/**
 * Rebuild a table the way the HTML tree builder would (WHATWG HTML §13.2.6.4.9–15):
 * content that may not sit directly in table, section or row elements is "foster
 * parented" before the table, `<form>` wrappers dissolve, rows get an implicit `tbody`
 * and cells an implicit `tr`.
 */
export function fixTable(table: Element): void {
  const fostered: ChildNode[] = [];
  cleanChildren(table, fostered);
  wrapRuns(table, (n) => n === 'tr' || n === 'td' || n === 'th', 'tbody');
  for (const child of table.children) {
    if (child instanceof Element && SECTIONS.has(child.name)) wrapRuns(child, (n) => n === 'td' || n === 'th', 'tr');
  }
  if (fostered.length > 0 && table.parent) {
    const siblings = table.parent.children;
    const at = siblings.indexOf(table);
    setChildren(table.parent, [...siblings.slice(0, at), ...fostered, ...siblings.slice(at)]);
  }
}

/** Keep the allowed children of a table-model element; move the rest to `fostered`. */
function cleanChildren(el: Element, fostered: ChildNode[]): void {
  const allowed = ALLOWED[el.name];
  if (!allowed) return;
  const kids = el.children;
  // The common case, a well-formed table: every child stays, and the row is not re-linked.
  let i = 0;
  while (i < kids.length && keeps(kids[i]!, allowed)) i++;
  if (i === kids.length) {
    for (const child of kids) if (child instanceof Element && ALLOWED[child.name]) cleanChildren(child, fostered);
    return;
  }
  const kept: ChildNode[] = [];
  const queue = [...kids];
  while (queue.length > 0) {
    const child = queue.shift()!;
    if (!(child instanceof Element)) {
      if (child.type === 'text' && !isBlankText(child)) fostered.push(child);
      else kept.push(child);
      continue;
    }
    if (child.name === 'form') {
      // A form inside a table holds no table content in the DOM; its children stay in place.
      queue.unshift(...child.children);
      continue;
    }
    if (allowedIn(child, allowed)) {
      kept.push(child);
      if (ALLOWED[child.name]) cleanChildren(child, fostered);
    } else fostered.push(child);
  }
  setChildren(el, kept);
}

/** Whether `child` stays where it is (the loop above would keep it and change nothing). */
function keeps(child: ChildNode, allowed: ReadonlySet<string>): boolean {
  if (!(child instanceof Element)) return !(child.type === 'text' && !isBlankText(child));
  return child.name !== 'form' && allowedIn(child, allowed);
}

function allowedIn(child: Element, allowed: ReadonlySet<string>): boolean {
  return (
    allowed.has(child.name) ||
    ALWAYS_ALLOWED.has(child.name) ||
    (child.name === 'input' && child.attribs['type']?.toLowerCase() === 'hidden')
  );
}

/** Wrap each run of children whose names pass `inRun` in a new `wrapper` element. */
function wrapRuns(parent: Element, inRun: (name: string) => boolean, wrapper: string): void {
  if (!parent.children.some((c) => c instanceof Element && inRun(c.name))) return;
  const out: ChildNode[] = [];
  const created: Element[] = [];
  let current: Element | null = null;
  for (const child of parent.children) {
    if (child instanceof Element && inRun(child.name)) {
      if (!current) {
        current = new Element(wrapper, {});
        created.push(current);
        out.push(current);
      }
      current.children.push(child);
    } else if (current && isBlankText(child)) {
      current.children.push(child);
    } else {
      current = null;
      out.push(child);
    }
  }
  for (const node of created) setChildren(node, [...node.children]);
  setChildren(parent, out);
  // Cells that landed directly in a new tbody still need their implicit row.
  if (wrapper === 'tbody') for (const node of created) wrapRuns(node, (n) => n === 'td' || n === 'th', 'tr');
}
