import type { TextDecoration } from '../fragment.js';
import type { LayoutContext } from './context.js';
import type { TextItem } from './inline-items.js';

/**
 * Decoration lines of a text fragment (CSS Text Decoration 3 §2), drawn with the decorating
 * box's colour and style, placed as Chromium does for `text-underline-position: auto`:
 * underline just below the baseline, overline just above the ascent, line-through a third
 * of the ascent up.
 */
export function decorationsFor(
  item: TextItem,
  x: number,
  baseline: number,
  width: number,
  ctx: LayoutContext,
): TextDecoration[] {
  if (item.decorations.length === 0) return [];
  const m = ctx.shapes.metrics(item.style);
  return item.decorations.map((d) => {
    const from = d.from;
    // auto thickness: font-size / 10, at least 1 px; painted on whole pixels (measured in Chromium:
    // 16 px → 1, 24 px → 2, 40 px → 4).
    const auto = Math.max(1, item.style.fontSize / 10);
    const thickness =
      from.textDecorationThickness === 'auto' ? Math.max(1, Math.floor(auto)) : from.textDecorationThickness;
    const color = from.textDecorationColor === 'currentcolor' ? from.color : from.textDecorationColor;
    // Underline: a gap of max(1, ⌈thickness / 2⌉) px below the baseline (Chromium's
    // ComputeUnderlineOffsetAuto), or the decorating box's `text-underline-offset` from the baseline (CSS Text
    // Decoration 4 §4.3); y is the line's centre.
    const offset = from.textUnderlineOffset;
    const gap = offset === 'auto' ? Math.max(1, Math.ceil(auto / 2)) : offset;
    const y =
      d.line === 'underline'
        ? baseline + gap + thickness / 2
        : d.line === 'overline'
          ? baseline - m.ascent - thickness / 2 // its bottom on the ascent line (measured)
          : baseline - m.ascent / 3;
    return { line: d.line, x, y, width, thickness, color, style: from.textDecorationStyle };
  });
}
