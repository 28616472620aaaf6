import type { FontMetrics, FontQuery, GlyphRun, Measurer, ShapeOptions } from '../../src/measurer.js';

/**
 * Every glyph is 0.5em wide; ascent 0.8em, descent 0.2em, no line gap (so
 * `line-height: normal` is 1em); x-height 0.5em; underline 0.1em below the baseline.
 * Counts calls so tests can check caching.
 */
export interface FakeMeasurer extends Measurer {
  shapeCalls: number;
}

export function fakeMeasurer(): FakeMeasurer {
  const m: FakeMeasurer = {
    shapeCalls: 0,
    shape(text: string, font: FontQuery, size: number, options: ShapeOptions = {}): readonly GlyphRun[] {
      m.shapeCalls++;
      void font;
      const chars = Array.from(text);
      const advances = chars.map(
        (ch) => size * 0.5 + (options.letterSpacing ?? 0) + (ch === ' ' ? (options.wordSpacing ?? 0) : 0),
      );
      const width = advances.reduce((a, b) => a + b, 0);
      return [
        {
          fontId: 'fake',
          size,
          text,
          glyphIds: chars.map((c) => c.codePointAt(0) ?? 0),
          advances,
          glyphText: chars,
          width,
          metrics: m.metrics(font, size),
          rtl: options.rtl ?? false,
        },
      ];
    },
    metrics(font: FontQuery, size: number): FontMetrics {
      void font;
      return {
        ascent: size * 0.8,
        descent: size * 0.2,
        lineGap: 0,
        xHeight: size * 0.5,
        capHeight: size * 0.7,
        underlineOffset: size * 0.1,
        underlineThickness: size * 0.05,
      };
    },
  };
  return m;
}
