/**
 * `-webkit-` property names against Chromium's own table (fixtures/webkit-aliases.chromium.json,
 * recorded from Chromium by record-webkit-aliases.mjs): an alias must set what its target sets
 * (after our logical → physical mapping), and a name Chromium does not parse must be dropped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDeclarations } from '../../src/style/cascade.js';
import { PROPERTIES } from '../../src/style/properties/index.js';

interface Recorded {
  readonly chromium: string;
  readonly aliases: Readonly<Record<string, readonly string[]>>;
  readonly own: readonly string[];
  readonly unparsed: readonly string[];
}
const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/webkit-aliases.chromium.json', import.meta.url), 'utf8'),
) as Recorded;

/** The longhands a declaration `name: inherit` sets here (none when it is dropped). */
const sets = (name: string): string[] =>
  compileDeclarations([{ name, value: 'inherit', important: false }])
    .map((d) => d.name)
    .sort();

describe(`-webkit- properties as ${recorded.chromium} parses them`, () => {
  it('sets through each alias what its target sets', () => {
    const wrong = Object.entries(recorded.aliases)
      .map(([alias, targets]) => ({ alias, expected: [...new Set(targets.flatMap(sets))].sort(), actual: sets(alias) }))
      .filter((x) => x.expected.join() !== x.actual.join());
    expect(wrong).toEqual([]);
    expect(sets('-webkit-padding-start')).toEqual(['padding-inline-start']); // resolved with the direction in compute.ts
    expect(sets('-webkit-margin-before')).toEqual(['margin-block-start']); // resolved with the writing mode in compute.ts
  });

  it('drops the -webkit- names Chromium does not parse', () => {
    expect(recorded.unparsed).toContain('-webkit-hyphens');
    expect(recorded.unparsed.filter((name) => sets(name).length > 0)).toEqual([]);
  });

  it("defines Chromium's own flexible-box and line-clamp properties", () => {
    for (const name of [
      '-webkit-box-orient',
      '-webkit-box-direction',
      '-webkit-box-pack',
      '-webkit-box-align',
      '-webkit-box-flex',
      '-webkit-box-ordinal-group',
      '-webkit-line-clamp',
    ]) {
      expect(recorded.own).toContain(name);
      expect(PROPERTIES.has(name)).toBe(true);
    }
  });

  it('maps -webkit-column-break-* values onto the column breaks', () => {
    const value = (name: string, v: string) =>
      compileDeclarations([{ name, value: v, important: false }]).map((d) => [
        d.name,
        d.value.map((cv) => ('v' in cv ? cv.v : '')).join(''),
      ]);
    expect(value('-webkit-column-break-before', 'always')).toEqual([['break-before', 'column']]);
    expect(value('-webkit-column-break-inside', 'avoid')).toEqual([['break-inside', 'avoid-column']]);
    expect(value('page-break-after', 'always')).toEqual([['break-after', 'page']]);
  });
});
