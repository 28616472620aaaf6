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

describe('the layout import graph', () => {
  it('has no import cycle but through the dispatcher', () => {
    // Block flow and floats share a flow through flow/flow-state.ts; line layout reaches atomic inlines through the dispatcher.
    expect(cycles(withoutDispatcherImports(graph))).toEqual([]);
  });

  it('hooks floats into block flow through the flow state, never through block flow itself', () => {
    const blockFlow = ['flow/block-children.ts', 'flow/block-layout.ts'];
    const fromFloats = importsFrom(
      (f) => folderOf(f) === 'float',
      (t) => blockFlow.includes(t),
    );
    expect(fromFloats).toEqual([]);
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
