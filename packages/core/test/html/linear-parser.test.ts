import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { Element, Text, type ChildNode, type ParentNode } from 'domhandler';
import { parseDocumentLinear } from '../../src/html/linear-parser.js';
import { MAX_DEPTH, parseHtml } from '../../src/html/parse.js';

const OPTIONS = {
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  decodeEntities: true,
  recognizeSelfClosing: false,
  withStartIndices: true,
  withEndIndices: true,
};

/** Tree shape plus source positions, so a different stack shows as a different string. */
function dump(node: ChildNode): string {
  if (node instanceof Text) return `${node.data}@${node.startIndex}`;
  if (node instanceof Element)
    return `<${node.name}@${node.startIndex}-${node.endIndex}>${node.children.map(dump).join('')}</${node.name}>`;
  return `[${node.type}]`;
}

/** Deepest element nesting below `root`, iteratively (the trees here are deep). */
function depthAndCount(root: ParentNode): { depth: number; elements: number } {
  let depth = 0;
  let elements = 0;
  const stack: [ParentNode, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, d] = stack.pop()!;
    for (const child of node.children) {
      if (!(child instanceof Element)) continue;
      elements++;
      depth = Math.max(depth, d + 1);
      stack.push([child, d + 1]);
    }
  }
  return { depth, elements };
}

function allText(root: ParentNode): string {
  let out = '';
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node instanceof Text) out += node.data;
    else if (node instanceof Element) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

describe('parseDocumentLinear builds the same tree as htmlparser2 parseDocument', () => {
  it.each([
    ['implied closes', '<p>a<p>b<div>c</p>d<li>e<li>f<ul><li>g</ul><dt>h<dd>i'],
    ['stray and misnested end tags', '<div><span>a</div>b</span></p><b><i>c</b>d</i>'],
    [
      'a second form is ignored while one is open',
      '<form id=a><div><form id=b>x</form>y</div></form><form id=c>z</form>',
    ],
    [
      'svg and math with integration points',
      '<svg><foreignObject><p>h<svg><clipPath/></svg></foreignObject><g><rect/></g></svg><math><mi>x</mi></math>',
    ],
    ['tables', '<table><tr><td>1<td>2<tr><td><table><td>in</table></table>after'],
    ['void elements and br end tags', '<p>a<br>b</br><img src=x>c<input></input></p>'],
    ['end of input with open elements', '<div><section><em>open'],
    ['repeated names on the stack', '<div><div><span><div>x</div></span>y</div>z'],
  ])('%s', (_name, html) => {
    const expected = parseDocument(html, OPTIONS).children.map(dump).join('');
    expect(parseDocumentLinear(html, OPTIONS).children.map(dump).join('')).toBe(expected);
  });
});

// The bound is each test's timeout; before the fix 10^5 levels took seconds and 10^6
// would have taken over an hour (htmlparser2 12's stack is unshift/shift, O(depth) per tag).
describe('deep and wide documents', () => {
  // 3·10^5 keeps the suite quick; bench/ and docs/security.md have the 10^6 figure.
  it('3·10^5 nested divs: Chromium keeps every element, nesting stops at MAX_DEPTH', () => {
    const n = 300_000;
    const doc = parseHtml(`${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}<p>after</p>`);
    const { depth, elements } = depthAndCount(doc);
    expect(depth).toBe(MAX_DEPTH);
    expect(elements).toBe(n + 4); // html, head, body, p
    expect(allText(doc)).toBe('deepafter');
  }, 30_000);

  it('10^5 unmatched end tags under 10^5 open elements', () => {
    const n = 100_000;
    const doc = parseHtml(`${'<div>'.repeat(n)}${'</span>'.repeat(n)}x`);
    expect(depthAndCount(doc)).toEqual({ depth: MAX_DEPTH, elements: n + 3 });
    expect(allText(doc)).toBe('x');
  }, 30_000);

  it('10^5 forms under 10^5 open elements (each looks for an open form)', () => {
    const n = 100_000;
    const doc = parseHtml(`${'<div><form></form>'.repeat(n)}x`);
    expect(depthAndCount(doc).elements).toBe(2 * n + 3);
    expect(allText(doc)).toBe('x');
  }, 30_000);

  it('10^5 top-level siblings without <html> all land in body, in order', () => {
    const n = 100_000;
    const doc = parseHtml(Array.from({ length: n }, (_, i) => `<p>${i % 10}</p>`).join(''));
    const body = (doc.children.find((c) => c instanceof Element) as Element).children[1] as Element;
    expect(body.name).toBe('body');
    expect(body.children.length).toBe(n);
    expect(allText(body)).toBe('0123456789'.repeat(n / 10));
  }, 30_000);
});
