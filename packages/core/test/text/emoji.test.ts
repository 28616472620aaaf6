import { describe, expect, it } from 'vitest';
import type { FontQuery } from '@platen/layout';
import { emojiClusters, mayHaveEmoji, shapingClusters } from '../../src/text/emoji.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { createMeasurer } from '../../src/text/measurer.js';

const pieces = (text: string): string[] => emojiClusters(text).map(([start, end]) => text.slice(start, end));

describe('emoji segmentation (UTS #51 RGI sequences)', () => {
  it('keeps modifier, ZWJ, flag, tag and keycap sequences whole', () => {
    const text = 'a👍🏽b👨‍👩‍👧c🇫🇷🇩🇪d🏴󠁧󠁢󠁳󠁣󠁴󠁿e1️⃣#️⃣f👩🏽‍💻g🏳️‍🌈';
    expect(pieces(text)).toEqual(['👍🏽', '👨‍👩‍👧', '🇫🇷', '🇩🇪', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '#️⃣', '👩🏽‍💻', '🏳️‍🌈']);
  });
  it('takes emoji presentation: default-emoji characters and VS16, not VS15 or text-default ones', () => {
    expect(pieces('😀 ☺ ☺️ © ©️ ❤ ❤️ ❤︎ 😀︎ 1 # ⌚')).toEqual(['😀', '☺️', '©️', '❤️', '⌚']);
  });
  it('gives the UTF-16 offsets of each sequence', () => {
    expect(emojiClusters('ab😀c🇫🇷')).toEqual([
      [2, 4],
      [5, 9],
    ]);
  });
  it('settles text without emoji-range code points by one scan', () => {
    for (const text of ['Hello, world', 'Tiếng Việt “quoted” — dash', '日本語のテキスト', '©®™ 1#'])
      expect(mayHaveEmoji(text), text).toBe(false);
    expect(mayHaveEmoji('ok 👍')).toBe(true);
    expect(mayHaveEmoji('☺️')).toBe(true);
  });
  it('cuts a run into sequences and single code points for shaping', () => {
    expect(shapingClusters('x👍🏽y1️⃣')).toEqual(['x', '👍🏽', 'y', '1️⃣']);
  });
});

describe('emoji in the measurer', () => {
  const query: FontQuery = { families: ['Arimo'], weight: 700, style: 'italic' };
  const shape = (text: string) => createMeasurer(getFontRegistry().createFontSet()).shape(text, query, 20);

  it('shapes each sequence to one glyph of the emoji font, 1 em wide', () => {
    const runs = shape('Hi 👍🏽👨‍👩‍👧🇫🇷1️⃣#️⃣👁️‍🗨️!');
    expect(runs.map((r) => r.text)).toEqual(['Hi ', '👍🏽👨‍👩‍👧🇫🇷1️⃣#️⃣👁️‍🗨️', '!']);
    const emoji = runs[1]!;
    // Italic slants colour glyphs, bold does not embolden them (Chromium's prints).
    expect(emoji.fontId).toBe('twemoji-mozilla-400+oblique');
    expect(emoji.glyphText).toEqual(['👍🏽', '👨‍👩‍👧', '🇫🇷', '1️⃣', '#️⃣', '👁️‍🗨️']);
    expect(emoji.advances).toEqual([20, 20, 20, 20, 20, 20]);
    expect(new Set(emoji.glyphIds).size).toBe(6);
  });
  it('leaves text presentation to the text fonts', () => {
    const runs = shape('a ☺ ❤︎ ©');
    expect(runs.every((r) => !r.fontId.startsWith('twemoji'))).toBe(true);
  });
  it('asks text fonts first for VS15 (DejaVu Sans has 😀), else falls back to the emoji font', () => {
    // A fallback face is matched for the character alone, its bold and italic synthesised (b33358e).
    expect(shape('a 😀︎').at(-1)?.fontId).toBe('dejavu-sans-400+bold+oblique');
    const runs = shape('a 🫠︎');
    expect(runs.at(-1)?.fontId).toBe('twemoji-mozilla-400+oblique');
    expect(runs.at(-1)?.glyphText).toEqual(['🫠︎']);
  });
  it('gives emoji to an @font-face colour font of the family list before the bundled one', () => {
    const fonts = getFontRegistry().createFontSet();
    const file = createRequire(import.meta.url).resolve('twemoji-colr-font/twemoji.woff2');
    expect(fonts.addFace({ family: 'Brand Emoji' }, readFileSync(file))).toBe(true);
    const runs = createMeasurer(fonts).shape(
      'Hi 👍🏽',
      { families: ['Arimo', 'Brand Emoji'], weight: 400, style: 'normal' },
      20,
    );
    expect(runs.at(-1)?.fontId).toMatch(/^ff\d+-brand-emoji-/);
    expect(runs.at(-1)?.glyphText).toEqual(['👍🏽']);
  });
});
