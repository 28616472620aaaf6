/**
 * Colour emoji print by default (no CSS): emoji-presentation sequences (text/emoji.ts) are drawn
 * from the bundled Twemoji COLR font as coloured vector layers over invisible text, so the
 * PDF's text still gives back their code points. Checked here: the colours at each emoji and the
 * extracted text; against Chromium (given the same font) in chromium-pixels/emoji.html.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractText, extractWords, rasterise, type Raster, type Word } from '../helpers/poppler.js';

const EMOJI = ['😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '1️⃣', '❤️', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '☺️'];
const html = `<html><head><meta charset="utf-8"></head><body style="font:24px Arimo">
  <p>Smile ${EMOJI.join(' ')} text ☺ ❤︎ end</p></body></html>`;

const PT_TO_PX = 48 / 72;

/** Pixels inside a word's box that are clearly coloured (not grey, not white), and all colours seen. */
function colours(raster: Raster, word: Word): { coloured: number; pixels: [number, number, number][] } {
  const pixels: [number, number, number][] = [];
  let coloured = 0;
  for (let y = Math.ceil(word.yMin * PT_TO_PX); y < word.yMax * PT_TO_PX; y++) {
    for (let x = Math.ceil(word.xMin * PT_TO_PX); x < word.xMax * PT_TO_PX; x++) {
      const px = raster.pixel(x, y);
      pixels.push(px);
      if (Math.max(...px) - Math.min(...px) > 60) coloured++;
    }
  }
  return { coloured, pixels };
}

describe('colour emoji', () => {
  it('prints emoji sequences in colour, one em wide, with their code points in the text', async () => {
    const pdf = await render({ html });
    const [raster] = rasterise(pdf);
    const words = extractWords(pdf).words;
    expect(words.map((w) => w.text)).toEqual(['Smile', ...EMOJI, 'text', '☺', '❤︎', 'end']);
    expect(extractText(pdf)).toContain(`Smile ${EMOJI.join(' ')} text`);
    for (const word of words.filter((w) => EMOJI.includes(w.text))) {
      // One glyph of Twemoji's 1 em advance at 24px = 18pt, whatever the sequence's length.
      expect(word.xMax - word.xMin, word.text).toBeCloseTo(18, 1);
      expect(colours(raster!, word).coloured, word.text).toBeGreaterThan(20);
    }
    // Text presentation (no VS16, or VS15) stays in the text fonts: black glyphs.
    for (const word of words.filter((w) => !EMOJI.includes(w.text)))
      expect(colours(raster!, word).coloured, word.text).toBe(0);
    const yellow = colours(
      raster!,
      words.find((w) => w.text === '😀')!,
    ).pixels;
    expect(yellow.some(([r, g, b]) => r > 230 && g > 170 && b < 120)).toBe(true);
    const flag = colours(
      raster!,
      words.find((w) => w.text === '🇫🇷')!,
    ).pixels;
    expect(flag.some(([r, , b]) => b > 120 && r < 80)).toBe(true);
    expect(flag.some(([r, g, b]) => r > 180 && g < 80 && b < 100)).toBe(true);
  });

  it('draws emoji in text of any colour, keeping their own colours', async () => {
    const pdf = await render({ html: `<p style="font:24px Arimo;color:#00f">Blue 🍎 apple</p>` });
    const [raster] = rasterise(pdf);
    const apple = extractWords(pdf).words.find((w) => w.text === '🍎')!;
    expect(colours(raster!, apple).pixels.some(([r, g, b]) => r > 180 && g < 80 && b < 80)).toBe(true);
  });
});
