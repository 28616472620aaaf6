import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from './context.js';
import { kernWithNext, type InlineItem, type Paragraph } from './inline-items.js';

/**
 * The inherited properties `::first-line` may set that change how its line is set and painted
 * (CSS Pseudo 4 §2.2.1: font properties, color, spacing, line-height). text-transform is
 * applied to the text when boxes are built, before lines exist, so it is not among them.
 */
const FIRST_LINE_PROPERTIES = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontVariant',
  'color',
  'letterSpacing',
  'wordSpacing',
  'lineHeight',
] as const;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Restyling for the first formatted line: the `::first-line` pseudo-element wraps the line's
 * content and its descendants inherit from it (§2.2), so a value a descendant inherited from
 * the block (equal to the block's) becomes the pseudo-element's; values of its own stay.
 */
export function firstLineRestyle(
  block: ComputedStyle,
  firstLine: ComputedStyle,
): (style: ComputedStyle) => ComputedStyle {
  const changed = FIRST_LINE_PROPERTIES.filter((p) => !same(block[p], firstLine[p]));
  const cache = new Map<ComputedStyle, ComputedStyle>();
  return (style) => {
    let out = cache.get(style);
    if (!out) {
      const patch: Record<string, unknown> = {};
      for (const p of changed) if (same(style[p], block[p])) patch[p] = firstLine[p];
      out = Object.keys(patch).length ? { ...style, ...patch } : style;
      cache.set(style, out);
    }
    return out;
  };
}

/**
 * The paragraph as its first line sets it: the same items, text restyled and reshaped. It has
 * the items' count and break opportunities of `para`, so line breaking can take its first line
 * from here and the rest from `para`.
 */
export function firstLineParagraph(
  para: Paragraph,
  restyle: (style: ComputedStyle) => ComputedStyle,
  ctx: LayoutContext,
): Paragraph {
  const items: InlineItem[] = para.items.map((item) => {
    if (item.type !== 'text') return item;
    const style = restyle(item.style);
    if (style === item.style) return item;
    const rtl = (item.level & 1) === 1;
    const shape = ctx.shapes.shape(item.word + item.space, style, rtl);
    return { ...item, style, shape, spaceWidth: item.space ? ctx.shapes.shape(item.space, style, rtl).width : 0 };
  });
  for (let k = 0; k + 1 < items.length; k++) {
    const item = items[k]!;
    const next = items[k + 1]!;
    if (item.type === 'text' && next.type === 'text' && item !== para.items[k])
      items[k] = kernWithNext(item, next, ctx);
  }
  return { ...para, items };
}
