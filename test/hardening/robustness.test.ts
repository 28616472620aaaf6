/**
 * Hostile documents, one targeted case each. Every case must end before its test's
 * timeout (the only time bound; speed is measured in bench/) with either a PDF or a
 * PlatenError whose code names the problem — never a crash, a hang or an exhausted heap.
 */
import { describe, expect, it } from 'vitest';
import { PNG_1PX, attempt, expectPdf, pdfText, type Outcome } from './helpers.js';
import type { RenderOptions } from '@platen/core';

/** Fail when the process grows past this: a leak or a blow-up, not ordinary work. */
const RSS_LIMIT = 2 * 1024 ** 3;

async function bounded(options: RenderOptions): Promise<Outcome> {
  const outcome = await attempt(options);
  expect(process.memoryUsage().rss).toBeLessThan(RSS_LIMIT);
  return outcome;
}

const errorCode = (o: Outcome) => (o.ok ? 'pdf' : o.error.code);

describe('deep and wide trees', () => {
  // Chromium's tree builder caps DOM depth at 512 (deeper start tags become siblings);
  // core/html/parse.ts does the same, so later recursive stages stay within the stack.
  it('10^5 nested divs', async () => {
    const outcome = await bounded({ html: `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}` });
    expect(pdfText(expectPdf(outcome).pdf)).toContain('deep');
  }, 60_000);

  // 10^4 rather than 10^5 to keep the suite fast: the depth cap is reached either way.
  it.each([
    ['span', `${'<span>'.repeat(10_000)}deep${'</span>'.repeat(10_000)}`, true],
    ['unclosed b', `${'<b>'.repeat(10_000)}deep`, true],
    ['table in td (300 tables)', `${'<table><tr><td>'.repeat(300)}deep`, true],
    // 511 levels of list indentation push the text off the page, in Chromium too.
    ['li in ul', `${'<ul><li>'.repeat(5_000)}deep`, false],
    [
      'svg g',
      `<svg width="10" height="10">${'<g>'.repeat(10_000)}<rect width="5" height="5"/>${'</g>'.repeat(10_000)}</svg><p>deep</p>`,
      true,
    ],
  ])(
    '10^4 nested %s',
    async (_name, html, visible) => {
      const outcome = await bounded({ html });
      const text = pdfText(expectPdf(outcome).pdf);
      if (visible) expect(text).toContain('deep');
    },
    30_000,
  );

  it('10^4 sibling paragraphs stop at the page limit, not the heap', async () => {
    const outcome = await bounded({ html: '<p>para</p>'.repeat(10_000), maxPages: 50 });
    expect(errorCode(outcome)).toBe('document_too_large');
  }, 30_000);
});

describe('text', () => {
  it('an enormous word (50,000 characters) overflows but renders', async () => {
    const outcome = await bounded({ html: `<p>start ${'w'.repeat(50_000)} end</p>` });
    expect(pdfText(expectPdf(outcome).pdf)).toContain('start');
  }, 30_000);

  it('an enormous word with overflow-wrap: anywhere breaks into pages or hits the page limit', async () => {
    const outcome = await bounded({ html: `<p style="overflow-wrap:anywhere">${'w'.repeat(100_000)}</p>` });
    expect(['pdf', 'document_too_large']).toContain(errorCode(outcome));
  }, 30_000);

  it('a table cell holding one word of 10^5 characters', async () => {
    const outcome = await bounded({
      html: `<table border="1"><tr><td>a</td><td>${'x'.repeat(100_000)}</td></tr></table><p>after</p>`,
    });
    expect(pdfText(expectPdf(outcome).pdf)).toContain('after');
  }, 30_000);

  it('a table cell of 10^6 characters of words paginates or hits the page limit', async () => {
    const outcome = await bounded({ html: `<table><tr><td>${'lorem ipsum '.repeat(83_334)}</td></tr></table>` });
    expect(['pdf', 'document_too_large']).toContain(errorCode(outcome));
  }, 40_000);
});

