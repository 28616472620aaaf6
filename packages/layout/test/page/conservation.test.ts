import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { el, type ElSpec, type StyleProps } from '../helpers/style.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';

/** A deterministic generator, so a failure names a reproducible seed. */
function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function randomTree(random: () => number, words: string[], depth: number): ElSpec {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const props: StyleProps = {
    marginTop: pick([0, 0, 4, 12, -3]),
    marginBottom: pick([0, 6, 20]),
    paddingTop: pick([0, 0, 2]),
    breakInside: pick(['auto', 'auto', 'avoid'] as const),
    breakBefore: pick(['auto', 'auto', 'auto', 'page', 'avoid'] as const),
    breakAfter: pick(['auto', 'auto', 'avoid'] as const),
    orphans: pick([1, 2, 3]),
    widows: pick([1, 2, 3]),
    whiteSpace: pick(['normal', 'normal', 'nowrap', 'pre-wrap'] as const),
    overflowWrap: pick(['normal', 'break-word'] as const),
  };
  const children: (ElSpec | string)[] = [];
  const n = 1 + Math.floor(random() * 4);
  for (let i = 0; i < n; i++) {
    const r = random();
    if (depth > 0 && r < 0.4) children.push(randomTree(random, words, depth - 1));
    else if (r < 0.55) children.push(el('span', { fontSize: pick([8, 16, 24]) }, word(words), ' ', word(words)));
    else if (r < 0.6) children.push(el('br'));
    else if (r < 0.65) children.push(el('div', { height: pick([5, 40, 130]) }));
    else if (r < 0.7)
      children.push(el('span', { display: 'inline-block', paddingTop: pick([0, 3]) }, word(words), ' ', word(words)));
    else if (r < 0.73) children.push(el('img', { attrs: { src: pick(['a.png', 'tall.png']) } }));
    else if (r < 0.76)
      children.push(el('li', { listStyleType: pick(['disc', 'decimal']) }, el('::marker', {}, '1. '), word(words)));
    else children.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => word(words)).join(' ') + ' ');
  }
  return el('div', props, ...children);
}

function word(words: string[]): string {
  const w = `w${words.length}`;
  words.push(w);
  return w;
}

function texts(f: Fragment, out: string[]): void {
  if (f.kind === 'text') out.push(f.runs.map((r) => r.text).join(''));
  else if (f.kind === 'box' && f.tag !== '::marker') for (const c of f.children) texts(c, out);
}

describe('content conservation under pagination', () => {
  it('places every word exactly once and in order, on random documents and small pages', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const random = rng(seed);
      const words: string[] = [];
      const tree = randomTree(random, words, 4);
      const images = (src: string) => (src === 'tall.png' ? { width: 20, height: 200 } : { width: 30, height: 10 });
      const pages = layoutPages(el('body', {}, tree), {
        pageStyle: pageStyleOf({ width: 120, height: 90, margin: 5 }),
        maxPages: 500,
        images,
      });
      const out: string[] = [];
      for (const p of pages) for (const f of p.fragments) texts(f, out);
      // In document order, white space aside (words may be cut by overflow-wrap).
      expect(out.join('').replace(/\s+/g, ''), `seed ${seed}`).toBe(words.join(''));
    }
  });
});
