import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { el, type ElSpec, type StyleProps } from '../helpers/style.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';

/** A deterministic generator, so a failure names a reproducible seed. */
function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function word(words: string[]): string {
  const w = `w${words.length}`;
  words.push(w);
  return w;
}

function text(random: () => number, words: string[]): string {
  return Array.from({ length: 1 + Math.floor(random() * 10) }, () => word(words)).join(' ') + ' ';
}

/** Random blocks with floats (split or moved at page ends), clear, BFC roots beside floats and absolute boxes. */
function randomTree(random: () => number, words: string[], depth: number): ElSpec {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const props: StyleProps = {
    display: 'block',
    marginTop: pick([0, 0, 4, 12]),
    marginBottom: pick([0, 6]),
    overflow: pick(['visible', 'visible', 'hidden'] as const),
    position: pick(['static', 'static', 'static', 'relative'] as const),
    clear: pick(['none', 'none', 'none', 'left', 'both'] as const),
  };
  const children: (ElSpec | string)[] = [];
  const n = 1 + Math.floor(random() * 4);
  for (let i = 0; i < n; i++) {
    const r = random();
    if (depth > 0 && r < 0.35) children.push(randomTree(random, words, depth - 1));
    else if (r < 0.55) {
      children.push(
        el(
          'div',
          {
            display: 'block',
            float: pick(['left', 'right'] as const),
            width: pick(['auto', 30, 50] as const),
            breakInside: pick(['auto', 'avoid'] as const),
            clear: pick(['none', 'none', 'both'] as const),
          },
          text(random, words),
        ),
      );
    } else if (r < 0.62) {
      children.push(
        el(
          'div',
          {
            display: 'block',
            position: 'absolute',
            top: pick(['auto', 5] as const),
            right: pick(['auto', 0] as const),
          },
          text(random, words),
        ),
      );
    } else if (r < 0.67) children.push(el('div', { display: 'block', height: pick([5, 40, 130]) }));
    else children.push(text(random, words));
  }
  return el('div', props, ...children);
}

/** Words of the text fragments; NaN marks a fragment without finite geometry. */
function texts(f: Fragment, out: string[]): void {
  if (f.kind === 'text') {
    out.push(
      ...f.runs
        .map((r) => r.text)
        .join('')
        .split(/\s+/)
        .filter(Boolean),
    );
    if (!Number.isFinite(f.x + f.baseline)) out.push('NaN');
  } else if (f.kind === 'box') {
    if (!Number.isFinite(f.x + f.y + f.width + f.height)) out.push('NaN');
    for (const c of f.children) texts(c, out);
  }
}

describe('floats and positioned boxes keep every word', () => {
  it('places every word exactly once on random documents and small pages', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = rng(seed);
      const words: string[] = [];
      const tree = randomTree(random, words, 3);
      const pages = layoutPages(el('body', {}, tree), {
        pageStyle: pageStyleOf({ width: 160, height: 120, margin: 5 }),
        maxPages: 500,
      });
      const out: string[] = [];
      for (const p of pages) for (const f of p.fragments) texts(f, out);
      // Floats moved to a later page come after the flow that stayed: compare as sets of words.
      const got = out.sort().join(' ');
      const want = words.slice().sort().join(' ');
      if (got !== want) {
        const count = (xs: string[]) => xs.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>());
        const a = count(out);
        const diff = words.filter((w) => (a.get(w) ?? 0) !== 1).map((w) => `${w}×${a.get(w) ?? 0}`);
        const extra = [...a.keys()].filter((w) => !words.includes(w));
        expect({ seed, diff, extra }).toEqual({ seed, diff: [], extra: [] });
      }
    }
  });
});
