/**
 * Intrinsic size keywords in a printed document (CSS Sizing 3 §3.2): a max-content badge, a
 * fit-content box centred by auto margins, a max-content summary and table pushed right by
 * margin-left:auto, a max-content grid centred, a min-content box. Expected word lefts and
 * tops (pt) are Chromium 150's print of the same HTML, from `pdftotext -bbox`. The page is
 * 600 × 800 pt with 30 pt margins so that the page area is a whole number of CSS px (no
 * page-size rounding in the comparison).
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

const CSS = `@page{size:600pt 800pt;margin:30pt} body{margin:0;font-family:'Liberation Sans';font-size:12px}
.r{text-align:right}
.badge{display:inline-block;width:max-content;padding:2px 6px;background:#eee}
.center{width:fit-content;margin:0 auto;border:1px solid #000;padding:4px}
.summary{width:max-content;margin-left:auto;border-top:1px solid #000}
.grid{display:grid;grid-template-columns:auto auto auto;column-gap:8mm;width:max-content;margin:0 auto}
.tbl{width:max-content;margin-left:auto;border-collapse:collapse}
.tbl td{padding:2px 8px}`;
const BODY = `<div class="r">RightAligned</div>
<p>Status <span class="badge">PAID IN FULL</span> today</p>
<div class="center">Centred notice text</div>
<div class="summary">Subtotal 120.00<br>Total due 144.00</div>
<div class="grid"><div>DATE</div><div>DOORS</div><div>VENUE</div><div>Sat 14 Nov</div><div>19:00</div><div>Corn Exchange</div></div>
<table class="tbl"><tr><td>Net</td><td>100.00</td></tr><tr><td>VAT</td><td>20.00</td></tr></table>
<div style="width:min-content;border:1px solid #000">narrow min content</div>`;

/** [word, xMin, yMin] in reading order, as Chromium prints them. */
const CHROMIUM: [string, number, number][] = [
  ['RightAligned', 518.96, 30.1],
  ['Status', 30.0, 51.1],
  ['PAID', 62.52, 51.1],
  ['IN', 85.36, 51.1],
  ['FULL', 96.86, 51.1],
  ['today', 125.88, 51.1],
  ['Centred', 262.22, 75.85],
  ['notice', 296.74, 75.85],
  ['text', 323.25, 75.85],
  ['Subtotal', 503.44, 90.85],
  ['120.00', 538.96, 90.85],
  ['Total', 503.44, 101.35],
  ['due', 524.95, 101.35],
  ['144.00', 542.47, 101.35],
  ['DATE', 207.53, 111.85],
  ['Sat', 207.53, 122.35],
  ['14', 223.54, 122.35],
  ['Nov', 236.05, 122.35],
  ['DOORS', 274.73, 111.85],
  ['19:00', 274.73, 122.35],
  ['VENUE', 330.42, 111.85],
  ['Corn', 330.42, 122.35],
  ['Exchange', 352.43, 122.35],
  ['Net', 508.3, 134.35],
  ['VAT', 508.3, 147.85],
  ['narrow', 30.75, 160.6],
  ['min', 30.75, 171.1],
  ['content', 30.75, 181.6],
  ['100.00', 536.47, 134.35],
  ['20.00', 536.47, 147.85],
];

describe('intrinsic size keywords print as in Chromium', () => {
  it('places every word within 0.1 pt of Chromium', async () => {
    const { words } = extractWords(
      await render({ html: `<!doctype html><html><head><style>${CSS}</style></head><body>${BODY}</body></html>` }),
    );
    expect(words.map((w) => w.text)).toEqual(CHROMIUM.map((c) => c[0]));
    words.forEach((w, i) => {
      const [text, x, y] = CHROMIUM[i]!;
      expect(Math.abs(w.xMin - x), `${text} x ${w.xMin} vs ${x}`).toBeLessThan(0.1);
      expect(Math.abs(w.yMin - y), `${text} y ${w.yMin} vs ${y}`).toBeLessThan(0.1);
    });
  });
});
