import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/html/parse.js';
import { resolveFormat } from '../../src/format.js';
import { computeStyles } from '../../src/style/index.js';
import { CHROMIUM_PROPERTIES } from '../../src/style/chromium-properties.js';
import { LONGHANDS } from '../../src/style/properties/index.js';
import { SHORTHANDS } from '../../src/style/shorthands.js';
import { MAX_IGNORED_DECLARATIONS } from '../../src/style/ignored-declarations.js';

function ignored(html: string): string[] {
  const result = computeStyles(parseHtml(html), { format: resolveFormat({ preset: 'a4' }) });
  return result.diagnostics.filter((d) => d.code === 'css_ignored_declaration').map((d) => d.message);
}

describe('css_ignored_declaration', () => {
  it('names the property, the value, the line and the reason of each declaration dropped', () => {
    const html = `<style>
p { colr: red; color: bogus; width: 10px }
div { margin: 1px 2px 3px 4px 5px; zoom: 2 }
</style><p style="font-size: huge">x</p><div>y</div>`;
    expect(ignored(html)).toEqual([
      'Ignored CSS declaration "colr: red" (line 2): unknown property',
      'Ignored CSS declaration "color: bogus" (line 2): invalid or unsupported value',
      'Ignored CSS declaration "margin: 1px 2px 3px 4px 5px" (line 3): invalid or unsupported value',
      'Ignored CSS declaration "font-size: huge" (style attribute): invalid or unsupported value',
      'Ignored CSS declaration "zoom: 2" (line 3): property not supported by Platen',
    ]);
  });

  it('reports @page and margin-box declarations too', () => {
    const html = `<style>@page { margin: 1cm; colour: red }
@page { @top-center { content: "x"; font-size: huge } }</style><p>x</p>`;
    expect(ignored(html)).toEqual([
      'Ignored CSS declaration "colour: red" (line 1): unknown property',
      'Ignored CSS declaration "font-size: huge" (line 2): invalid or unsupported value',
    ]);
  });

  it('does not report what Chromium drops too because it was written for other browsers, nor what never prints', () => {
    const html = `<style>p {
      -moz-box-sizing: border-box; -ms-filter: x; -webkit-nonsense: 1; _height: 1px; *zoom: 1; mso-hide: all;
      background: -moz-linear-gradient(top, red, blue); margin-top: 1px\\9;
      transition: all 1s; cursor: pointer; user-select: none
    }</style><p>x</p>`;
    expect(ignored(html)).toEqual([]);
  });

  it('tells an unknown property once, an invalid value once per value, and counts what is over the cap', () => {
    const rules = Array.from({ length: MAX_IGNORED_DECLARATIONS + 2 }, (_, i) => `p { width: bad${i} }`).join('\n');
    const html = `<style>p { colr: red } p { colr: blue } p { width: bad0 }\n${rules}</style><p style="colr: x">x</p>`;
    const messages = ignored(html);
    expect(messages.filter((m) => m.includes('"colr:'))).toEqual([
      'Ignored CSS declaration "colr: red" (line 1): unknown property',
    ]);
    expect(messages).toHaveLength(MAX_IGNORED_DECLARATIONS + 1);
    expect(messages.at(-1)).toBe('3 more CSS declarations were ignored');
  });

  it('knows no property Chromium does not (a misspelt name in the property table fails here)', () => {
    const names = [...Object.keys(LONGHANDS), ...Object.keys(SHORTHANDS)].filter((n) => !n.startsWith('-'));
    expect(names.filter((n) => !CHROMIUM_PROPERTIES.has(n))).toEqual([]);
  });
});