describe('tables', () => {
  it.each([
    ['colspan', '<table border="1"><tr><td colspan="1000000">wide</td></tr><tr><td>a</td><td>b</td></tr></table>'],
    ['rowspan', '<table border="1"><tr><td rowspan="1000000">tall</td><td>b</td></tr><tr><td>c</td></tr></table>'],
    ['both', '<table><tr><td colspan="1000000" rowspan="1000000">both</td></tr></table>'],
    ['negative', '<table><tr><td colspan="-5" rowspan="-7">neg</td></tr></table>'],
    ['NaN', '<table><tr><td colspan="NaN" rowspan="1e9">nan</td></tr></table>'],
  ])(
    '%s of 10^6 is clamped as Chromium does',
    async (_name, html) => {
      const outcome = await bounded({ html });
      expect(expectPdf(outcome).pageCount).toBeGreaterThanOrEqual(1);
    },
    20_000,
  );

  it('1,000 columns from one clamped colspan do not slow layout down', async () => {
    const rows = Array.from({ length: 50 }, () => `<tr><td colspan="1000000">r</td></tr>`).join('');
    await bounded({ html: `<table>${rows}</table>` });
  }, 20_000);
});

describe('sizes', () => {
  it.each([
    ['width: 1e9px', '<div style="width:1e9px;background:red">w</div>'],
    ['height: 1e9px', '<div style="height:1e9px">h</div>'],
    ['font-size: 1e6px', '<p style="font-size:1e6px">big</p>'],
    ['font-size: 1e30px', '<p style="font-size:1e30px">big</p>'],
    ['letter-spacing: -1e9px', '<p style="letter-spacing:-1e9px">squeezed</p>'],
    ['word-spacing: 1e9px', '<p style="word-spacing:1e9px">a b c</p>'],
    ['line-height: 1e9', '<p style="line-height:1e9">tall</p>'],
    ['margin: -1e9px', '<p style="margin:-1e9px">neg</p>'],
    ['padding: 1e300px', '<p style="padding:1e300px">pad</p>'],
    ['border: 1e9px', '<p style="border:1e9px solid black">border</p>'],
    ['text-indent: 1e9px', '<p style="text-indent:1e9px">indent</p>'],
    ['width: NaN', '<div style="width:NaNpx;height:calc(0/0*1px)">nan</div>'],
    ['calc infinity', '<div style="width:calc(infinity * 1px);height:calc(-infinity * 1px)">inf</div>'],
    ['calc 1/0', '<div style="width:calc(1px / 0)">div0</div>'],
    ['font-size 0', '<p style="font-size:0">zero</p><p>after</p>'],
    ['negative font-size', '<p style="font-size:-10px">neg</p>'],
    [
      'img 1e9',
      '<img src="data:image/png;base64,' + PNG_1PX.toString('base64') + '" style="width:1e9px;height:1e9px">',
    ],
    ['border-radius 1e9', '<div style="width:50px;height:50px;border:1px solid;border-radius:1e9px">r</div>'],
    ['box-shadow 1e9', '<div style="box-shadow:0 0 1e9px 1e9px red">s</div>'],
    ['column-count 1e9', '<div style="column-count:1000000000">c</div>'],
    ['z-index huge', '<div style="position:relative;z-index:99999999999999999999">z</div>'],
    ['position absolute far', '<div style="position:absolute;top:1e9px;left:-1e9px">far</div>'],
    ['transform scale', '<div style="transform:scale(1e9)">t</div>'],
    ['grid 1e6 tracks', '<div style="display:grid;grid-template-columns:repeat(1000000, 1px)">g</div>'],
    ['grid line 1e9', '<div style="display:grid"><div style="grid-column:1000000000 / span 1000000000">g</div></div>'],
    [
      'flex grow huge',
      '<div style="display:flex"><div style="flex:1e30 1e30 1e9px">f</div><div style="flex:1">g</div></div>',
    ],
    // PDFKit throws on numbers ≥ 1e21: lengths saturate like Chromium's LayoutUnit, transforms are bounded.
    ['width: 1e25px', '<div style="width:1e25px;height:10px;background:red"></div>'],
    ['width: 1e25%', '<div style="width:1e25%;height:5px;background:red">x</div>'],
    ['border-width: 1e20vw', '<hr style="border-width:99999999999999999999vw">'],
    ['box-shadow spread 1e25px', '<div style="box-shadow:0 0 0 1e25px red">x</div>'],
    ['transform: scale(1e25)', '<div style="transform:scale(1e25)">x</div>'],
    ['transform: matrix(1e30…)', '<div style="transform:matrix(1e30, 0, 0, 1e30, 1e30, 1e30)">x</div>'],
    ['calc overflow', '<div style="position:absolute;left:calc(1e300px * 1e300);width:calc(1e308px * 10)">x</div>'],
    [
      'counter huge',
      '<ol start="2147483647"><li>a</li><li>b</li></ol><ol start="-99999999999999999999"><li>c</li></ol>',
    ],
  ])(
    '%s',
    async (_name, html) => {
      const outcome = await bounded({ html });
      expect(['pdf', 'document_too_large']).toContain(errorCode(outcome));
    },
    20_000,
  );

  // flex-shrink × base size was Infinity, the line NaN, and the answer a 755-byte PDF with no
  // page, logged as a success. Numbers are clamped like Chromium's floats; no page fails the render.
  it('flex factors of 1e308 still print the page, with what follows', async () => {
    const outcome = await bounded({
      html: '<div style="display:flex;flex-wrap:wrap"><i style="flex:1e308 1e308 1e308px">x</i></div><p>after</p>',
    });
    const result = expectPdf(outcome);
    expect(result.pageCount).toBeGreaterThanOrEqual(1);
    expect(pdfText(result.pdf)).toContain('after');
  }, 20_000);
});

