import type { TextDecoration } from '../fragment.js';
import type { LayoutContext } from './context.js';
import type { TextItem } from './inline-items.js';

/**
 * Decoration lines of a text fragment (CSS Text Decoration 3 §2), drawn with the decorating
 * box's colour and style. Positions come from the text's own font: the underline from the
 * font's underline metrics, overline at the ascent, line-through a third of the ascent up
 * (Chromium's placement); `auto` thickness is max(1px, font-size / 10) as in Chromium.
 */
export function decorationsFor(item: TextItem, x: number, baseline: number, width: number, ctx: LayoutContext): TextDecoration[] {
  if (item.decorations.length === 0) return [];
  const m = ctx.shapes.metrics(item.style);
  return item.decorations.map((d) => {
    const from = d.from;
    const thickness = from.textDecorationThickness === 'auto' ? Math.max(1, item.style.fontSize / 10) : from.textDecorationThickness;
    const color = from.textDecorationColor === 'currentcolor' ? from.color : from.textDecorationColor;
    const y = d.line === 'underline' ? baseline + m.underlineOffset
      : d.line === 'overline' ? baseline - m.ascent + thickness / 2
      : baseline - m.ascent / 3;
    return { line: d.line, x, y, width, thickness, color, style: from.textDecorationStyle };
  });
}
