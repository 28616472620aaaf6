import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/store/templates.js';

describe('slugify', () => {
  it.each([
    ['Invoice 2024', 'invoice-2024'],
    ['  Crème brûlée — menu ', 'creme-brulee-menu'],
    ['a__b--c', 'a-b-c'],
    ['日本語', 'template'],
    ['', 'template'],
    ['Ünïcödé', 'unicode'],
  ])('%j → %j', (name, slug) => expect(slugify(name)).toBe(slug));
});
