/**
 * Every corpus template renders to a valid PDF that shows what Chromium shows: every data
 * value Chromium printed, in reading order, and words placed near Chromium's positions.
 * The floors in corpus-floors.json only ever go up as the layout engine improves.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { comparePlacement, corpusDir, leafValues, loadCorpus } from '../helpers/corpus.js';
import { checkPdfStructure, extractWords } from '../helpers/poppler.js';

const floorsPath = join(corpusDir, '..', 'e2e', 'corpus-floors.json');
const floors = JSON.parse(readFileSync(floorsPath, 'utf8')) as Record<
  string,
  { pages: boolean; inOrder: number; within3pt: number }
>;
const measured: Record<string, unknown> = {};

const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);

describe.each(loadCorpus())('corpus case $name', (c) => {
  it('renders a valid, deterministic PDF with every printed data value, placed like Chromium', async () => {
    const options = { html: c.html, data: c.data, format: c.format, baseDir: c.dir };
    const first = await renderDocument(options);
    const second = await renderDocument(options);
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf)), 'rendering twice gives identical bytes').toBe(true);
    checkPdfStructure(first.pdf);

    const ours = extractWords(first.pdf);
    const ourWords = new Set(ours.words.flatMap((w) => words(w.text)));
    const referenceWords = new Set(c.reference.words.flatMap((w) => words(w[3])));
    const missing = leafValues(c.data)
      .filter((value) => words(value).length > 0 && words(value).every((w) => referenceWords.has(w)))
      .filter((value) => !words(value).every((w) => ourWords.has(w)));
    expect(missing, 'data values Chromium printed but we did not').toEqual([]);

    const placement = comparePlacement(c.reference, ours);
    const pages = ours.pages.length === c.reference.pages.length;
    measured[c.name] = { pages: `${ours.pages.length}/${c.reference.pages.length}`, ...placement };
    const floor = floors[c.name] ?? { pages: false, inOrder: 0, within3pt: 0 };
    if (floor.pages) expect(ours.pages.length, 'page count as Chromium').toBe(c.reference.pages.length);
    expect(placement.inOrder, 'words in Chromium reading order').toBeGreaterThanOrEqual(floor.inOrder);
    expect(placement.within3pt, 'words within 3 pt of Chromium').toBeGreaterThanOrEqual(floor.within3pt);
    if (process.env['UPDATE_FLOORS'] === '1') {
      floors[c.name] = {
        pages: pages || floor.pages,
        inOrder: Math.floor(placement.inOrder * 100) / 100,
        within3pt: Math.floor(placement.within3pt * 100) / 100,
      };
      writeFileSync(floorsPath, JSON.stringify(floors, null, 2) + '\n');
    }
  });
});
