import { describe, expect, it } from 'vitest';
import { blockIds } from '../../src/render/render-service.js';

describe('blockIds', () => {
  it('finds svc-block IDs in any quoting', () => {
    expect(
      blockIds('<svc-block id="comp_a"></svc-block><svc-block class=x id=\'comp_b\'/><svc-block id=comp_c>', null),
    ).toEqual(['comp_a', 'comp_b', 'comp_c']);
  });
});
