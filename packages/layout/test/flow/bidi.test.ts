import { describe, expect, it } from 'vitest';
import { bidiControls, bidiLevels } from '../../src/flow/bidi.js';

describe('unicode-bidi on inline boxes (UAX #9 formatting characters)', () => {
  it('maps each value to its opening and closing characters', () => {
    expect(bidiControls({ unicodeBidi: 'normal', direction: 'rtl' })).toEqual([null, null]);
    expect(bidiControls({ unicodeBidi: 'bidi-override', direction: 'rtl' })).toEqual(['\u202e', '\u202c']);
    expect(bidiControls({ unicodeBidi: 'isolate', direction: 'ltr' })).toEqual(['\u2066', '\u2069']);
    expect(bidiControls({ unicodeBidi: 'isolate-override', direction: 'rtl' })).toEqual(['\u2067\u202e', '\u202c\u2069']);
  });

  it('gives Latin text inside a right-to-left override an odd level, and the text around it 0', () => {
    const text = 'ab cd ef';
    const levels = bidiLevels(text, 'ltr', [{ at: 3, chars: '\u202e' }, { at: 5, chars: '\u202c' }]);
    expect(Array.from(levels ?? [])).toEqual([0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('skips the bidi algorithm for plain left-to-right text without controls', () => {
    expect(bidiLevels('plain text', 'ltr')).toBeNull();
  });
});
