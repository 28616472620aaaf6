/**
 * Vertical CJK text (CSS Writing Modes 4 §5.1, text-orientation: mixed): ideographs and kana
 * stand upright, one per 1em slot down the line, Latin words turn a quarter, lines stack right
 * to left (vertical-rl) or left to right (vertical-lr), a vertical label in a flex row, and
 * text-combine-upright digits across the line (squeezed into 1.1em).
 * Expected word lefts and tops (pt) are Chromium 156's print of the same HTML, from
 * `pdftotext -bbox` (each upright glyph is its own word). Within 1pt, not 0.5: Chromium takes
 * each upright glyph's vertical origin from HarfBuzz's ink-box fallback (this font's vmtx is
 * empty), which moves glyphs up to 0.8pt along the line, and it places them 1px right of the
 * em box centred on the central baseline; Platen centres the em box in the slot.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

const HTML = `<!doctype html><html><head><style>@page{size:600pt 800pt;margin:30pt} body{margin:0;font-family:Arial;font-size:20px}</style></head><body>
<div style="writing-mode:vertical-rl;height:200px">日本語のテキストを縦に組む</div>
<div style="writing-mode:vertical-lr;height:200px;margin-top:10px">縦書き Latin 混在</div>
<div style="display:flex;margin-top:10px"><div style="writing-mode:vertical-rl;border:1px solid #000;padding:2px">請求書番号</div><div>横書きの本文</div></div>
<div style="writing-mode:vertical-rl;height:200px;margin-top:10px">平成<span style="text-combine-upright:all">30</span>年<span style="text-combine-upright:all">4</span>月<span style="text-combine-upright:all">123</span>日</div>
</body></html>`;

/** [word, xMin, yMin] as Chromium prints them. */
const CHROMIUM: [string, number, number][] = [
  ['に', 33.0, 27.01],
  ['日', 52.5, 27.41],
  ['組', 33.0, 42.87],
  ['本', 52.5, 42.06],
  ['む', 33.0, 58.39],
  ['語', 52.5, 57.87],
  ['の', 52.5, 72.48],
  ['テ', 52.5, 87.25],
  ['キ', 52.5, 103.22],
  ['ス', 52.5, 117.19],
  ['ト', 52.5, 132.59],
  ['を', 52.5, 147.59],
  ['縦', 52.5, 162.87],
  ['縦', 33.0, 185.37],
  ['書', 33.0, 199.56],
  ['き', 33.0, 214.97],
  ['Latin', 31.32, 236.67],
  ['混', 33.0, 271.29],
  ['在', 33.0, 286.23],
  ['請', 35.25, 344.37],
  ['横書きの本文', 54.0, 345.11],
  ['求', 35.25, 360.0],
  ['書', 35.25, 374.31],
  ['番', 35.25, 390.12],
  ['号', 35.25, 404.6],
  ['平', 33.0, 429.41],
  ['成', 33.0, 444.87],
  ['30', 31.5, 461.17],
  ['年', 33.0, 474.75],
  ['4', 35.58, 491.17],
  ['月', 33.0, 504.23],
  ['123', 31.5, 521.17],
  ['日', 33.0, 534.41],
];

describe('vertical CJK text prints as in Chromium', () => {
  it('places every upright glyph and turned word within 1 pt of Chromium', async () => {
    const { words } = extractWords(await render({ html: HTML }));
    const unused = [...words];
    for (const [text, x, y] of CHROMIUM) {
      const i = unused.findIndex((w) => w.text === text && Math.abs(w.xMin - x) < 1 && Math.abs(w.yMin - y) < 1);
      expect(
        i,
        `${text} at ${x}, ${y}: ${words
          .filter((w) => w.text === text)
          .map((w) => `${w.xMin.toFixed(2)}, ${w.yMin.toFixed(2)}`)
          .join(' | ')}`,
      ).toBeGreaterThanOrEqual(0);
      unused.splice(i, 1);
    }
    expect(unused.map((w) => w.text)).toEqual([]);
  });
});
