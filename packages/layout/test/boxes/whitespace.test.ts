import { describe, expect, it } from 'vitest';
import { createCollapseState, processWhiteSpace } from '../../src/boxes/whitespace.js';
import type { ComputedStyle } from '../../src/style.js';

/** White-space phase I character by character, as CSS Text 3 §4.1.1 states it. */
function reference(text: string, preLine: boolean, lastWasSpace: boolean): { out: string; lastWasSpace: boolean } {
  let out = '';
  let last = lastWasSpace;
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (ch === '\n' && preLine) {
      out = out.replace(/ +$/, '') + '\n';
      last = true;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\f') {
      if (!last) out += ' ';
      last = true;
    } else {
      out += ch;
      last = false;
    }
  }
  return { out, lastWasSpace: last };
}

describe('processWhiteSpace', () => {
  it('collapses spaces, tabs, segment breaks and form feeds as the per-character rules do', () => {
    const alphabet = 'ab  \t\n\r\f.é';
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const len = Math.floor(random() * 12);
      for (let i = 0; i < len; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      for (const ws of ['normal', 'nowrap', 'pre-line'] as const) {
        for (const start of [true, false]) {
          const state = createCollapseState();
          state.lastWasSpace = start;
          const out = processWhiteSpace(text, { whiteSpace: ws, tabSize: 8 } as ComputedStyle, state);
          const want = reference(text, ws === 'pre-line', start);
          expect({ out, lastWasSpace: state.lastWasSpace }, `${ws} ${start} ${JSON.stringify(text)}`).toEqual(want);
        }
      }
    }
  });

  it('returns text with nothing to collapse as it is', () => {
    const text = 'Item 12: stainless fastener, grade A2';
    expect(processWhiteSpace(text, { whiteSpace: 'normal', tabSize: 8 } as ComputedStyle, createCollapseState())).toBe(
      text,
    );
  });
});
