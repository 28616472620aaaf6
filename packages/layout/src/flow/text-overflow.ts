import type { Fragment, TextFragment } from '../fragment.js';
import type { GlyphRun } from '../measurer.js';
import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from './context.js';
import { withText } from './fragments.js';
import type { LineBox } from './line-box.js';

const ELLIPSIS = '\u2026';

/**
 * `text-overflow: ellipsis` (CSS Overflow 3 §4.1) on a block that clips its overflow (the
 * lines box's anonymous style carries it only then, boxes/anonymous-style.ts): a line
 * wider than the block keeps the glyphs that fit before an ellipsis in the block's own font,
 * drawn right after them. Left-to-right lines; text inside atomic inlines is left alone.
 */
export function ellipsizeLine(
  line: LineBox,
  style: ComputedStyle,
  width: number,
  ctx: LayoutContext,
  clamped = false,
): LineBox {
  if ((style.textOverflow !== 'ellipsis' && !clamped) || line.empty) return line;
  const texts = line.fragments.filter((f): f is TextFragment => f.kind === 'text');
  if (texts.some((t) => t.runs.some((r) => r.rtl))) return line;
  const right = Math.max(...texts.map((t) => t.x + t.width));
  const ellipsis = ctx.shapes.shape(ELLIPSIS, style);
  // The last line a -webkit-line-clamp keeps ends in an ellipsis even when it fits (CSS Overflow 4 §5.2).
  if (!(right > width + 0.01) && !(clamped && right + ellipsis.width > width + 0.01)) {
    return clamped ? withEllipsis(line, texts, right, ellipsis, style) : line;
  }
  const limit = width - ellipsis.width;
  const fragments: Fragment[] = [];
  let end: TextFragment | null = null;
  for (const f of line.fragments) {
    if (f.kind !== 'text') {
      fragments.push(f);
      continue;
    }
    if (f.x + f.width <= limit) {
      fragments.push(f);
      if (!end || f.x + f.width > end.x + end.width) end = f;
      continue;
    }
    if (f.x >= limit) continue;
    const cut = truncate(f, limit - f.x);
    fragments.push(cut);
    end = cut;
  }
  return withEllipsis({ ...line, fragments }, end ? [end] : texts, end ? end.x + end.width : 0, ellipsis, style);
}

/** `line` with an ellipsis in `style` drawn at `x`, after the text fragment `texts[0]` (its anchor). */
function withEllipsis(
  line: LineBox,
  texts: readonly TextFragment[],
  x: number,
  ellipsis: { readonly width: number; readonly runs: readonly GlyphRun[] },
  style: ComputedStyle,
): LineBox {
  const anchor = texts.find((t) => t.x + t.width >= x - 0.01) ?? texts[0];
  if (!anchor) return line;
  const mark = withText(anchor, {
    x,
    width: ellipsis.width,
    runs: ellipsis.runs,
    style,
    justifySpacing: 0,
    decorations: [],
  });
  return { ...line, fragments: [...line.fragments, mark] };
}

/** The fragment's glyphs that fit in `room` px (whole glyphs, runs in visual order). */
function truncate(f: TextFragment, room: number): TextFragment {
  const runs: GlyphRun[] = [];
  let used = 0;
  for (const run of f.runs) {
    let n = 0;
    let w = 0;
    while (n < run.advances.length && used + w + (run.advances[n] ?? 0) <= room + 1e-6) w += run.advances[n++] ?? 0;
    if (n > 0) runs.push(sliceRun(run, n, w));
    used += w;
    if (n < run.advances.length) break;
  }
  return withText(f, {
    runs,
    width: used,
    decorations: f.decorations.map((d) => ({ ...d, width: Math.max(0, Math.min(d.width, f.x + used - d.x)) })),
  });
}

function sliceRun(run: GlyphRun, n: number, width: number): GlyphRun {
  const text = run.glyphText.slice(0, n);
  const sliced: GlyphRun = {
    ...run,
    glyphIds: run.glyphIds.slice(0, n),
    advances: run.advances.slice(0, n),
    glyphText: text,
    text: text.join(''),
    width,
  };
  return run.offsets ? { ...sliced, offsets: run.offsets.slice(0, n) } : sliced;
}
