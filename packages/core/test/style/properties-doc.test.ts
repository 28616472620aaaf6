import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { DOC, propertiesDoc } from '../../../../scripts/properties-doc.mjs';

describe('docs/properties.md', () => {
  it('is what scripts/properties-doc.mjs makes of the property table (run it after changing a property or who reads it)', () => {
    expect(readFileSync(DOC as string, 'utf8')).toBe((propertiesDoc as () => string)());
  });
});
