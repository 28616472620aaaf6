import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/fragment.js';
import { layoutPages } from '../helpers/layout.js';
import cases from './table-cases.json' with { type: 'json' };
import { tableHtml } from './table-html.js';

interface GeometryCase {
  readonly name: string;
  readonly html: string;
  /** Chromium's border boxes by element id (getBoundingClientRect): "x,y,w,h". */
  readonly expected: Readonly<Record<string, string>>;
}

const round = (v: number): number => Math.round(v * 100) / 100;

function rectsOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    const id = f.attrs.id;
    if (id && !(id in out)) out[id] = [f.x, f.y, f.width, f.height].map(round).join(',');
    f.children.forEach(visit);
  };
  layoutPages(tableHtml(html))[0]!.fragments.forEach(visit);
  return out;
}

/** Values within 0.05px count as equal: Chromium snaps to 1/64 px and the numbers were rounded to 0.01. */
function close(actual: Record<string, string>, expected: Readonly<Record<string, string>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(expected).map(([k, want]) => {
    const got = actual[k];
    if (!got) return [k, got];
    const a = got.split(',').map(Number);
    const e = want.split(',').map(Number);
    return [k, a.every((v, i) => Math.abs(v - e[i]!) <= 0.05) ? want : got];
  }));
}

/** Table geometry against the numbers Chromium gives for the same HTML (font-free content: sized blocks). */
describe('table layout matches Chromium', () => {
  for (const c of cases as unknown as GeometryCase[]) {
    it(c.name, () => {
      expect(close(rectsOf(c.html), c.expected)).toEqual(c.expected);
    });
  }
});
