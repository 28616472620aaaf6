import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { StyledElement } from '@platen/layout';
import { parseHtml } from '../../src/html/parse.js';
import { resolveFormat } from '../../src/format.js';
import { expandTemplate } from '../../src/template/expand.js';
import { computeStyles } from '../../src/style/index.js';
import { byId, find, styleHtml, textOf } from './helpers.js';

const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });
const BLACK = rgb(0, 0, 0);

describe('user-agent defaults', () => {
  const r = styleHtml(
    '<!doctype html><h1 id="h1">x</h1><h6 id="h6">x</h6><p id="p">x</p><ul id="ul"><li>x</li></ul><table id="table"><tr><th id="th">x</th><td id="td">y</td></tr></table><pre id="pre">x</pre><blockquote id="bq">q</blockquote><hr id="hr"><a id="a" href="#">l</a><sub id="sub">s</sub><dl><dd id="dd">d</dd></dl><div hidden id="hidden">h</div><script>x</script>',
  );
  it.each<[string, Record<string, unknown>]>([
    ['body', { marginTop: 8, marginLeft: 8 }],
    ['h1', { fontSize: 32, fontWeight: 700, marginTop: 21.44, display: 'block' }],
    ['h6', { fontSize: 16 * 0.67, marginTop: 16 * 0.67 * 2.33 }],
    ['p', { marginTop: 16, marginBottom: 16 }],
    ['ul', { paddingLeft: 40, listStyleType: 'disc', marginTop: 16 }],
    ['table', { display: 'table', borderSpacing: [2, 2], boxSizing: 'border-box', borderCollapse: 'separate' }],
    ['th', { fontWeight: 700, textAlign: 'center', paddingTop: 1, verticalAlign: 'middle', display: 'table-cell' }],
    ['td', { paddingLeft: 1, fontWeight: 400 }],
    ['pre', { fontFamily: ['monospace'], fontSize: 13, whiteSpace: 'pre', marginTop: 13 }],
    ['bq', { marginLeft: 40, marginTop: 16 }],
    [
      'hr',
      {
        borderTop: { width: 1, style: 'inset', color: rgb(128, 128, 128), currentColor3d: true },
        marginLeft: 'auto',
        marginTop: 8,
      },
    ],
    ['a', { color: rgb(0, 0, 238), textDecorationLine: { underline: true, overline: false, lineThrough: false } }],
    ['sub', { verticalAlign: 'sub', fontSize: 16 / 1.2 }],
    ['dd', { marginLeft: 40 }],
  ])('%s', (id, expected) => {
    const el = id === 'body' ? find(r.root, (e) => e.tag === 'body')! : byId(r, id);
    for (const [k, v] of Object.entries(expected)) {
      const actual = (el.style as unknown as Record<string, unknown>)[k];
      if (typeof v === 'number') expect(actual as number).toBeCloseTo(v, 4);
      else expect(actual).toEqual(v);
    }
  });

  it('nested lists (and lists in dd) lose their block margins', () => {
    const nested = styleHtml(
      '<!doctype html><ul><li><ol id="a"><li>x</li></ol></li></ul><dl><dd><ul id="b"><li>y</li></ul></dd></dl><div><ul id="c"></ul></div>',
    );
    expect(byId(nested, 'a').style.marginTop).toBe(0);
    expect(byId(nested, 'b').style.marginBottom).toBe(0);
    expect(byId(nested, 'c').style.marginTop).toBe(16);
  });

  it('shows only the summary of a closed details element', () => {
    const d = styleHtml(
      '<!doctype html><details id="c"><summary>s</summary>hidden<p>no</p></details><details open id="o"><summary>t</summary>shown</details>',
    );
    expect(textOf(byId(d, 'c'))).toBe('\u25b8 s');
    expect(textOf(byId(d, 'o'))).toBe('\u25be tshown');
  });

  it('keeps the options of a select (layout shows the selected one of a drop-down) and gives inputs their text', () => {
    const d = styleHtml(
      '<!doctype html><select id="s"><option>First</option><optgroup label="g"><option selected>  Chosen  one </option></optgroup></select><input id="i" value="v"><input id="p" type="password" value="abc"><input id="b" type="submit"><input id="h" placeholder="Hint">',
    );
    // The optgroup's label is a row of the list box (optgroup::before); a drop-down shows only its chosen option.
    expect(textOf(byId(d, 's'))).toBe('Firstg  Chosen  one ');
    expect(textOf(byId(d, 'i'))).toBe('v');
    expect(textOf(byId(d, 'p'))).toBe('\u2022\u2022\u2022');
    expect(textOf(byId(d, 'b'))).toBe('Submit');
    expect(textOf(byId(d, 'h'))).toBe('Hint');
  });

  it('leaves display:none elements out of the tree', () => {
    expect(find(r.root, (e) => e.attrs['id'] === 'hidden')).toBeNull();
    expect(find(r.root, (e) => e.tag === 'script' || e.tag === 'head')).toBeNull();
  });
});

