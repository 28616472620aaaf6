import { describe, expect, it } from 'vitest';
import { el, type StyleProps } from '../helpers/style.js';
import { layoutPages } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/fragment.js';
import type { Measurer } from '../../src/measurer.js';
import { fakeMeasurer } from '../helpers/fake-measurer.js';

// The fake font: 16px → every glyph 8px wide, a soft hyphen none (as in the real shaper);
// it has U+2010, so a break shows that hyphen (Chromium's HyphenString).
interface Line { readonly text: string; readonly x: number; readonly width: number; readonly baseline: number }

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
      byBaseline.set(f.baseline, prev
        ? { ...prev, text: prev.text + glyphs, width: f.x + f.width - prev.x }
        : { text: glyphs, x: f.x, width: f.width, baseline: f.baseline });
    }
  }
  return [...byBaseline.values()];
}

describe('hyphens: auto (CSS Text 3 §6.1) in a narrow column', () => {
  it('breaks an English word at its last hyphenation point that fits and ends the line with a hyphen (U+2010)', () => {
    // hy-phen-ation: "the hyphen-" is 11 glyphs (88px) > 80, "the hy-" is 7.
    const got = lines({ width: 80, hyphens: 'auto', lang: 'en' }, 'the hyphenation');
    expect(got.map((l) => l.text)).toEqual(['the hy\u2010', 'phenation']);
    expect(got.map((l) => l.width)).toEqual([56, 72]);
    expect(got[1]!.baseline - got[0]!.baseline).toBe(16);
  });

  it('takes the longest first part that fits', () => {
    const got = lines({ width: 96, hyphens: 'auto', lang: 'en' }, 'the hyphenation');
    expect(got.map((l) => l.text)).toEqual(['the hyphen\u2010', 'ation']);
    expect(got[0]!.width).toBe(88);
  });

  it('breaks a German compound between its parts', () => {
    // Ver-si-che-rungs-ge-sell-schaf-ten in 14 glyphs (112px).
    const got = lines({ width: 112, hyphens: 'auto', lang: 'de-DE' }, 'Versicherungsgesellschaften');
    expect(got.map((l) => l.text)).toEqual(['Versicherungs\u2010', 'gesellschaften']);
    expect(got.map((l) => l.width)).toEqual([112, 112]);
  });

  it('hyphenates French', () => {
    const got = lines({ width: 64, hyphens: 'auto', lang: 'fr' }, 'le développement');
    expect(got.map((l) => l.text)).toEqual(['le déve\u2010', 'loppe\u2010', 'ment']);
    expect(got[0]!.width).toBe(64);
  });

  it('does not hyphenate without a lang, or with hyphens: manual or none', () => {
    for (const props of [{ hyphens: 'auto', lang: '' }, { hyphens: 'manual', lang: 'en' }, { hyphens: 'none', lang: 'en' }] as const) {
      const got = lines({ width: 80, ...props }, 'the hyphenation');
      expect(got.map((l) => l.text)).toEqual(['the', 'hyphenation']);
      expect(got[1]!.width).toBe(88); // overflows: no break inside the word
    }
  });

  it('keeps manual soft hyphens working the same under hyphens: manual', () => {
    const got = lines({ width: 80, hyphens: 'manual', lang: 'en' }, 'the hyphen\u00adation');
    expect(got.map((l) => l.text)).toEqual(['the', 'hyphen\u2010', 'ation']);
  });

  it('inherits hyphens and lang into inline elements and hyphenates their text', () => {
    const got = lines({ width: 80, hyphens: 'auto', lang: 'en' }, 'the ', el('b', {}, 'hyphenation'));
    expect(got.map((l) => l.text)).toEqual(['the hy\u2010', 'phenation']);
  });

  it('shows no hyphen where a hyphenated word does not break', () => {
    const got = lines({ width: 400, hyphens: 'auto', lang: 'en' }, 'the hyphenation of words');
    expect(got.map((l) => l.text)).toEqual(['the hyphenation of words']);
    expect(got[0]!.width).toBe(24 * 8);
  });

  it('justifies a hyphenated line to the full width', () => {
    const got = lines({ width: 96, hyphens: 'auto', lang: 'en', textAlign: 'justify' }, 'a b hyphenation c');
    expect(got[0]!.text).toBe('a b hyphen\u2010');
    expect(got[0]!.width).toBe(96);
  });
});

describe('the hyphen at a soft-hyphen break (Chromium ComputedStyle::HyphenString)', () => {
  const measurerWithout2010 = (): Measurer => {
    const base = fakeMeasurer();
    return { ...base, shape: (text, font, size, options) => base.shape(text, font, size, options).map((r) => (text.includes('\u2010') ? { ...r, fontId: 'fallback' } : r)) };
  };

  it('is U+2010 when the primary font has it, else a hyphen-minus', () => {
    const para = el('body', {}, el('p', { width: 48 }, 'abc\u00addefg'));
    const lastLine = (m?: Measurer) => textOf(layoutPages(para, m ? { measurer: m } : {}))[0];
    expect(lastLine()).toBe('abc\u2010');
    expect(lastLine(measurerWithout2010())).toBe('abc-');
  });
});

function textOf(pages: ReturnType<typeof layoutPages>): string[] {
  return pages.flatMap((p) => p.fragments.flatMap((f) => textFragments(f))).map((f) => f.runs.flatMap((r) => r.glyphText).join(''));
}
