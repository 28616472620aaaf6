/**
 * Contents pages (CSS GCPM 3): `target-counter(attr(href url), page)` prints the page its target
 * lands on, `target-text()` its text, `leader()` fills the rest of the line. Chromium prints none
 * of them (it drops the declaration), so the page numbers are checked against the page where
 * pdftotext finds each target's text in our own output, and the leader against the line's ends.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { extractWords, type Word } from '../helpers/poppler.js';

const chapters = [
  ['intro', 'Introduction', 3],
  ['methods', 'Methods', 70],
  ['results', 'Results', 12],
  ['discussion', 'Discussion', 95],
  ['appendix', 'Appendix', 2],
] as const;
const body = chapters
  .map(
    ([id, title, n]) =>
      `<h2 id="${id}">${title}</h2>` +
      Array.from({ length: n }, (_, i) => `<p>${title} paragraph ${i + 1}.</p>`).join(''),
  )
  .join('');
const css = `
  body { font: 14px/20px Arimo; margin: 0 }
  .toc a { display: block; color: inherit; text-decoration: none }
  p { margin: 0 0 6px }
  .right { text-align: right }`;

function lineOf(words: readonly Word[], first: Word): Word[] {
  return words
    .filter((w) => w.page === first.page && Math.abs(w.yMin - first.yMin) < 0.5)
    .sort((a, b) => a.xMin - b.xMin);
}

describe('target-counter, target-text and leader', () => {
  it('print the page each target lands on, after a dotted leader that fills the line', async () => {
    const toc = chapters.map(([id, title]) => `<a href="#${id}">${title}</a>`).join('');
    const html = `<!doctype html><style>${css} .toc a::after { content: leader(dotted) target-counter(attr(href url), page) }</style>
      <h1>Contents</h1><nav class="toc">${toc}</nav><p class="right">EDGE</p>${body}`;
    const { words } = extractWords(await render({ html }));
    const edge = words.find((w) => w.text === 'EDGE')!;
    for (const [, title] of chapters) {
      // The heading: the line that holds its title alone.
      const heading = words.find((w) => w.text === title && lineOf(words, w).length === 1)!;
      const entry = lineOf(
        words,
        words.find((w) => w.page === 1 && w.text.startsWith(title))!,
      );
      const number = entry.at(-1)!;
      expect(number.text, `${title} is on page ${heading.page}`).toBe(String(heading.page));
      // The number ends the line where right-aligned text ends; the dots fill the room between.
      expect(number.xMax).toBeCloseTo(edge.xMax, 0);
      const dots = entry.filter((w) => w.text === '.' || /^[A-Za-z]+\.$/.test(w.text));
      const title_ = entry[0]!;
      expect(dots.length).toBeGreaterThan(40);
      const pitch = (dots.at(-1)!.xMin - dots[1]!.xMin) / (dots.length - 2);
      expect(dots[1]!.xMin - title_.xMax, 'the dots start right after the title').toBeLessThan(pitch * 2);
      expect(number.xMin - dots.at(-1)!.xMax, 'and end just before the number').toBeLessThan(pitch * 1.5);
    }
    expect(
      new Set(chapters.map(([, title]) => words.find((w) => w.text === title && lineOf(words, w).length === 1)!.page))
        .size,
      'the chapters are on several pages',
    ).toBeGreaterThan(2);
  });

  it('count pages as the page counter does, in a counter style, and take the text of the target', async () => {
    const html = `<!doctype html><style>${css} @page :first { counter-increment: page 0 }
      a.ref::after { content: "see " target-text(attr(href)) ", page " target-counter(attr(href), page, upper-roman) }
      h2 { break-before: page }</style>
      <p>Cover <a class="ref" href="#results"></a> and <a class="ref" href="#nowhere"></a>.</p>${body}`;
    const { words } = extractWords(await render({ html }));
    const heading = words.find((w) => w.text === 'Results' && lineOf(words, w).length === 1)!;
    const line = lineOf(
      words,
      words.find((w) => w.text === 'Cover')!,
    )
      .map((w) => w.text)
      .join(' ');
    // The cover is unnumbered (counter-increment: page 0): the page after it is page 1.
    const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'][heading.page - 2];
    expect(line).toBe(`Cover see Results, page ${roman} and see , page .`);
  });

  it('keep the declaration of a leader() they cannot read invalid, as a bad counter() is', async () => {
    const html = `<!doctype html><style>${css} a::after { content: "fallback" } a::after { content: leader(dotted, solid) }</style><a href="#x">A</a><p id="x">X</p>`;
    const { words } = extractWords(await render({ html }));
    expect(words.map((w) => w.text)).toContain('Afallback');
  });
});

describe('bookmarks from headings', () => {
  interface Outline {
    title: string;
    destpageposfrom1: number;
    kids: Outline[];
  }
  const outlines = (pdf: Uint8Array): Outline[] => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-outline-'));
    writeFileSync(join(dir, 'o.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json', '--json-key=outlines', join(dir, 'o.pdf')], { encoding: 'utf8' }))
      .outlines as Outline[];
  };
  const tree = (items: Outline[]): unknown =>
    items.map((o) => [o.title, o.destpageposfrom1, ...(o.kids.length ? [tree(o.kids)] : [])]);
  const html =
    '<h1>Part A</h1><h2>Chapter A1</h2><h3>Section A1a</h3><h2 style="break-before:page">Chapter A2</h2><h4>Deep</h4><h1>Part B</h1>';

  it("nest by heading level and point at the heading's page (qpdf --json)", async () => {
    expect(tree(outlines(await render({ html })))).toEqual([
      [
        'Part A',
        1,
        [
          ['Chapter A1', 1, [['Section A1a', 1]]],
          ['Chapter A2', 2, [['Deep', 2]]],
        ],
      ],
      ['Part B', 2],
    ]);
  });

  it('are left out with pdf.outline false', async () => {
    expect(outlines(await render({ html, pdf: { outline: false } }))).toEqual([]);
    await expect(render({ html, pdf: { outline: 'no' as never } })).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'pdf.outline',
    });
  });
});
