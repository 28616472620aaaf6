import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Fragments are values once returned (issue 23, docs/architecture.md): a fragment is put in place
 * by a moved copy (`movedFragment`) or by the offset its conversion to page coordinates applies,
 * not moved in place. The in-place moves left (`offsetFragment`) may only become fewer: lower
 * MOVES_LEFT when a change removes some, never raise it.
 */
const MOVES_LEFT = 7;

const src = new URL('../src/', import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
const code = (file: string): string =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');

describe('fragments once returned', () => {
  it('are moved in place at no more sites than are left to convert', () => {
    const calls = sources(src).reduce(
      (n, file) => n + (code(file).match(/(?<!function )\boffsetFragment\(/g)?.length ?? 0),
      0,
    );
    expect(calls).toBeLessThanOrEqual(MOVES_LEFT);
  });
});
