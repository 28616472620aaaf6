import { describe, expect, it } from 'vitest';
import { el } from '../helpers/style.js';
import { dump } from '../helpers/layout.js';

describe('anonymous flex items (CSS Flexbox §4)', () => {
  it("a run of text is one item that does not take the container's own flex or order values", () => {
    // The inner container grows in the outer one (flex-grow 1, order 2); its text item must not.
    const out = dump(
      el(
        'body',
        {},
        el(
          'div',
          { display: 'flex', width: 400 },
          el(
            'div',
            { display: 'flex', flexGrow: 1, order: 2, attrs: { id: 'inner' } },
            'ab',
            el('div', { width: 50, height: 10 }),
          ),
          el('div', { width: 100, height: 10 }),
        ),
      ),
    );
    // Text "ab" is 16px wide with the fake font: the anonymous item is 16px, the block follows it.
    expect(out).toContain('box (anon) 100,0 16x16');
    expect(out).toContain('box div 116,0 50x10');
  });
});
