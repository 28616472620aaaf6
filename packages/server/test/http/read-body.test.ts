import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../../src/http/read-body.js';

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[1,{"b":2}]}', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['["\\"[[["]', 1],
  ])('%s has depth %i', (text, depth) => expect(jsonDepth(text)).toBe(depth));
});
