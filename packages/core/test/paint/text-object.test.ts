import { describe, expect, it } from 'vitest';
import type { ComputedStyle, Fragment, TextFragment } from '@platen/layout';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { box, contentStreams, page, text } from './fixtures.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';
import { pdfWords } from './poppler.js';

const fonts = getFontRegistry().createFontSet();
/** Runs name faces of `fonts`: paint with the same set. */
const paintPage = (fragments: Fragment[]): Promise<Uint8Array> =>
  paintPdf([page(fragments)], { fonts, images: new Map() });

/** One line made of the runs of several shaped pieces, each starting where the previous ends. */
function line(pieces: readonly [string, Partial<ComputedStyle>][], x: number, baseline: number): TextFragment {
  const frags = pieces.map(([str, s]) => text(fonts, str, 0, baseline, s));
  const runs = frags.flatMap((f) => f.runs);
  const first = frags[0]!;
  return { ...first, x, runs, width: frags.reduce((w, f) => w + f.width, 0) };
}

/** The same line drawn the old way: one fragment per run, each at its own x. */
function runByRun(frag: TextFragment): TextFragment[] {
  let x = frag.x;
  return frag.runs.map((run) => {
    const out = { ...frag, x, runs: [run], width: run.width };
    x += run.advances.reduce((a, b) => a + b, 0);
    return out;
  });
}

const count = (content: string, re: RegExp): number => content.match(re)?.length ?? 0;

describe('text objects', () => {
  it('draws a line of runs in two fonts as one BT…ET, with Tf only where the font changes', async () => {
    const frag = line(
      [
        ['Total due ', {}],
        ['today ', { fontWeight: 700 }],
        ['or later', {}],
      ],
      40,
      100,
    );
    expect(frag.runs.length).toBeGreaterThanOrEqual(3);
    const pdf = await paintPage([frag]);
    const content = contentStreams(pdf);
    expect(count(content, /\bBT\b/g)).toBe(1);
    expect(count(content, /\bTf\b/g)).toBe(3);
    expect(count(content, /\bTm\b/g)).toBe(1);
    // Words land where one text object per run put them.
    const merged = pdfWords(pdf)[0] ?? [];
    const separate = pdfWords(await paintPage(runByRun(frag)))[0] ?? [];
    expect(merged.map((w) => w.text)).toEqual(['Total', 'due', 'today', 'or', 'later']);
    expect(merged.map((w) => w.text)).toEqual(separate.map((w) => w.text));
    merged.forEach((w, i) => {
      expect(w.xMin).toBeCloseTo(separate[i]?.xMin ?? NaN, 2);
      expect(w.xMax).toBeCloseTo(separate[i]?.xMax ?? NaN, 2);
    });
  });

  it('sets letter-spacing (Tc) for its run only and resets it before ET', async () => {
    const frag = line(
      [
        ['plain ', {}],
        ['SPACED', { letterSpacing: 1 }],
        [' plain', {}],
      ],
      40,
      100,
    );
    const pdf = await paintPage([frag]);
    const content = contentStreams(pdf);
    const ops = content.split('\n').filter((l) => /\b(Tc|BT|ET)$/.test(l));
    expect(ops[0]).toBe('BT');
    expect(ops.filter((l) => l.endsWith('Tc')).map((l) => Number(l.split(' ')[0]))).toEqual([1, 0]);
    expect(ops.at(-1)).toBe('ET');
    const words = (pdfWords(pdf)[0] ?? []).map((w) => w.text);
    expect(words).toEqual(['plain', 'SPACED', 'plain']);
  });

  it("writes a run with a raised glyph inside the line's text object, with its own text matrices", async () => {
    const frag = line(
      [
        ['left ', {}],
        ['mid', {}],
        [' right', {}],
      ],
      40,
      100,
    );
    // The middle run's second glyph is placed 3px up (as a mark over its base would be).
    const [a, mid, ...rest] = frag.runs;
    const raised = { ...mid!, offsets: mid!.glyphIds.map((_, i): [number, number] => (i === 1 ? [0, 3] : [0, 0])) };
    const pdf = await paintPage([{ ...frag, runs: [a!, raised, ...rest] }]);
    const content = contentStreams(pdf);
    const ops = content.split('\n').filter((l) => /^(BT|ET)$|Tm$/.test(l));
    // left | m, raised i, d (each after a Tm) | right (after a Tm: the pen is not known): one text object.
    expect(ops.join(' ')).toMatch(/^BT \S.*Tm (\S.*Tm ){3}\S.*Tm ET$/);
    const words = pdfWords(pdf)[0] ?? [];
    expect(words.map((w) => w.text)).toEqual(['left', 'mid', 'right']);
    const separate = pdfWords(await paintPage(runByRun({ ...frag, runs: [a!, raised, ...rest] })))[0] ?? [];
    expect(words.map((w) => w.xMin)).toEqual(separate.map((w) => w.xMin));
  });

  it('draws consecutive lines of glyphs in one text object, each from its own Tm; a decorated line ends it', async () => {
    const cell = (str: string, x: number, y: number, s: Partial<ComputedStyle> = {}): TextFragment =>
      text(fonts, str, x, y, s);
    const underlined = cell('under', 40, 160);
    const decorated: TextFragment = {
      ...underlined,
      decorations: [
        {
          line: 'underline',
          style: 'solid',
          color: underlined.style.color,
          x: 40,
          y: 162,
          width: underlined.width,
          thickness: 1,
        },
      ],
    };
    const lines = [
      cell('first', 40, 100),
      cell('second', 200, 100, { fontWeight: 700 }),
      cell('third', 40, 130),
      decorated,
      cell('last', 40, 190),
    ];
    // Inside a box, as layout places lines (a page's top-level text is painted item by item).
    const pdf = await paintPage([box(0, 0, 793, 1122, {}, lines)]);
    const content = contentStreams(pdf);
    // first, second, third share one; the underlined line has its own; last starts another.
    expect(count(content, /\bBT\b/g)).toBe(3);
    expect(count(content, /\bTm\b/g)).toBe(5);
    expect(count(content, /\bTf\b/g)).toBe(3 + 1 + 1);
    const words = (pdfWords(pdf)[0] ?? []).map((w) => w.text);
    expect(words.sort()).toEqual(['first', 'last', 'second', 'third', 'under']);
  });

  it('draws the words of a justified line, a fragment each, in one text object from one Tm', async () => {
    // Layout gives each word of a justified line (with its widened space) its own fragment.
    const justify = 6;
    let x = 40;
    const words = ['Justified ', 'words ', 'share ', 'one ', 'matrix'].map((w) => {
      const frag = { ...text(fonts, w, x, 100), justifySpacing: justify };
      x += frag.width + (w.endsWith(' ') ? justify : 0);
      return frag;
    });
    const pdf = await paintPage([box(0, 0, 793, 1122, {}, words)]);
    const content = contentStreams(pdf);
    expect(count(content, /\bBT\b/g)).toBe(1);
    expect(count(content, /\bTm\b/g)).toBe(1);
    // Each word where its fragment starts, as with one text object per word.
    const drawn = pdfWords(pdf)[0] ?? [];
    const apart = pdfWords(await paintPage(words))[0] ?? [];
    expect(drawn.map((w) => w.text)).toEqual(['Justified', 'words', 'share', 'one', 'matrix']);
    expect(apart.map((w) => w.text)).toEqual(drawn.map((w) => w.text));
    drawn.forEach((w, i) => expect(w.xMin).toBeCloseTo(apart[i]?.xMin ?? NaN, 3));
  });
});
