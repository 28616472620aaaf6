import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layout caches live in typed slots of the per-render layout context (`cacheSlot`, `memoSlot`,
 * flow/context.ts), not in module-level maps keyed on boxes (issue 23). The module-level maps left
 * are facts box building records about the tree (boxes/, column-flow, inline-containing-block);
 * this list may only become shorter.
 */
const LEFT = [
  'boxes/anonymous-boxes.ts: blocksInInline',
  'boxes/anonymous-boxes.ts: movers',
  'boxes/build-boxes.ts: withRootAbsolutes',
  'boxes/hoist.ts: inlineFloats',
  'flow/column-flow.ts: columnFlows',
  'flow/column-flow.ts: spanners',
  'positioned/inline-containing-block.ts: hosts',
  'positioned/inline-containing-block.ts: inlineContainingBlocks',
  'positioned/inline-containing-block.ts: treeOrder',
];

const src = new URL('../src/', import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );

describe('layout caches', () => {
  it('are kept in the layout context, not in module-level maps keyed on boxes', () => {
    const maps = sources(src).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^const (\w+) = new Weak(?:Map|Set)<\s*(?:\w*Box|object)\b/gm)].map(
        (m) => `${file.slice(src.length)}: ${m[1]}`,
      ),
    );
    expect(maps.sort()).toEqual(LEFT);
  });
});
