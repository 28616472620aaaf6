import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { DOC, propertiesDoc } from '../../../../scripts/properties-doc.mjs';

/**
 * The columns the property table gives (property, inherited, group file, field). Who reads a field
 * and which tests set a property change with every layout commit: those columns are as of the last
 * run of the script, refreshed whenever a property changes.
 */
function tableColumns(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split(' | ').slice(0, 4).join(' | '));
}

describe('docs/properties.md', () => {
  it('lists the property table as it is (run node scripts/properties-doc.mjs after adding or changing a property)', () => {
    const written = tableColumns(readFileSync(DOC as string, 'utf8'));
    expect(written.length).toBeGreaterThan(100);
    expect(written).toEqual(tableColumns((propertiesDoc as () => string)()));
  });
});
