import type { Fragment } from '../../src/fragment.js';
import { layoutPages, type PageSetup, pageStyleOf } from '../helpers/layout.js';
import type { ElSpec } from '../helpers/style.js';
import { htmlSpec } from './html-spec.js';

export interface GeometryCase {
  readonly name: string;
  readonly html: string;
  /** Page size for fragmentation cases (default: 800 × 1000 continuous-ish). */
  readonly page?: PageSetup;
  /** Chromium's border boxes by element id: "x,y,w,h" (page index prefix "p1:" for pages after the first). */
  readonly expected: Readonly<Record<string, string>>;
}

const round = (v: number): number => Math.round(v * 100) / 100;

function union(a: readonly number[], b: readonly number[]): number[] {
  const x = Math.min(a[0]!, b[0]!);
  const y = Math.min(a[1]!, b[1]!);
  return [x, y, Math.max(a[0]! + a[2]!, b[0]! + b[2]!) - x, Math.max(a[1]! + a[3]!, b[1]! + b[3]!) - y];
}

/** Border boxes of elements with an id, as Chromium reports them (first fragment's x/y, union height across one page). */
export function rectsOf(html: string, page?: PageSetup): Record<string, string> {
  return rectsOfSpec(htmlSpec(html), page);
}

/** `rectsOf` for a document already read into an ElSpec (e.g. by the table reader). */
export function rectsOfSpec(body: ElSpec, page?: PageSetup): Record<string, string> {
  const pages = layoutPages(body, page ? { pageStyle: pageStyleOf(page) } : {});
  const out: Record<string, string> = {};
  pages.forEach((p, index) => {
    const visit = (f: Fragment): void => {
      if (f.kind !== 'box') return;
      const id = f.attrs.id;
      if (id) {
        const key = index === 0 ? id : `p${index}:${id}`;
        // Like getBoundingClientRect: the union of the element's fragments (columns) on a page.
        const prev = out[key]?.split(',').map(Number);
        const r = prev ? union(prev, [f.x, f.y, f.width, f.height]) : [f.x, f.y, f.width, f.height];
        out[key] = r.map(round).join(',');
      }
      f.children.forEach(visit);
    };
    p.fragments.forEach(visit);
  });
  return out;
}

/**
 * Each fragment's border box of the elements with an id, in document order, as Chromium's
 * getClientRects reports them (one rect per column an element is broken into).
 */
export function fragmentRectsOf(html: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    const id = f.attrs.id;
    if (id) (out[id] ??= []).push([f.x, f.y, f.width, f.height].map(round).join(','));
    f.children.forEach(visit);
  };
  layoutPages(htmlSpec(html), {}).forEach((p) => p.fragments.forEach(visit));
  return out;
}

/**
 * Only the ids the case pins (Chromium numbers), so extra fragments do not matter. Values
 * within `tolerance` (0.02px) of Chromium's count as equal: Chromium snaps layout to 1/64 px (LayoutUnit).
 */
export function pick(
  actual: Record<string, string>,
  expected: Readonly<Record<string, string>>,
  tolerance = 0.02,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.keys(expected).map((k) => {
      const a = actual[k];
      const e = expected[k]!;
      if (a === undefined) return [k, a];
      const av = a.split(',').map(Number);
      const ev = e.split(',').map(Number);
      const close = av.length === ev.length && av.every((v, i) => Math.abs(v - ev[i]!) <= tolerance);
      return [k, close ? e : a];
    }),
  );
}
