import type { Fragment } from '../fragment.js';
import type { LayoutOptions } from '../layout-options.js';

interface AlignablePage {
  readonly body: Fragment | null;
  readonly bodyHeight: number;
  readonly contentBottom: number;
  readonly style: { readonly width: number };
  readonly margins: { readonly left: number; readonly right: number };
}

/**
 * PdfFormat vertical_align / horizontal_align: how far a single page's body content moves inside the
 * body area (top/left are the identity). Horizontally, the extent of what is drawn counts.
 */
export function bodyAlignment(page: AlignablePage, options: LayoutOptions): { dx: number; dy: number } {
  const body = page.body;
  if (!body || body.kind !== 'box') return { dx: 0, dy: 0 };
  const freeY = page.bodyHeight - page.contentBottom;
  const dy =
    freeY <= 0 ? 0 : options.verticalAlign === 'center' ? freeY / 2 : options.verticalAlign === 'bottom' ? freeY : 0;
  let dx = 0;
  if (options.horizontalAlign !== 'left') {
    const extent = inkExtent(body);
    if (extent) {
      const areaLeft = page.margins.left;
      const areaRight = page.style.width - page.margins.right;
      const free = areaRight - areaLeft - (extent.right - extent.left);
      const target =
        options.horizontalAlign === 'center' ? areaLeft + free / 2 : areaRight - (extent.right - extent.left);
      if (free > 0) dx = target - extent.left;
    }
  }
  return { dx, dy };
}

/** Horizontal extent of text, images and painted boxes, in the body's parent coordinates. */
function inkExtent(root: Fragment): { left: number; right: number } | null {
  let left = Infinity;
  let right = -Infinity;
  const stack: { f: Fragment; ox: number }[] = [{ f: root, ox: 0 }];
  while (stack.length) {
    const { f, ox } = stack.pop()!;
    if (f.kind === 'text' || f.kind === 'image') {
      left = Math.min(left, ox + f.x);
      right = Math.max(right, ox + f.x + f.width);
      continue;
    }
    const painted =
      f.style.backgroundColor.a > 0 || f.border.left + f.border.right + f.border.top + f.border.bottom > 0;
    if (painted && f !== root) {
      left = Math.min(left, ox + f.x);
      right = Math.max(right, ox + f.x + f.width);
    }
    for (const c of f.children) stack.push({ f: c, ox: ox + f.x });
  }
  return left <= right ? { left, right } : null;
}
