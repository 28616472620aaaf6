import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { breakOpportunities } from '../../src/text/break-opportunities.js';

function reference(text: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  const b = new LineBreaker(text);
  for (let bk = b.nextBreak(); bk; bk = b.nextBreak()) out.set(bk.position, bk.required);
  return out;
}

describe('breakOpportunities', () => {
  it('matches the UAX #14 implementation on simple text (the fast path)', () => {
    const alphabet = 'ab Z09 .,:;éŁ  ';
    let seed = 7;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const len = Math.floor(random() * 14);
      for (let i = 0; i < len; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect([...breakOpportunities(text)].sort(), JSON.stringify(text)).toEqual([...reference(text)].sort());
    }
  });

  it('uses the full algorithm for everything else', () => {
    expect([...breakOpportunities('well-known (x)\nnext').keys()]).toEqual([...reference('well-known (x)\nnext').keys()]);
    expect(breakOpportunities('a\nb').get(2)).toBe(true);
  });
});
