import { describe, expect, it } from 'vitest';
import { Element, Text, type ChildNode } from 'domhandler';
import { MAX_DEPTH, parseHtml } from '../../src/html/parse.js';
import { documentMode } from '../../src/html/document-mode.js';

/** Minimal serializer: tags, attributes and raw text, enough to see the tree's shape. */
function dump(node: ChildNode): string {
  if (node instanceof Text) return node.data;
  if (node instanceof Element) {
    const attrs = Object.entries(node.attribs)
      .map(([k, v]) => ` ${k}="${v}"`)
      .join('');
    const inner = node.children.map(dump).join('');
    return ['img', 'br', 'meta', 'link', 'hr'].includes(node.name)
      ? `<${node.name}${attrs}>`
      : `<${node.name}${attrs}>${inner}</${node.name}>`;
  }
  return node.type === 'directive' ? '<!DOCTYPE html>' : '';
}
const serialize = (html: string): string => parseHtml(html).children.map(dump).join('');

describe('parseHtml', () => {
  it.each([
    ['<title>x</title><p>a', '<html><head><title>x</title></head><body><p>a</p></body></html>'],
    [
      '<!DOCTYPE html><html><head><style>a{}</style></head><body>x</body></html>tail',
      '<!DOCTYPE html><html><head><style>a{}</style></head><body>xtail</body></html>',
    ],
    [
      'plain &amp; text<IMG SRC=a.png><br/>y&nbsp;',
      '<html><head></head><body>plain & text<img src="a.png"><br>y\u00a0</body></html>',
    ],
    [
      // End tags of elements open out of scope are ignored (HTML §13.2.4.2): a th closed by </td>
      // in a nested table, a </div> inside a cell, a </li> past a list, a </p> past a button.
      '<table><tr><td><table><tr><th>a</td><td>b</td></tr><tr><th>c</td></tr></table></td></tr></table>',
      '<html><head></head><body><table><tbody><tr><td><table><tbody><tr><th>a</th><td>b</td></tr><tr><th>c</th></tr></tbody></table></td></tr></tbody></table></body></html>',
    ],
    [
      '<div><table><tr><td>x</div>y</td></tr></table>z</div><ul><li><ol></li></ol></ul><p><button></p>b</button>',
      '<html><head></head><body><div><table><tbody><tr><td>xy</td></tr></tbody></table>z</div><ul><li><ol></ol></li></ul><p><button>b</button></p></body></html>',
    ],
    [
      // A heading's end tag closes the open heading of any level in scope (HTML §13.2.6.4.7), and is
      // ignored when none is: `<h3>Index</h4>` (a Paged.js sample's appendix) does not hold the rest.
      '<h3>Index</h4><div>d</div><h2>a<h3>b</h2>c<div><h1>t</div></h2>e<h4>x</h5>y',
      '<html><head></head><body><h3>Index</h3><div>d</div><h2>a</h2><h3>b</h3>c<div><h1>t</h1></div>e<h4>x</h4>y</body></html>',
    ],
    // A byte order mark opening the document is no text (it was a last line, a blank last page).
    ['\ufeff<html lang="en"><body>x</body></html>', '<html lang="en"><head></head><body>x</body></html>'],
    [
      '<table><tr><td>1<td>2</table>',
      '<html><head></head><body><table><tbody><tr><td>1</td><td>2</td></tr></tbody></table></body></html>',
    ],
    [
      '<table><thead><tr><th>h</th></tr></thead><tr><td>1</td></tr></table>',
      '<html><head></head><body><table><thead><tr><th>h</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></body></html>',
    ],
    [
      '<table><tr><td>1</td></tr> stray <div>d</div></table>',
      '<html><head></head><body> stray <div>d</div><table><tbody><tr><td>1</td></tr></tbody></table></body></html>',
    ],
    [
      '<table><td>a<td>b</table>',
      '<html><head></head><body><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table></body></html>',
    ],
    [
      '<table><form><tr><td>f</td></tr></form></table>',
      '<html><head></head><body><table><tbody><tr><td>f</td></tr></tbody></table></body></html>',
    ],
    [
      '<table><tbody><td>x</td></tbody></table>',
      '<html><head></head><body><table><tbody><tr><td>x</td></tr></tbody></table></body></html>',
    ],
    [
      '<table><tr><td><table><tr>inner<td>i</td></tr></table></td></tr></table>',
      '<html><head></head><body><table><tbody><tr><td>inner<table><tbody><tr><td>i</td></tr></tbody></table></td></tr></tbody></table></body></html>',
    ],
    [
      '<svg viewbox="0 0 1 1"><path d="M0"/><LINEARGRADIENT/><circle r="1"/></svg><div/>x',
      '<html><head></head><body><svg viewBox="0 0 1 1"><path d="M0"></path><linearGradient></linearGradient><circle r="1"></circle></svg><div>x</div></body></html>',
    ],
    [
      '<body class="a"><p>x</p><html lang="fr"><head><style>s{}</style></head><body class="b" id="i"><p>y</p></body></html>',
      '<html lang="fr"><head></head><body class="a" id="i"><p>x</p><style>s{}</style><p>y</p></body></html>',
    ],
    ['<html><body><p>x</p></body></html>', '<html><head></head><body><p>x</p></body></html>'],
    // A document pasted into an element: its html/body give their attributes away and vanish.
    [
      '<html><body><div><html lang="de"><body class="x"><p>in</p></body></html></div></body></html>',
      '<html lang="de"><head></head><body class="x"><div><p>in</p></div></body></html>',
    ],
    [
      '<p>a</p><div><body id="b"><p>x</p></body></div>',
      '<html><head></head><body id="b"><p>a</p><div><p>x</p></div></body></html>',
    ],
    [
      '<html><head></head><body><section><head><title>t</title></head>y</section></body></html>',
      '<html><head></head><body><section><title>t</title>y</section></body></html>',
    ],
    ['', '<html><head></head><body></body></html>'],
  ])('%s', (html, expected) => {
    expect(serialize(html)).toBe(expected);
  });

  it('keeps a table inside an open p in quirks mode only', () => {
    const html =
      '<body><p><table><tr><td>a</td></tr></table>tail<p>next<table></table><hr><p>closed</p><table></table>';
    expect(serialize(html)).toBe(
      '<html><head></head><body><p><table><tbody><tr><td>a</td></tr></tbody></table>tail</p><p>next<table></table></p><hr><p>closed</p><table></table></body></html>',
    );
    expect(serialize(`<!DOCTYPE html>${html}`)).toBe(
      '<!DOCTYPE html><html><head></head><body><p></p><table><tbody><tr><td>a</td></tr></tbody></table>tail<p>next</p><table></table><hr><p>closed</p><table></table></body></html>',
    );
  });

  it('sets the document mode from the doctype (HTML §13.2.6.4.1)', () => {
    const mode = (doctype: string): string => documentMode(parseHtml(`${doctype}<p>x`));
    expect(mode('<!doctype html>')).toBe('no-quirks');
    expect(mode('')).toBe('quirks');
    expect(mode('<!DOCTYPE html SYSTEM "about:legacy-compat">')).toBe('no-quirks');
    expect(
      mode(
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
      ),
    ).toBe('no-quirks');
    expect(
      mode(
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
      ),
    ).toBe('limited-quirks');
    expect(
      mode('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">'),
    ).toBe('limited-quirks');
    expect(mode('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">')).toBe('quirks');
    expect(mode("<!DOCTYPE HTML PUBLIC '-//W3C//DTD HTML 3.2 Final//EN'>")).toBe('quirks');
    expect(mode('<!DOCTYPE svg>')).toBe('quirks');
  });

  it('caps element nesting like Chromium (deeper elements become siblings)', () => {
    const doc = parseHtml(`${'<div>'.repeat(5000)}deep${'</div>'.repeat(5000)}`);
    let deepest = 0;
    const stack: [ChildNode, number][] = [[doc.children[0]!, 1]];
    while (stack.length) {
      const [n, d] = stack.pop()!;
      deepest = Math.max(deepest, d);
      if (n instanceof Element) for (const c of n.children) stack.push([c, d + 1]);
    }
    expect(deepest).toBeLessThanOrEqual(MAX_DEPTH + 1);
    expect(dump(doc.children[0]!)).toContain('deep');
  });

  it('never throws on garbage', () => {
    expect(() => parseHtml('<<>><</ </div></table><td>x<')).not.toThrow();
  });
});
