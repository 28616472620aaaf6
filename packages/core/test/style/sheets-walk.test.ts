import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/html/parse.js';
import { createLayerRegistry } from '../../src/style/stylesheet.js';
import { documentSheets, documentTitle, type SheetLoader, type WalkFindings } from '../../src/style/sheets.js';
import { byId, styleHtml } from './helpers.js';

const loader = (): SheetLoader => ({
  baseUrl: undefined,
  media: { width: 700, height: 1000 },
  layers: createLayerRegistry(),
  resolve: undefined,
  diagnostics: [],
  urls: [],
});

/** The title from the sheets walk's findings, and from documentTitle's own walk. */
function titles(html: string): [string | null, string | null] {
  const doc = parseHtml(html);
  const findings: WalkFindings = { title: null };
  documentSheets(doc, loader(), findings);
  return [documentTitle(doc, findings), documentTitle(doc)];
}

describe('one walk finds the sheets and the title', () => {
  it.each<[string, string, string | null]>([
    ['a title in head', '<!doctype html><title> Q3   report </title><p>x', 'Q3 report'],
    [
      'the first title in the body',
      '<!doctype html><body><div><p>a</p><title>First</title></div><title>Second</title>',
      'First',
    ],
    [
      'titles in svg do not count',
      '<!doctype html><body><svg><title>Icon</title></svg><div><title>Doc</title></div>',
      'Doc',
    ],
    ['a title in a template counts, as before', '<!doctype html><body><template><title>T</title></template>', 'T'],
    ['no title', '<!doctype html><body><p>x</p>', null],
  ])('%s', (_name, html, expected) => {
    const [fromWalk, fromOwnWalk] = titles(html);
    expect(fromWalk).toBe(expected);
    expect(fromOwnWalk).toBe(expected);
  });

  it('style elements in the body apply; those in templates and svg do not', () => {
    const html = `<!doctype html><body><div id="t">x</div><style>#t { margin-top: 3px }</style>
      <template><style>#t { margin-left: 5px }</style></template><svg><style>#t { margin-right: 7px }</style></svg>`;
    const style = byId(styleHtml(html), 't').style;
    expect([style.marginTop, style.marginLeft, style.marginRight]).toEqual([3, 0, 0]);
  });

  it('the title of a styled document comes from the same walk', () => {
    expect(styleHtml('<!doctype html><body><h1>x</h1><title>Body title</title>').title).toBe('Body title');
  });
});
