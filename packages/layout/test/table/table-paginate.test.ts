import { describe, expect, it } from 'vitest';
import type { Fragment, Page } from '../../src/fragment.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { el, type ElSpec } from '../helpers/style.js';

/**
 * Tables across pages as Chromium prints them. Expected positions come from Chromium's PDF of
 * the same document (page 400×300px, no margins; pdftotext word tops): thead repeated at the
 * top of every page, tfoot after the last row of every page, rows moved or split whole.
 */
const FONT = { fontSize: 10, lineHeight: 20 } as const;
const cell = (...kids: (ElSpec | string)[]): ElSpec => el('td', { verticalAlign: 'top' }, ...kids);
const block = (id: string, height: number): ElSpec => el('div', { display: 'block', height, attrs: { id } }, id);
const row = (id: string, height: number, props = {}): ElSpec => el('tr', props, cell(block(id, height)), cell('x'));
const lines = (prefix: string, n: number): (ElSpec | string)[] =>
  Array.from({ length: n }, (_, i) => [`${prefix}${i + 1}`, el('br', { display: 'inline' })])
    .flat()
    .slice(0, -1);

function table(body: ElSpec[]): ElSpec {
  return el(
    'body',
    { display: 'block', ...FONT },
    block('TOP', 50),
    el(
      'table',
      { width: { px: 0, pct: 100 }, borderSpacing: [0, 0] },
      el('thead', { display: 'table-header-group' }, el('tr', {}, cell(block('HEAD', 30)), cell('h'))),
      el('tfoot', { display: 'table-footer-group' }, el('tr', {}, cell(block('FOOT', 20)), cell('f'))),
      el('tbody', {}, ...body),
    ),
    block('END', 20),
  );
}

/** Per page: "id@y" for boxes with an id and "word@line-top" for text (line-height 20, font 10: baseline at 13). */
function positions(pages: Page[]): string[] {
  return pages.map((p) => {
    const out: string[] = [];
    const visit = (f: Fragment): void => {
      if (f.kind === 'box') {
        if (f.attrs.id) out.push(`${f.attrs.id}@${f.y}`);
        f.children.forEach(visit);
      } else if (f.kind === 'text' && /^[LA]\d+$/.test(runText(f))) {
        out.push(`${runText(f)}@${f.baseline - 13}`);
      }
    };
    p.fragments.forEach(visit);
    return out.join(' ');
  });
}
function runText(f: Fragment): string {
  return f.kind === 'text'
    ? ((f as unknown as { text?: string }).text ?? f.runs.map((r) => r.text ?? '').join(''))
    : '';
}

const PAGE = { pageStyle: pageStyleOf({ width: 400, height: 300 }) };

