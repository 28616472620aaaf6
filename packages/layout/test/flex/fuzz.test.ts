import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { el, type ElSpec, type StyleProps } from '../helpers/style.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';
import { trackList } from './html-spec.js';

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let leaves = 0;

function randomTree(r: () => number, depth: number): ElSpec {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const props: StyleProps = {};
  const kind = depth > 3 ? 'block' : pick(['flex', 'flex', 'grid', 'block', 'multicol'] as const);
  if (kind === 'flex') {
    Object.assign(props, {
      display: 'flex',
      flexDirection: pick(['row', 'column', 'row-reverse', 'column-reverse']),
      flexWrap: pick(['nowrap', 'wrap', 'wrap-reverse']),
      justifyContent: pick(['normal', 'center', 'space-between', 'flex-end', 'space-evenly']),
      alignItems: pick(['normal', 'center', 'baseline', 'flex-end']),
      columnGap: pick([0, 5, { px: 0, pct: 10 }]),
      rowGap: pick([0, 7]),
    });
  } else if (kind === 'grid') {
    Object.assign(props, {
      display: 'grid',
      gridTemplateColumns: trackList(
        pick(['1fr 1fr', 'auto 1fr', 'repeat(auto-fill, minmax(60px, 1fr))', '100px minmax(0, 1fr) max-content']),
      ),
      gridAutoFlow: { direction: pick(['row', 'column'] as const), dense: r() < 0.3 },
      rowGap: pick([0, 4]),
    });
  } else if (kind === 'multicol') {
    Object.assign(props, { display: 'block', columnCount: pick([2, 3]), columnGap: 8 });
  } else props.display = 'block';
  if (r() < 0.3) props.height = pick([20, 150, 400, { px: 0, pct: 50 }]);
  if (r() < 0.2) props.breakInside = 'avoid';
  if (r() < 0.1) props.breakBefore = 'page';
  if (r() < 0.3) props.padding = undefined;
  const children: (ElSpec | string)[] = [];
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    if (r() < 0.3) children.push('some words to wrap across lines maybe');
    else if (depth < 5 && r() < 0.5) children.push(randomTree(r, depth + 1));
    else
      children.push(
        el('div', {
          height: pick([10, 35, 120, 260]),
          flexGrow: pick([0, 1]),
          width: r() < 0.3 ? pick([40, { px: 0, pct: 30 }]) : 'auto',
          gridRowStart: r() < 0.2 ? { kind: 'span', count: 2, name: null } : { kind: 'auto' },
          attrs: { id: `leaf${leaves++}` },
        } as StyleProps & { attrs: Record<string, string> }),
      );
  }
  return el('div', props, ...children);
}

function finite(f: Fragment): boolean {
  if (f.kind === 'text') return Number.isFinite(f.x) && Number.isFinite(f.baseline);
  if (f.kind === 'image') return Number.isFinite(f.x) && Number.isFinite(f.y);
  return [f.x, f.y, f.width, f.height].every(Number.isFinite) && f.children.every(finite);
}

describe('flex, grid and multicol under random nesting and pagination', () => {
  it('always finishes with finite geometry in a bounded number of pages', () => {
    const r = rng(20261122);
    for (let i = 0; i < 150; i++) {
      leaves = 0;
      const tree = el('body', {}, randomTree(r, 0), randomTree(r, 0));
      const pages = layoutPages(tree, {
        pageStyle: pageStyleOf({ width: 400, height: 300, margin: 0 }),
        maxPages: 200,
      });
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.length).toBeLessThan(200);
      for (const p of pages) expect(p.fragments.every(finite)).toBe(true);
      // A fragment object is placed once (positions are applied in place).
      const seen = new Set<Fragment>();
      const once = (f: Fragment): boolean => !seen.has(f) && (seen.add(f), f.kind !== 'box' || f.children.every(once));
      expect(pages.every((p) => p.fragments.every(once))).toBe(true);
      // Nothing is lost: every leaf box appears on some page.
      const ids = new Set<string>();
      const collect = (f: Fragment): void => {
        if (f.kind === 'box') {
          if (f.attrs.id) ids.add(f.attrs.id);
          f.children.forEach(collect);
        }
      };
      pages.forEach((p) => p.fragments.forEach(collect));
      expect(ids.size).toBe(leaves);
    }
  });
});