describe('custom properties and calc()', () => {
  it.each([
    ['self cycle', '<p style="--a:var(--a);width:var(--a)">x</p>'],
    ['two-step cycle', '<p style="--a:var(--b);--b:var(--a);color:var(--a, red);width:var(--b)">x</p>'],
    ['cycle through fallback', '<p style="--a:var(--x, var(--a));margin:var(--a)">x</p>'],
    ['cycle in calc', '<p style="--a:calc(var(--b) + 1px);--b:calc(var(--a) * 2);width:calc(var(--a))">x</p>'],
    [
      'exponential expansion',
      `<p style="--a0:xxxxxxxxxx;${Array.from({ length: 30 }, (_, i) => `--a${i + 1}:var(--a${i}) var(--a${i})`).join(';')};width:var(--a30)">x</p>`,
    ],
    ['deep calc', `<p style="width:${'calc('.repeat(5000)}1px${')'.repeat(5000)}">x</p>`],
    ['deep fallback', `<p style="width:${'var(--n, '.repeat(5000)}1px${')'.repeat(5000)}">x</p>`],
    ['deep parens in values', `<p style="color:${'('.repeat(100_000)}">x</p>`],
    [
      'long var chain',
      `<p style="${Array.from({ length: 5000 }, (_, i) => `--v${i}:var(--v${i + 1})`).join(';')};--v5000:3px;margin:var(--v0)">x</p>`,
    ],
  ])(
    '%s ends in bounded time',
    async (_name, html) => {
      const outcome = await bounded({ html });
      expect(pdfText(expectPdf(outcome).pdf)).toContain('x');
    },
    20_000,
  );

  it.each([
    ['@media', (n: number) => `${'@media print {'.repeat(n)} p { color: red } ${'}'.repeat(n)}`],
    ['@supports', (n: number) => `${'@supports (display:block) {'.repeat(n)} p { color: red } ${'}'.repeat(n)}`],
    ['@layer', (n: number) => `${'@layer a {'.repeat(n)} p { color: red } ${'}'.repeat(n)}`],
    ['@page margin boxes', (n: number) => `@page { ${'@top-left {'.repeat(n)} content: "x" ${'}'.repeat(n)} }`],
    ['style rules', (n: number) => `${'div {'.repeat(n)} color: red ${'}'.repeat(n)}`],
  ])(
    '10^4 nested %s blocks',
    async (_name, make) => {
      const outcome = await bounded({ html: `<style>${make(10_000)}</style><p>x</p>` });
      expect(pdfText(expectPdf(outcome).pdf)).toContain('x');
    },
    20_000,
  );

  it('a stylesheet of 2·10^4 rules, a 10^4-part selector and 2,000 nested :is()', async () => {
    const rules = Array.from({ length: 20_000 }, (_, i) => `.c${i} > .d${i} { color: red }`).join('\n');
    const nested = `${'div '.repeat(10_000)}{ color: blue }`;
    const outcome = await bounded({
      html: `<style>${rules}\n${nested}\n:is(${':is('.repeat(2000)}p${')'.repeat(2000)}) { color: green }</style><p>x</p>`,
    });
    expect(pdfText(expectPdf(outcome).pdf)).toContain('x');
  }, 30_000);
});

