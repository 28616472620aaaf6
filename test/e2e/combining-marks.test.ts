/**
 * Combining marks keep their words whole in the PDF's text, as in Chromium's prints: a
 * decomposed base + mark is drawn as the font's composed glyph, and an Arabic letter with
 * its vowel mark (drawn apart, the mark over the letter) is one /ActualText cluster.
 * Chromium's pdftotext words for this page: Tiếng|Việt|café,|naïve|ابًحَ|رْمَ|مكبلطل|اًركش
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

const html = `<html><head><meta charset="utf-8"></head><body style="font:14px 'DejaVu Sans'">
  <p>${'Tiếng Việt café, naïve'.normalize('NFD')}</p><p dir="rtl">شكراً لطلبكم مَرْحَبًا</p></body></html>`;

describe('combining marks in extracted text', () => {
  it('keeps decomposed Latin and vocalised Arabic words whole', async () => {
    const words = extractWords(await render({ html })).words.map((w) => w.text.normalize('NFC'));
    expect(words.slice(0, 4)).toEqual(['Tiếng', 'Việt', 'café,', 'naïve']);
    // Right-to-left words come out in visual order; compare their letters as multisets, as the fidelity tool does.
    const letters = (w: string) => [...w.normalize('NFC')].sort().join('');
    expect(words.slice(4).map(letters).sort()).toEqual(['شكراً', 'لطلبكم', 'مَرْ', 'حَبًا'].map(letters).sort());
  });
});
