import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { breakOpportunities as opportunityArray, REQUIRED_BREAK } from '../../src/text/break-opportunities.js';

/** The typed array as position → required, as the UAX #14 reference reports it. */
function breakOpportunities(text: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  opportunityArray(text).forEach((kind, i) => {
    if (kind !== 0) out.set(i, kind === REQUIRED_BREAK);
  });
  return out;
}

/** UAX #14, plus Chromium's break after every space (LB13's `.,:;` after a space included). */
function reference(text: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  const b = new LineBreaker(text);
  for (let bk = b.nextBreak(); bk; bk = b.nextBreak()) out.set(bk.position, bk.required);
  for (let i = 1; i < text.length; i++) if (text[i - 1] === ' ' && text[i] !== ' ' && !out.has(i)) out.set(i, false);
  return out;
}

describe('breakOpportunities', () => {
  it('matches the UAX #14 implementation on simple text (the fast path)', () => {
    const alphabet = 'ab Z09 .,:;éŁ  ';
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const len = Math.floor(random() * 14);
      for (let i = 0; i < len; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect([...breakOpportunities(text)].sort(), JSON.stringify(text)).toEqual([...reference(text)].sort());
    }
  });

  it('breaks after any space, as Chromium does (not UAX #14 LB13-LB17)', () => {
    // Measured in one-pixel-wide boxes: text-positions/break-after-spaces.html.
    for (const text of ['aaaa , bbbb', 'a ; b', 'a ! b', 'a ) b', '( a', 'a . b', 'a / b'])
      expect([...breakOpportunities(text).keys()], text).toContain(text.indexOf(' ', 1) + 1);
    expect(breakOpportunities('a \nb').get(2)).toBeUndefined();
  });

  it('uses the full algorithm for everything else', () => {
    expect([...breakOpportunities('well-known (x)\nnext').keys()]).toEqual([
      ...reference('well-known (x)\nnext').keys(),
    ]);
    expect(breakOpportunities('a\nb').get(2)).toBe(true);
  });

  it('never breaks after a solidus before a letter or digit, as Chromium (ICU) does', () => {
    // Chromium keeps "mL/min/1.73m²", "abc/def/ghi", "12/34", "x/1", "km/h" and URLs whole in a 30 px box.
    for (const text of [
      'mL/min/1.73m²',
      'abc/def/ghi',
      'and/or 12/34 x/1',
      'http://example.com/path/to',
      'km/h A/B (a/b)',
    ]) {
      const slashes = [...text].flatMap((c, i) => (c === '/' ? [i + 1] : []));
      for (const i of slashes) expect(breakOpportunities(text).has(i), `${text} @${i}`).toBe(false);
    }
    expect(breakOpportunities('and/or 12/34').has(7)).toBe(true);
  });
});
