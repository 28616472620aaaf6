/**
 * Where words land, checked against headless Chromium: each page in ./text-positions/ was
 * printed with Chromium once (record.mjs) and its word boxes committed as <name>.chromium.json;
 * Platen must put every word within 0.5pt of Chromium's (left, top and right edges).
 * Hebrew is set in DejaVu Sans: Arimo's Hebrew advances differ from Liberation Sans 2.x
 * ("תודה" is 0.44px wider), a font difference, not a layout one.
 * A page's <name>.options.json gives its render options: `fontDirs` (folders beside the page,
 * which record.mjs hands Chromium through fontconfig) and `hostFamilies`, the installed
 * families the page needs (fonts-urw-base35: .ci/run installs it); a missing one fails the
 * test by name instead of comparing positions in a fallback font; `baseDir`, the folder its
 * links and url()s load from; `wordBoxes`, compare the word boxes' tops and bottoms too (they come
 * from the Ascent/Descent of the PDF's font descriptors, which text selection and extraction use).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { getHostFonts } from '../../packages/core/src/resources/host-fonts.js';
import { wordBaselines } from './text-positions/baselines.mjs';
import { extractWords, type Word } from '../helpers/poppler.js';

const dir = new URL('./text-positions/', import.meta.url);
// Every word is within 0.3pt today; 0.5pt still catches a line 1px (0.75pt) off.
const TOLERANCE_PT = 0.5;

interface PageOptions {
  readonly fontDirs?: readonly string[];
  /** The folder (beside the page) local files load from, as Chromium loads them from the page's own file URL. */
  readonly baseDir?: string;
  readonly hostFamilies?: readonly string[];
  readonly wordBoxes?: boolean;
}

function pageOptions(page: string): PageOptions {
  const file = new URL(page.replace(/\.html$/, '.options.json'), dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageOptions) : {};
}

/** A word with, when recorded, its baseline (pt from the page top; baselines.mjs). */
interface PlacedWord extends Word {
  readonly baseline?: number;
}

interface Reference {
  readonly chromium: string;
  readonly words: readonly PlacedWord[];
}

/**
 * Pairs each reference word with the nearest unused candidate word of the same text and page.
 * Vertically, baselines are compared where the reference has them (the word box's top depends
 * on how each PDF states its font's ascent), else the boxes' tops.
 */
function offsets(reference: readonly PlacedWord[], candidate: readonly PlacedWord[], wordBoxes = false): string[] {
  const used = new Set<number>();
  const bad: string[] = [];
  for (const r of reference) {
    let best = -1;
    let bestDistance = Infinity;
    candidate.forEach((c, i) => {
      if (used.has(i) || c.text !== r.text || c.page !== r.page) return;
      const d = Math.hypot(c.xMin - r.xMin, c.yMin - r.yMin);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    const c = candidate[best];
    if (!c) {
      bad.push(`${r.text}: missing`);
      continue;
    }
    used.add(best);
    const dy = r.baseline === undefined ? c.yMin - r.yMin : (c.baseline ?? NaN) - r.baseline;
    const dx = c.xMin - r.xMin,
      dr = c.xMax - r.xMax;
    if (!(Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dr)) <= TOLERANCE_PT)) {
      bad.push(`${r.text}: dx ${dx.toFixed(2)} dy ${dy.toFixed(2)} dRight ${dr.toFixed(2)} pt`);
    }
    const dTop = c.yMin - r.yMin,
      dBottom = c.yMax - r.yMax;
    if (wordBoxes && !(Math.max(Math.abs(dTop), Math.abs(dBottom)) <= TOLERANCE_PT)) {
      bad.push(`${r.text}: box top ${dTop.toFixed(2)} bottom ${dBottom.toFixed(2)} pt`);
    }
  }
  return bad;
}

const pages = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort();

describe('text positions against Chromium', () => {
  it('has a reference for every page', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages) expect(readdirSync(dir)).toContain(page.replace(/\.html$/, '.chromium.json'));
  });

  for (const page of pages) {
    it(`${page}: every word within ${TOLERANCE_PT}pt of Chromium`, async () => {
      const html = readFileSync(new URL(page, dir), 'utf8');
      const reference = JSON.parse(
        readFileSync(new URL(page.replace(/\.html$/, '.chromium.json'), dir), 'utf8'),
      ) as Reference;
      const options = pageOptions(page);
      const missing = (options.hostFamilies ?? []).filter((family) => !getHostFonts().family(family.toLowerCase()));
      expect(missing, 'installed font families this page needs (see .ci/run)').toEqual([]);
      const fontDirs = (options.fontDirs ?? []).map((folder) => fileURLToPath(new URL(folder, dir)));
      const baseDir = options.baseDir === undefined ? {} : { baseDir: fileURLToPath(new URL(options.baseDir, dir)) };
      const pdf = await render({ html, format: { preset: 'a4' }, fontDirs, ...baseDir });
      const words = extractWords(pdf).words;
      const baselines = reference.words.some((w) => w.baseline !== undefined) ? await wordBaselines(pdf, words) : [];
      const candidate = words.map((word, i): PlacedWord =>
        baselines[i] === undefined ? word : { ...word, baseline: baselines[i] },
      );
      expect(reference.words.length).toBeGreaterThan(40);
      expect(offsets(reference.words, candidate, options.wordBoxes)).toEqual([]);
      expect(candidate.map((w) => w.text).sort()).toEqual(reference.words.map((w) => w.text).sort());
    });
  }
});