describe('table pagination', () => {
  it('honours a forced break inside a cell: the row splits there (nothing after it is lost)', () => {
    const doc = el(
      'body',
      { display: 'block', ...FONT },
      el(
        'table',
        { width: { px: 0, pct: 100 }, borderSpacing: [0, 0] },
        el(
          'tbody',
          {},
          el(
            'tr',
            {},
            cell(
              block('P1', 40),
              el('div', { display: 'block', height: 40, breakBefore: 'page', attrs: { id: 'B1' } }, 'B1'),
            ),
            cell('side'),
          ),
          row('C1', 40),
        ),
      ),
      block('END', 20),
    );
    // Chromium: the first block on page 1; B1 at the top of page 2, C1 at 40, END at 80.
    expect(positions(layoutPages(doc, PAGE))).toEqual(['P1@0', 'B1@0 C1@40 END@80']);
  });

  it('leaves the caption and header at the page bottom when the first row does not fit (as Chromium does)', () => {
    const doc = el(
      'body',
      { display: 'block', ...FONT },
      block('TOP', 245),
      el(
        'table',
        { width: { px: 0, pct: 100 }, borderSpacing: [0, 0] },
        el('caption', { display: 'table-caption' }, block('CAP', 20)),
        el('thead', { display: 'table-header-group' }, el('tr', {}, cell(block('HEAD', 20)))),
        el('tbody', {}, ...Array.from({ length: 5 }, (_, i) => el('tr', {}, cell(block(`R${i + 1}`, 20))))),
      ),
    );
    expect(positions(layoutPages(doc, PAGE))).toEqual([
      'TOP@0 CAP@245 HEAD@265',
      'HEAD@0 R1@20 R2@40 R3@60 R4@80 R5@100',
    ]);
  });

  it('breaks between rows tied by a row-spanning cell, which continues empty on the next page', () => {
    const body = [
      ...Array.from({ length: 5 }, (_, i) => row(`R${i + 1}`, 40)),
      el('tr', {}, cell(block('S1', 40)), el('td', { attrs: { rowspan: '3', id: 'SPAN' } }, 'x')),
      el('tr', {}, cell(block('S2', 40))),
      el('tr', {}, cell(block('S3', 40))),
      row('T1', 40),
    ];
    const doc = el(
      'body',
      { display: 'block', ...FONT },
      el('table', { width: { px: 0, pct: 100 }, borderSpacing: [0, 0] }, el('tbody', {}, ...body)),
    );
    const pages = layoutPages(doc, PAGE);
    // Chromium: S1@200 S2@240 S3@280 (split), then T1@20 on page 2.
    expect(positions(pages)).toEqual([
      'R1@0 R2@40 R3@80 R4@120 R5@160 S1@200 S2@240 S3@280 SPAN@200',
      'S3@0 T1@20 SPAN@0',
    ]);
    const spans = pages.map((p) => {
      const out: string[] = [];
      const visit = (f: Fragment): void => {
        if (f.kind !== 'box') return;
        if (f.attrs.id === 'SPAN') out.push(`${f.y}+${f.height}`);
        f.children.forEach(visit);
      };
      p.fragments.forEach(visit);
      return out;
    });
    expect(spans).toEqual([['200+100'], ['0+20']]);
  });

  it('slices the border and spacing of a separated table: a split row runs to the page end and continues at the top', () => {
    const red = { width: 6, style: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } } as const;
    const doc = el(
      'body',
      { display: 'block', ...FONT },
      el(
        'table',
        {
          width: { px: 0, pct: 100 },
          boxSizing: 'border-box',
          borderSpacing: [4, 4],
          borderTop: red,
          borderRight: red,
          borderBottom: red,
          borderLeft: red,
        },
        el('tbody', {}, ...Array.from({ length: 11 }, (_, i) => el('tr', {}, cell(block(`R${i + 1}`, 40))))),
      ),
    );
    const pages = layoutPages(doc, PAGE);
    // Chromium: rows at 10 + 44n; R7 gets 26px on page 1 and 14px on page 2, R8 at 18.
    expect(positions(pages)).toEqual([
      'R1@10 R2@54 R3@98 R4@142 R5@186 R6@230 R7@274',
      'R7@0 R8@18 R9@62 R10@106 R11@150',
    ]);
    const tables = pages.map((p) => {
      let t: Fragment | undefined;
      const visit = (f: Fragment): void => {
        if (f.kind === 'box') {
          if (f.tag === 'table') t ??= f;
          f.children.forEach(visit);
        }
      };
      p.fragments.forEach(visit);
      return t as Extract<Fragment, { kind: 'box' }>;
    });
    expect(tables.map((t) => [t.y, t.height, t.border.top, t.border.bottom])).toEqual([
      [0, 300, 6, 0],
      [0, 200, 0, 6],
    ]);
  });

  it('honours break-before: page on a row and continues a split row under the repeated header', () => {
    const doc = el(
      'body',
      { display: 'block', ...FONT },
      block('TOP', 200),
      el(
        'table',
        { width: { px: 0, pct: 100 }, borderSpacing: [0, 0] },
        el('thead', { display: 'table-header-group' }, el('tr', {}, cell(block('HEAD', 30)))),
        el(
          'tbody',
          {},
          ...Array.from({ length: 6 }, (_, i) =>
            el('tr', i === 3 ? { breakBefore: 'page' } : {}, cell(block(`R${i + 1}`, 40))),
          ),
        ),
      ),
    );
    expect(positions(layoutPages(doc, PAGE))).toEqual([
      'TOP@0 HEAD@200 R1@230 R2@270',
      'HEAD@0 R2@30 R3@40',
      'HEAD@0 R4@30 R5@70 R6@110',
    ]);
  });

  it('repeats a header only when it takes at most a quarter of the page', () => {
    const doc = (h: number): ElSpec =>
      el(
        'body',
        { display: 'block', ...FONT },
        el(
          'table',
          { width: { px: 0, pct: 100 }, borderSpacing: [0, 0] },
          el('thead', { display: 'table-header-group' }, el('tr', {}, cell(block('HEAD', h)))),
          el('tbody', {}, ...Array.from({ length: 11 }, (_, i) => el('tr', {}, cell(block(`R${i + 1}`, 40))))),
        ),
      );
    const at = (h: number): string[] => positions(layoutPages(doc(h), PAGE));
    // R6 does not fit whole: its 40px block splits across the pages (Chromium: R6's text at 280, then R7 at 20 or 80).
    expect(at(80)).toEqual([
      'HEAD@0 R1@80 R2@120 R3@160 R4@200 R5@240 R6@280',
      'R6@0 R7@20 R8@60 R9@100 R10@140 R11@180',
    ]);
    expect(at(70)).toEqual([
      'HEAD@0 R1@70 R2@110 R3@150 R4@190 R5@230 R6@270',
      'HEAD@0 R6@70 R7@80 R8@120 R9@160 R10@200 R11@240',
    ]);
  });

  it('repeats the header and footer on every page and breaks between rows', () => {
    const body = Array.from({ length: 15 }, (_, i) => row(`R${i + 1}`, 40));
    expect(positions(layoutPages(table(body), PAGE))).toEqual([
      'TOP@0 HEAD@50 R1@80 R2@120 R3@160 R4@200 R5@240 FOOT@280',
      'HEAD@0 R6@30 R7@70 R8@110 R9@150 R10@190 R11@230 FOOT@270',
      'HEAD@0 R12@30 R13@70 R14@110 R15@150 FOOT@190 END@210',
    ]);
  });

  it('splits a tall row between lines of its cells, and moves a break-inside: avoid row whole', () => {
    const body = [
      row('R1', 40),
      el('tr', {}, cell(...lines('L', 10)), cell('y')),
      row('R3', 40),
      el('tr', { breakInside: 'avoid' }, cell(...lines('A', 9)), cell('w')),
    ];
    expect(positions(layoutPages(table(body), PAGE))).toEqual([
      'TOP@0 HEAD@50 R1@80 L1@120 L2@140 L3@160 L4@180 L5@200 L6@220 L7@240 L8@260 FOOT@280',
      'HEAD@0 L9@30 L10@50 R3@70 FOOT@110',
      'HEAD@0 A1@30 A2@50 A3@70 A4@90 A5@110 A6@130 A7@150 A8@170 A9@190 FOOT@210 END@230',
    ]);
  });
});
