import type { BoxFragment, Fragment, ImageFragment, TextFragment } from '../fragment.js';
import { usedLineHeight } from '../flow/line-metrics.js';
import { physicalEdges, physicalStyle, type VerticalMode } from './logical-style.js';

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
  return {
    ...root, style, x: 0, y: 0, width: root.height, height: root.width,
    border: physicalEdges(root.border, mode), padding: physicalEdges(root.padding, mode),
    children: root.children.map((c) => physicalFragment(c, root.width, root.height, mode)),
  };
}

function physicalFragment(f: Fragment, pw: number, ph: number, mode: VerticalMode): Fragment {
  if (f.kind === 'text') return physicalText(f, pw, ph, mode);
  if (f.kind === 'image') return physicalImage(f, pw, ph, mode);
  return physicalBox(f, pw, ph, mode);
}

function physicalBox(f: BoxFragment, pw: number, ph: number, mode: VerticalMode): BoxFragment {
  const r = physicalRect(f, pw, ph, mode);
  return {
    ...f, style: physicalStyle(f.style), x: r.x, y: r.y, width: r.width, height: r.height,
    border: physicalEdges(f.border, mode), padding: physicalEdges(f.padding, mode),
    children: f.children.map((c) => physicalFragment(c, f.width, f.height, mode)),
  };
}

/** Images stay upright (§7.1: only typographic characters turn): their box moves. */
function physicalImage(f: ImageFragment, pw: number, ph: number, mode: VerticalMode): ImageFragment {
  const r = physicalRect(f, pw, ph, mode);
  return { ...f, ...r, clip: physicalRect(f.clip, pw, ph, mode) };
}

/**
 * Glyphs of a line turn with it: a quarter clockwise (sideways text in vertical-rl/lr,
 * §7.1), counter-clockwise in sideways-lr. The pen origin moves to where the turned line
 * puts it; decorations keep their offsets from the pen, the painter turns them with the glyphs.
 * In vertical-lr the line boxes are mirrored, not turned (their over side stays on the right).
 */
function physicalText(f: TextFragment, pw: number, ph: number, mode: VerticalMode): TextFragment {
  let x: number;
  let y = f.x;
  if (mode === 'vertical-lr') x = f.baseline - flippedShift(f);
  else if (mode === 'sideways-lr') {
    x = f.baseline;
    y = pw - f.x;
  } else x = ph - f.baseline;
  const dx = x - f.x;
  const dy = y - f.baseline;
  const decorations = f.decorations.length ? f.decorations.map((d) => ({ ...d, x: d.x + dx, y: d.y + dy })) : f.decorations;
  return { ...f, x, baseline: y, decorations, rotation: mode === 'sideways-lr' ? -90 : 90 };
}

/**
 * How far left of the logical baseline a vertical-lr line puts its turned pen: the em box
 * keeps its span, less the odd half-leading, which Chromium puts on the line's over side
 * (line-metrics.ts floors the top half), now on the right.
 */
function flippedShift(f: TextFragment): number {
  const m = f.runs[0]?.metrics;
  if (!m) return 0;
  const leading = usedLineHeight(f.style, m.ascent, m.descent, m.lineGap) - (m.ascent + m.descent);
  const top = Math.floor(leading / 2 + 1e-9);
  return m.ascent - m.descent - (leading - 2 * top);
}
