import { describe, expect, it } from 'vitest';
import { newId } from '../src/ids.js';

describe('ids', () => {
  it('are prefixed, 26 base32 characters, and sort by creation', () => {
    const ids = Array.from({ length: 500 }, () => newId('log'));
    expect(ids.every((id) => /^log_[0-9a-hjkmnp-tv-z]{26}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
  });
});
