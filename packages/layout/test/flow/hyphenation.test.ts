import { describe, expect, it } from 'vitest';
import { el, type StyleProps } from '../helpers/style.js';
import { layoutPages } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/fragment.js';
import type { Measurer } from '../../src/measurer.js';
import { fakeMeasurer } from '../helpers/fake-measurer.js';

// The fake font: 16px → every glyph 8px wide, a soft hyphen none (as in the real shaper);
// it has U+2010, so a break shows that hyphen (Chromium's HyphenString).
interface Line {
  readonly text: string;
  readonly x: number;
  readonly width: number;
  readonly baseline: number;
}

function textFragments(f: Fragment, out: TextFragment[] = []): TextFragment[] {
  if (f.kind === 'text') out.push(f);
  else if (f.kind === 'box') for (const c of f.children) textFragments(c, out);
  return out;
}

/** The lines of a paragraph as the PDF shows them: glyph text (no soft hyphens), x, width. */
function lines(props: StyleProps, ...text: Parameters<typeof el>[2][]): Line[] {
  const pages = layoutPages(el('body', {}, el('p', props, ...text)));
  const byBaseline = new Map<number, Line>();
  for (const page of pages) {
    for (const f of page.fragments.flatMap((p) => textFragments(p))) {
      const glyphs = f.runs.flatMap((r) => r.glyphText).join('');
      const prev = byBaseline.get(f.baseline);
      byBaseline.set(
        f.baseline,
        prev
          ? { ...prev, text: prev.text + glyphs, width: f.x + f.width - prev.x }
          : { text: glyphs, x: f.x, width: f.width, baseline: f.baseline },
      );
    }
  }
  return [...byBaseline.values()];
}

// Headless Chromium on Linux (the reference) has no hyphenation dictionaries: `hyphens: auto`
// breaks as `manual` does, at soft hyphens only, whatever the language.
describe('hyphens (CSS Text 3 §6.1) as headless Chromium prints them', () => {
  it('adds no hyphenation points under hyphens: auto, with or without a lang', () => {
    for (const props of [
      { hyphens: 'auto', lang: 'en' },
      { hyphens: 'auto', lang: 'de-DE' },
      { hyphens: 'auto', lang: '' },
      { hyphens: 'manual', lang: 'en' },
    ] as const) {
      const got = lines({ width: 80, ...props }, 'the hyphenation');
      expect(got.map((l) => l.text)).toEqual(['the', 'hyphenation']);
      expect(got[1]!.width).toBe(88); // overflows: no break inside the word
    }
  });

  it('breaks at a soft hyphen under hyphens: auto and manual, not under none', () => {
    for (const hyphens of ['auto', 'manual'] as const) {
      expect(lines({ width: 80, hyphens, lang: 'en' }, 'the hyphen\u00adation').map((l) => l.text)).toEqual([
        'the',
        'hyphen\u2010',
        'ation',
      ]);
    }
    expect(lines({ width: 80, hyphens: 'none', lang: 'en' }, 'the hyphen\u00adation').map((l) => l.text)).toEqual([
      'the',
      'hyphenation',
    ]);
  });

  it('justifies a line ending at a soft hyphen to the full width', () => {
    const got = lines({ width: 96, hyphens: 'auto', lang: 'en', textAlign: 'justify' }, 'a b hyphen\u00adation c');
    expect(got[0]!.text).toBe('a b hyphen\u2010');
    expect(got[0]!.width).toBe(96);
  });
});

describe('the hyphen at a soft-hyphen break (Chromium ComputedStyle::HyphenString)', () => {
  const measurerWithout2010 = (): Measurer => {
    const base = fakeMeasurer();
    return {
      ...base,
      shape: (text, font, size, options) =>
        base.shape(text, font, size, options).map((r) => (text.includes('\u2010') ? { ...r, fontId: 'fallback' } : r)),
    };
  };

  it('is U+2010 when the primary font has it, else a hyphen-minus', () => {
    const para = el('body', {}, el('p', { width: 48 }, 'abc\u00addefg'));
    const lastLine = (m?: Measurer) => textOf(layoutPages(para, m ? { measurer: m } : {}))[0];
    expect(lastLine()).toBe('abc\u2010');
    expect(lastLine(measurerWithout2010())).toBe('abc-');
  });
});

function textOf(pages: ReturnType<typeof layoutPages>): string[] {
  return pages
    .flatMap((p) => p.fragments.flatMap((f) => textFragments(f)))
    .map((f) => f.runs.flatMap((r) => r.glyphText).join(''));
}
