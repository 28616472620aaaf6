import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from './context.js';
import { kernWithNext, type InlineItem, type Paragraph } from './inline-items.js';

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
