import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { el } from '../helpers/style.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';

const small = { pageStyle: pageStyleOf({ width: 200, height: 100, margin: 10 }) };

/** The box whose tag is `tag`, and the first text fragment inside it. */
function find(roots: readonly Fragment[], tag: string): { box: { y: number }; baseline: number } | null {
  for (const f of roots) {
    if (f.kind !== 'box') continue;
    if (f.tag === tag) {
      const text = f.children.flatMap((c) => (c.kind === 'box' ? c.children : [c])).find((c) => c.kind === 'text');
      return text && text.kind === 'text' ? { box: f, baseline: text.baseline } : null;
    }
    const inner = find(f.children, tag);
    if (inner) return inner;
  }
  return null;
}

describe('baseline snapping', () => {
  it('puts baselines on whole pixels of the page', () => {
    const page = layoutPages(el('body', {}, el('section', { marginTop: 10.4 }, 'ab')), small)[0]!;
    const { box, baseline } = find(page.fragments, 'section')!;
    expect(box.y % 1).not.toBe(0);
    expect(baseline % 1).toBe(0);
  });

  it('puts baselines on whole pixels of a rotated box, which paints in its own layer (Chromium)', () => {
    const rotated = el('section', { marginTop: 10.4, transform: [{ kind: 'rotate', deg: 8 }] }, 'ab');
    const page = layoutPages(el('body', {}, rotated), small)[0]!;
    const { box, baseline } = find(page.fragments, 'section')!;
    expect(box.y % 1).not.toBe(0);
    expect((baseline - box.y) % 1).toBeCloseTo(0, 9);
  });
});