describe('legacy-defaults fixture (no doctype, presentational attributes)', () => {
  // The corpus case itself (test/corpus/legacy-defaults), not a copy of it.
  const dir = new URL('../../../../test/corpus/legacy-defaults/', import.meta.url);
  const html = expandTemplate(
    readFileSync(new URL('template.html', dir), 'utf8'),
    JSON.parse(readFileSync(new URL('data.json', dir), 'utf8')),
  );
  const result = computeStyles(parseHtml(html), { format: resolveFormat({ preset: 'letter' }) });
  const all: StyledElement[] = [];
  const collect = (el: StyledElement): void => {
    all.push(el);
    for (const c of el.children) if (c.kind === 'element') collect(c);
  };
  collect(result.root);
  const tables = all.filter((e) => e.tag === 'table');

  it('styles without diagnostics and reads the title', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.documentMode).toBe('quirks');
    expect(styleHtml('<!doctype html><p>x</p>').documentMode).toBe('no-quirks');
    expect(result.title).toMatch(/^Purchase Order /);
  });

  it('maps table attributes', () => {
    expect(tables[0]!.style).toMatchObject({
      width: { px: 0, pct: 100 },
      borderSpacing: [0, 0],
      borderTop: { width: 0 },
    });
    const bordered = tables[2]!.style;
    // Chromium 156 computes the table's currentColor (its UA sheet no longer makes tables gray).
    expect(bordered.borderTop).toEqual({ width: 1, style: 'outset', color: BLACK });
    const cell = find(tables[2]!, (e) => e.tag === 'td')!;
    expect(cell.style).toMatchObject({
      paddingTop: 4,
      paddingLeft: 4,
      borderTop: { width: 1, style: 'inset', color: BLACK },
    });
  });

  it('maps bgcolor, align, valign, width and <font color>', () => {
    const headRow = find(tables[2]!, (e) => e.tag === 'tr')!;
    expect(headRow.style.backgroundColor).toEqual(rgb(0, 0x33, 0x66));
    const th = find(headRow, (e) => e.tag === 'th')!;
    expect(th.style.width).toEqual({ px: 0, pct: 50 });
    const font = find(th, (e) => e.tag === 'font')!;
    expect(font.style.color).toEqual(rgb(255, 255, 255));
    const rightCell = find(tables[0]!, (e) => e.tag === 'td' && e.attrs['align'] === 'right')!;
    expect(rightCell.style).toMatchObject({ textAlign: 'right', legacyAlign: 'right', verticalAlign: 'top' });
    const yellow = all.find((e) => e.attrs['bgcolor'] === '#ffffcc')!;
    expect(yellow.style.backgroundColor).toEqual(rgb(255, 255, 204));
  });

  it('applies <center>, <small>, <u> and the default serif font', () => {
    const center = all.find((e) => e.tag === 'center')!;
    expect(center.style).toMatchObject({ display: 'block', textAlign: 'center', legacyAlign: 'center' });
    const small = all.find((e) => e.tag === 'small')!;
    expect(small.style.fontSize).toBeCloseTo(16 / 1.2, 6);
    expect(all.find((e) => e.tag === 'u')!.style.textDecorationLine.underline).toBe(true);
    expect(result.root.style.fontFamily).toEqual(['serif']);
    expect(result.root.style.color).toEqual(BLACK);
  });

  it('flags the quirky UA margins of headings and paragraphs (no doctype)', () => {
    const h1 = all.find((e) => e.tag === 'h1')!;
    expect(h1.style.marginQuirk).toEqual({ top: true, bottom: false });
    expect(all.find((e) => e.tag === 'p')!.style.marginQuirk).toEqual({ top: true, bottom: true });
    expect(all.find((e) => e.tag === 'td')!.style.marginQuirk).toBeUndefined();
    const standards = styleHtml('<!doctype html><h1 id="t">x</h1>');
    expect(byId(standards, 't').style.marginQuirk).toBeUndefined();
    const authored = computeStyles(parseHtml('<style>h1{margin-top:3px}</style><h1>x</h1>'), {
      format: resolveFormat({}),
    });
    expect(find(authored.root, (e) => e.tag === 'h1')!.style.marginQuirk).toBeUndefined();
  });

  it('numbers the conditions list', () => {
    const ol = all.find((e) => e.tag === 'ol')!;
    const firstMarker = find(ol, (e) => e.tag === '::marker')!;
    expect(textOf(firstMarker)).toBe('1. ');
  });
});

