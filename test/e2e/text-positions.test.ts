/**
 * Where words land, checked against headless Chromium: each page in ./text-positions/ was
 * printed with Chromium once (record.mjs) and its word boxes committed as <name>.chromium.json;
 * Platen must put every word within 0.5pt of Chromium's (left, top and right edges).
 * Hebrew is set in DejaVu Sans: Arimo's Hebrew advances differ from Liberation Sans 2.x
 * ("תודה" is 0.44px wider), a font difference, not a layout one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords, type Word } from '../helpers/poppler.js';

const dir = new URL('./text-positions/', import.meta.url);
// Every word is within 0.3pt today; 0.5pt still catches a line 1px (0.75pt) off.
const TOLERANCE_PT = 0.5;

interface Reference {
  readonly chromium: string;
  readonly words: readonly Word[];
}

/** Pairs each reference word with the nearest unused candidate word of the same text and page. */
function offsets(reference: readonly Word[], candidate: readonly Word[]): string[] {
  const used = new Set<number>();
  const bad: string[] = [];
  for (const r of reference) {
    let best = -1;
    let bestDistance = Infinity;
    candidate.forEach((c, i) => {
      if (used.has(i) || c.text !== r.text || c.page !== r.page) return;
      const d = Math.hypot(c.xMin - r.xMin, c.yMin - r.yMin);
      if (d < bestDistance) { bestDistance = d; best = i; }
    });
    const c = candidate[best];
    if (!c) { bad.push(`${r.text}: missing`); continue; }
    used.add(best);
    const dx = c.xMin - r.xMin, dy = c.yMin - r.yMin, dr = c.xMax - r.xMax;
    if (Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dr)) > TOLERANCE_PT) {
      bad.push(`${r.text}: dx ${dx.toFixed(2)} dy ${dy.toFixed(2)} dRight ${dr.toFixed(2)} pt`);
    }
  }
  return bad;
}

const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();

describe('text positions against Chromium', () => {
  it('has a reference for every page', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages) expect(readdirSync(dir)).toContain(page.replace(/\.html$/, '.chromium.json'));
  });

  for (const page of pages) {
    it(`${page}: every word within ${TOLERANCE_PT}pt of Chromium`, async () => {
      const html = readFileSync(new URL(page, dir), 'utf8');
      const reference = JSON.parse(readFileSync(new URL(page.replace(/\.html$/, '.chromium.json'), dir), 'utf8')) as Reference;
      const pdf = await render({ html, format: { preset: 'a4' } });
      const candidate = extractWords(pdf).words;
      expect(reference.words.length).toBeGreaterThan(40);
      expect(offsets(reference.words, candidate)).toEqual([]);
      expect(candidate.map((w) => w.text).sort()).toEqual(reference.words.map((w) => w.text).sort());
    });
  }
});
