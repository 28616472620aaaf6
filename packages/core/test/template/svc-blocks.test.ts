import { describe, expect, it } from 'vitest';
import { blockIds, replaceBlocks } from '../../src/template/svc-blocks.js';

/** The rule svc-blocks.ts implements, as the regular expression it replaced (quadratic on bad input). */
const RULE = /<svc-block\b((?:[^>"']|"[^"]*"|'[^']*')*)>(?:\s*<\/svc-block\s*>)?|<\/svc-block\s*>/gi;
const ID_ATTR = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i;

function byRule(html: string): string {
  return html.replace(RULE, (_whole: string, attrs: string | undefined) => {
    if (attrs === undefined) return '';
    const m = ID_ATTR.exec(attrs.replace(/\/\s*$/, ''));
    const id = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
    return id === '' ? '' : `[${id}]`;
  });
}

const PIECES = [
  '<svc-block',
  '</svc-block',
  '<SVC-Block',
  ' id=a',
  ' id="b>"',
  " id='c'",
  '"',
  "'",
  '>',
  ' ',
  '\n',
  '/',
  'x',
  '<p>',
  '-',
  '_',
];

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('svc-block scanning', () => {
  it('matches exactly what the regular expression matched, on 3,000 random strings', () => {
    const next = random(17);
    for (let i = 0; i < 3000; i++) {
      const html = Array.from(
        { length: 1 + Math.floor(next() * 14) },
        () => PIECES[Math.floor(next() * PIECES.length)],
      ).join('');
      expect(
        replaceBlocks(html, (id) => `[${id}]`),
        html,
      ).toBe(byRule(html));
    }
  });

  // Each of these took minutes with the regular expression (150 KB of the first: 20 s).
  // Linear, they take tens of milliseconds; 3 s leaves room for a loaded machine.
  const MB = 1 << 20;
  it.each([
    ['<svc-block without >', '<svc-block'],
    ['unclosed double quotes', '<svc-block "'],
    ['unclosed single quotes', "<svc-block '"],
    ['alternating quotes', `<svc-block "'`],
    ['closing tags without >', '</svc-block '],
    ['an id in every tag, none closed', '<svc-block id="x'],
  ])('1 MB of %s: linear', (_name, unit) => {
    const html = unit.repeat(Math.ceil(MB / unit.length));
    const started = performance.now();
    blockIds(html);
    replaceBlocks(html, () => '');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('1 MB of open tags each closed much later still finds every ID', () => {
    const html = '<svc-block id="a" title="'.repeat(20_000) + '">';
    const started = performance.now();
    expect(blockIds(html)).toEqual(['a']);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
