// Issue 19: long blocks of one shape each. `n` is the size the shape is measured at (then 2n
// and 4n, bench/long-scaling.mjs), in the shape's natural unit (lines, characters, cells).
const words = (chars) => 'lorem ipsum dolor sit amet '.repeat(Math.ceil(chars / 27)).slice(0, chars);
const numbered = (n, line) => Array.from({ length: n }, (_, i) => line(i));

export const longShapes = [
  {
    name: '<br> lines in one div',
    unit: 'lines',
    n: 2000,
    options: (n) => ({ html: `<div>${numbered(n, (i) => `Line ${i}: the quick brown fox`).join('<br>')}</div>` }),
  },
  {
    name: 'pre-wrap lines (a log file)',
    unit: 'lines',
    n: 2000,
    options: (n) => ({
      html: `<pre style="white-space:pre-wrap">${numbered(n, (i) => `${i} INFO worker started job ${i * 7}`).join('\n')}</pre>`,
    }),
  },
  {
    name: 'pre lines (no wrap)',
    unit: 'lines',
    n: 2000,
    options: (n) => ({ html: `<pre>${numbered(n, (i) => `${i} INFO worker started job ${i * 7}`).join('\n')}</pre>` }),
  },
  { name: 'one paragraph', unit: 'chars', n: 250_000, options: (n) => ({ html: `<p>${words(n)}</p>` }) },
  {
    name: 'one justified paragraph',
    unit: 'chars',
    n: 250_000,
    options: (n) => ({ html: `<p style="text-align:justify">${words(n)}</p>` }),
  },
  {
    name: 'one span around a paragraph',
    unit: 'chars',
    n: 100_000,
    options: (n) => ({ html: `<p><span style="background:#eee;text-decoration:underline">${words(n)}</span></p>` }),
  },
  {
    name: 'paragraph of links',
    unit: 'links',
    n: 2000,
    options: (n) => ({ html: `<p>${numbered(n, (i) => `<a href="#a${i}">link ${i}</a>`).join(' ')}</p>` }),
  },
  {
    name: 'right-to-left paragraph',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<p dir="rtl">${'שלום עולם hello '.repeat(Math.ceil(n / 16))}</p>` }),
  },
  {
    name: 'paragraph beside a float',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({
      html: `<div style="float:left;width:200px;height:${Math.ceil(n / 25)}px"></div><p>${words(n)}</p>`,
    }),
  },
  {
    name: 'paragraph in 2 columns',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<div style="columns:2"><p>${words(n)}</p></div>` }),
  },
  {
    name: 'paragraph in a flex item',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<div style="display:flex"><p>${words(n)}</p></div>` }),
  },
  {
    name: 'paragraph in a grid item',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<div style="display:grid"><p>${words(n)}</p></div>` }),
  },
  {
    name: 'one word, overflow-wrap:anywhere',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<p style="overflow-wrap:anywhere">${'w'.repeat(n)}</p>` }),
  },
  {
    name: 'one word, overflowing',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<p>start ${'w'.repeat(n)} end</p>` }),
  },
  {
    name: 'word-break:break-all text',
    unit: 'chars',
    n: 100_000,
    options: (n) => ({ html: `<p style="word-break:break-all">${words(n)}</p>` }),
  },
  {
    name: 'table cell of one word',
    unit: 'chars',
    n: 50_000,
    options: (n) => ({ html: `<table border="1"><tr><td>a</td><td>${'x'.repeat(n)}</td></tr></table>` }),
  },
  {
    name: 'table cell of words',
    unit: 'chars',
    n: 250_000,
    options: (n) => ({ html: `<table><tr><td>${words(n)}</td></tr></table>` }),
  },
  {
    name: 'table cell of <br> lines',
    unit: 'lines',
    n: 1000,
    options: (n) => ({
      html: `<table border="1"><tr><td>${numbered(n, (i) => `Line ${i}: the quick brown fox`).join('<br>')}</td><td>b</td></tr></table>`,
    }),
  },
  {
    name: 'table row of cells',
    unit: 'cells',
    n: 25_000,
    options: (n) => ({ html: `<table><tr>${'<td>c</td>'.repeat(n)}</tr></table>` }),
  },
  {
    name: 'table column of cells',
    unit: 'cells',
    n: 25_000,
    options: (n) => ({ html: `<table>${'<tr><td>c</td></tr>'.repeat(n)}</table>` }),
  },
  {
    name: 'list items',
    unit: 'items',
    n: 2000,
    options: (n) => ({ html: `<ul>${numbered(n, (i) => `<li>item ${i}</li>`).join('')}</ul>` }),
  },
];