describe('inline SVG', () => {
  it('becomes an img with the SVG as a data: URL, its case restored and currentColor resolved', () => {
    const r = styleHtml(
      '<!doctype html><p style="color:#0a0"><svg class="icon" width="24" height="12" viewBox="0 0 24 12"><linearGradient id="g"/><path d="M0 0h24" fill="currentColor"/><text>a&lt;b</text></svg></p>',
    );
    const img = find(r.root, (e) => e.tag === 'img')!;
    expect(img.attrs).toMatchObject({ class: 'icon', width: '24', height: '12', viewBox: '0 0 24 12' });
    expect(img.children).toEqual([]);
    const svg = decodeURIComponent(img.attrs['src']!.replace(/^data:image\/svg\+xml;platen-inline;charset=utf-8,/, ''));
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="icon" width="24" height="12" viewBox="0 0 24 12" color="rgba(0,170,0,1)"><linearGradient id="g"></linearGradient><path d="M0 0h24" fill="currentColor"></path><text>a&lt;b</text></svg>',
    );
  });
});

describe('utility-first CSS (a Tailwind v4-shaped sheet)', () => {
  const css = `
    @layer theme, base, components, utilities;
    @layer theme { :root, :host { --font-sans: ui-sans-serif, system-ui, sans-serif; --color-blue-500: oklch(62.3% 0.214 259.815);
      --spacing: 0.25rem; --text-sm: 0.875rem; --text-sm--line-height: calc(1.25 / 0.875); } }
    @layer base { *, ::after, ::before, ::backdrop, ::file-selector-button { box-sizing: border-box; margin: 0; padding: 0; border: 0 solid; }
      html, :host { line-height: 1.5; -webkit-text-size-adjust: 100%; tab-size: 4; font-family: var(--default-font-family, var(--font-sans)); } }
    @layer utilities { .p-4 { padding: calc(var(--spacing) * 4); } .text-blue-500 { color: var(--color-blue-500); }
      .text-sm { font-size: var(--text-sm); line-height: var(--tw-leading, var(--text-sm--line-height)); }
      .bg-blue-500\\/50 { background-color: color-mix(in oklab, var(--color-blue-500) 50%, transparent); }
      .hover\\:underline:hover { text-decoration-line: underline; }
      @media (width >= 40rem) { .sm\\:flex { display: flex; } } }
    @property --tw-leading { syntax: "*"; inherits: false; }`;
  const r = styleHtml(
    `<!doctype html><style>${css}</style><p id="t" class="p-4 text-blue-500 text-sm bg-blue-500/50 hover:underline sm:flex">x</p>`,
  );

  it('styles without diagnostics', () => {
    expect(r.diagnostics).toEqual([]);
  });

  it('applies layered utilities over the base layer', () => {
    const s = byId(r, 't').style;
    expect(s).toMatchObject({ paddingTop: 16, fontSize: 14, display: 'flex', boxSizing: 'border-box' });
    expect((s.lineHeight as { factor: number }).factor).toBeCloseTo(1.25 / 0.875, 6);
    expect(s.color.b).toBeGreaterThan(240);
    expect(s.backgroundColor.a).toBeCloseTo(0.5, 3);
    expect(s.textDecorationLine.underline).toBe(false);
    expect(r.root.style.fontFamily).toEqual(['ui-sans-serif', 'system-ui', 'sans-serif']);
  });
});