describe('fonts that are not fonts, images that are not images', () => {
  const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)).toString('base64');
  it.each([
    ['woff2 garbage', `data:font/woff2;base64,${garbage}`, 'woff2'],
    ['woff garbage', `data:font/woff;base64,d09GRgABAAA${garbage}`, 'woff'],
    ['truetype garbage', `data:font/ttf;base64,AAEAAAAPAIAAAwBw${garbage}`, 'truetype'],
    ['empty font', 'data:font/ttf;base64,', 'truetype'],
    ['an image as a font', `data:image/png;base64,${PNG_1PX.toString('base64')}`, 'opentype'],
  ])(
    '%s falls back to a bundled font',
    async (_name, url, format) => {
      const html = `<style>@font-face{font-family:Bad;src:url(${url}) format("${format}")} p{font-family:Bad, sans-serif}</style><p>fallback text</p>`;
      const outcome = await bounded({ html });
      expect(pdfText(expectPdf(outcome).pdf)).toContain('fallback text');
    },
    20_000,
  );

  const pngHeader = (w: number, h: number) => {
    const b = Buffer.from(PNG_1PX);
    b.writeUInt32BE(w, 16);
    b.writeUInt32BE(h, 20);
    return b.toString('base64');
  };
  it.each([
    ['png garbage', `data:image/png;base64,${garbage}`],
    ['png truncated', `data:image/png;base64,${PNG_1PX.subarray(0, 30).toString('base64')}`],
    ['png claiming 10^5 × 10^5 pixels', `data:image/png;base64,${pngHeader(100_000, 100_000)}`],
    ['png claiming 0 × 0', `data:image/png;base64,${pngHeader(0, 0)}`],
    ['jpeg garbage', `data:image/jpeg;base64,/9j/${garbage}`],
    ['gif garbage', `data:image/gif;base64,R0lGODlh${garbage}`],
    ['webp garbage', `data:image/webp;base64,UklGRgAAAABXRUJQ${garbage}`],
    ['svg garbage', 'data:image/svg+xml,%3Csvg%3E%3C%3C%3C%3Cg'],
    [
      'svg 1e9 size',
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1e9' height='1e9'%3E%3Crect width='1e9' height='1e9'/%3E%3C/svg%3E",
    ],
    [
      'svg billion laughs',
      `data:image/svg+xml,${encodeURIComponent('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&g;</text></svg>')}`,
    ],
    [
      'svg use recursion',
      `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><g id="a"><use xlink:href="#a"/></g></svg>')}`,
    ],
    [
      'svg use fan-out',
      `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><defs><rect id="l0" width="1" height="1"/>${Array.from({ length: 12 }, (_, i) => `<g id="l${i + 1}">${`<use xlink:href="#l${i}"/>`.repeat(10)}</g>`).join('')}</defs><use xlink:href="#l12"/></svg>`)}`,
    ],
    ['malformed data URI', 'data:image/png;base64'],
    ['not base64', 'data:image/png;base64,@@@@'],
    ['empty', 'data:,'],
  ])(
    '%s is skipped, the document still renders',
    async (_name, src) => {
      const outcome = await bounded({
        html: `<p>before</p><img src="${src}" alt="alt"><div style="width:20px;height:20px;background:url(&quot;${src}&quot;)"></div><p>after</p>`,
      });
      const text = pdfText(expectPdf(outcome).pdf);
      expect(text).toContain('before');
      expect(text).toContain('after');
    },
    20_000,
  );
});

describe('pages and limits', () => {
  it('format custom 1mm is invalid_parameter naming the field', async () => {
    const outcome = await attempt({ html: '<p>x</p>', format: { preset: 'custom', width: '1mm', height: '100mm' } });
    expect(outcome.ok ? 'pdf' : [outcome.error.code, outcome.error.param]).toEqual([
      'invalid_parameter',
      'format.width',
    ]);
  });

  it.each([
    // no page area inside the format's margins: the format's page, as Chromium prints it
    ['@page size 0', '@page { size: 0 0 }', [595.28, 841.89]],
    ['@page size 1mm', '@page { size: 1mm 1mm; margin: 0 }', [3, 3]],
    ['@page size 8px 6px', '@page { size: 8px 6px; margin: 0 }', [6, 4.5]],
    ['@page size 10^6 mm', '@page { size: 1000000mm 1000000mm }', [14400, 14400]],
    ['@page size -5in 3in (invalid: ignored)', '@page { size: -5in 3in }', [595.28, 841.89]],
    ['@page size 3in 4in 5in (invalid: ignored)', '@page { size: 3in 4in 5in }', [595.28, 841.89]],
  ])(
    "%s is clamped to PDF's 3 – 14,400 units per side (or ignored when invalid)",
    async (_name, css, [w, h]) => {
      const outcome = await bounded({ html: `<style>${css}</style><p>x</p>` });
      const pdf = new TextDecoder('latin1').decode(expectPdf(outcome).pdf);
      const box = /\/MediaBox \[([^\]]+)\]/.exec(pdf)?.[1]?.trim().split(/\s+/).map(Number) ?? [];
      expect(box[2]).toBeCloseTo(w!, 0);
      expect(box[3]).toBeCloseTo(h!, 0);
    },
    20_000,
  );

  it('@page margins larger than the page still render', async () => {
    const outcome = await bounded({ html: '<style>@page { size: 20mm 20mm; margin: 1e6mm }</style><p>x</p>' });
    expect(['pdf', 'document_too_large']).toContain(errorCode(outcome));
  }, 20_000);

  it('2,001 pages → document_too_large, quickly', async () => {
    const html = '{{#each pages}}<p style="break-after:page">page {{this}}</p>{{/each}}';
    const outcome = await bounded({ html, data: { pages: Array.from({ length: 2001 }, (_, i) => i) } });
    expect(errorCode(outcome)).toBe('document_too_large');
  }, 30_000);

  it('2,000 pages are allowed (the limit is inclusive)', async () => {
    const html = '{{#each pages}}<p style="break-after:page">p</p>{{/each}}<p>last</p>';
    const outcome = await bounded({ html, data: { pages: Array.from({ length: 1999 }, (_, i) => i) } });
    expect(expectPdf(outcome).pageCount).toBe(2000);
  }, 60_000);

  it('20 MiB + 1 byte of expanded HTML → document_too_large, before parsing', async () => {
    const chunk = 'x'.repeat(1024 * 1024);
    const outcome = await bounded({
      html: '{{#each c}}{{this}}{{/each}}!',
      data: { c: Array.from({ length: 20 }, () => chunk) },
    });
    expect(errorCode(outcome)).toBe('document_too_large');
  }, 20_000);

  it('a template that multiplies a small input (nested #each) is stopped by the size limit', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    // 10^10 iterations if it ran to the end: the heap would be gone long before.
    const html = `${'{{#each @root.t}}'.repeat(10)}<p>xxxxxxxxxxxxxxxxxxxxxxx</p>${'{{/each}}'.repeat(10)}`;
    const outcome = await bounded({ html, data: { t: ten } });
    expect(errorCode(outcome)).toBe('document_too_large');
  }, 30_000);

  it('inline partials that double at every level are stopped by the size limit while expanding', async () => {
    const partials = Array.from(
      { length: 40 },
      (_, i) => `{{#*inline "p${i + 1}"}}{{> p${i}}}{{> p${i}}}{{/inline}}`,
    ).join('');
    // A 1 MiB limit keeps the test fast; the default 20 MiB stops it the same way.
    const outcome = await bounded({
      html: `{{#*inline "p0"}}<b>x</b>{{/inline}}${partials}{{> p40}}`,
      maxHtmlBytes: 1024 * 1024,
    });
    expect(errorCode(outcome)).toBe('document_too_large');
  }, 20_000);

  it('a block component that includes itself many times is stopped (document_too_large), quickly', async () => {
    const outcome = await bounded({
      html: '<svc-block id="a"></svc-block>',
      blocks: { a: 'x<svc-block id="a"></svc-block>'.repeat(50) },
    });
    expect(errorCode(outcome)).toBe('document_too_large');
  }, 20_000);

  it('5,000 nested {{#if}} are a template_syntax_error at once, not a stack overflow after half a minute', async () => {
    const outcome = await bounded({ html: `${'{{#if a}}'.repeat(5000)}x${'{{/if}}'.repeat(5000)}`, data: { a: 1 } });
    expect(outcome.ok ? 'pdf' : [outcome.error.code, /nested deeper than 100/.test(outcome.error.message)]).toEqual([
      'template_syntax_error',
      true,
    ]);
  }, 20_000);

  it('headers and footers count towards the size limit too', async () => {
    const outcome = await attempt({
      html: '<p>x</p>',
      footer: '{{#each c}}{{this}}{{/each}}',
      data: { c: ['y'.repeat(2048)] },
      maxHtmlBytes: 1024,
    });
    expect(errorCode(outcome)).toBe('document_too_large');
  });
});
