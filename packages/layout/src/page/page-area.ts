import type { Fragment, Page } from '../fragment.js';

type Area = NonNullable<Page['area']>;

const UNIT = 1 / 64;

/**
 * Does anything of `body` (page coordinates) reach outside the page area? Border boxes, images
 * and text (its em box about the baseline, generously) are looked at. Only such a page needs
 * the painter's clip: the others print the same without one.
 */
export function crossesArea(body: Fragment, area: Area): boolean {
  // Within a layout unit (1/64 px) is inside: sums of thirds of a px land a hair past the edge.
  const left = area.x - UNIT;
  const top = area.y - UNIT;
  const right = area.x + area.width + UNIT;
  const bottom = area.y + area.height + UNIT;
  const outside = (x0: number, y0: number, x1: number, y1: number): boolean =>
    x0 < left || y0 < top || x1 > right || y1 > bottom;
  const stack: Fragment[] = [body];
  while (stack.length) {
    const f = stack.pop()!;
    if (f.kind === 'text') {
      const em = f.style.fontSize;
      const hit =
        f.rotation === undefined
          ? outside(f.x, f.baseline - em, f.x + f.width, f.baseline + em)
          : outside(f.x - em, f.baseline - f.width, f.x + em, f.baseline + f.width);
      if (hit) return true;
      continue;
    }
    if (outside(f.x, f.y, f.x + f.width, f.y + f.height)) return true;
    if (f.kind === 'box') stack.push(...f.children);
  }
  return false;
}
