import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Fragments are values once made (issue 23, docs/architecture.md): a fragment is put in place by
 * a moved copy (`movedFragment`) or by the offset its conversion to page coordinates applies,
 * never moved in place. No layout source writes to a fragment through a type that drops
 * `readonly` (eslint's no-restricted-syntax catches `Mutable<…>`; this catches its spellings too),
 * nor casts a fragment's children to a writable array to add to them after it is made
 * (test/e2e/frozen-fragments.test.ts lays documents out with every fragment frozen).
 */
const src = new URL('../src/', import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
const code = (file: string): string =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');

describe('fragments once made', () => {
  it('are never moved in place nor cast to a writable type', () => {
    const writers = sources(src).flatMap((file) =>
      [
        ...code(file).matchAll(
          /\b(offsetFragment\(|Mutable<|Writable<)|-readonly\s*\[\s*\w+\s+in\s+keyof\s+(\w*Fragment)\b|\.(children|columns) as \w*Fragment\[\]/g,
        ),
      ].map((m) => `${file.slice(src.length)}: ${m[0]}`),
    );
    expect(writers).toEqual([]);
  });
});
