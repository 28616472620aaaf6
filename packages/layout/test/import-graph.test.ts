import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no type declarations
import { DISPATCHER, cycles, layoutGraph, withoutDispatcherImports } from '../../../scripts/import-graph.mjs';

/**
 * The shape of the layout package (issue 23 item 4, docs/architecture.md): layout modes meet only
 * through the dispatcher (flow/layout-box.ts), so the import graph has no cycle but those through it.
 * `node scripts/import-graph.mjs --files` shows the graph's cycles.
 */
const graph: Map<string, string[]> = layoutGraph().graph;
const folderOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');
const importsFrom = (from: (file: string) => boolean, to: (file: string) => boolean): string[] =>
  [...graph].flatMap(([file, targets]) =>
    from(file) ? targets.filter((t) => to(t)).map((t) => `${file} -> ${t}`) : [],
  );

/**
 * Files still in an import cycle that does not pass through the dispatcher: block flow and floats
 * call each other, inline content and intrinsic sizes (atomic inlines) too.
 * This list may only shrink: remove a file once it leaves every cycle, never add one.
 */
const NOT_YET_UNTANGLED = [
  'float/float-layout.ts',
  'float/float-pages.ts',
  'float/inline-floats.ts',
  'float/lines-around-floats.ts',
  'flow/atomic-inline.ts',
  'flow/block-children.ts',
  'flow/block-layout.ts',
  'flow/inline-items.ts',
  'flow/intrinsic-size.ts',
  'flow/marker-placement.ts',
  'flow/parallel-flows.ts',
];

describe('the layout import graph', () => {
  it('has no import cycle but through the dispatcher, beyond the files not yet untangled', () => {
    const inCycles: string[] = cycles(withoutDispatcherImports(graph)).flat().sort();
    expect(inCycles.filter((f) => !NOT_YET_UNTANGLED.includes(f))).toEqual([]);
    // A file that left every cycle leaves the list too, so that it cannot come back unnoticed.
    expect(NOT_YET_UNTANGLED.filter((f) => !inCycles.includes(f))).toEqual([]);
  });

  it('reaches the flex, grid, table and multicol modes only through the dispatcher', () => {
    const modes = ['flex', 'grid', 'table', 'multicol'];
    for (const mode of modes) {
      const outside = (f: string) => folderOf(f) !== mode && f !== DISPATCHER;
      expect(importsFrom(outside, (t) => folderOf(t) === mode)).toEqual([]);
    }
  });

  it('reaches writing modes only through the dispatcher and the style turned at box building', () => {
    const outside = (f: string) => folderOf(f) !== 'writing-mode' && f !== DISPATCHER;
    const into = (t: string) => folderOf(t) === 'writing-mode' && t !== 'writing-mode/logical-style.ts';
    expect(importsFrom(outside, into)).toEqual([]);
  });

  it('builds boxes without any layout mode', () => {
    const modes = new Set(['flow', 'float', 'table', 'flex', 'grid', 'items', 'multicol', 'page']);
    expect(
      importsFrom(
        (f) => folderOf(f) === 'boxes',
        (t) => modes.has(folderOf(t)),
      ),
    ).toEqual([]);
  });

  it('keeps what flex and grid share in items/, which imports neither', () => {
    const fromItems = importsFrom(
      (f) => folderOf(f) === 'items',
      (t) => ['flex', 'grid'].includes(folderOf(t)),
    );
    expect(fromItems).toEqual([]);
  });
});
