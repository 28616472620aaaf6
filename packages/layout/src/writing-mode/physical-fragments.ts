import type { BoxFragment, Fragment, ImageFragment } from '../fragment.js';
import { physicalEdges, physicalStyle, type VerticalMode } from './logical-style.js';
import { physicalText } from './vertical-text.js';

/**
 * Turn the fragments of a vertical subtree, laid out in its logical frame (logical-style.ts),
 * onto the page (CSS Writing Modes 4 §6.3): the logical x (inline) axis runs down, the logical
 * y (block) axis runs right to left in vertical-rl / sideways-rl and left to right in
 * vertical-lr / sideways-lr. sideways-lr is the logical frame turned a quarter counter-clockwise,
 * its inline axis running up (§7.1). Positions stay relative to the parent fragment.
 */
interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A logical rect in a parent of logical size (pw, ph), on its physical sides. */
function physicalRect(r: Rect, pw: number, ph: number, mode: VerticalMode): Rect {
  const x = mode === 'vertical-lr' || mode === 'sideways-lr' ? r.y : ph - r.y - r.height;
  const y = mode === 'sideways-lr' ? pw - r.x - r.width : r.x;
  return { x, y, width: r.height, height: r.width };
}

/** The root's fragment: `style` is the orthogonal root's own (physical) style. */
export function physicalRoot(root: BoxFragment, mode: VerticalMode, style: BoxFragment['style']): BoxFragment {
  return { ...physicalBox(root, 0, 0, mode), style, x: 0, y: 0 };
}

function physicalFragment(f: Fragment, pw: number, ph: number, mode: VerticalMode): Fragment | Fragment[] {
  if (f.kind === 'text') return physicalText(f, pw, ph, mode);
  if (f.kind === 'image') return physicalImage(f, pw, ph, mode);
  return physicalBox(f, pw, ph, mode);
}

function physicalBox(f: BoxFragment, pw: number, ph: number, mode: VerticalMode): BoxFragment {
  const r = physicalRect(f, pw, ph, mode);
  return {
    ...f,
    style: physicalStyle(f.style),
    x: r.x,
    y: r.y,
    width: r.width,
    height: r.height,
    border: physicalEdges(f.border, mode),
    padding: physicalEdges(f.padding, mode),
    children: f.children.flatMap((c) => physicalFragment(c, f.width, f.height, mode)),
  };
}

/** Images stay upright (§7.1: only typographic characters turn): their box moves. */
function physicalImage(f: ImageFragment, pw: number, ph: number, mode: VerticalMode): ImageFragment {
  const r = physicalRect(f, pw, ph, mode);
  return { ...f, ...r, clip: physicalRect(f.clip, pw, ph, mode) };
}
