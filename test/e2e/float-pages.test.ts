/**
 * Floats at page breaks against Chromium 150's print of the same page (400×300 px pages, 20 px
 * margins, Liberation Sans 12px/20px; word boxes from pdftotext -bbox, pt): break-before/after
 * on floats are ignored, floats crossing the page end are split side by side, and a
 * `break-inside: avoid` float moves to the next page beside the continuations.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

const lines = (label: string): string => `${label}<br>a<br>b<br>c<br>d<br>e<br>f<br>g<br>h`;
const html = `<!DOCTYPE html><style>@page{size:400px 300px;margin:20px}</style><body style="margin:0;font:12px/20px 'Liberation Sans'">
<div style="float:left;width:100px;height:100px">F1</div><div style="float:left;width:100px;height:100px;break-before:page">F2</div>
<div style="clear:both"></div>
<div style="float:left;width:100px;height:200px">${lines('F3')}</div><div style="float:left;width:100px;height:200px;overflow:hidden">${lines('F4')}</div>
<div style="float:left;width:100px;height:200px;break-inside:avoid">F5<br>x</div></body>`;

/** Chromium: [page, x, y] per word (pt), left to right on each line. */
const CHROMIUM: Record<string, [number, number, number][]> = {
  F1: [[1, 15, 17.35]],
  F2: [[1, 90, 17.35]],
  F3: [[1, 15, 92.35]],
  F4: [[1, 90, 92.35]],
  f: [
    [1, 15, 182.35],
    [1, 90, 182.35],
  ],
  g: [
    [2, 15, 17.35],
    [2, 90, 17.35],
  ],
  h: [
    [2, 15, 32.35],
    [2, 90, 32.35],
  ],
  F5: [[2, 165, 17.35]],
  x: [[2, 165, 32.35]],
};

describe('floats across pages match Chromium', async () => {
  const { words } = extractWords(await render({ html }));
  for (const [text, expected] of Object.entries(CHROMIUM)) {
    it(text, () => {
      const got = words
        .filter((w) => w.text === text)
        .map((w) => [w.page, Math.round(w.xMin * 100) / 100, Math.round(w.yMin * 100) / 100]);
      expect(got).toEqual(expected);
    });
  }
});
