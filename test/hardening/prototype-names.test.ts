/**
 * Keywords and attribute values that name members of Object.prototype (`constructor`,
 * `__proto__`, `toString`) are untrusted template text like any other: they must be unknown
 * values, so a document with them renders exactly as Chromium renders it, i.e. as the same
 * document with the invalid declaration dropped (CSS Syntax §5.4.9) or the attribute value
 * unknown (HTML §4.10.5: an unknown input type is `text`; an unknown table `frame` is ignored).
 */
import { describe, expect, it } from 'vitest';
import { attempt, expectPdf } from './helpers.js';
import { extractWords } from '../helpers/poppler.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

async function words(html: string): Promise<unknown> {
  return extractWords(expectPdf(await attempt({ html })).pdf).words;
}

describe('values named like Object.prototype members', () => {
  const cases: [string, (name: string) => string, string][] = [
    [
      'a CSS keyword',
      (n) => `<p style="writing-mode: ${n}; text-align: ${n}">Some words here</p>`,
      '<p>Some words here</p>',
    ],
    [
      'a -webkit-box keyword',
      (n) => `<div style="display: -webkit-box; -webkit-box-pack: ${n}"><span>Some words</span></div>`,
      '<div style="display: -webkit-box"><span>Some words</span></div>',
    ],
    [
      'an input type',
      (n) => `<p>A <input type="${n}" value="typed"> B <input type="${n}"> C</p>`,
      '<p>A <input type="text" value="typed"> B <input type="text"> C</p>',
    ],
    [
      'a media feature',
      (n) => `<style>@media (${n}) { p { font-size: 40px } }</style><p>Some words</p>`,
      '<p>Some words</p>',
    ],
    [
      'a table frame',
      (n) => `<table frame="${n}" border="1"><tr><td>cell</td></tr></table>`,
      '<table border="1"><tr><td>cell</td></tr></table>',
    ],
  ];
  for (const [what, html, plain] of cases) {
    it(`${what} renders as the document without it`, async () => {
      const expected = await words(plain);
      for (const name of NAMES) expect(await words(html(name))).toEqual(expected);
    });
  }
});