describe('quirks mode', () => {
  it('accepts unitless lengths without a doctype only', () => {
    const css =
      '<style>div{width:200;margin:0 10 calc(2 * 3px);line-height:2}</style><div id="t" style="height:50"></div>';
    const quirky = byId(styleHtml(css), 't').style;
    expect(quirky).toMatchObject({
      width: 200,
      height: 50,
      marginRight: 10,
      marginBottom: 6,
      lineHeight: { factor: 2 },
    });
    const strict = byId(styleHtml(`<!doctype html>${css}`), 't').style;
    expect(strict).toMatchObject({ width: 'auto', height: 'auto', marginRight: 0, lineHeight: { factor: 2 } });
  });

  it('resets font properties on tables (quirks.css)', () => {
    const html = '<style>body{font-size:20px;font-weight:bold}</style><table><tr><td id="t">x</td></tr></table>';
    expect(byId(styleHtml(html), 't').style).toMatchObject({ fontSize: 16, fontWeight: 400 });
    expect(byId(styleHtml(`<!doctype html>${html}`), 't').style).toMatchObject({ fontSize: 20, fontWeight: 700 });
  });
});

describe('PdfFormat typography', () => {
  it('is a default the document overrides', () => {
    const format = {
      font_family: 'Georgia, serif',
      font_size: '11pt',
      color: '#333',
      line_height: '1.4',
      text_align: 'justify',
    };
    const plain = styleHtml('<!doctype html><p id="t">x</p>', format);
    expect(byId(plain, 't').style).toMatchObject({
      fontFamily: ['Georgia', 'serif'],
      color: rgb(0x33, 0x33, 0x33),
      lineHeight: { factor: 1.4 },
      textAlign: 'justify',
    });
    expect(byId(plain, 't').style.fontSize).toBeCloseTo(44 / 3, 6);
    const styled = styleHtml(
      '<!doctype html><style>body{font-family:Arial;color:red} p{font-size:9px}</style><p id="t">x</p>',
      format,
    );
    expect(byId(styled, 't').style).toMatchObject({
      fontFamily: ['Arial'],
      color: rgb(255, 0, 0),
      fontSize: 9,
      textAlign: 'justify',
    });
  });
});

describe('header and footer components', () => {
  it('are styled as a div in body with the document sheets plus their own', () => {
    const main = parseHtml(
      '<!doctype html><style>body{font-family:Arial;font-size:12px} .muted{color:gray} div{padding:1px}</style><p>body</p>',
    );
    const footer = parseHtml(
      '<style>.pg{font-weight:bold}</style><span class="muted">Page <span class="pg pageNumber"></span></span>',
    );
    const r = computeStyles(main, { format: resolveFormat({}), chrome: { footer } });
    expect(r.header).toBeNull();
    const f = r.footer!;
    expect(f.tag).toBe('div');
    expect(f.style).toMatchObject({ fontFamily: ['Arial'], fontSize: 12, paddingTop: 1 });
    const muted = find(f, (e) => e.attrs['class'] === 'muted')!;
    expect(muted.style.color).toEqual(rgb(128, 128, 128));
    expect(find(f, (e) => (e.attrs['class'] ?? '').includes('pageNumber'))!.style.fontWeight).toBe(700);
    // The component's own styles do not leak into the document.
    expect(find(r.root, (e) => e.tag === 'p')!.style.fontWeight).toBe(400);
  });
});

