/**
 * Fragments are values once made (docs/architecture.md, issue 23): nothing writes to a fragment
 * nor to its children after it is made, for a subtree may be shared by several places (a table's
 * measured cells by every repetition of a header or footer) and by caches. With
 * `freezeFragments(true)` every box fragment made is frozen with its children, so that such a
 * write throws (ES modules are strict): these documents, with out-of-flow boxes, repeated table
 * groups and columns, must lay out and print as they do unfrozen.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { freezeFragments } from '../../packages/layout/src/flow/fragments.js';

const documents = [
  'text-positions/abspos-repeated-header.html',
  'text-positions/abspos-inline-containing-block.html',
  'text-positions/table-header-footer-page-end.html',
  'text-positions/multicol-spanner-bfc.html',
  'text-positions/logical-rtl.html',
  'chromium-pixels/abspos-in-columns.html',
  'chromium-pixels/relative-table-parts.html',
  'chromium-pixels/stacking.html',
  'chromium-pixels/clipping.html',
  'text-positions/fixed-form-controls-repeat.html',
  'chromium-pixels/page-area-clip.html',
];

/** The root's absolute boxes placed from the last page onto the first (positioned/printed-root.ts placeOnPage), fixed boxes on every page. */
const placedLater = `<!doctype html><style>@page { size: A4; margin: 20mm } body { font: 14px/20px Arial }
.stamp { position: absolute; top: 120px; right: 0 } .low { position: absolute; bottom: 30mm } .fix { position: fixed; top: 0 }</style>
<div class="fix">fixed</div>${'<p>A paragraph of a document three pages long.</p>'.repeat(150)}
<div class="stamp">stamp</div><div class="low">low</div>`;

describe('fragments frozen once made', () => {
  beforeAll(() => freezeFragments(true));
  afterAll(() => freezeFragments(false));
  const cases = [
    ...documents.map((name) => ({ name, html: readFileSync(new URL(name, import.meta.url), 'utf8') })),
    { name: 'absolute boxes placed on an earlier page', html: placedLater },
  ];
  for (const { name, html } of cases) {
    it(`${name}: no fragment is written to after it is made`, async () => {
      const frozen = await render({ html, format: { preset: 'a4' } });
      freezeFragments(false);
      const unfrozen = await render({ html, format: { preset: 'a4' } });
      freezeFragments(true);
      expect(Buffer.from(frozen).equals(Buffer.from(unfrozen))).toBe(true);
    });
  }
});
