/**
 * hyphens: auto end to end: a narrow justified English paragraph is hyphenated at pattern
 * points (as Chrome with hyphenation dictionaries prints it; headless Chromium on Linux has
 * none and would not hyphenate), and the PDF's text still holds the words, with no soft hyphen.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractText, extractWords, type Word } from '../helpers/poppler.js';

const TEXT = 'Automatic hyphenation considerably improves the appearance of justified paragraphs in narrow columns, '
  + 'particularly when the vocabulary contains extraordinarily long technical terminology.';

const html = (hyphens: string) => `<html lang="en"><body style="margin:0">
  <p style="width:150px;font:14px Arial;text-align:justify;hyphens:${hyphens}">${TEXT}</p></body></html>`;

/** Words grouped into lines by their top edge, in reading order. */
function lines(words: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  for (const w of words) {
    const line = out.find((l) => Math.abs(l[0]!.yMin - w.yMin) < 2);
    if (line) line.push(w);
    else out.push([w]);
  }
  return out.map((l) => l.sort((a, b) => a.xMin - b.xMin));
}

const sourceWords = TEXT.split(/\s+/).map((w) => w.replace(/[.,]/g, ''));

describe('hyphens: auto', () => {
  it('ends lines with a hyphenated fragment of a source word, the rest starting the next line', async () => {
    const pdf = await render({ html: html('auto'), format: { margins: { top: '0', right: '0', bottom: '0', left: '0' } } });
    const ls = lines(extractWords(pdf).words);
    const breaks: string[] = [];
    ls.forEach((line, i) => {
      const last = line[line.length - 1]!.text;
      if (!/[-\u2010]$/.test(last)) return; // Arial (Arimo) has U+2010, which Chromium shows
      const next = ls[i + 1]?.[0]?.text.replace(/[.,]/g, '') ?? '';
      breaks.push(last.slice(0, -1) + next);
      // The hyphen sits at the right edge of the 150px (112.5pt) column: the line is justified.
      expect(line[line.length - 1]!.xMax).toBeGreaterThan(108);
      expect(line[line.length - 1]!.xMax).toBeLessThan(114);
    });
    expect(breaks.length).toBeGreaterThan(0);
    for (const word of breaks) expect(sourceWords).toContain(word);
  });

  it('keeps the document text free of soft hyphens, with every word once the line-end hyphens are joined', async () => {
    const pdf = await render({ html: html('auto') });
    const text = extractText(pdf);
    expect(text).not.toContain('\u00ad');
    const joined = text.replace(/[-\u2010]\n/g, '').replace(/\s+/g, ' ');
    for (const word of sourceWords) expect(joined).toContain(word);
  });

  it('keeps real hyphens visible next to soft ones (fontkit caches a glyph\'s code points by first use)', async () => {
    const pdf = await render({ html: '<p lang="en" style="hyphens:auto">a hyphenation of well-known words; co&shy;operate, re-enter</p>' });
    expect(extractText(pdf).replace(/\s+/g, ' ').trim()).toBe('a hyphenation of well-known words; cooperate, re-enter');
  });

  it('does not hyphenate the same paragraph with hyphens: manual', async () => {
    const ls = lines(extractWords(await render({ html: html('manual') })).words);
    expect(ls.length).toBeGreaterThan(5);
    expect(ls.filter((l) => /[-\u2010]$/.test(l[l.length - 1]!.text))).toEqual([]);
  });
});