describe('stylesheets', () => {
  it('lists external sheets and loads them through resolveStylesheet, @import first', () => {
    const sheets: Record<string, string> = {
      'file:///tpl/a.css': '@import "b.css"; p { color: green; background: url(img/bg.png) }',
      'file:///tpl/b.css': 'p { color: red; font-size: 20px }',
    };
    const r = styleHtml(
      '<!doctype html><link rel="stylesheet" href="a.css"><p id="t">x</p>',
      {},
      { baseUrl: 'file:///tpl/', resolveStylesheet: (u) => sheets[u] ?? null },
    );
    expect(r.stylesheetUrls).toEqual(['file:///tpl/a.css', 'file:///tpl/b.css']);
    const p = byId(r, 't').style;
    expect(p.color).toEqual(rgb(0, 128, 0));
    expect(p.fontSize).toBe(20);
    expect(p.backgroundLayers[0]!.image).toEqual({ kind: 'url', url: 'file:///tpl/img/bg.png' });
  });

  it('resolves URLs in a sheet against the sheet even without a base URL', () => {
    const sheets: Record<string, string> = {
      'css/main.css': '@import "parts/fonts.css"; p { background-image: url(../img/bg.png) }',
      'css/parts/fonts.css': '@font-face { font-family: X; src: url(../../fonts/x.ttf) }',
    };
    const r = styleHtml(
      '<!doctype html><link rel="stylesheet" href="css/main.css"><p id="t">x</p>',
      {},
      { resolveStylesheet: (u) => sheets[u] ?? null },
    );
    expect(r.stylesheetUrls).toEqual(['css/main.css', 'css/parts/fonts.css']);
    expect(byId(r, 't').style.backgroundLayers[0]!.image).toEqual({ kind: 'url', url: 'img/bg.png' });
    expect(r.fontFaces[0]!.sources).toEqual([{ kind: 'url', url: 'fonts/x.ttf' }]);
  });

  it('warns about a sheet that could not be loaded', () => {
    const r = styleHtml(
      '<!doctype html><style>@import url("missing.css");</style>',
      {},
      { resolveStylesheet: () => null },
    );
    expect(r.diagnostics.map((d) => d.code)).toEqual(['stylesheet_unavailable']);
    expect(r.stylesheetUrls).toEqual(['missing.css']);
  });

  it('includes google_fonts_url and collects @font-face rules', () => {
    const css =
      "@font-face { font-family: 'Inter'; font-style: normal; font-weight: 400 700; src: url(https://fonts.test/inter.woff2) format('woff2'); unicode-range: U+0000-00FF; }";
    const r = styleHtml(
      '<!doctype html><style>@font-face{font-family:Mine;src:local("Mine Regular"),url(fonts/m.ttf) format("truetype");font-style:italic}</style>',
      { google_fonts_url: 'https://fonts.test/css?family=Inter' },
      { baseUrl: 'file:///tpl/', resolveStylesheet: (u) => (u.startsWith('https://fonts.test/css') ? css : null) },
    );
    expect(r.stylesheetUrls).toEqual(['https://fonts.test/css?family=Inter']);
    expect(r.fontFaces).toEqual([
      {
        family: 'Inter',
        sources: [{ kind: 'url', url: 'https://fonts.test/inter.woff2', format: 'woff2' }],
        weight: [400, 700],
        style: 'normal',
        unicodeRange: 'U+0000-00FF',
      },
      {
        family: 'Mine',
        sources: [
          { kind: 'local', name: 'Mine Regular' },
          { kind: 'url', url: 'file:///tpl/fonts/m.ttf', format: 'truetype' },
        ],
        weight: [400, 400],
        style: 'italic',
      },
    ]);
  });

  it('ignores <style media="screen">', () => {
    const r = styleHtml(
      '<!doctype html><style media="screen">p{color:red}</style><style media="print">p{font-size:9px}</style><p id="t">x</p>',
    );
    expect(byId(r, 't').style).toMatchObject({ color: BLACK, fontSize: 9 });
  });
});
