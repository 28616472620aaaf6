import type { BoxFragment, Fragment, TextFragment } from '../fragment.js';
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
  const texts = textsOf(line.fragments, 0, 0);
  if (texts.some((t) => t.text.runs.some((r) => r.rtl))) return line;
  const right = Math.max(...texts.map(rightOf));
  const ellipsis = ctx.shapes.shape(ELLIPSIS, style);
  // The last line a -webkit-line-clamp keeps ends in an ellipsis even when it fits (CSS Overflow 4 §5.2).
  if (!(right > width + 0.01) && !(clamped && right + ellipsis.width > width + 0.01)) {
    return clamped ? withEllipsis(line, texts, right, ellipsis, style) : line;
  }
  const cut = { end: null as PlacedText | null };
  const fragments = keepBefore(line.fragments, width - ellipsis.width, cut, 0, 0);
  const end = cut.end;
  return withEllipsis({ ...line, fragments }, end ? [end] : texts, end ? rightOf(end) : 0, ellipsis, style);
}

/** A text fragment of the line and the offset of the inline box it sits in (children are relative to their box). */
interface PlacedText {
  readonly text: TextFragment;
  readonly dx: number;
  readonly dy: number;
}

const rightOf = (t: PlacedText): number => t.dx + t.text.x + t.text.width;

/** An inline box's fragment (not an atomic inline's): its text belongs to the line. */
const isInlineBox = (f: Fragment): f is BoxFragment => f.kind === 'box' && f.style.display === 'inline';

/** The line's text fragments, those inside its inline boxes included. */
function textsOf(fragments: readonly Fragment[], dx: number, dy: number): PlacedText[] {
  return fragments.flatMap((f) =>
    f.kind === 'text' ? [{ text: f, dx, dy }] : isInlineBox(f) ? textsOf(f.children, dx + f.x, dy + f.y) : [],
  );
}

/**
 * The fragments with the text before `limit`: text past it dropped and the text across it cut
 * to whole glyphs, in inline boxes too (the ellipsis goes after the last glyph kept, `cut.end`).
 */
function keepBefore(
  fragments: readonly Fragment[],
  limit: number,
  cut: { end: PlacedText | null },
  dx: number,
  dy: number,
): Fragment[] {
  const kept: Fragment[] = [];
  for (const f of fragments) {
    if (isInlineBox(f)) {
      kept.push({ ...f, children: keepBefore(f.children, limit, cut, dx + f.x, dy + f.y) });
      continue;
    }
    if (f.kind !== 'text') {
      kept.push(f);
      continue;
    }
    if (dx + f.x >= limit) continue;
    const text = dx + f.x + f.width <= limit ? f : truncate(f, limit - dx - f.x);
    kept.push(text);
    const placed = { text, dx, dy };
    if (!cut.end || rightOf(placed) > rightOf(cut.end)) cut.end = placed;
  }
  return kept;
}

/** `line` with an ellipsis in `style` drawn at `x`, on the baseline of the text it follows. */
function withEllipsis(
  line: LineBox,
  texts: readonly PlacedText[],
  x: number,
  ellipsis: { readonly width: number; readonly runs: readonly GlyphRun[] },
  style: ComputedStyle,
): LineBox {
  const anchor = texts.find((t) => rightOf(t) >= x - 0.01) ?? texts[0];
  if (!anchor) return line;
  const mark = withText(anchor.text, {
    x,
    baseline: anchor.dy + anchor.text.baseline,
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
