import { describe, expect, it } from 'vitest';
import { hyphenate, patternsForLang } from '../../src/boxes/hyphenate.js';
import { transformText } from '../../src/boxes/whitespace.js';

const points = (s: string) => s.replace(/\u00ad/g, '·');

describe('hyphenation points (hyphens: auto, CSS Text 3 §6.1)', () => {
  it('marks the TeX pattern points of English, German and French words with soft hyphens', () => {
    expect(points(hyphenate('hyphenation', 'en'))).toBe('hy·phen·ation');
    expect(points(hyphenate('Versicherungsgesellschaften', 'de'))).toBe('Ver·si·che·rungs·ge·sell·schaf·ten');
    expect(points(hyphenate('développement', 'fr'))).toBe('dé·ve·lop·pe·ment');
  });

  it('hyphenates the word inside punctuation and keeps the punctuation', () => {
    expect(points(hyphenate('("hyphenation", extraordinary.)', 'en'))).toBe('("hy·phen·ation", ex·tra·or·di·nary.)');
  });

  it('leaves short words, capitalized English words and words with digits alone', () => {
    expect(hyphenate('over', 'en')).toBe('over');
    expect(hyphenate('Hyphenation HYPHENATION', 'en')).toBe('Hyphenation HYPHENATION');
    expect(hyphenate('hyphen2ation', 'en')).toBe('hyphen2ation');
    // Chromium avoids capitalized words in English only: German nouns are hyphenated.
    expect(points(hyphenate('Gesellschaft', 'de'))).toBe('Ge·sell·schaft');
  });
  it('leaves words longer than 64 characters alone, as Chromium\'s hyphenator (Minikin) does', () => {
    const compound = 'donaudampfschifffahrtsgesellschaftskapitaenswitwenrentenversicherung'; // 68 letters
    expect(hyphenate(compound, 'de')).toBe(compound);
    expect(points(hyphenate(compound.slice(0, 64), 'de'))).toContain('·');
    const huge = 'donaudampfschifffahrt'.repeat(5000); // the package's matching is quadratic in length
    expect(hyphenate(huge, 'de')).toBe(huge);
  });

  it('keeps at least two characters before and after each point', () => {
    for (const word of hyphenate('academy characteristically reorganization', 'en-US').split(' ')) {
      const parts = word.split('\u00ad');
      expect(parts.length).toBeGreaterThan(1);
      expect(parts[0]!.length).toBeGreaterThanOrEqual(2);
      expect(parts[parts.length - 1]!.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('hyphenates the pieces of a hyphenated compound apart, and leaves words with manual soft hyphens', () => {
    expect(points(hyphenate('well-organized', 'en'))).toBe('well-or·ga·nized');
    expect(points(hyphenate('hyph\u00adenation', 'en'))).toBe('hyph·enation');
  });

  it('maps lang like Chromium and has no patterns for unsupported or missing languages', () => {
    expect(patternsForLang('en')).toBe('en-us');
    expect(patternsForLang('en-US')).toBe('en-us');
    expect(patternsForLang('en-GB')).toBe('en-gb');
    expect(patternsForLang('en-CA')).toBe('en-gb');
    expect(patternsForLang('de-AT')).toBe('de-1996');
    expect(patternsForLang('fr-CA')).toBe('fr');
    expect(patternsForLang('zh')).toBeNull();
    expect(patternsForLang('')).toBeNull();
    expect(hyphenate('hyphenation', 'xx')).toBe('hyphenation');
  });
});

describe('transformText with hyphens', () => {
  it('hyphenates only for hyphens: auto with a lang', () => {
    expect(points(transformText('hyphenation', 'none', 'en', false, 'auto'))).toBe('hy·phen·ation');
    expect(transformText('hyphenation', 'none', 'en', false, 'manual')).toBe('hyphenation');
    expect(transformText('hyphenation', 'none', 'en', false, 'none')).toBe('hyphenation');
    expect(transformText('hyphenation', 'none', '', false, 'auto')).toBe('hyphenation');
  });

  it('hyphenates the transformed text, so capitalize sees no soft hyphen and upper case is not hyphenated in English', () => {
    expect(points(transformText('die gesellschaft', 'capitalize', 'de', false, 'auto'))).toBe('Die Ge·sell·schaft');
    expect(transformText('the hyphenation', 'uppercase', 'en', false, 'auto')).toBe('THE HYPHENATION');
  });
});
