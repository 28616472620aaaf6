import { describe, expect, it } from 'vitest';
import { bidiControls, bidiLevels } from '../../src/flow/bidi.js';
import { el } from '../helpers/style.js';
import { layoutPages } from '../helpers/layout.js';
import type { Fragment, Page } from '../../src/fragment.js';

describe('unicode-bidi on inline boxes (UAX #9 formatting characters)', () => {
  it('maps each value to its opening and closing characters', () => {
    expect(bidiControls({ unicodeBidi: 'normal', direction: 'rtl' })).toEqual([null, null]);
    expect(bidiControls({ unicodeBidi: 'bidi-override', direction: 'rtl' })).toEqual(['\u202e', '\u202c']);
    expect(bidiControls({ unicodeBidi: 'isolate', direction: 'ltr' })).toEqual(['\u2066', '\u2069']);
    expect(bidiControls({ unicodeBidi: 'isolate-override', direction: 'rtl' })).toEqual([
      '\u2067\u202e',
      '\u202c\u2069',
    ]);
  });

  it('gives Latin text inside a right-to-left override an odd level, and the text around it 0', () => {
    const text = 'ab cd ef';
    const levels = bidiLevels(text, 'ltr', [
      { at: 3, chars: '\u202e' },
      { at: 5, chars: '\u202c' },
    ]);
    expect(Array.from(levels ?? [])).toEqual([0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('skips the bidi algorithm for plain left-to-right text without controls', () => {
    expect(bidiLevels('plain text', 'ltr')).toBeNull();
  });
});

describe('bidi-override and isolate-override (CSS Writing Modes 3 §2.4.2, UAX #9 X6)', () => {
  const line = (
    unicodeBidi: 'isolate' | 'bidi-override' | 'isolate-override',
    direction: 'ltr' | 'rtl',
    text: string,
    paraDir: 'ltr' | 'rtl' = 'ltr',
  ) =>
    textRuns(
      layoutPages(
        el(
          'body',
          {},
          el('p', { width: 400, direction: paraDir }, 'ab ', el('span', { unicodeBidi, direction }, text), ' gh'),
        ),
      ),
    );

  it('gives every character inside a right-to-left override the override direction: Latin words in reverse order', () => {
    for (const ub of ['bidi-override', 'isolate-override'] as const) {
      const runs = line(ub, 'rtl', 'cd ef');
      expect(runs.map((r) => r.text)).toEqual(['ab ', 'ef', 'cd ', ' ', 'gh']);
      expect(runs.map((r) => r.rtl)).toEqual([false, true, true, false, false]);
      expect(runs.map((r) => r.x)).toEqual([0, 24, 40, 64, 72]);
    }
  });

  it('leaves Latin text in an rtl isolate without override in logical order', () => {
    expect(line('isolate', 'rtl', 'cd ef').map((r) => r.text)).toEqual(['ab ', 'cd ', 'ef', ' ', 'gh']);
  });

  it('lays Hebrew out left to right inside a left-to-right override', () => {
    const runs = line('isolate-override', 'ltr', 'שלום עולם', 'rtl');
    const hebrew = runs.filter((r) => /[\u0590-\u05ff]/.test(r.text));
    expect(hebrew.map((r) => r.rtl)).toEqual([false, false]);
    // Logical order left to right: the first word left of the second.
    expect(hebrew[0]!.text.trim()).toBe('שלום');
    expect(hebrew[0]!.x).toBeLessThan(hebrew[1]!.x);
  });
});

interface Run {
  readonly text: string;
  readonly x: number;
  readonly width: number;
  readonly rtl: boolean;
}

/** Glyph runs of the first page in visual order, with the x each starts at. */
function textRuns(pages: Page[]): Run[] {
  const out: Run[] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'text') {
      let x = f.x;
      for (const r of f.runs) {
        out.push({ text: r.text, x, width: r.width, rtl: r.rtl });
        x += r.width;
      }
    } else if (f.kind === 'box') f.children.forEach(walk);
  };
  pages[0]!.fragments.forEach(walk);
  return out.sort((a, b) => a.x - b.x);
}

describe('white space at a line end (UAX #9 L1, CSS Text 3 §4.1.3)', () => {
  const runsOf = (props: Parameters<typeof el>[1], text: string) =>
    textRuns(layoutPages(el('body', {}, el('p', { width: 80, ...props }, text))));

  it('keeps the trailing space of left-to-right words out of a right-to-left line, so they sit flush right', () => {
    // pre-wrap keeps "cd " at the end of the first line; the space hangs (L1 puts it at the
    // paragraph level, the visual left end), so "ab cd" ends at the right edge.
    for (const whiteSpace of ['normal', 'pre-wrap'] as const) {
      const first = runsOf({ direction: 'rtl', whiteSpace }, 'ab cd efghij').filter((r) => r.text !== 'efghij');
      expect(first.map((r) => r.text).join('')).toBe('ab cd');
      const last = first[first.length - 1]!;
      expect(last.x + last.width).toBe(80);
    }
  });

  it('puts no space before a right-to-left word that ends a left-to-right line', () => {
    for (const whiteSpace of ['normal', 'pre-wrap'] as const) {
      const runs = runsOf({ whiteSpace }, 'ab שלום עולם');
      const hebrew = runs.find((r) => r.text.includes('שלום'))!;
      expect(hebrew.text).toBe('שלום');
      expect(hebrew.x).toBe(24); // right after "ab "
    }
  });
});
