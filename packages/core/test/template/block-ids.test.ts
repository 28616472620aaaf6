import { describe, expect, it } from 'vitest';
import { blockIds } from '../../src/template/expand.js';

describe('blockIds', () => {
  it('finds the IDs expansion would replace, and nothing else', () => {
    const html = `<svc-block id="comp_a"></svc-block><svc-block data-id="x" id='comp_b'/>
      <svc-block id=comp_c><p data-id="comp_d">x</p><svc-block id="a&amp;b"></svc-block><svc-block id="comp_a"></svc-block>`;
    expect(blockIds(html)).toEqual(['comp_a', 'comp_b', 'comp_c', 'a&b']);
  });
});
